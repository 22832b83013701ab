"""The booklet content of each game, as its kit plan gives it (one plan per game and test run)."""

from __future__ import annotations

import functools

from cardgen.booklet.build import BookletContent
from cardgen.kit.spec import resolve
from cardgen.options import BuildOptions
from cardgen.registry import GAMES


@functools.cache
def maybe_content(game: str) -> BookletContent | None:
    """`game`'s booklet content from its kit plan of the default set; None: it has no booklet."""
    g = GAMES.get(game)
    plan = g.kit(g.load_set(), resolve(BuildOptions()))
    return None if plan is None or plan.booklet is None else plan.booklet.content


def content(game: str) -> BookletContent:
    """`game`'s booklet content: numbers and diagrams, from its kit plan of the default set."""
    found = maybe_content(game)
    assert found is not None, f"{game} has no booklet"
    return found
