"""`cardgen tune` loses nothing and reads every valid set: an `--out` that would replace its own
`--set` is refused before any trial, and a set whose rules are written in any valid TOML way
(or in the older top-level spelling) is searched, not refused trial after trial."""

from __future__ import annotations

import csv
import os
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.registry import GAMES

QUICK = ("--vary", "double_markers=1..1", "--trials", "1", "--games", "4", "--players", "2", "--skill-games", "0",
         "--workers", "1", "--no-booklets", "--quiet", "--allow-inconclusive")


def _tune(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["tune", "schlangengrube", *args])
    return result.exit_code, result.stderr


def _standard() -> str:
    return GAMES.get("schlangengrube").default_set_path().read_text(encoding="utf-8")


def _mine(folder: Path) -> Path:
    path = folder / "mine.toml"
    path.write_text(_standard().replace("[[tile]]", "# my own tiles, by hand\n[[tile]]", 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("out", ["mine.toml", "./mine.toml", "link.toml", "hard.toml", "sub/../mine.toml"])
def test_an_out_naming_its_own_set_is_refused_before_any_trial(tmp_path: Path, out: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _mine(tmp_path)
    before = mine.read_bytes()
    (tmp_path / "link.toml").symlink_to(mine)
    os.link(mine, tmp_path / "hard.toml")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    code, err = _tune("--set", str(mine), "--out", out, *QUICK)
    assert code == 2 and "--set" in err and "name another --out" in err, err
    assert mine.read_bytes() == before
    assert not list(tmp_path.glob("*.trials.*"))  # not one trial played


def test_an_out_whose_trials_table_or_booklets_would_replace_the_set_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = tmp_path / "pit.trials.csv"
    table.write_text(_standard(), encoding="utf-8")
    code, err = _tune("--set", str(table), "--out", "pit.toml", *QUICK)
    assert code == 2 and "pit.trials.csv" in err
    inside = tmp_path / "pit.booklets" / "schlangengrube" / "mine.toml"
    inside.parent.mkdir(parents=True)
    inside.write_text(_standard(), encoding="utf-8")
    code, err = _tune("--set", str(inside), "--out", "pit.toml", *QUICK)
    assert code == 2 and "pit.booklets" in err
    assert inside.read_text(encoding="utf-8") == _standard() and table.read_text(encoding="utf-8") == _standard()


RULES = '[rules]\ndouble_markers = 2   # "2x" markers (the English original had 4)'

SPELLINGS = {
    "spaced header": lambda text: text.replace("[rules]", "[ rules ]"),
    "dotted keys": lambda text: text.replace(RULES, "").replace(
        "head_markers = 4", "head_markers = 4\nrules.double_markers = 2\nrules.hand_size = 6"),
    "inline table": lambda text: text.replace(RULES, "").replace(
        "head_markers = 4", "head_markers = 4\nrules = {double_markers = 2, hand_size = 6}"),
    "older top-level key": lambda text: text.replace(RULES, "").replace(
        "head_markers = 4", "head_markers = 4\ndouble_markers = 2"),
}


@pytest.mark.parametrize("spelling", [
    pytest.param(name, marks=pytest.mark.slow) if name in ("spaced header", "inline table") else name
    for name in SPELLINGS])
def test_rules_written_any_valid_way_are_searched(tmp_path: Path, spelling: str) -> None:
    text = SPELLINGS[spelling](_standard())
    assert text != _standard() and "double_markers" in text
    path = tmp_path / "spelt.toml"
    path.write_text(text, encoding="utf-8")
    GAMES.get("schlangengrube").load_set(path)  # a valid set as written
    out = tmp_path / "out.toml"
    code, err = _tune("--set", str(path), "--out", str(out), *QUICK)
    assert code in (0, 1), err
    with (tmp_path / "out.trials.csv").open(encoding="utf-8", newline="") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["outcome"] != "not played" and "given twice" not in row["note"], row
    data = tomllib.loads(out.read_text(encoding="utf-8"))  # the chosen set: its rules once, as data
    assert data["rules"]["double_markers"] == 1 and "double_markers" not in data
    if "hand_size" in text:
        assert data["rules"]["hand_size"] == 6
