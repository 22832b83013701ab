"""`cardgen replay` and `cardgen check schlangengrube` through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine.simulate import simulate
from cardgen.games.schlangengrube.rules import new_game
from cardgen.sets import default_set_path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _played_record(tmp_path: Path, seed: int = 7) -> tuple[Path, list[float]]:
    states = []
    simulate(lambda: new_game({"players": 3}, None, seed), "random", seed, at_end=states.append)
    state = states[0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path, list(state.scores())


def test_replay_of_a_played_game_gives_its_scores(tmp_path: Path) -> None:
    path, scores = _played_record(tmp_path)
    code, out, err = _run("replay", str(path), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["legal"] is True and result["error"] is None and result["finished"] is True
    assert result["applied"] == len(json.loads(path.read_text())["moves"])
    assert sorted(result["scores"].values()) == sorted(scores)


def test_replay_refuses_an_edge_mismatch_with_its_rule(tmp_path: Path) -> None:
    path, _ = _played_record(tmp_path)
    record = json.loads(path.read_text())
    # A crossing has a port on every edge; beside the start tile some turn of one of them
    # must meet a blank or a wrong colour there.
    bad = None
    for tile in ("X-RG", "X-YP"):
        for rot in (0, 90):
            if bad is None and tile != record["moves"][0]["start"]["tile"]:
                candidate = {"player": 0, "place": [{"tile": tile, "at": [1, 0], "rot": rot, "flip": False}]}
                record["moves"] = [record["moves"][0], candidate]
                path.write_text(json.dumps(record), encoding="utf-8")
                code, out, err = _run("replay", str(path), "--json")
                if code == 1:
                    bad = json.loads(out)
    assert bad is not None
    assert bad["legal"] is False and bad["applied"] == 1
    assert bad["error"]["move"] == 1 and bad["error"]["rule"] == "edge-mismatch"
    assert err.count("\n") == 1 and "moves[1]" in err and str(path) in err


def test_check_passes_the_default_set() -> None:
    code, out, err = _run("check", "schlangengrube", "--games", "10", "--json", "--quiet")
    assert code == 0, err
    report = json.loads(out)["schlangengrube"]
    assert report["complete"] is True
    assert {row["config"] for row in report["configs"]} >= {"2p", "3p", "4p", "2p secret-colour",
                                                            "4p double-markers"}
    assert all(row["ended"] == row["games"] == 10 for row in report["configs"])


def test_check_fails_a_set_with_unequal_heads_and_tails(tmp_path: Path) -> None:
    text = default_set_path("schlangengrube").read_text(encoding="utf-8")
    # Turn one green tail into a head: green then has 7 heads and 5 tails.
    assert '"green:tail@S"' in text
    path = tmp_path / "unequal.toml"
    path.write_text(text.replace('"green:tail@S"', '"green:head@S"', 1), encoding="utf-8")
    code, _, err = _run("check", "schlangengrube", "--set", str(path), "--games", "5", "--quiet")
    assert code == 1
    assert "green" in err and "heads" in err and "tails" in err
    assert err.count("\n") == 1 and "Traceback" not in err
