"""The playability metrics pinned on hand-made game results (and a scripted toy game for the
per-move figures simulate collects)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgen.check.metrics import (
    balance,
    decisions,
    duration,
    histogram,
    is_draw,
    kind_use,
    seat_share,
    skill,
    summarise,
    win_shares,
)
from cardgen.check.plan import kind_findings, seats_of, strong_seat
from cardgen.check.stats import wilson
from cardgen.engine.base import GameState
from cardgen.engine.simulate import GameResult, leader, settled_turn, simulate


def result(scores: tuple[float, ...], winners: tuple[int, ...], moves: int = 10, ended: bool = True,
           **extra: Any) -> GameResult:
    return GameResult(scores, moves, ended, winners, (), **extra)


def test_wilson_eight_of_ten() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_win_shares_and_balance() -> None:
    games = [result((3, 1), (0,)), result((3, 1), (0,)), result((1, 3), (1,)), result((2, 2), (0, 1))]
    assert win_shares(games) == [pytest.approx(0.625), pytest.approx(0.375)]
    assert balance(games) == pytest.approx(1 - 0.25)
    three = [result((1, 2, 3), (2,)), result((3, 2, 1), (0,)), result((1, 3, 2), (1,))]
    assert balance(three) == pytest.approx(1.0)
    assert balance([result((5, 0, 0), (0,))]) == pytest.approx(0.0)


def test_first_seat_share_counts_shared_wins() -> None:
    games = [result((1, 0), (0,))] * 7 + [result((1, 1), (0, 1))] * 2 + [result((0, 1), (1,))]
    share = seat_share(games, 0)
    assert share.share == pytest.approx(0.8) and share.fair == 0.5
    assert (share.low, share.high) == pytest.approx(wilson(8, 10))


def test_draws_timeouts_and_duration() -> None:
    games = [result((1, 1), (0, 1), moves=4), result((2, 2), (), moves=6), result((3, 1), (0,), moves=20),
             result((0, 0), (0, 1), moves=100, ended=False)]
    assert [is_draw(g) for g in games] == [True, True, False, False]
    d = duration(games)
    assert d.mean == 32.5 and d.median == 13.0 and d.min == 4 and d.max == 100
    assert d.sd == pytest.approx(39.4557, abs=1e-3)  # population sd: sqrt(6227 / 4)
    summary = summarise(games, ("pass",))
    assert summary.completion == 0.75 and summary.timeouts == 1
    assert summary.played is not None and summary.played.draws == 2


def test_decisions_and_branching_use_counted_steps_only() -> None:
    games = [result((1, 0), (0,), counted=4, legal=10, decisions=3),
             result((1, 0), (0,), counted=6, legal=6, decisions=0),
             result((1, 0), (0,))]  # not counted: left out
    d = decisions(games)
    assert d.share == pytest.approx(0.3) and d.branching == pytest.approx(1.6)
    assert d.games == 2 and d.steps == 10
    assert decisions([result((1, 0), (0,))]).branching is None


def test_lead_changes_in_the_summary() -> None:
    games = [result((1, 0), (0,), lead_changes=3), result((1, 0), (0,), lead_changes=0)]
    summary = summarise(games, ())
    assert summary.played is not None and summary.played.lead_changes == 1.5


def test_leader_is_the_sole_top_score() -> None:
    assert leader((1.0, 3.0, 2.0)) == 1
    assert leader((3.0, 3.0, 2.0)) is None


class Scripted(GameState[int]):
    """A toy game: `script` gives, per step, the number of legal moves and the scores after it."""

    def __init__(self, script: list[tuple[int, tuple[float, float]]]) -> None:
        self.script, self.step, self.points = script, 0, (0.0, 0.0)

    def check(self, move: int) -> None:
        if move not in self.legal_moves():
            raise ValueError(move)

    def clone(self) -> Scripted:
        other = Scripted(self.script)
        other.step, other.points = self.step, self.points
        return other

    def to_json(self) -> dict:
        return {"script": self.script, "step": self.step, "points": list(self.points)}

    @classmethod
    def from_json(cls, data: dict) -> Scripted:
        state = cls(data["script"])
        state.step, state.points = data["step"], tuple(data["points"])
        return state

    def move_to_json(self, move: int) -> dict:
        return {"move": move}

    def move_from_json(self, data: dict) -> int:
        return int(data["move"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scripted) and self.to_json() == other.to_json()

    @property
    def current_player(self) -> int:
        return self.step % 2

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.step == len(self.script)

    def legal_moves(self) -> list[int]:
        return list(range(self.script[self.step][0]))

    def apply_trusted(self, move: int) -> None:
        self.points = self.script[self.step][1]
        self.step += 1

    def scores(self) -> tuple[float, ...]:
        return self.points

    def move_label(self, move: int) -> str:
        return "pass" if self.script[self.step][0] == 1 else "play"


SCRIPT = [(3, (1, 0)), (1, (1, 0)), (2, (1, 2)), (4, (3, 2)), (2, (3, 3)), (1, (3, 4))]
# leaders: 0, 0, 1, 0, tie, 1 -> changes 0->1, 1->0, 0->1 = 3


def test_simulate_counts_legal_moves_and_lead_changes() -> None:
    r = simulate(lambda: Scripted(SCRIPT), "random", 1, count_legal=True, kind_of=lambda s, m: f"k{m}")
    assert r.moves == 6 and r.counted == 6 and r.legal == 13 and r.decisions == 4
    assert r.lead_changes == 3
    assert r.count("pass") == 2 and sum(n for _, n in r.kinds) == 6
    plain = simulate(lambda: Scripted(SCRIPT), "random", 1)
    assert plain.counted == plain.legal == 0 and plain.lead_changes == 3


class Placed(Scripted):
    """The toy game whose move `m` puts something on cell (m, step) (step 0 puts nothing)."""

    def clone(self) -> Placed:
        other = Placed(self.script)
        other.step, other.points = self.step, self.points
        return other

    def move_cells(self, move: int) -> tuple[tuple[int, int], ...]:
        return ((move, self.step),) if self.step else ()


def test_simulate_keeps_the_settled_turn_and_the_cells() -> None:
    r = simulate(lambda: Placed(SCRIPT), "random", 1)
    # one step per turn; seat 1 wins 3-4 and leads only after the last step (a tie before it)
    steps = [(i + 1, (float(a), float(b))) for i, (_, (a, b)) in enumerate(SCRIPT)]
    assert r.winners == (1,) and r.settled == settled_turn(steps, (1,)) == 6
    assert r.length_turns == 6
    assert sum(n for _, _, n in r.cells) == 5 and all(y > 0 for _, y, _ in r.cells)
    assert simulate(lambda: Scripted(SCRIPT), "random", 1).cells == ()  # the default names no cells
    won_early = [(1, (0, 1)), (1, (0, 2)), (1, (0, 3))]
    assert simulate(lambda: Placed(won_early), "random", 1).settled == 1


def test_counting_does_not_change_a_game_without_the_candidate_fast_path() -> None:
    from cardgen.registry import GAMES

    game = GAMES.get("schlangengrube")
    for player in ("random", "sensible", "greedy"):
        a = simulate(lambda: game.new_state({"players": 3}, None, 4), player, 4)
        b = simulate(lambda: game.new_state({"players": 3}, None, 4), player, 4, count_legal=True)
        assert (a.scores, a.moves, a.labels) == (b.scores, b.moves, b.labels)
        assert b.counted == b.moves


def test_skill_share_and_no_skill_share() -> None:
    first = [result((3, 1), (0,)), result((3, 1), (0,)), result((1, 3), (1,)), result((2, 2), ())]
    last = [result((1, 3), (1,)), result((3, 1), (0,))]
    s = skill([(first, 0), (last, 1)])
    # the game nobody won gives every seat 1/2 (GameResult.shares): 3 wins and a half of 6
    assert s["games"] == 6 and s["share"] == pytest.approx(3.5 / 6) and s["draws"] == 1
    assert s["fair"] == pytest.approx(0.5)
    assert (s["low"], s["high"]) == pytest.approx(wilson(3.5, 6))


def test_lineups_put_greedy_first_or_last() -> None:
    assert seats_of("greedy vs random", 3) == ("greedy", "random", "random")
    assert seats_of("random vs greedy", 3) == ("random", "random", "greedy")
    assert seats_of("sensible", 4) == "sensible"
    assert strong_seat("random vs greedy", 4) == 3 and strong_seat("greedy", 2) is None


def test_kind_use_and_the_finding_for_a_kind_never_played() -> None:
    games = [result((1, 0), (0,), kinds=(("curve", 2), ("straight", 1))), result((1, 0), (0,), kinds=(("curve", 1),))]
    assert kind_use(games, ("straight", "curve", "head")) == {"straight": 1, "curve": 3, "head": 0}
    rows = [{"games": 2, "kinds": kind_use(games, ("straight", "curve", "head"))},
            {"games": 3, "kinds": {"straight": 0, "curve": 5, "head": 0}}]
    assert kind_findings(rows, "card kind") == ["card kind 'head' was never played in 5 games"]


def test_histogram_is_exact_value_counts() -> None:
    assert histogram([3, 1, 3, 2, 3]) == [[1, 1], [2, 1], [3, 3]]


def test_random_player_choose_from_matches_choose_on_a_plain_list() -> None:
    from cardgen.engine.players import make_player

    state = Scripted(SCRIPT)
    for name in ("random", "sensible"):
        p = make_player(name)
        assert p.choose(state, random.Random(5)) == p.choose_from(state, state.legal_moves(), random.Random(5))


def test_figures_give_the_report_keys_and_shapes() -> None:
    games = [result((3, 1), (0,), moves=12, ending="x", kinds=(("a", 2),)), result((2, 2), (), moves=8)]
    out = summarise(games, ("pass",), ("a", "b")).to_json()
    assert list(out) == ["games", "ended", "length", "score", "first_wins", "per_game", "draws", "endings",
                         "completion", "timeouts", "win_shares", "balance", "duration", "decisions", "passes",
                         "lead_changes", "turns", "drama", "alike", "degenerate", "kinds", "histograms",
                         "settled", "heatmap"]  # new keys only ever come last
    assert out["length"] == {"mean": 10.0, "min": 8, "max": 12}
    assert out["score"] == {"mean": 2.0, "sd": pytest.approx(0.7071, abs=1e-4), "min": 1, "max": 3, "margin": 1.0}
    # the draw (a tie of both seats) gives each seat half a game
    assert out["first_wins"]["share"] == 0.75 and out["win_shares"] == [0.75, 0.25]
    assert out["endings"] == {"x": 1} and out["kinds"] == {"a": 2, "b": 0} and out["per_game"] == {"pass": 0.0}
    assert out["histograms"] == {"score": [[1, 1], [2, 2], [3, 1]], "length": [[8, 1], [12, 1]],
                                 "lead_changes": [[0, 2]]}
    assert out["decisions"] == {"share": None, "branching": None, "games": 0, "steps": 0}
    assert summarise([], ("pass",)).to_json() == {"games": 0, "ended": 0}
