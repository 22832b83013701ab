"""Irrläufer findings of a rules audit, through `cardgen replay` on the records in tests/records/:
a set's `slide_budget` of 4-6 is written and read in records (a slide's `by` up to the budget),
also in the records `check --save-games` writes; and a castle moving past a piece is refused
`castle-passes-piece` one field past it and `jumps` farther, as docs/rulings.md's table says."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main

RECORDS = Path(__file__).resolve().parents[2] / "records"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


def _copy(tmp_path: Path, name: str, edit: object = None) -> Path:
    """A copy of a record of tests/records/ (and its set file) in `tmp_path`, edited by `edit`."""
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    if "set" in record:
        (tmp_path / record["set"]).write_text((RECORDS / record["set"]).read_text(encoding="utf-8"),
                                              encoding="utf-8")
    if callable(edit):
        edit(record)
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_slide_budget_of_5_lets_one_stick_slide_5_fields_in_a_record() -> None:
    """Red slides one stick the whole budget, blue 4 + 1, red 3 + 2, blue one stick by 5 in the
    engine's single-step form: every turn of the set's rules is written and replayed."""
    code, out, err = run("replay", str(RECORDS / "irr-slide-budget-5.json"))
    assert code == 0 and err == "", err
    assert "red: slide v7@2 by +5, move (7, 1) to (7, 8)" in out
    assert "blue: slide v7@7 by +4, slide h8@3 by -1, no move" in out
    assert "blue: slide v12@5 by +5" in out
    assert out.splitlines()[-1] == "not finished after 9 moves (red to move); scores: red 2, blue 2"


def test_by_beyond_the_sets_budget_is_malformed_naming_the_budget(tmp_path: Path) -> None:
    def six(record: dict) -> None:
        record["moves"][4]["slide"][0]["by"] = 6

    path = _copy(tmp_path, "irr-slide-budget-5.json", six)
    code, out, err = run("replay", str(path))
    assert (code, out) == (1, "")
    assert err == (f"cardgen: {path}: moves[4] (move 5): 'by' must be -5..-1 or 1..5 (the set's slide_budget "
                   "is 5), got 6\n")


def test_without_the_set_the_original_budget_of_3_reads_the_record(tmp_path: Path) -> None:
    """The same record without its set plays by the original's rules: a slide of 5 is malformed."""
    path = _copy(tmp_path, "irr-slide-budget-5.json", lambda r: r.pop("set"))
    code, out, err = run("replay", "--json", str(path))
    assert (code, out) == (1, "")
    assert err == f"cardgen: {path}: moves[4] (move 5): 'by' must be -3..-1 or 1..3, got 5\n"


def test_the_records_check_saves_under_slide_budget_5_replay(tmp_path: Path) -> None:
    """`check --save-games` on a set with `slide_budget = 5` writes records whose slides go
    beyond 3 fields; every one replays legal."""
    board = tmp_path / "fast.toml"
    board.write_text('game = "irrlaeufer"\nname = "slide five"\nrows = 17\nsticks = 12\n\n'
                     '[rules]\nslide_budget = 5\n', encoding="utf-8")
    code, _, err = run("check", "irrlaeufer", "--set", str(board), "--games", "4", "--no-chart",
                       "--no-recommend", "--quiet", "--save-games", str(tmp_path / "saved"))
    assert code in (0, 1), err  # the verdict does not matter here, only the records
    saved = sorted((tmp_path / "saved" / "irrlaeufer").glob("*.json"))
    assert saved
    longest = 0
    for path in saved:
        record = json.loads(path.read_text(encoding="utf-8"))
        longest = max([longest] + [abs(s["by"]) for m in record["moves"] for s in m.get("slide", [])]
                      + [abs(m["by"]) for m in record["moves"] if "by" in m])
        code, out, err = run("replay", "--json", str(path))
        assert code == 0 and err == "", (path.name, err)
        assert json.loads(out)["legal"] is True
    assert longest > 3  # the records do use the set's longer slides


def test_a_castle_one_field_past_a_piece_is_castle_passes_piece_farther_jumps() -> None:
    """The two records differ only in the castle's last move: to (1, 10), one field past the
    step whose 2×2 reached blue's piece on (2, 10), and to (1, 11), past it altogether."""
    for name, to, rule, reason in [
            ("irr-castle-passes-piece.json", "(1, 10)", "castle-passes-piece",
             "the castle reaches the piece on (2, 10) at (1, 9), one field before (1, 10): it stops there"),
            ("irr-castle-jumps-piece.json", "(1, 11)", "jumps", "the way passes (2, 10), which is not empty")]:
        code, out, err = run("replay", "--json", str(RECORDS / name))
        result = json.loads(out)
        assert code == 1 and result["applied"] == 6 and result["error"]["rule"] == rule, (name, out)
        assert result["error"]["message"].endswith(f"move (1, 2) to {to}: {reason}"), result["error"]


def test_the_rule_table_tells_the_two_castle_refusals_apart() -> None:
    table = (Path(__file__).resolve().parents[3] / "docs" / "rulings.md").read_text(encoding="utf-8")
    row = next(line for line in table.splitlines() if line.startswith("| `castle-passes-piece` |"))
    assert "one field past" in row and "farther is `jumps`" in row
    row = next(line for line in table.splitlines() if line.startswith("| `jumps` |"))
    assert "two or more fields past" in row


def test_under_own_colour_capture_a_castle_stops_at_an_own_piece_too(tmp_path: Path) -> None:
    """The table's "(with `capture_own`: any piece)": red walks its own piece into the lane of its
    castle; under the set's own-colour capture the castle going one field past it is
    `castle-passes-piece`; without the set, an own piece under the chip is `own-piece`."""
    code, out, err = run("replay", "--json", str(RECORDS / "irr-castle-passes-own-piece.json"))
    result = json.loads(out)
    assert code == 1 and result["applied"] == 6 and result["error"]["rule"] == "castle-passes-piece", out
    path = _copy(tmp_path, "irr-castle-passes-own-piece.json", lambda r: r.pop("set"))
    code, out, err = run("replay", "--json", str(path))
    result = json.loads(out)
    assert code == 1 and result["applied"] == 6 and result["error"]["rule"] == "own-piece", out
