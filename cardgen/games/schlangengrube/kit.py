"""The Schlangengrube print kit: 54 double-sided tiles and the markers, on shared sheets.

Four layouts: fronts only with cross cut marks (for players who glue nothing), front and
mirrored back sheets to glue together, duplex, and gutterfold (each tile beside its back, to fold).
"""

from __future__ import annotations

from functools import partial

from cardgen.games.schlangengrube.booklet import CONTENT
from cardgen.games.schlangengrube.components import PitSet
from cardgen.games.schlangengrube.render import items
from cardgen.kit.plan import Booklet, Component, KitPlan
from cardgen.kit.spec import KitSpec

CUTTING = ("cut along the crosses' lines right across the sheet, first the long cuts into strips, "
           "then each strip into tiles; the markers are cut like the tiles")


def plan(pit: PitSet, spec: KitSpec) -> KitPlan:
    """The tiles and markers in their four layouts, and the booklet of the set."""
    tiles = Component("tiles", "Plättchen / tiles", partial(items, pit, spec.bleed), CUTTING,
                      layouts=("single", "glue", "duplex", "gutterfold"), marks="crosses", card_sized=True, kinds=("tile",),
                      secret=True)  # the pit is drawn blindly and kept behind screens
    return KitPlan(pit.name, (tiles,), booklet=Booklet(CONTENT, pit))
