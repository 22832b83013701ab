"""For every game, a seeded failing set (`tests/tune/<game>-failing.toml`): `cardgen check`
recommends a one-parameter change (one that fixes it, else one that improves it) that, applied,
passes; and `cardgen tune` from that set, with
a small budget, finds a set that passes `cardgen check`, the same for the same seed (slow).
"Passes" means as well as the game's original set: where the original is itself inconclusive
at the default ceiling, a set that fails nothing is the goal (`--allow-inconclusive`)."""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.registry import GAMES
from cardgen.sets import with_rules

FAILING = sorted((Path(__file__).parent / "tune").glob("*-failing.toml"))

pytestmark = pytest.mark.slow


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _check(path: Path) -> tuple[int, dict[str, Any], str]:
    code, out, err = _run("check", "--set", str(path), "--json", "--quiet", "--no-chart")
    return code, json.loads(out) if out.strip() else {}, err


def needs_optuna() -> None:
    """Skip a test of tune's search where Optuna (the `tune` extra) is not installed, as the
    play and cluster tests skip without theirs."""
    pytest.importorskip("optuna", reason="needs Optuna (pip install -e '.[tune]'): tune's search skipped")


def test_every_game_has_a_failing_set() -> None:
    assert sorted(p.name.removesuffix("-failing.toml") for p in FAILING) == sorted(GAMES.names)


@functools.cache
def _fix(path: Path) -> tuple[Any, dict[str, Any]]:
    """The game of the failing set at `path` and the recommended change that fixes the most of
    its failing configurations, else (none decided to fix one on the sweep's few games) that
    improves the most (its check is played once for both tests)."""
    code, report, err = _check(path)
    assert code == 1, f"{path.name} should fail its check: {err}"
    ((name, data),) = report.items()
    game = GAMES.get(name)
    tried = [r for recs in data["recommendations"].values() for r in recs]
    fixes = [r for r in tried if r["fixes"]] or [r for r in tried if r["improves"]]
    assert fixes, f"{path.name}: no recommended change fixes or improves it: {data['recommendations']}"
    every = data["fixes_all"]
    if every:
        return game, next(r for r in fixes if (r["parameter"], r["after"]) == (every[0]["parameter"], every[0]["after"]))
    # else the change that fixes the most failing configurations
    return game, max(fixes, key=lambda r: sum((f["parameter"], f["after"]) == (r["parameter"], r["after"])
                                               for f in fixes))


@pytest.mark.parametrize("path", FAILING, ids=lambda p: p.stem)
def test_a_recommended_change_applied_passes(path: Path, tmp_path: Path) -> None:
    game, fix = _fix(path)
    values = {**game.rule_values(game.load_set(path)), fix["parameter"]: fix["after"]}
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(with_rules(path.read_text(encoding="utf-8"), game.rule_params, values), encoding="utf-8")
    code, report, err = _check(fixed)
    assert code == 0, err
    # as good as the original set: a pass, or inconclusive where the original itself is at the
    # default ceiling
    assert RANK[report[game.name]["outcome"]] <= RANK[_original(game.name)], report[game.name]["summary"]


RANK = {"pass": 0, "inconclusive": 1, "fail": 2}


@functools.cache
def _original(name: str) -> str:
    """The outcome of the game's default check of its built-in set."""
    code, out, err = _run("check", name, "--json", "--quiet", "--no-chart", "--no-recommend")
    outcome: str = json.loads(out)[name]["outcome"]
    return outcome


def _vary(fix: dict[str, Any]) -> str:
    """The `--vary` of a search between the failing value and the recommended one."""
    return f"{fix['parameter']}={str(fix['before']).lower()},{str(fix['after']).lower()}"


@pytest.mark.parametrize("path", FAILING, ids=lambda p: p.stem)
def test_tune_from_a_failing_set_finds_one_that_passes_the_same_for_a_seed(path: Path, tmp_path: Path) -> None:
    needs_optuna()
    game, fix = _fix(path)
    undecided = ["--allow-inconclusive"] if _original(game.name) == "inconclusive" else []
    tables = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.toml"
        code, _, err = _run("tune", game.name, "--set", str(path), "--vary", _vary(fix), "--trials", "2",
                            "--seed", "2", "--quiet", "--no-booklets", *undecided, "--out", str(out))
        assert code == 0, err
        with (tmp_path / f"{name}.trials.csv").open(encoding="utf-8", newline="") as handle:
            tables.append([{k: v for k, v in r.items() if k != "seconds"} for r in csv.DictReader(handle)])
    assert tables[0] == tables[1]
    code, report, err = _check(tmp_path / "a.toml")
    assert code == 0 and RANK[report[game.name]["outcome"]] <= RANK[_original(game.name)], err
