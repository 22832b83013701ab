"""The Toy row print kit: the tiles with a common back, fronts only or duplex, and the booklets."""

from __future__ import annotations

from functools import partial

from cardgen.kit.plan import Booklet, Component, KitPlan
from cardgen.kit.spec import KitSpec

from .booklet import CONTENT
from .components import ToySet
from .render import items

CUTTING = "cut along the marks, first into strips, then each strip into tiles"


def plan(toy: ToySet, spec: KitSpec) -> KitPlan:
    """The tiles (following `--card-size`) in two layouts, and the booklet of the set."""
    tiles = Component("tiles", "Plättchen / tiles", partial(items, toy, spec.bleed), CUTTING,
                      layouts=("single", "duplex"), card_sized=True, kinds=("tile",))
    return KitPlan(toy.name, (tiles,), booklet=Booklet(CONTENT, toy))
