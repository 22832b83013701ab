"""The figures behind the criteria: turns, active turns and drama counted by `simulate`,
degenerate games as each game defines them, the hard criteria on hand-made results, the soft
ones (kinds as a share of their supply, length against the original's baseline, dull), and the
baselines kept as data per game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_metrics_formulas import SCRIPT, Scripted

from cardgen.check.baseline import Baseline, baseline_key, lookup, module_text
from cardgen.check.criteria import Schedule, hard_criteria
from cardgen.check.soft import dull_criterion, kinds_criterion, length_criterion
from cardgen.check.verdict import FAIL, FINDING, INCONCLUSIVE, PASS, Thresholds
from cardgen.engine.degenerate import dead_seat, generic
from cardgen.engine.simulate import GameResult, simulate
from cardgen.registry import GAMES
from cardgen.sets import default_set_path


def test_simulate_counts_turns_active_turns_and_drama() -> None:
    r = simulate(lambda: Scripted(SCRIPT), "random", 1, classify=generic)
    # seats alternate; seat 2's first and last steps are its only move: passes
    assert r.turns == (3, 3) and r.active == (3, 1)
    # scores after each step (1,0) (1,0) (1,2) (3,2) (3,3) (3,4): the winner, seat 2, trails by
    # 1, 1, 0, 1, 0, 0 points, 3 over 6 steps, as a share of its final 4 points
    assert r.winners == (1,) and r.drama == pytest.approx(3 / 6 / 4)
    assert r.degenerate == "dead-seat"  # one active turn against three
    cut = simulate(lambda: Scripted(SCRIPT), "random", 1, max_moves=3, classify=generic)
    assert cut.degenerate == "stalemate" and not cut.ended


def test_a_dead_seat_has_less_than_half_the_others_turns() -> None:
    assert dead_seat((10, 4, 9)) == 1 and dead_seat((10, 5, 10)) is None and dead_seat((3,)) is None


def _result(scores: tuple[float, ...] = (3.0, 1.0), winners: tuple[int, ...] = (0,), ended: bool = True,
            **extra: Any) -> GameResult:
    return GameResult(scores, 10, ended, winners, (), **extra)


def test_hard_criteria_on_hand_made_games() -> None:
    schedule = Schedule(10, 10, 40)
    limits = Thresholds()
    games = [_result(ended=i % 3 != 0) for i in range(30)]  # a third never end
    ends = hard_criteria(games, 2, limits, schedule)[0]
    assert ends.name == "ends" and ends.status == FAIL and ends.figures["count"] == 10
    odd = [_result(degenerate="deadlock" if i % 2 else "") for i in range(40)]
    degenerate = hard_criteria(odd, 2, limits, schedule)[3]
    assert degenerate.status == FAIL and degenerate.figures["kinds"] == {"deadlock": 20}
    assert "(deadlock 20)" in degenerate.text
    few = [_result(winners=(i % 2,)) for i in range(12)]
    fair = hard_criteria(few, 2, limits, Schedule(10, 10, 12), final=True)[2]
    assert fair.status == INCONCLUSIVE and "undecided at the ceiling of 12 games" in fair.text


def test_kinds_are_judged_as_a_share_of_their_supply() -> None:
    limits = Thresholds()
    games = [_result(kinds=(("a", 5), ("b", 1))) for _ in range(10)]
    plain = kinds_criterion(games, ["a", "b"], {"a": 6, "b": 20}, limits, "tile kind")
    # a: 50 of 60, b: 10 of 200 (5%, under the 10% a kind should reach)
    assert plain.status == FINDING and plain.figures["shares"] == {"a": pytest.approx(50 / 60), "b": 0.05}
    assert "tile kind 'b' 5% of its supply" in plain.text
    stuck = [_result(kinds=(("a", 5),), degenerate="deadlock", unused=("b",)) for _ in range(4)]
    assert "left unused in degenerate games: 'b' (4 of 4)" in kinds_criterion(stuck, ["a", "b"], {}, limits,
                                                                              "kind").text
    assert kinds_criterion(stuck, ["a", "b"], {}, limits, "kind").status == FINDING  # b never played


def test_length_is_turns_per_player_against_the_original() -> None:
    limits = Thresholds()
    games = [_result(turns=(4, 4)) for _ in range(5)]
    assert length_criterion(games, 10.0, "2p base", limits).status == FINDING  # 4 < 10 / 2
    assert "too short" in length_criterion(games, 10.0, "2p base", limits).text
    assert length_criterion(games, 6.0, "2p base", limits).status == PASS
    assert length_criterion(games, None, "", limits).ok is None
    table = {"2p base": 10.0, "4p base": 8.0, "2p tail-first": 6.0}
    assert lookup(table, 2, "tail-first") == (6.0, "2p tail-first")
    assert lookup(table, 3, None) == (10.0, "nearest: 2p base")
    assert lookup(table, 4, "frame") == (8.0, "nearest: 4p base")
    assert lookup({}, 2, None) == (None, "")


def test_dull_needs_choices_and_games_that_end_differently() -> None:
    limits = Thresholds()
    alike = [_result((2.0, 2.0), (0, 1)) for _ in range(10)]
    dull = dull_criterion(alike, limits, points=True)
    assert dull.status == FINDING and "every game ends alike" in dull.text
    assert dull_criterion(alike, limits, points=False).status == PASS  # the scores only say who won
    varied = [_result((float(i), 0.0)) for i in range(2, 12)]
    assert dull_criterion(varied, limits, points=True).status == PASS
    forced = [GameResult((5.0, 1.0), 10, True, (0,), (), counted=10, legal=12, decisions=2) for _ in range(3)]
    assert "little to decide" in dull_criterion(forced, limits, points=True).text


def test_the_dull_margin_scales_with_the_scores() -> None:
    # a lead of 2 points is much in a game of 3 points and nothing in a game of 100
    limits = Thresholds()
    small = [_result((3.0 + i % 2, 1.0 + i % 2)) for i in range(10)]
    large = [_result((100.0 + i, 98.0 + i)) for i in range(10)]
    assert dull_criterion(small, limits, points=True).status == PASS
    dull = dull_criterion(large, limits, points=True)
    assert dull.status == FINDING and "leads by 2.0 points on average, 2% of its 104.5 (at least 5%)" in dull.text
    assert dull.figures["margin_share"] == pytest.approx(2 / 104.5)


def test_each_game_tells_its_deadlocks() -> None:
    pit = GAMES.get("schlangengrube")
    text = default_set_path("schlangengrube").read_text(encoding="utf-8")
    text = text.replace('colours = ["red", "green", "yellow", "purple"]',
                        'colours = ["red", "green", "yellow", "purple", "blue", "orange"]')
    text += '\n[[tile]]\nid = "X-BO"\ncount = 3\nparts = ["blue:N-S", "orange:E-W"]\n'
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pit.toml"
        path.write_text(text, encoding="utf-8")
        r = simulate(lambda: pit.new_state({"players": 2}, str(path), 3), "sensible", 3, classify=pit.degenerate)
    # a crossing of colours nothing else has never fits: it stays in a hand while all pass
    assert r.ended and r.degenerate == "deadlock" and "X-BO" in r.unused
    normal = simulate(lambda: pit.new_state({"players": 2}, None, 3), "sensible", 3, classify=pit.degenerate)
    assert normal.degenerate == ""


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_every_game_keeps_a_baseline_for_its_report_player(game: Any) -> None:
    """The baselines are data per game, written by `make baselines`: they must name the report
    player of the game's ladder (regenerate them when it changes) and every default player count."""
    path = game.baseline_file()
    if path is None:
        pytest.skip(f"{game.name} declares no baseline module")
    assert path.is_file()
    text = path.read_text(encoding="utf-8")
    assert re.search(rf"^PLAYER = {game.ladder().report!r}$", text, re.M), f"make baselines: {game.name}"
    baseline = game.baseline()
    game_set = game.load_set()
    for players in game.default_players(game_set):
        assert baseline_key(players, None) in baseline.turns


def test_a_baseline_module_reads_back() -> None:
    text = module_text("toy", "sensible", 10, 0, {"2p base": 4.5, "3p tail-first": 3.0},
                       {"3p tail-first": {"degenerate": (0.2, 0.15, 0.26)}}, {"2p base": {"fair": (0.1, 0.04, 0.16)}})
    space: dict[str, Any] = {}
    exec(compile(text, "baseline", "exec"), space)  # noqa: S102 - the module we just wrote
    baseline = Baseline(space["TURNS"], space["FAILS"], "sensible", space["FIGURES"], space["UNDECIDED"])
    assert baseline.turns["2p base"] == 4.5 and baseline.original_fails(3, "tail-first") == ("degenerate",)
    assert baseline.original_fails(2, None) == () and baseline.figure(2, None, "degenerate") is None
    assert baseline.figure(4, "tail-first", "degenerate") == (0.2, 0.15, 0.26)  # the nearest count
    assert baseline.original_undecided(2, None) == ("fair",) and baseline.figure(2, None, "fair") == (0.1, 0.04, 0.16)
    assert baseline.original_undecided(3, "tail-first") == ()
