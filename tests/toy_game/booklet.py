"""The Toy row booklet: the numbers read from the set file and one diagram, the opening row with
a tile that may be taken (an end) and one that may not (the middle), each drawn with the kit's
own tile art and checked against the engine (`cardgen.booklet.claims`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from reportlab.graphics.shapes import Drawing, Group  # type: ignore[import-untyped]

from cardgen.booklet.build import BookletContent
from cardgen.booklet.markup import Document
from cardgen.booklet.pages import Figure, Shown
from cardgen.booklet.tiles import BAD, OK, PT, Grid, beside
from cardgen.booklet.words import join, mm
from cardgen.print.drawings import svg_drawing

from .components import GAME, ToySet
from .moves import Take
from .render import tile_svg
from .ruleids import Rule
from .rules import ToyState, new_game

SHORT_ROW = (2, 7, 4)
"""The row the diagram shows when the set's own row is too short to have a middle."""


def values(toy: ToySet, lang: str) -> dict[str, object]:
    """The numbers the text prints, read from the set file."""
    return {"tiles": len(toy.tiles), "sum": toy.total, "tile_size": mm(toy.tile_size, lang),
            "numbers": join([str(n) for n in toy.tiles], lang)}


def _art(number: int, size: float) -> Group:
    """The tile's face as the kit prints it, as a reportlab group `size` mm square."""
    drawing = svg_drawing(tile_svg(number, size, 0.0))
    assert drawing is not None, "the tile art could not be read"
    art = Group(*drawing.contents)
    art.scale(size * PT / drawing.width, size * PT / drawing.height)
    return art


def _row(state: ToyState, size: float, move: Take, ok: bool) -> Drawing:
    grid = Grid(size)
    for i, number in enumerate(state.row):
        grid.card((i, 0), _art(number, size))
    cell = (move.position - 1, 0)
    grid.mark("frame", cell, colour=OK if ok else BAD)
    grid.mark("tick" if ok else "cross", cell)
    return grid.drawing()


def take_figure(toy: ToySet, lang: str, doc: Document) -> Figure:
    """The opening row twice: an end tile taken (allowed) and a middle tile (refused)."""
    if len(toy.tiles) < 3:
        toy = dataclasses.replace(toy, tiles=SHORT_ROW)
    state = new_game({}, toy)
    legal, middle = Take(len(state.row)), Take(2)
    drawing = beside(_row(state, toy.tile_size, legal, True), _row(state, toy.tile_size, middle, False),
                     (doc.caption("allowed"), doc.caption("refused")), cell_mm=toy.tile_size)
    rule = Rule.MIDDLE_TILE.value
    return Figure(drawing, doc.caption("take", reason=doc.reason(rule)), max_height=40,
                  shows=(Shown(state, legal), Shown(state, middle, rule)))


def figures(toy: ToySet, lang: str, doc: Document) -> dict[str, Callable[[], Figure]]:
    """The diagrams the text may place, by name."""
    return {"take": lambda: take_figure(toy, lang, doc)}


NAMES = ("Toy row", "Zahlenreihe")
"""The names the booklet never hyphenates."""

CONTENT = BookletContent(GAME, values, figures, NAMES)
"""What the shared booklet builder needs of this game."""
