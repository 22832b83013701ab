"""The generic tree-search player: registered with a budget, deterministic for a seed, and
stronger than the one-move heuristics, on small budgets and few games in the default run and on
more of both in the slow cases."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.check.stats import wilson
from cardgen.cli import main
from cardgen.engine.mcts import MctsPlayer
from cardgen.engine.players import make_player
from cardgen.engine.simulate import GameResult, simulate
from cardgen.registry import GAMES


def _duel(game_name: str, options: dict, strong: object, weak: str, games: int) -> tuple[float, float, float]:
    """The strong player's share against `weak` in the other seats (its seat alternating), its
    95% interval's lower end, and the no-skill share (decided games over the seats)."""
    game = GAMES.get(game_name)
    won = decided = 0.0
    seats = 0
    for i in range(games):
        state = game.new_state(options, None, i)
        seats = state.num_players
        seat = i % seats
        lineup: list[object] = [make_player(weak, None, game.players()) for _ in range(seats)]
        lineup[seat] = strong
        result: GameResult = simulate(lambda: game.new_state(options, None, i), lineup, i)  # type: ignore[arg-type]  # noqa: B023 - called within this iteration
        if result.winners:
            decided += 1
            won += (seat in result.winners) / len(result.winners)
    return won / games, wilson(won, games)[0], decided / games / seats


def test_budget_reaches_the_player_and_unknown_names_are_refused() -> None:
    player = make_player("mcts", 17)
    assert isinstance(player, MctsPlayer) and player.budget == 17
    with pytest.raises(KeyError, match="castle"):
        make_player("cleverest", None, GAMES.get("irrlaeufer").players())


def test_same_seed_same_game_other_seed_other_game() -> None:
    game = GAMES.get("schlangennest")
    options = {"players": ["red", "blue"], "area": [5, 7]}
    runs = [simulate(lambda: game.new_state(options), [MctsPlayer(12), "greedy"], seed, keep_record=True)
            for seed in (3, 3, 4)]
    assert runs[0].record == runs[1].record
    assert runs[0].record != runs[2].record


def test_mcts_beats_greedy_at_schlangennest() -> None:
    share, low, fair = _duel("schlangennest", {"players": ["red", "blue"], "area": [5, 7]}, MctsPlayer(24),
                             "greedy", 8)
    assert low > fair, (share, low, fair)


def test_mcts_beats_greedy_at_schlangengrube_on_a_small_budget() -> None:
    # a few seconds: greedy scores a tile without copying the state, so a search of 16
    # simulations per decision is cheap; its 95% interval must still lie above the fair share
    share, low, fair = _duel("schlangengrube", {"players": 2}, MctsPlayer(16), "greedy", 16)
    assert low > fair, (share, low, fair)


@pytest.mark.slow  # the ladder's fast tests (tests/games/irrlaeufer/test_irr_players.py) cover castle over wary
def test_castle_player_beats_sensible_at_irrlaeufer_in_a_few_games() -> None:
    game = GAMES.get("irrlaeufer")
    share, low, fair = _duel("irrlaeufer", {}, game.players()["castle"](None), "sensible", 12)
    assert low > fair, (share, low, fair)


@pytest.mark.slow
def test_mcts_beats_greedy_at_schlangengrube() -> None:
    share, low, fair = _duel("schlangengrube", {"players": 2}, MctsPlayer(50), "greedy", 20)
    assert low > fair, (share, low, fair)


@pytest.mark.slow
def test_castle_player_beats_sensible_and_conquers_at_irrlaeufer() -> None:
    game = GAMES.get("irrlaeufer")
    castle = game.players()["castle"](None)
    share, low, fair = _duel("irrlaeufer", {}, castle, "sensible", 16)
    assert low > fair, (share, low, fair)
    endings = [simulate(lambda: game.new_state({}), castle, seed).ending for seed in range(10)]
    assert endings.count("all-castles") >= 6, endings


def test_check_with_mcts_plays_it_and_keeps_the_cheap_skill_trace() -> None:
    # the search player plays every configuration; the skill trace stays on the cheap rungs of
    # the ladder, so the check keeps to its time (the full ladder is `cardgen match --ladder`)
    result = CliRunner().invoke(main, ["check", "schlangennest", "--player", "mcts", "--budget", "3", "--players", "2",
                                       "--games", "2", "--skill-games", "2", "--json", "--quiet", "--no-chart"])
    report = json.loads(result.stdout)["schlangennest"]
    assert report["player"] == "mcts" and {r["lineup"] for r in report["configs"]} == {"mcts"}
    assert {r["lineup"] for r in report["skill"]["lines"]} == {"sensible vs random", "random vs sensible",
                                                               "room vs sensible", "sensible vs room"}
    assert [(t["strong"], t["weak"], t["games"]) for t in report["skill"]["trace"]] == [
        ("sensible", "random", 4), ("room", "sensible", 4)]
    assert all("verdict" in r for r in report["configs"])


def test_an_unknown_player_is_a_usage_error() -> None:
    # wrong on its own, whatever any file says: exit 2 (docs/cli.md, the rule between 1 and 2)
    result = CliRunner().invoke(main, ["check", "schlangennest", "--player", "clever", "--games", "1", "--quiet",
                                       "--no-chart"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "Error: --player: unknown player 'clever' (known: random, sensible, greedy, mcts, room) for schlangennest")
