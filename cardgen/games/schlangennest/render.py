"""Schlangennest card faces and backs as SVG faces for the print pipeline.

A card's "own" parts take the owner's colour, its "neutral" parts the neutral grey; every card
shares one back. Rendering never imports the rules.
"""

from __future__ import annotations

from cardgen.art import coil_back_svg, tile_svg
from cardgen.colours import NEUTRAL, colour as palette_colour
from cardgen.games.schlangennest.components import NestCard, NestSet
from cardgen.print.faces import Face, Item


def card_svg(card: NestCard, colour: str, size: float, bleed: float = 0.0, rot: int = 0) -> str:
    """The art of `card` in the owner colour `colour` (a palette name), `size` mm square,
    turned clockwise by `rot` degrees (as laid on the table)."""
    palette = {"own": palette_colour(colour), "neutral": NEUTRAL}
    return tile_svg(card.parts, palette, size, bleed, rot=rot)


def card_face(card: NestCard, colour: str, size: float, bleed: float) -> Face:
    """The front of `card` in the owner colour `colour` (a palette name), `size` mm square."""
    return Face(f"{colour}-{card.id}", card_svg(card, colour, size, bleed), size, size, bleed)


def back_face(nest_set: NestSet, size: float, bleed: float) -> Face:
    """The common back of all cards of `nest_set`: a coiled grey snake on a dark ground."""
    del nest_set  # one back for every colour; the set is taken for symmetry with other games
    return Face("back", coil_back_svg(size, bleed), size, size, bleed)


def items(nest_set: NestSet, bleed: float, size: float | None = None) -> list[Item]:
    """One item per colour and card type, in the set's colour order then card order.

    `size` (mm) overrides the set's card size.
    """
    side = nest_set.card_size if size is None else size
    back = back_face(nest_set, side, bleed)
    return [Item(card_face(card, colour, side, bleed), back, card.count)
            for colour in nest_set.colours for card in nest_set.cards]
