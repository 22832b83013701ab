"""The verdict of a configuration: each criterion on hand-made report rows, the thresholds of a
set's [check] table, and deliberately bad but complete sets refused or flagged for the right
reason while the default sets pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine.stats import wilson
from cardgen.engine.verdict import Thresholds, thresholds_of, verdict
from cardgen.errors import DataError
from cardgen.sets import default_set_path


def _row(games: int = 100, ended: int = 100, draws: int = 0, shares: tuple[float, ...] = (0.5, 0.5),
         mean: float = 30.0, kinds: dict[str, int] | None = None) -> dict:
    return {"config": "2p", "games": games, "ended": ended, "draws": draws, "win_shares": list(shares),
            "duration": {"mean": mean}, "kinds": kinds if kinds is not None else {"a": 3, "b": 1}}


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_sound_configuration_passes_every_criterion() -> None:
    v = verdict(_row(), {"games": 40, "share": 0.8, "low": 0.65, "high": 0.9, "fair": 0.5}, [], Thresholds())
    assert v.passed and not v.findings()
    assert {c.name: c.ok for c in v.criteria} == {"ends": True, "decisive": True, "fair": True, "skill": True,
                                                  "kinds": True, "length": True}


@pytest.mark.parametrize(("row", "failed"), [
    (_row(ended=97), "ends"),                                  # 97% < 99%
    (_row(draws=60, shares=(0.2, 0.2)), "decisive"),            # 60% draws, interval above 25%
    (_row(shares=(0.8, 0.2)), "fair"),                          # first seat [71%-87%] vs 50% ± 15%
])
def test_each_hard_criterion_fails_alone(row: dict, failed: str) -> None:
    v = verdict(row, None, [], Thresholds())
    assert [c.name for c in v.failures()] == [failed] and not v.passed


def test_few_games_do_not_fail_by_chance() -> None:
    # 2 draws of 6 is 33%, but the interval [10%-70%] reaches the 25% limit: no failure yet
    assert verdict(_row(games=6, ended=6, draws=2, shares=(0.33, 0.33)), None, [], Thresholds()).passed


def test_soft_criteria_are_findings() -> None:
    v = verdict(_row(mean=9000, kinds={"a": 5, "b": 0}),
                {"games": 40, "share": 0.5, "low": 0.35, "high": 0.65, "fair": 0.5}, [], Thresholds())
    assert v.passed and [c.name for c in v.findings()] == ["skill", "kinds", "length"]
    assert "never played: b" in v.to_json()["criteria"]["kinds"]["text"]


def test_check_table_overrides_thresholds_and_bad_keys_are_placed(tmp_path: Path) -> None:
    text = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    good = tmp_path / "lenient.toml"
    good.write_text(text + "\n[check]\ndraws = 1.0\nlength_max = 99999\n", encoding="utf-8")
    limits = thresholds_of(good)
    assert limits.draws == 1.0 and limits.length_max == 99999 and limits.ends == Thresholds().ends
    # random players only draw: refused by default, accepted with the lenient table
    args = ("check", "irrlaeufer", "--games", "2", "--skill-games", "0", "--player", "random", "--quiet",
            "--no-chart", "--json")
    code, out, _ = _run(*args, "--set", str(good))
    assert code == 0
    report = json.loads(out)["irrlaeufer"]
    assert report["thresholds"]["draws"] == 1.0 and report["configs"][0]["verdict"]["passed"] is True
    bad = tmp_path / "bad.toml"
    bad.write_text(text + "\n[check]\ndraws = 2\n", encoding="utf-8")
    with pytest.raises(DataError, match="draws.*share"):
        thresholds_of(bad)
    typo = tmp_path / "typo.toml"
    typo.write_text(text + "\n[check]\ndraw = 0.5\n", encoding="utf-8")
    code, _, err = _run(*args, "--set", str(typo))
    lines = len(text.splitlines()) + 3
    assert code == 1 and err.startswith(f"cardgen: {typo}:{lines}: [check] key 'draw': unknown")


def _area_set(tmp_path: Path, area: str) -> Path:
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    path = tmp_path / "area.toml"
    path.write_text(text.replace("2 = [[6, 6], [5, 7], [4, 8]]", f"2 = [{area}]"), encoding="utf-8")
    return path


@pytest.mark.parametrize(("area", "config", "criterion", "text"), [
    ("[2, 2]", "2p 2×2", "decisive", "draws"),                  # hardly room for a snake: draws
    ("[1, 9]", "2p 1×9 tail-first", "fair", "seat 1 wins 78%"),  # one row hands the first seat the game
])
def test_bad_schlangennest_areas_fail_for_the_right_reason(tmp_path: Path, area: str, config: str,
                                                           criterion: str, text: str) -> None:
    code, out, err = _run("check", "schlangennest", "--set", str(_area_set(tmp_path, area)), "--players", "2",
                          "--games", "40", "--skill-games", "0", "--quiet", "--no-chart", "--json")
    assert code == 1 and err.startswith("cardgen: check: schlangennest ")
    verdicts = {r["config"]: r["verdict"] for r in json.loads(out)["schlangennest"]["configs"]}
    assert criterion in verdicts[config]["failed"]
    assert text in verdicts[config]["criteria"][criterion]["text"]


@pytest.mark.parametrize(("game", "options", "reason"), [
    ("schlangennest", ["--straights", "1", "--curves", "1"], "decisive fails"),  # snakes hardly finish
    ("schlangengrube", ["--heads", "1"], "decisive fails"),     # one head per colour: few snakes close
    ("schlangengrube", ["--tiles", "12"], "decisive fails"),    # too few tiles to finish a snake
    ("schlangengrube", ["--colours", "3", "--tiles", "9"], "decisive fails"),
])
def test_bad_variants_are_refused_with_the_failing_criterion(tmp_path: Path, game: str, options: list[str],
                                                             reason: str) -> None:
    out = tmp_path / "bad.toml"
    code, _, err = _run("variant", game, *options, "--out", str(out), "--games", "20", "--quiet")
    assert code == 1 and not out.exists()
    (line,) = err.strip().splitlines()
    assert line.startswith(f"cardgen: {out}: refused: {game} ") and reason in line


@pytest.mark.parametrize("game", ["schlangennest", "schlangengrube"])
def test_default_card_game_sets_pass(game: str) -> None:
    code, out, err = _run("check", game, "--games", "20", "--skill-games", "0", "--players", "2",
                          "--quiet", "--no-chart", "--json")
    assert code == 0, err
    assert all(r["verdict"]["passed"] for r in json.loads(out)[game]["configs"])


@pytest.mark.parametrize(("rows", "sticks"), [(17, 90), (19, 100), (21, 110)])
def test_irrlaeufer_mazes_that_wall_in_the_castles_are_refused(tmp_path: Path, rows: int, sticks: int) -> None:
    # so many sticks that the castle players never reach a castle: every game is the 100-round draw
    out = tmp_path / "maze.toml"
    code, _, err = _run("variant", "irrlaeufer", "--rows", str(rows), "--sticks", str(sticks), "--out", str(out),
                        "--games", "3", "--quiet")
    assert code == 1 and not out.exists()
    assert f"refused: irrlaeufer 2p 15x{rows}, {sticks} sticks: decisive fails: 100% draws" in err


@pytest.mark.slow
def test_default_irrlaeufer_board_passes_and_ends_by_conquest() -> None:
    # every game of the default check between the report's players (castle against castle, and
    # castle against sensible in both seat orders): at least 60% end by a conquest, and the 95%
    # interval of that share lies above one half, so the share is no lucky few games
    code, out, err = _run("check", "irrlaeufer", "--quiet", "--no-chart", "--json")
    assert code == 0, err
    report = json.loads(out)["irrlaeufer"]
    (config,) = report["configs"]
    assert config["verdict"]["passed"]
    rows = [config, *report["skill"]["lines"]]
    games = sum(r["games"] for r in rows)
    conquests = sum(r["endings"].get("all-castles", 0) for r in rows)
    assert games >= 30
    assert conquests >= 0.6 * games and wilson(conquests, games)[0] > 0.5, f"{conquests} of {games}"
