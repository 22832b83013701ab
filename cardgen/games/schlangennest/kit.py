"""The Schlangennest print kit: 72 cards with a common back, in every layout."""

from __future__ import annotations

from cardgen.kit import Component, write_kit
from cardgen.options import BuildOptions
from cardgen.sets import NestSet, default_set_path, load_set

CUTTING = ("trim the outer margins first along the marks, then cut the long lines across the "
           "sheet into strips, then each strip into cards")


def load(options: BuildOptions) -> NestSet:
    """The set to print: the user's `--set` file or the standard one."""
    nest = load_set(options.set_path or default_set_path("schlangennest"), game="schlangennest")
    assert isinstance(nest, NestSet)
    return nest


def build(options: BuildOptions, quiet: bool = False) -> list[str]:
    """Write output/schlangennest/: cards PDFs for each layout, SVG and PNG faces, manifest."""
    from cardgen.games.schlangennest.render import items

    nest = load(options)
    cards = Component("cards", "Karten / cards", tuple(items(nest, options.bleed)), CUTTING)
    from cardgen.booklet.build import plan_booklets  # the rule booklets (issue 6)

    booklets = plan_booklets("schlangennest", options, nest)
    lines = write_kit("schlangennest", nest.name, [cards], options, extra=booklets.entries, quiet=quiet)
    return lines + booklets.write()
