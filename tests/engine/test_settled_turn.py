"""The turn at which the winner was settled and the heatmap's counts: the definitions pinned on
hand-made score sequences and results (`settled_turn`, `cardgen.check.leads`), and their report
keys."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.check.leads import heat, settled, spread
from cardgen.check.metrics import summarise
from cardgen.engine.simulate import GameResult, settled_turn


def test_the_winner_is_settled_from_the_turn_it_leads_to_the_end() -> None:
    assert settled_turn([(1, (1, 0)), (2, (1, 2)), (3, (1, 3))], (1,)) == 2
    # seat 1 led at turn 1, lost the lead at turn 2, took it back at turn 3 for good
    assert settled_turn([(1, (0, 1)), (2, (2, 1)), (3, (2, 3)), (4, (2, 5))], (1,)) == 3
    # led from the first step: settled at turn 1
    assert settled_turn([(1, (0, 4)), (2, (3, 4)), (3, (3, 6))], (1,)) == 1


def test_a_tie_breaks_the_lead_it_must_be_strict() -> None:
    assert settled_turn([(1, (0, 1)), (2, (1, 1)), (3, (1, 2))], (1,)) == 3
    assert settled_turn([(1, (0, 2, 0)), (2, (1, 2, 1)), (3, (1, 3, 2))], (1,)) == 1  # the others tie below it
    assert settled_turn([(1, (0, 1, 0)), (2, (0, 1, 1)), (3, (0, 2, 1))], (1,)) == 3  # a tie at the top


def test_steps_of_one_turn_count_as_that_turn() -> None:
    # turn 2 has two steps: seat 0 goes ahead, then seat 1 again within the same turn
    steps = [(1, (1.0, 0.0)), (1, (1.0, 2.0)), (2, (3.0, 2.0)), (2, (3.0, 4.0)), (3, (3.0, 5.0))]
    assert settled_turn(steps, (1,)) == 2


def test_no_sole_winner_or_a_winner_behind_has_no_settled_turn() -> None:
    steps = [(1, (1, 0)), (2, (1, 1))]
    assert settled_turn(steps, (0, 1)) is None and settled_turn(steps, ()) is None
    assert settled_turn([(1, (2, 1))], (1,)) is None  # a rule gave seat 1 the win: not ahead on points
    assert settled_turn([], (0,)) is None


def game(settled_at: int | None, turns: tuple[int, ...] = (5, 5), winners: tuple[int, ...] = (0,),
         **extra: Any) -> GameResult:
    return GameResult((2.0, 1.0), 10, True, winners, (), turns=turns, settled=settled_at, **extra)


def test_the_batch_figures_mean_median_histogram_and_games_without() -> None:
    games = [game(2), game(10), game(None, winners=(0, 1))]
    s = settled(games)
    assert (s.games, s.without) == (2, 1)
    assert s.turn is not None and s.share is not None
    assert (s.turn.mean, s.turn.median) == (6.0, 6.0)
    # sample sd of 2 and 10 is 4·√2, its standard error 4: 6 ± 1.96·4
    assert (s.turn.low, s.turn.high) == pytest.approx((6 - 7.84, 6 + 7.84), abs=1e-3)
    assert (s.turn.median_low, s.turn.median_high) == (2.0, 10.0)
    assert (s.share.mean, s.share.median) == pytest.approx((0.6, 0.6))
    assert s.histogram == (0, 0, 1, 0, 0, 0, 0, 0, 0, 1)  # 20 % of the game, and the last turn (100 %)
    tenths = settled([game(t, turns=(10, 10)) for t in range(1, 21)])
    assert tenths.histogram == (1, 2, 2, 2, 2, 2, 2, 2, 2, 3)  # turn 6 of 20 is 30 %: exact, no float slip
    empty = settled([game(None, winners=())])
    assert (empty.games, empty.without, empty.turn) == (0, 1, None)


def test_the_median_interval_narrows_with_more_games() -> None:
    values = [float(v) for v in range(1, 101)]
    s = spread(values)
    assert s.median == 50.5 and s.median_low == 40.0 and s.median_high == 61.0
    assert s.median_low < s.median < s.median_high and s.low < s.mean < s.high


def test_heat_adds_the_cells_of_every_game_row_by_row() -> None:
    games = [game(1, cells=((0, 0, 2), (3, -1, 1))), game(1, cells=((0, 0, 1), (1, 0, 4)))]
    assert heat(games) == ((3, -1, 1), (0, 0, 3), (1, 0, 4))
    assert heat([game(1)]) == ()


def test_the_report_row_carries_the_new_keys() -> None:
    out = summarise([game(2, lead_changes=1, cells=((1, 2, 3),)), game(None, winners=(), lead_changes=3)],
                    ()).to_json()
    assert out["settled"]["games"] == 1 and out["settled"]["without"] == 1
    assert out["settled"]["histogram"][2] == [0.2, 1]  # turn 2 of 10
    assert out["heatmap"] == [[1, 2, 3]]
    assert out["histograms"]["lead_changes"] == [[1, 1], [3, 1]]
