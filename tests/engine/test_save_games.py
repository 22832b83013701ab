"""`cardgen check --save-games DIR`: a record of each game a verdict points at, replayable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
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
    report = _check(tmp_path, "--set", str(mine), "--players", "2", "--games", "10")["schlangengrube"]
    folder = tmp_path / "saved" / "schlangengrube"
    (copy,) = folder.glob("mine-*.toml")  # named by its content
    assert copy.read_bytes() == mine.read_bytes()
    assert report["saved_games"]
    for path in map(Path, report["saved_games"]):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["set"] == copy.name
        out = _replay(path)
        assert out["legal"] and out["finished"]


def test_a_later_run_with_another_set_of_the_same_name_leaves_the_earlier_records_replaying(tmp_path: Path) -> None:
    """Each set copy is named by its content: the second run's copy is another file, and the
    records of the first still name (and replay with) the set they were played with."""
    mine = tmp_path / "mine.toml"
    standard = default_set_path("schlangengrube").read_text(encoding="utf-8")
    mine.write_text(standard, encoding="utf-8")
    _check(tmp_path, "--set", str(mine), "--players", "2", "--games", "10")
    (earlier,) = (tmp_path / "saved" / "schlangengrube").glob("mine-*.toml")
    before = earlier.read_bytes()
    mine.write_text(standard.replace("\n[rules]\n", "\n[rules]\nhand_size = 7\n"), encoding="utf-8")
    second = _check(tmp_path, "--set", str(mine), "--players", "2", "--games", "10")["schlangengrube"]
    assert earlier.read_bytes() == before
    assert len(list((tmp_path / "saved" / "schlangengrube").glob("mine-*.toml"))) == 2
    records = {json.loads(Path(p).read_text(encoding="utf-8"))["set"] for p in second["saved_games"]}
    assert records and earlier.name not in records
    for path in (tmp_path / "saved" / "schlangengrube").glob("*.json"):  # every record, of either run
        assert _replay(path)["legal"], path.name


def test_save_games_into_a_kit_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    """A build replaces its kit folder whole: records saved inside would be lost with it."""
    kit = tmp_path / "out" / "schlangengrube"
    kit.mkdir(parents=True)
    (kit / "manifest.json").write_text("{}", encoding="utf-8")
    for folder in (tmp_path / "out", kit):
        result = CliRunner().invoke(main, ["check", "schlangengrube", "--players", "2", "--games", "20", "--quiet",
                                           "--no-chart", "--save-games", str(folder)])
        assert result.exit_code == 1 and "--save-games" in result.stderr and "manifest.json" in result.stderr
        assert "Traceback" not in result.stderr and result.stdout == ""
    assert [p.name for p in kit.iterdir()] == ["manifest.json"]
