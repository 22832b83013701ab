"""The Schlangennest print kit: 72 cards with a common back, in every layout."""

from __future__ import annotations

from functools import partial

from cardgen.games.schlangennest.booklet import CONTENT
from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.render import items
from cardgen.kit.plan import Booklet, Component, KitPlan
from cardgen.kit.spec import KitSpec

CUTTING = ("trim the outer margins first along the marks, then cut the long lines across the "
           "sheet into strips, then each strip into cards")


def plan(nest: NestSet, spec: KitSpec) -> KitPlan:
    """The cards in every layout, drawn with the build's bleed, and the booklet of the set."""
    cards = Component("cards", "Karten / cards", partial(items, nest, spec.bleed), CUTTING, card_sized=True,
                      kinds=("card",))
    return KitPlan(nest.name, (cards,), booklet=Booklet(CONTENT, nest))
