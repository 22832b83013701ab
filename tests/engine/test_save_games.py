"""`cardgen check --save-games DIR`: a record of each game a verdict points at, replayable."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.sets import default_set_path


def _check(tmp_path: Path, *args: str) -> dict:
    result = CliRunner().invoke(main, ["check", *args, "--skill-games", "0", "--no-chart", "--quiet", "--json",
                                       "--save-games", str(tmp_path / "saved")])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def _replay(path: Path) -> dict:
    result = CliRunner().invoke(main, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_shortest_game_and_each_degenerate_kind_are_saved_and_replay_to_their_end(tmp_path: Path) -> None:
    report = _check(tmp_path, "schlangennest", "--players", "2", "--games", "50")["schlangennest"]
    saved = [Path(p) for p in report["saved_games"]]
    assert saved and all(p.parent == tmp_path / "saved" / "schlangennest" for p in saved)
    assert sorted(p.name for p in (tmp_path / "saved" / "schlangennest").iterdir()) == sorted(p.name for p in saved)
    configs = {c["config"] for c in report["configs"]}
    for config in configs:  # every main configuration has its shortest game saved
        assert any(p.name.startswith(config.replace(" ", "-").replace("×", "-").lower()) for p in saved), config
    for path in saved:
        out = _replay(path)
        assert out["legal"] and out["finished"], (path.name, out)
        if "-dead-seat-" in path.name or "-deadlock-" in path.name or "-stalemate-" in path.name:
            assert out["ending"], path.name


def test_a_set_file_of_ones_own_is_copied_beside_the_records(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(default_set_path("schlangengrube").read_text(encoding="utf-8"), encoding="utf-8")
    report = _check(tmp_path, "--set", str(mine), "--players", "2", "--games", "50")["schlangengrube"]
    folder = tmp_path / "saved" / "schlangengrube"
    assert (folder / "mine.toml").read_bytes() == mine.read_bytes()
    for path in map(Path, report["saved_games"]):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["set"] == "mine.toml"
        out = _replay(path)
        assert out["legal"] and out["finished"]
