"""The original is never a failing set (issue 34): `cardgen check GAME` on each game's own set
exits 0 at every `--games` from 2 to the ceiling, whichever seed and whichever player of the
game's ladder judges it. Whatever the original fails is a finding about the game (the set is
recognised as the original, docs/check.md); a failing run would name it on standard error.

Slow: the whole sweep plays every configuration of the three games many times (Irrläufer at 400
games plays a castle game of about a second each)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.registry import GAMES

NAMES = ("schlangennest", "schlangengrube", "irrlaeufer")


def _check(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, ["check", *args, "--json", "--quiet", "--no-chart", "--no-recommend"])
    assert result.exit_code == 0, (args, result.stderr)
    report: dict[str, object] = json.loads(result.stdout)
    return report


@pytest.mark.slow
@pytest.mark.parametrize("games", (2, 5, 10, 20, 50, 400))
@pytest.mark.parametrize("name", NAMES)
def test_the_original_passes_its_own_check_at_every_ceiling(name: str, games: int) -> None:
    for seed in ((0, 1) if games <= 50 else (0,)):
        report = _check(name, "--games", str(games), "--seed", str(seed))[name]
        assert isinstance(report, dict) and report["original"] is True and report["outcome"] != "fail"


def _rungs() -> list[tuple[str, str]]:
    return [(name, rung) for name in NAMES for rung in GAMES.get(name).ladder().rungs]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "player"), _rungs())
def test_the_original_passes_its_own_check_under_every_ladder_player(name: str, player: str) -> None:
    # a search player takes seconds (Irrläufer: minutes) a game: a few games, no skill trace
    search = "@" in player
    games = "2" if search else "20"
    args = ("--skill-games", "0", "--players", "2") if search else ()
    report = _check(name, "--player", player, "--games", games, *args)[name]
    assert isinstance(report, dict) and report["original"] is True and report["player"] == player
