"""The verdict of a configuration: one definition of a seat's share, honest sample sizes (the
synthetic game of known rates over seeds 0-19), pass / fail / inconclusive with `--strict`, the
thresholds of a set's [check] table, verdicts that order, and every failure named in the summary
line and in `variant`'s refusal."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from synthetic import CoinGame

from cardgen.check.verdict import FAIL, FINDING, INCONCLUSIVE, PASS, Criterion, Thresholds, Verdict, thresholds_of
from cardgen.cli import main
from cardgen.commands.checkrun import CheckRun, run_check
from cardgen.errors import DataError
from cardgen.game import Registry
from cardgen.sets import default_set_path


def _verdict(win: float, draw: float, seed: int, games: int | None = None) -> Verdict:
    (check,) = run_check(CheckRun((CoinGame(win, draw),), None, games, 0, None, "random", seed, workers=1))
    (verdict,) = check.verdicts
    return verdict


def test_the_synthetic_game_fails_at_70_percent_passes_at_50_and_fails_40_percent_draws() -> None:
    """Over seeds 0-19 with the default figures (fair within 5 points of 1/seats against unfair
    15 points away, draws 25% against 40%, α = β = 0.01, at most 400 games). Exactly at the
    failing 65% a seat is as often below it as above: the last look leaves those inconclusive."""
    unfair = [_verdict(0.70, 0.0, seed) for seed in range(20)]
    margin = [_verdict(0.65, 0.0, seed) for seed in range(20)]
    assert sum(v.outcome == PASS for v in margin) == 0 and sum(v.outcome == FAIL for v in margin) >= 10
    fair = [_verdict(0.5, 0.0, seed) for seed in range(20)]
    drawn = [_verdict(0.3, 0.4, seed) for seed in range(20)]
    assert sum("fair" in [c.name for c in v.failures()] for v in unfair) >= 19
    assert sum(v.outcome == PASS for v in fair) >= 19
    assert sum("decisive" in [c.name for c in v.failures()] for v in drawn) >= 19
    # the sequential test stops early when the evidence is plain, never later than the ceiling
    assert all(v.games <= 400 for v in unfair + fair + drawn)
    assert min(v.games for v in fair) < 400
    assert min(v.criterion("decisive").figures["decided_at"] for v in drawn) < 100  # type: ignore[union-attr]


def test_a_fair_game_with_many_shared_wins_is_fair() -> None:
    # 40% of the games nobody wins (every seat gets 1/2 of them): the fair share stays 1/2, the
    # seats are judged fair and only `decisive` speaks of the draws
    verdict = _verdict(0.3, 0.4, 0)
    fair = next(c for c in verdict.criteria if c.name == "fair")
    assert fair.status == PASS and fair.figures["fair_share"] == 0.5
    assert [s["share"] for s in fair.figures["seats"]] == pytest.approx([0.5, 0.5], abs=0.06)
    assert [c.name for c in verdict.failures()] == ["decisive"]


def test_what_the_games_could_detect_is_stated() -> None:
    verdict = _verdict(0.5, 0.0, 3)
    fair = next(c for c in verdict.criteria if c.name == "fair")
    above = fair.figures["detect"]["above"]
    assert 0.55 < above < 0.8
    assert f"with {fair.figures['decided_at']} games a seat share of {above:.0%} or more" in fair.text


def _coin(*args: str, win: float = 0.5) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args, "--quiet", "--no-chart", "--workers", "1"],
                                obj=Registry((CoinGame(win),)))
    return result.exit_code, result.stdout, result.stderr


def test_inconclusive_is_not_a_pass_and_strict_fails_it(tmp_path: Path) -> None:
    # 60 games are too few to tell a fair seat from one 15 points off
    code, out, err = _coin("coin", "--games", "60", "--json")
    assert code == 0, err
    report = json.loads(out)["coin"]
    assert report["outcome"] == INCONCLUSIVE and report["configs"][0]["verdict"]["inconclusive"] == ["fair"]
    assert report["summary"] == "coin: 1 of 1 inconclusive: 2p (fair)"
    code, _, err = _coin("coin", "--games", "60", "--strict")
    assert code == 1 and err.strip() == "cardgen: check: inconclusive (strict): coin: 1 of 1 inconclusive: 2p (fair)"
    strict = tmp_path / "strict.toml"
    strict.write_text(Path(CoinGame().default_set_path()).read_text() + "\n[check]\nstrict = true\n", encoding="utf-8")
    code, _, err = _coin("--set", str(strict), "--games", "60")
    assert code == 1 and "inconclusive (strict)" in err
    code, _, err = _coin("coin", "--games", "400")  # enough games: decided, passes
    assert code == 0, err


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_the_same_seed_gives_the_same_report_on_one_core_and_two() -> None:
    # 60 games: two rounds each (looks at 50 and 60), on one process and on a pool of two
    args = ["check", "schlangengrube", "--players", "2", "--games", "60", "--skill-games", "2", "--json",
            "--quiet", "--no-chart"]
    one = CliRunner().invoke(main, [*args, "--workers", "1"])
    two = CliRunner().invoke(main, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)


def _criterion(name: str, status: str, hard: bool = True) -> Criterion:
    return Criterion(name, status, hard, "")


def test_verdicts_order_pass_before_inconclusive_before_fail() -> None:
    soft = [_criterion("skill", PASS, False)]
    passed = Verdict("2p", (_criterion("fair", PASS), *soft), 100)
    noted = Verdict("2p", (_criterion("fair", PASS), _criterion("kinds", FINDING, False)), 100)
    open_ = Verdict("2p", (_criterion("fair", INCONCLUSIVE), *soft), 400)
    failed = Verdict("2p", (_criterion("fair", FAIL), *soft), 50)
    worse = Verdict("2p", (_criterion("fair", FAIL), _criterion("decisive", FAIL)), 50)
    assert [v.outcome for v in (passed, open_, failed)] == [PASS, INCONCLUSIVE, FAIL]
    assert sorted([worse, open_, noted, failed, passed], key=Verdict.rank) == [passed, noted, open_, failed, worse]
    assert passed.compare(failed) == -1 and failed.compare(passed) == 1
    assert passed.compare(Verdict("3p", passed.criteria, 250)) == 0


def test_check_table_overrides_thresholds_and_bad_keys_are_placed(tmp_path: Path) -> None:
    text = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    good = tmp_path / "lenient.toml"
    good.write_text(text + "\n[check]\ndraws = 0.5\ndraws_fail = 0.9\nstrict = true\nlength_factor = 3\n",
                    encoding="utf-8")
    limits = thresholds_of(good)
    assert (limits.draws, limits.draws_fail, limits.strict, limits.length_factor) == (0.5, 0.9, True, 3.0)
    assert limits.ends == Thresholds().ends
    for body, message in (("draws = 2", "'draws': 2 is a share"), ("draws = 0.5", "draws is less than draws_fail"),
                          ("strict = 1", "'strict': expected true or false"), ("alpha = 0.7", "an error rate"),
                          ("fair_margin = 0.2", "fair_margin is less than unfair_margin")):
        bad = tmp_path / "bad.toml"
        bad.write_text(text + f"\n[check]\n{body}\n", encoding="utf-8")
        with pytest.raises(DataError, match=message):
            thresholds_of(bad)
    typo = tmp_path / "typo.toml"
    typo.write_text(text + "\n[check]\ndraw = 0.5\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "irrlaeufer", "--set", str(typo), "--games", "1", "--quiet",
                                       "--no-chart"])
    lines = len(text.splitlines()) + 3
    assert result.exit_code == 1
    assert result.stderr.startswith(f"cardgen: {typo}:{lines}: [check] key 'draw': unknown")


def _areas(tmp_path: Path, areas: str) -> Path:
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    path = tmp_path / "areas.toml"
    path.write_text(text.replace("2 = [[6, 6], [5, 7], [4, 8]]", f"2 = [{areas}]"), encoding="utf-8")
    return path


def test_the_summary_names_every_failing_configuration_and_criterion(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", "schlangennest", "--set", str(_areas(tmp_path, "[2, 2], [1, 2]")),
                                       "--players", "2", "--variants", "base", "--skill-games", "0", "--quiet",
                                       "--no-chart", "--player", "sensible"])
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    # 2×2: 35% [31%-40%] of the games without a sole winner, decided by the sequential test; 1×2:
    # 32% [27%-36%] at the ceiling, between the fine 25% and the failing 40%: inconclusive
    assert line.startswith("cardgen: check: schlangennest: 1 of 2 configurations fail: 2p 2×2 (decisive")
    assert ("summary: schlangennest: 1 of 2 configurations fail: 2p 2×2 (decisive); 1 of 2 inconclusive: 2p 1×2 "
            "(decisive)") in " ".join(result.stdout.split())
    for text in ("2 seats: each seat's share", "fails: schlangennest 2p 2×2: decisive:"):
        assert text in " ".join(result.stdout.split())


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_variant_refuses_every_failing_configuration_and_writes_an_inconclusive_one_when_allowed(tmp_path: Path) -> None:
    out = tmp_path / "pit.toml"
    result = CliRunner().invoke(main, ["variant", "schlangengrube", "--tiles", "12", "--out", str(out),
                                       "--games", "60", "--skill-games", "0", "--quiet"])
    assert result.exit_code == 1 and not out.exists()
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"cardgen: {out}: refused: schlangengrube: ") and "configurations fail: " in line
    assert "3p (" in line and "degenerate" in line
    args = ["variant", "schlangengrube", "--colours", "3", "--out", str(out), "--games", "10", "--skill-games", "0",
            "--quiet"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and not out.exists() and "inconclusive" in result.stderr
    assert "--allow-inconclusive" in result.stderr
    result = CliRunner().invoke(main, [*args, "--allow-inconclusive"])
    assert result.exit_code == 0, result.stderr
    assert out.is_file()


def test_a_failure_the_original_set_shares_is_a_finding_about_the_game() -> None:
    from cardgen.check.baseline import Baseline
    from cardgen.check.metrics import Figures
    from cardgen.check.plan import ReportRow
    from cardgen.commands.checkrun import GameCheck

    def row(config: str, variant: str | None) -> ReportRow:
        return ReportRow(config, "sensible", "main", 2, {"variant": variant}, Figures(1, 1))

    def degenerate(share: float, low: float, high: float) -> Criterion:
        return Criterion("degenerate", FAIL, True, "", {"share": share, "low": low, "high": high})

    failed = Verdict("2p tail-first", (degenerate(0.25, 0.19, 0.31),), 50)
    passed = Verdict("2p", (_criterion("fair", PASS),), 100)
    check = GameCheck("nest", "set.toml", "Nest", (), (), 400, 0, (row("2p", None), row("2p tail-first", "tail-first")),
                      player="sensible", verdicts=(passed, failed),
                      original=Baseline({"2p base": 9.0, "2p tail-first": 7.0}, {"2p tail-first": ("degenerate",)},
                                        "sensible", {"2p tail-first": {"degenerate": (0.2, 0.15, 0.26)}}))
    assert check.failures() == [] and check.outcome == PASS
    assert check.summary() == ("nest: 1 of 2 configurations pass; 1 of 2 fail as the original set does (a finding "
                               "about the game): 2p tail-first (degenerate)")
    assert check.shared_failures()[0].startswith("nest 2p tail-first: degenerate fails, as for the original set")
    # measured with another player, the original's failures say nothing about this check
    other = dataclasses.replace(check, player="greedy")
    assert other.failures() and other.exit_line() == "nest: 1 of 2 configurations fail: 2p tail-first (degenerate)"
    # significantly worse than the original (the difference beyond the root of the summed squared
    # half-widths, here 0.10 against 0.085, though the intervals overlap): its own failure
    worse = dataclasses.replace(check, verdicts=(passed, Verdict("2p tail-first", (degenerate(0.3, 0.24, 0.36),), 200)))
    assert worse.exit_line() == "nest: 1 of 2 configurations fail: 2p tail-first (degenerate)"
    assert worse.failures()[0].endswith("(the original set fails it too, 20% [15%-26%]: this set does significantly "
                                        "worse)")
    # a baseline that names the failure without its figures shows nothing of how bad it was: the set fails
    bare = dataclasses.replace(check, original=dataclasses.replace(check.original, figures={}))
    assert bare.failures()


def test_a_failure_where_the_original_set_is_undecided_between_the_margins_is_judged_against_it() -> None:
    """The original leaves 2-player `fair` undecided with a seat between the two margins (its
    baseline's `UNDECIDED`): a set failing it there is not failed for it unless significantly
    worse than the original, and the lines say which of the two it is."""
    from cardgen.check.baseline import Baseline
    from cardgen.check.metrics import Figures
    from cardgen.check.plan import ReportRow
    from cardgen.commands.checkrun import GameCheck

    def fair(share: float, low: float, high: float) -> Criterion:
        seats = [{"seat": 1, "share": 1 - share, "low": 1 - high, "high": 1 - low, "decision": "unfair"},
                 {"seat": 2, "share": share, "low": low, "high": high, "decision": "unfair"}]
        return Criterion("fair", FAIL, True, "seat 2 unfair", {"fair_share": 0.5, "seats": seats})

    row = ReportRow("2p", "sensible", "main", 2, {"variant": None}, Figures(1, 1))
    original = Baseline({"2p base": 9.0}, {}, "sensible", {"2p base": {"fair": (0.1, 0.05, 0.15)}},
                        {"2p base": ("fair",)})
    near = GameCheck("nest", "set.toml", "Nest", (), (), 400, 0, (row,), player="sensible",
                     verdicts=(Verdict("2p", (fair(0.64, 0.6, 0.68),), 400),), original=original)
    assert near.failures() == [] and near.outcome == PASS
    assert near.shared_failures() == [
        "nest 2p: fair fails, not significantly worse than the original set (the original set leaves it undecided "
        "between fine and failing, the farthest seat off the fair share by 10% [5%-15%]): seat 2 unfair"]
    far = dataclasses.replace(near, verdicts=(Verdict("2p", (fair(0.75, 0.7, 0.8),), 400),))
    assert far.exit_line() == "nest: 1 of 1 configurations fail: 2p (fair)"
    assert far.failures()[0].endswith("(the original set leaves it undecided between fine and failing, the farthest "
                                      "seat off the fair share by 10% [5%-15%]: this set does significantly worse)")
    # without the baseline's undecided criteria the same set fails
    plain = dataclasses.replace(near, original=dataclasses.replace(original, undecided={}))
    assert plain.exit_line() == "nest: 1 of 1 configurations fail: 2p (fair)"
