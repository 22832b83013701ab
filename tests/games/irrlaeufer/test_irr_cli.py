"""`cardgen check irrlaeufer` and `cardgen replay` of Irrläufer records through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine.players import make_player
from cardgen.engine.simulate import seat_rng
from cardgen.games.irrlaeufer.record import make_record
from cardgen.games.irrlaeufer.rules import new_game
from cardgen.sets import default_set_path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_proves_the_default_board_and_plays_it() -> None:
    code, out, err = _run("check", "irrlaeufer", "--games", "4", "--skill-games", "0", "--json", "--quiet")
    assert code == 0, err
    report = json.loads(out)["irrlaeufer"]
    assert report["complete"] is True
    texts = " ".join(f["text"] for f in report["findings"])
    assert "80 sticks fit on 21 rows" in texts and "fields 3, 5, 7, 9, 11, 13" in texts
    (row,) = report["configs"]
    assert row["ended"] == row["games"] == 4
    assert sum(row["endings"].values()) == 4  # every game names the rule that ended it


@pytest.mark.slow
def test_a_19_row_variant_is_written_on_a_decided_verdict(tmp_path: Path) -> None:
    """`variant irrlaeufer --rows 19` was refused as inconclusive on every run while a check
    played 40 games; with its 1,000-game ceiling the verdict decides, and the board is written
    (its one failure is the original's own: the stalemates)."""
    out = tmp_path / "r19.toml"
    code, _, err = _run("variant", "irrlaeufer", "--rows", "19", "--out", str(out), "--skill-games", "0", "--quiet")
    assert code == 0, err
    assert "rows = 19" in out.read_text(encoding="utf-8")
    code, report, err = _run("check", "irrlaeufer", "--set", str(out), "--json", "--quiet", "--no-chart",
                             "--no-recommend", "--skill-games", "0")
    (config,) = json.loads(report)["irrlaeufer"]["configs"]
    assert code == 0 and config["verdict"]["inconclusive"] == [], config["verdict"]


def test_check_fails_a_board_whose_sticks_do_not_fit(tmp_path: Path) -> None:
    text = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    path = tmp_path / "crowded.toml"
    path.write_text(text.replace("rows = 21", "rows = 17").replace("sticks = 80", "sticks = 150"),
                    encoding="utf-8")
    code, _, err = _run("check", "irrlaeufer", "--set", str(path), "--games", "2", "--quiet")
    assert code == 1
    assert "sticks" in err and err.count("\n") == 1 and "Traceback" not in err


def _record(tmp_path: Path, steps: int = 120) -> Path:
    state = new_game({"rows": 17})
    player, played = make_player("random"), []
    rngs = [seat_rng(3, 0), seat_rng(3, 1)]
    while len(played) < steps and not state.is_terminal():
        move = player.choose(state, rngs[state.current_player])
        played.append(move)
        state.apply(move)
    # only whole turns go into a record: stop at the end of a turn
    record = make_record(played, state.board)
    path = tmp_path / "irr.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_replay_of_a_played_game(tmp_path: Path) -> None:
    path = _record(tmp_path)
    code, out, err = _run("replay", str(path), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["legal"] is True and result["error"] is None
    assert result["applied"] == len(json.loads(path.read_text())["moves"])


def test_replay_refuses_a_stick_over_another(tmp_path: Path) -> None:
    record = {"game": "irrlaeufer", "options": {"rows": 21}, "moves": [
        {"player": "red", "stick": {"dir": "v", "line": 5, "start": 8}},
        {"player": "blue", "stick": {"dir": "h", "line": 9, "start": 5}},
    ]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = _run("replay", str(path), "--json")
    assert code == 1
    result = json.loads(out)
    assert result["applied"] == 1 and result["error"]["move"] == 1
    assert result["error"]["rule"] == "crosses-stick"
    assert "moves[1]" in err and err.count("\n") == 1
