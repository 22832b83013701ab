"""The original is never a failing set (issue 34): `cardgen check GAME` on each game's own set
exits 0 at every `--games` from 2 to the ceiling, whichever seed and whichever player of the
game's ladder judges it. Whatever the original fails is a finding about the game (the set is
recognised as the original, docs/check.md); a failing run would name it on standard error.

The sweep: `--games` 2, 5, 10, 20, 50, 400 and the game's own ceiling (Irrläufer's 1,000) for
the three games under every cheap rung of the ladder, the report player at two seeds up to 50
games (at 400, the default ceiling of the card games, the default check is the bad-set bench's
test of the default sets, which asserts the same). The skill trace is played once per seed, with
the report player at 20 games: it changes neither with `--games` nor with `--player`. The rungs
above the cheap ones are capped in cost, without the trace: a search with a budget (`mcts@100`,
hundreds of times slower: Schlangennest's takes over three minutes for 2 games of each of its 22
configurations) plays only the smallest ceiling, 2 games, at two seats; Schlangengrube's
`thorough` (25 times `careful`'s time) plays 2 and 5 games at every player count.

Slow: the whole sweep plays every configuration of the three games many times."""

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


CEILINGS = (2, 5, 10, 20, 50, 400)
COSTLY_CEILINGS = (2, 5)
SEARCH_CEILINGS = (2,)
"""The ceilings swept; a rung above the cheap ones plays only the small ones, a search (a rung
with a budget, `NAME@N`) only the smallest, at two seats."""
TRACED = 20
"""The ceiling at which the report player's check plays its skill trace (the issue's --games 20)."""


def _sweep() -> list[tuple[str, str, int]]:
    """Every (game, rung, ceiling) but the default check itself (the report player at the game's
    own ceiling), which tests/badsets' test_the_default_sets_main_configurations_pass runs."""
    out = []
    for name in NAMES:
        game = GAMES.get(name)
        for rung in game.ladder().rungs:
            costly = rung not in game.ladder().cheap_rungs
            every = tuple(sorted({*CEILINGS, game.default_games}))  # Irrläufer's own 1,000 too
            ceilings = (SEARCH_CEILINGS if _search(rung) else COSTLY_CEILINGS) if costly else every
            out.extend((name, rung, games) for games in ceilings
                       if (rung, games) != (game.ladder().report, game.default_games))
    return out


def _search(rung: str) -> bool:
    """Whether the rung is a search with a budget (`mcts@100`)."""
    return "@" in rung


@pytest.mark.slow
@pytest.mark.parametrize(("name", "player", "games"), _sweep())
def test_the_original_passes_its_own_check_at_every_ceiling_under_every_ladder_player(name: str, player: str,
                                                                                       games: int) -> None:
    ladder = GAMES.get(name).ladder()
    report_player = player == ladder.report
    args = ((() if report_player and games == TRACED else ("--skill-games", "0"))
            + (("--players", "2") if _search(player) else ()))
    for seed in ((0, 1) if report_player and games <= 50 else (0,)):
        report = _check(name, "--player", player, "--games", str(games), "--seed", str(seed), *args)[name]
        assert isinstance(report, dict) and report["original"] is True and report["player"] == player
        assert report["outcome"] != "fail"
