"""The Schlangennest print kit: 72 cards with a common back, in every layout."""

from __future__ import annotations

import dataclasses

from cardgen.booklet.build import start_booklets
from cardgen.games.schlangennest.booklet import CONTENT
from cardgen.games.schlangennest.components import NestSet, load_nest_set
from cardgen.games.schlangennest.render import items
from cardgen.kit import Component, write_kit
from cardgen.options import BuildOptions

CUTTING = ("trim the outer margins first along the marks, then cut the long lines across the "
           "sheet into strips, then each strip into cards")


def load(options: BuildOptions) -> NestSet:
    """The set to print: the user's `--set` file or the standard one."""
    return load_nest_set(options.set_path)


def build(options: BuildOptions, quiet: bool = False) -> list[str]:
    """Write output/schlangennest/: cards PDFs for each layout, SVG and PNG faces, manifest."""
    nest = load(options)
    if options.card_size is not None:  # --card-size: the cards, their art and the booklet's figures
        nest = dataclasses.replace(nest, card_size=options.card_size)
    # The booklets are typeset in other processes while the faces and sheets are drawn here
    # (started first: they are the longest part of the build).
    with start_booklets(CONTENT, options, nest, sheets=options.wants("cards")) as booklets:
        cards = Component("cards", "Karten / cards", tuple(items(nest, options.bleed)), CUTTING)
        lines = write_kit("schlangennest", nest.name, [cards], options, quiet=quiet, later=booklets.finish,
                          beside=booklets.workers)
        return lines + booklets.summary()
