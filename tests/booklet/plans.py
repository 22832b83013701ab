"""The booklet content of each game, as its kit plan gives it (one plan per game and test run)."""

from __future__ import annotations

import functools

from cardgen.booklet.build import BookletContent
from cardgen.kit.spec import resolve
from cardgen.options import BuildOptions
from cardgen.registry import GAMES


@functools.cache
def content(game: str) -> BookletContent:
    """`game`'s booklet content: numbers and diagrams, from its kit plan of the default set."""
    g = GAMES.get(game)
    plan = g.kit(g.load_set(), resolve(BuildOptions()))
    assert plan is not None and plan.booklet is not None, f"{game} has no booklet"
    return plan.booklet.content
