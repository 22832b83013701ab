"""The booklet content of each game, as its kit plan gives it (one plan per game and test run)."""

from __future__ import annotations

import functools
from typing import Any

import pytest

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


def booklet_games() -> list[str]:
    """The registered games whose kit has a booklet, in the registry's order."""
    return [g.name for g in GAMES if maybe_content(g.name) is not None]


def each_game(*also: Any) -> list[Any]:
    """Every registered game (with each of `also`'s values when given) as test parameters: one
    without a booklet is skipped, visibly, with the reason."""
    out = []
    for game in GAMES:
        skip = () if maybe_content(game.name) is not None else pytest.mark.skip(reason=f"{game.name} has no booklet")
        out += [pytest.param(game.name, *values, marks=skip, id="-".join([game.name, *map(str, values)]))
                for values in ([(v,) for v in also] or [()])]
    return out
