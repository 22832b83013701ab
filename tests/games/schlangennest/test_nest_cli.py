"""`cardgen replay` and `cardgen check schlangennest` through click's CliRunner: a table of
(arguments, exit code, stderr fragment), including every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main

RECORDS = Path(__file__).resolve().parents[2] / "records"
STANDARD = Path(__file__).resolve().parents[3] / "templates/schlangennest/standard.toml"


def run(args: list[str]):
    return CliRunner().invoke(main, args)


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _variant_set(tmp_path: Path, old: str, new: str) -> str:
    text = STANDARD.read_text()
    assert old in text
    return _write(tmp_path, "set.toml", text.replace(old, new))


CASES = [
    # (name, args builder, exit code, stderr fragment)
    ("good record", lambda t: ["replay", str(RECORDS / "nest-2p-5x7-sensible-seed5.json")], 0, ""),
    ("illegal move", lambda t: ["replay", str(RECORDS / "nest-illegal-joins-snakes.json")], 1,
     "nest-illegal-joins-snakes.json: moves[2] (move 3): red curve at (0,1) rot 0: it would join the red and blue "
     "snakes [joins-snakes]"),
    ("missing file", lambda t: ["replay", str(t / "nope.json")], 1, "nope.json: no such file"),
    ("malformed JSON", lambda t: ["replay", _write(t, "bad.json", '{"game": ')], 1, "not valid JSON"),
    ("unknown top key", lambda t: ["replay", _write(t, "k.json", '{"game": "schlangennest", "options": {}, '
                                                   '"moves": [], "colour": 1}')], 1, "unknown key 'colour'"),
    ("unknown game", lambda t: ["replay", _write(t, "g.json", '{"game": "chess", "options": {}, "moves": []}')],
     1, "unknown game 'chess'"),
    ("bad players", lambda t: ["replay", _write(t, "p.json", '{"game": "schlangennest", "options": '
                                                '{"players": ["red", "pink"]}, "moves": []}')], 1,
     "'pink' is not a colour of the set"),
    ("bad move key", lambda t: ["replay", _write(t, "m.json", '{"game": "schlangennest", "options": '
                                                 '{"players": ["red", "blue"]}, "moves": [{"player": "red", '
                                                 '"card": "curve", "at": [0, 0], "spin": 1}]}')], 1,
     "moves[0] (move 1): unknown key 'spin'"),
    ("bad rotation", lambda t: ["replay", _write(t, "r.json", '{"game": "schlangennest", "options": '
                                                 '{"players": ["red", "blue"]}, "moves": [{"player": "red", '
                                                 '"card": "curve", "at": [0, 0], "rot": 45}]}')], 1,
     "'rot' must be 0, 90, 180 or 270"),
    ("wrong player", lambda t: ["replay", _write(t, "w.json", '{"game": "schlangennest", "options": '
                                                 '{"players": ["red", "blue"]}, "moves": [{"player": "blue", '
                                                 '"card": "curve", "at": [0, 0]}]}')], 1, "[wrong-player]"),
    ("check default", lambda t: ["check", "schlangennest", "--games", "3", "--quiet"], 0, ""),
    ("check unknown game", lambda t: ["check", "ludo"], 2, "unknown game 'ludo'"),  # a usage mistake
    ("check bad players", lambda t: ["check", "schlangennest", "--players", "two"], 2, "a list like 2,3,4"),
    ("card removed", lambda t: ["check", "schlangennest", "--quiet", "--games", "2", "--set",
                                _variant_set(t, "count = 7", "count = 6")], 1,
     "each colour has 6 straight card(s); the original has 7"),
    ("head card removed", lambda t: ["check", "schlangennest", "--quiet", "--set",
                                     _variant_set(t, '[[card]]\nid = "head"\ncount = 1\nparts = ["own:head@N", '
                                                     '"neutral:E-S"]', '')], 1,
     "every colour needs exactly one head card, this set gives 0"),
    ("part missing", lambda t: ["check", "schlangennest", "--quiet", "--games", "2", "--set",
                                _variant_set(t, 'parts = ["own:N-E", "neutral:S-W"]', 'parts = ["own:N-E"]')], 1,
     "card 'curve' has no neutral part"),
    ("extra cards are a variant", lambda t: ["check", "schlangennest", "--quiet", "--games", "2", "--players", "2",
                                             "--set", _variant_set(t, "count = 9", "count = 10")], 0, ""),
]


@pytest.mark.parametrize("name,args,code,fragment", CASES, ids=[c[0] for c in CASES])
def test_cli_table(tmp_path, name, args, code, fragment):
    result = run(args(tmp_path))
    assert result.exit_code == code, (result.output, result.stderr)
    assert fragment in result.stderr
    if code == 1:
        assert len(result.stderr.strip().splitlines()) == 1  # one line, never a traceback
        assert "Traceback" not in result.output + result.stderr


def test_replay_json_is_exactly_the_format():
    result = run(["replay", "--json", str(RECORDS / "nest-2p-5x7-sensible-seed5.json")])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"legal": True, "applied": 29, "error": None, "finished": True,
                                         "ending": "every snake is finished", "winners": ["red"],
                                         "scores": {"red": 21, "blue": 14}}
    result = run(["replay", "--json", str(RECORDS / "nest-illegal-joins-snakes.json")])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False and data["applied"] == 2 and data["error"]["rule"] == "joins-snakes"


def test_replay_text_has_one_line_per_move_and_the_final_state():
    result = run(["replay", str(RECORDS / "nest-2p-5x7-sensible-seed5.json")])
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 30
    assert lines[-1] == "finished after 29 moves: every snake is finished; red won; scores: red 21, blue 14"


def test_check_json_report():
    result = run(["check", "schlangennest", "--games", "4", "--players", "2", "--json", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["schlangennest"]
    assert report["complete"] is True
    labels = {row["config"] for row in report["configs"]}
    assert {"2p 6×6", "2p 5×7", "2p 4×8", "2p 5×7 frame", "2p 5×7 two-snakes"} <= labels
    for row in report["configs"]:
        assert row["ended"] == row["games"] == 4
        assert 0 <= row["first_wins"]["low"] <= row["first_wins"]["share"] <= row["first_wins"]["high"] <= 1
        assert set(row["per_game"]) == {"straight", "curve", "head", "tail", "turn", "swap", "pass"}


def test_check_is_the_same_on_one_or_two_cores():
    one = run(["check", "schlangennest", "--games", "6", "--players", "3", "--json", "--workers", "1"])
    two = run(["check", "schlangennest", "--games", "6", "--players", "3", "--json", "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)
