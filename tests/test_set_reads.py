"""The set is a value (#39): a command reads each set file once, where it starts, and hands the
parsed set down (to the games' new_state, to the check's worker tasks, to a state's round trip)
instead of its path. The reads are counted at `cardgen.sets.read_toml`, through which every set
file is read."""

from __future__ import annotations

import collections
import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest
from badsets.sets import head_tail_pit
from click.testing import CliRunner

import cardgen.sets
from cardgen.cli import main
from cardgen.registry import GAMES

FAST = ["--games", "4", "--skill-games", "0", "--workers", "1", "--quiet"]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """How often each set file was read (by its resolved path): parsed (`read_toml`) or read
    as plain text (`Path.read_text` of a .toml file) besides."""
    counted: collections.Counter[str] = collections.Counter()
    read, read_text = cardgen.sets.read_toml, Path.read_text

    def counting(path: Path) -> Any:
        counted[str(Path(path).resolve())] += 1
        return read(path)

    def counting_text(self: Path, *args: Any, **kwargs: Any) -> str:
        if self.suffix == ".toml" and self.name != "printer.toml":  # the printer's settings are no set
            counted[str(self.resolve())] += 1
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(cardgen.sets, "read_toml", counting)
    monkeypatch.setattr(Path, "read_text", counting_text)
    return counted


def _run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output


def _default(game: str) -> str:
    return str(GAMES.get(game).default_set_path().resolve())


def test_build_reads_its_set_once(reads: collections.Counter[str], tmp_path: Path) -> None:
    _run("build", "schlangennest", "--only", "cards", "--format", "svg", "--layout", "single", "--quiet",
         "--out", str(tmp_path / "kit"))
    assert dict(reads) == {_default("schlangennest"): 1}


def test_build_of_a_set_file_without_its_game_named_reads_it_once(reads: collections.Counter[str],
                                                                   tmp_path: Path) -> None:
    own = tmp_path / "pit.toml"
    shutil.copy(_default("schlangengrube"), own)
    _run("build", "--set", str(own), "--only", "tiles", "--format", "svg", "--layout", "single", "--quiet",
         "--out", str(tmp_path / "kit"))
    assert dict(reads) == {str(own.resolve()): 1}


def test_check_of_every_game_reads_each_set_once(reads: collections.Counter[str], tmp_path: Path) -> None:
    _run("check", *FAST, "--no-chart", "--no-recommend", "--json")
    assert dict(reads) == {_default(game.name): 1 for game in GAMES}


def test_check_of_a_set_file_reads_it_once(reads: collections.Counter[str], tmp_path: Path) -> None:
    own = tmp_path / "pit.toml"
    shutil.copy(_default("schlangengrube"), own)
    _run("check", "--set", str(own), *FAST, "--no-chart", "--no-recommend", "--json")
    assert reads[str(own.resolve())] == 1
    assert reads[_default("schlangengrube")] <= 1  # the original, to compare with


def test_check_of_a_failing_set_and_its_recommendations_read_it_once(reads: collections.Counter[str],
                                                                      tmp_path: Path) -> None:
    """A set that fails (a pit of its twelve head-tail tiles alone: the first seat wins most 2-player
    games) is read once though the recommendations change its rules and play the changes."""
    import json

    own = tmp_path / "head-tail.toml"
    own.write_text(head_tail_pit(), encoding="utf-8")
    reads.clear()
    result = CliRunner().invoke(main, ["check", "--set", str(own), "--players", "2", "--games", "50", "--skill-games",
                                       "0", "--workers", "1", "--quiet", "--no-chart", "--json"])
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["schlangengrube"]["recommendations"]  # the changes were tried
    assert reads[str(own.resolve())] == 1


def test_variant_reads_the_set_it_writes_once(reads: collections.Counter[str], tmp_path: Path) -> None:
    _run("variant", "schlangengrube", "--out", str(tmp_path / "v.toml"), *FAST, "--force")
    written = [path for path in reads if path != _default("schlangengrube")]
    assert len(written) == 1 and reads[written[0]] == 1  # the set checked before it is renamed
    assert reads[_default("schlangengrube")] <= 1


def test_tune_reads_its_base_set_once(reads: collections.Counter[str], tmp_path: Path) -> None:
    pytest.importorskip("optuna")
    own = tmp_path / "pit.toml"
    shutil.copy(_default("schlangengrube"), own)
    result = CliRunner().invoke(main, ["tune", "schlangengrube", "--set", str(own), "--out", str(tmp_path / "t.toml"),
                                       "--trials", "2", "--vary", "hand_size=4..5", *FAST, "--no-booklets"])
    assert result.exit_code in (0, 1), result.output  # whether a trial passes does not matter here
    assert reads[str(own.resolve())] == 1
    assert reads[_default("schlangengrube")] == 1  # the original, to compare every trial with
    trials = [path for path in reads if "trial-" in path]
    assert len(trials) == 2 and all(reads[path] == 1 for path in trials)


def test_match_reads_its_set_once(reads: collections.Counter[str]) -> None:
    _run("match", "schlangengrube", "--ladder", "--games", "2", "--workers", "1", "--quiet")
    assert dict(reads) == {_default("schlangengrube"): 1}


@pytest.mark.parametrize("own", [False, True], ids=["default", "--set"])
def test_play_reads_its_set_once(own: bool, reads: collections.Counter[str], monkeypatch: pytest.MonkeyPatch,
                                 tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    import cardgen.commands.play.server as server

    path = Path(_default("schlangennest"))
    if own:
        path = tmp_path / "nest.toml"
        shutil.copy(_default("schlangennest"), path)
    served: list[Any] = []
    monkeypatch.setattr(server, "serve", lambda session, *args: served.append(session))
    _run("play", "schlangennest", "--no-open", *(["--set", str(path)] if own else []))
    assert len(served) == 1 and served[0].state is not None
    served[0].position(0)  # the opening made again (as undo does): from the set value
    assert dict(reads) == {str(path.resolve()): 1}


def test_replay_and_play_of_a_record_read_its_set_once(reads: collections.Counter[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    import cardgen.commands.play.server as server

    record = Path(__file__).resolve().parents[1] / "examples" / "pit-base-2p.json"
    _run("replay", str(record))
    assert dict(reads) == {_default("schlangengrube"): 1}
    reads.clear()
    monkeypatch.setattr(server, "serve", lambda session, *args: None)
    _run("play", "--no-open", "--replay", str(record))
    assert dict(reads) == {_default("schlangengrube"): 1}


@pytest.mark.parametrize("game", GAMES.names)
def test_the_workers_receive_the_set_not_its_path(game: str) -> None:
    chosen = GAMES.get(game)
    game_set = chosen.load_set()
    lines = chosen.check_lines(game_set, chosen.default_players(game_set), 2, chosen.ladder().report, 0)
    tasks = [task for line in lines for task in line.tasks(0)]
    assert tasks and all(task.game_set is game_set for task in tasks)
    assert pickle.loads(pickle.dumps(game_set)) == game_set  # frozen, picklable: sent to a worker whole
