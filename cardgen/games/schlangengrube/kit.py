"""The Schlangengrube print kit: 54 double-sided tiles and the markers, on shared sheets.

Three layouts, as the tiles need them: fronts only with cross cut marks (for players who glue
nothing), front and mirrored back sheets to glue together, and duplex.
"""

from __future__ import annotations

import dataclasses

from cardgen.booklet.build import start_booklets
from cardgen.games.schlangengrube.booklet import CONTENT
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.games.schlangengrube.render import items
from cardgen.kit import Component, write_kit
from cardgen.options import BuildOptions

CUTTING = ("cut along the crosses' lines right across the sheet, first the long cuts into strips, "
           "then each strip into tiles; the markers are cut like the tiles")


def build(options: BuildOptions, quiet: bool = False) -> list[str]:
    """Write output/schlangengrube/: tile PDFs for each layout, SVG and PNG faces, manifest."""
    pit = load_pit_set(options.set_path)
    if options.card_size is not None:  # --card-size: tiles and markers, their art and the figures
        pit = dataclasses.replace(pit, tile_size=options.card_size)
    # The booklets are typeset in other processes while the faces and sheets are drawn here
    # (started first: they are the longest part of the build).
    with start_booklets(CONTENT, options, pit, sheets=options.wants("tiles")) as booklets:
        tiles = Component("tiles", "Plättchen / tiles", tuple(items(pit, options.bleed)), CUTTING,
                          layouts=("single", "glue", "duplex"), marks="crosses")
        lines = write_kit("schlangengrube", pit.name, [tiles], options, quiet=quiet, later=booklets.finish,
                          beside=booklets.workers)
        return lines + booklets.summary()
