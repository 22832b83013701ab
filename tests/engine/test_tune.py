"""The search of `cardgen tune` through its library interface: which parameters it searches and
how `--vary` is read, the set a trial plays, the objective's order, and a stopped search."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cardgen.check.verdict import FAIL, INCONCLUSIVE, PASS, Criterion, Verdict
from cardgen.commands.checkrun import GameCheck
from cardgen.commands.objective import score
from cardgen.commands.tunesearch import Knob, Search, grid_points, knobs, ranked, run_search, trial_text
from cardgen.errors import DataError
from cardgen.registry import GAMES
from cardgen.sets import default_set_path

PIT = GAMES.get("schlangengrube")


def needs_optuna() -> None:
    """Skip a test of tune's search where Optuna (the `tune` extra) is not installed, as the
    play and cluster tests skip without theirs."""
    pytest.importorskip("optuna", reason="needs Optuna (pip install -e '.[tune]'): tune's search skipped")


def test_without_vary_every_rule_parameter_and_component_count_is_searched_over_its_whole_range() -> None:
    for game in GAMES:
        if not game.rule_params and not game.set_parts:
            continue
        found = knobs(game, ())
        assert [k.name for k in found] == [p.name for p in game.rule_params] + [p.name for p in game.set_parts]
        for knob, param in zip(found, game.rule_params):
            assert set(knob.points()) == set(param.values())
        for knob, part in zip(found[len(game.rule_params):], game.set_parts):
            assert (knob.part, knob.low, knob.high) == ("part", part.low, part.high)


def test_vary_narrows_a_range_and_names_choices() -> None:
    (hand,) = knobs(PIT, ("hand_size=4..7",))
    assert (hand.name, hand.points()) == ("hand_size", (4, 5, 6, 7))
    (scoring,) = knobs(PIT, ("snake_score=linear,square",))
    assert scoring.points() == ("linear", "square")
    (heads,) = knobs(PIT, ("heads=2..4",))  # a count option of the generator
    assert (heads.part, heads.points()) == ("set", (2, 3, 4))


@pytest.mark.parametrize(("vary", "says"), [
    ("hand=4..7", "'hand' is not a parameter of schlangengrube sets"),
    ("hand_size=1..7", "1 is outside 2-10"),
    ("hand_size=7..4", "7..4 is empty"),
    ("hand_size=four..7", "expected a whole number"),
    ("snake_score=cubic", "'cubic' is not one of triangular, linear, square"),
    ("hand_size", "expected KEY=LOW..HIGH or KEY=A,B"),
    ("tails=2..3", "'tails' is not a parameter"),
])
def test_a_bad_vary_is_refused_naming_the_mistake(vary: str, says: str) -> None:
    with pytest.raises(DataError) as err:
        knobs(PIT, (vary,))
    assert says in str(err.value) and "--vary" in str(err.value)


def test_a_trial_is_the_base_set_with_its_rule_values(tmp_path: Path) -> None:
    base = default_set_path("schlangengrube").read_text(encoding="utf-8")
    (hand,) = knobs(PIT, ("hand_size=4..7",))
    text = trial_text(PIT, base, PIT.rule_values(PIT.load_set()), (hand,), {"hand_size": 6})
    assert tomllib.loads(text)["rules"] == {"hand_size": 6}
    path = tmp_path / "trial.toml"
    path.write_text(text, encoding="utf-8")
    loaded = PIT.load_set(path)
    assert PIT.rule_values(loaded)["hand_size"] == 6
    assert loaded.tiles == PIT.load_set().tiles  # the components are the base set's


def test_a_small_space_is_tried_point_by_point_in_a_seeded_order() -> None:
    search = Search(PIT, None, (Knob("hand_size", "rules", 4, 7),), trials=30, seed=3)
    points = grid_points(search)
    assert sorted(p["hand_size"] for p in points) == [4, 5, 6, 7]  # type: ignore[type-var]
    assert points == grid_points(search) != grid_points(dataclasses.replace(search, seed=4))


def _criterion(name: str, status: str, **figures: Any) -> Criterion:
    return Criterion(name, status, name in ("ends", "decisive", "fair", "degenerate"), name, figures)


def _check(fair: str, share: float, draws: float) -> GameCheck:
    seats = [{"seat": 1, "share": share}, {"seat": 2, "share": 1 - share}]
    criteria = (_criterion("ends", PASS, share=0.0), _criterion("decisive", PASS, share=draws),
                _criterion("fair", fair, seats=seats, fair_share=0.5), _criterion("degenerate", PASS, share=0.0),
                _criterion("length", PASS, turns=10.0, baseline=10.0))
    return GameCheck("g", "g.toml", "g", (), ("move",), 100, 0, verdicts=(Verdict("2p", criteria, 100),))


def test_the_objective_puts_a_pass_before_an_inconclusive_before_a_fail_then_the_fairer() -> None:
    passing, fairer = score(_check(PASS, 0.56, 0.1)), score(_check(PASS, 0.52, 0.1))
    undecided, failing = score(_check(INCONCLUSIVE, 0.5, 0.0)), score(_check(FAIL, 0.5, 0.0))
    assert fairer.value < passing.value < 100 <= undecided.value < 200 <= failing.value
    assert passing.terms["unfair"] == pytest.approx(0.06 / 0.05)
    assert passing.terms["draws"] == pytest.approx(0.1 / 0.25)
    assert score(_check(PASS, 0.52, 0.2)).value > fairer.value  # more draws, worse


def test_a_stopped_search_keeps_the_trials_done() -> None:
    needs_optuna()
    search = Search(PIT, None, (Knob("hand_size", "rules", 4, 7),), trials=4, seed=0, players=(2,), games=10,
                    skill_games=0)

    def stop(trial: Any, best: Any) -> None:
        raise KeyboardInterrupt

    trials, stopped = run_search(search, workers=1, heard=stop)
    assert isinstance(stopped, KeyboardInterrupt) and len(trials) == 1 and trials[0].check is not None


def test_the_chart_labels_each_point_by_its_values_with_its_interval_and_marks_the_ones_not_told_apart() -> None:
    """Issue 36: points named by their values, not trial numbers; every point its 95% bar; the
    trials the games cannot tell from the best marked ≈ (the PNG is this drawing)."""
    needs_optuna()
    import re

    from cardgen.commands.tuneout import alike, chart_svg

    search = Search(PIT, None, (Knob("hand_size", "rules", 4, 5),), trials=2, seed=0, players=(2,), games=6,
                    skill_games=0)
    trials, stopped = run_search(search, workers=1)
    assert stopped is None and len(trials) == 2
    svg = chart_svg("tune", trials, None)
    labels = re.findall(r">(hand_size=\d+)( ≈)?</text>", svg)
    assert sorted(name for name, _ in labels) == sorted(f"hand_size={t.values['hand_size']}" for t in trials)
    assert not re.search(r">trial \d+", svg)  # no point named by its number
    assert svg.count('class="error-bar"') == 2
    best = ranked(trials)[0]  # the reference when none is chosen
    assert alike(trials, best)  # 6 games a trial tell nothing apart: the other trial is marked
    assert {name for name, mark in labels if mark} == {f"hand_size={t.values['hand_size']}"
                                                      for t in alike(trials, best)}


def test_the_recommendations_of_a_failing_check_play_at_most_twice_its_failing_configurations_games() -> None:
    """Issue 26's budget: the sweep around a failing set plays at most twice the games of each
    configuration it recommends for (counted by the progress sink, screening and finalists both)."""
    from cardgen.commands import recommend
    from cardgen.commands.checkrun import CheckRun, run_check

    class Counted:
        played = 0

        def planned(self, games: int) -> None:
            """Not counted: the budget is what is played."""

        def done(self, games: int) -> None:
            self.played += games

    failing_set = Path(__file__).resolve().parents[1] / "tune" / "schlangengrube-deadlocks.toml"
    (check,) = run_check(CheckRun((PIT,), str(failing_set), 40, 0, (3,), workers=1))
    failing = [v for v in check.verdicts if check.new_failures(v)]
    assert failing
    counted = Counted()
    found = recommend.for_check(PIT, check, 0, workers=1, progress=counted)
    assert set(found) == {v.config for v in failing}
    assert 0 < counted.played <= 2 * sum(v.games for v in failing)
    for v in failing:
        assert sum(r.games for r in found[v.config]) <= 2 * v.games
