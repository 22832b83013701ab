"""Faults of the file system and hostile inputs at the command line: each ends in one line
naming the file and the reason, exit 1, no traceback, nothing half-written and nothing read
from outside a record's folder."""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.sets import default_set_path

ROOT = Path(__file__).resolve().parent.parent
CARDGEN = [sys.executable, "-m", "cardgen"]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stderr


def _one_line(code: int, err: str, *needles: str) -> str:
    assert code == 1, err
    assert err.startswith("cardgen: ") and len(err.splitlines()) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err
    return err


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


# ---- inputs that are not small regular files -------------------------------------------------


def _loop(path: Path) -> Path:
    path.symlink_to(path)
    return path


def _big_set(path: Path) -> Path:
    # 4,000 tiles (within the pre-scan's 20,000 keys): refused by the tile bound before any slow check.
    body = '[[tile]]\nparts = ["red:N-S", "green:E-W"]\n' * 4_000
    path.write_text('game = "schlangengrube"\nname = "big"\ncolours = ["red", "green"]\n' + body)
    return path


@pytest.mark.parametrize(("make", "needle"), [
    (lambda d: Path("/dev/zero"), "a device, not a regular file"),
    (lambda d: Path("/dev/urandom"), "a device, not a regular file"),
    (lambda d: d, "a folder, not a regular file"),
    (lambda d: _loop(d / "loop.toml"), "cannot be read"),
    (lambda d: (d / "big.toml").write_bytes(b"#" * (50 << 20)) and d / "big.toml", "the limit is 1,048,576 bytes"),
    (lambda d: _big_set(d / "tiles.toml"), "a set has at most 400 tiles"),
], ids=["dev-zero", "dev-urandom", "folder", "symlink-loop", "50MB", "4000-tiles"])
def test_a_set_or_record_that_is_no_small_regular_file_is_refused(make: Any, needle: str, tmp_path: Path) -> None:
    path = make(tmp_path)
    if not path.exists() and not path.is_symlink():
        pytest.skip("no such device here")
    commands = [["check", "schlangengrube", "--set", str(path), "--games", "1", "--no-chart"],
                ["build", "--set", str(path), "--quiet"]]
    if "tiles" not in needle:
        commands.append(["replay", str(path)])
    for command in commands:
        code, err = _run(*command)
        if path.is_dir() and command[0] != "build":  # click's own check of the path: a usage error
            assert code == 2 and "is a directory" in err and "Traceback" not in err
        else:
            _one_line(code, err, needle)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_set_or_record_is_refused_at_once(tmp_path: Path) -> None:
    # A real process with a timeout: a read that waited for a writer would hang here.
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for args in (["replay", str(fifo)], ["build", "--set", str(fifo), "--quiet"],
                 ["build", "schlangennest", "--colour", "cmyk", "--icc", str(fifo), "--quiet"]):
        done = subprocess.run(CARDGEN + args, capture_output=True, text=True, timeout=600, cwd=tmp_path)
        _one_line(done.returncode, done.stderr, "a pipe (FIFO), not a regular file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]  # refused before any work


def test_an_icc_profile_that_is_a_device_is_refused() -> None:
    _one_line(*_run("build", "schlangennest", "--colour", "cmyk", "--icc", "/dev/zero", "--quiet"),
              "/dev/zero: is a device, not a regular file")


# ---- accepted before, though wrong -----------------------------------------------------------


def _record(tmp_path: Path, **changes: Any) -> str:
    data = json.loads((ROOT / "examples" / "nest-base-2p.json").read_text())
    data.update(changes)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_duplicate_json_keys_and_null_options_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "dup.json"
    path.write_text('{"game": "schlangennest", "game": "irrlaeufer", "options": {}, "moves": []}')
    _one_line(*_run("replay", str(path)), "key 'game' appears twice")
    _one_line(*_run("replay", _record(tmp_path, options=None)), "options: must be a JSON object")


@pytest.mark.parametrize("cell", [[10**18, 0], [0, -(10**18)], [-20_000, 3]])
def test_coordinates_far_outside_any_board_are_refused(cell: list[int], tmp_path: Path) -> None:
    moves = [{"player": "red", "card": "straight", "at": cell, "rot": 0}]
    _one_line(*_run("replay", _record(tmp_path, moves=moves)), "moves[0]")
    pit = {"game": "schlangengrube", "options": {"players": 2},
           "moves": [{"start": {"tile": "X", "at": cell, "rot": 0, "flip": False}}]}
    (tmp_path / "p.json").write_text(json.dumps(pit))
    _one_line(*_run("replay", str(tmp_path / "p.json")), "moves[0]")


def test_irrlaeufer_fields_far_off_the_board_are_refused(tmp_path: Path) -> None:
    record = {"game": "irrlaeufer", "options": {"rows": 21},
              "moves": [{"player": "red", "stick": {"dir": "v", "line": -(10**12), "start": 1}}]}
    (tmp_path / "i.json").write_text(json.dumps(record))
    _one_line(*_run("replay", str(tmp_path / "i.json")), "moves[0]")


@pytest.mark.parametrize(("area", "needle"), [
    ("[[1, 1]]", "fewer cells than the 2 players"), ("[]", "one or more"), ("[[2, 99]]", "pairs of 1-40"),
])
def test_schlangennest_areas_beyond_what_a_game_can_use_are_refused(area: str, needle: str, tmp_path: Path) -> None:
    text = default_set_path("schlangennest").read_text().replace("2 = [[6, 6], [5, 7], [4, 8]]", f"2 = {area}")
    (tmp_path / "s.toml").write_text(text)
    _one_line(*_run("check", "--set", str(tmp_path / "s.toml"), "--games", "1", "--no-chart"), "areas", needle)
    _one_line(*_run("replay", _record(tmp_path, options={"players": ["red", "blue"], "area": [1, 1]})),
              "options.area")


def test_values_of_the_wrong_type_deep_in_a_set_are_refused_with_their_key(tmp_path: Path) -> None:
    base = default_set_path("schlangennest").read_text()
    cases = [
        (base.replace("2 = [[6, 6]", '"²" = [[6, 6]'), "player count '²'"),      # a superscript digit
        (base.replace("[areas]", "[[areas]]"), "key 'areas'"),                 # a list for a table
        (base.replace("count = 7", "count = 99999999999999999999"), "card[0].count"),  # beyond any int
        (base.replace('card_size = "45mm"', "card_size = [45]"), "card_size"),
    ]
    for i, (text, needle) in enumerate(cases):
        (tmp_path / f"s{i}.toml").write_text(text)
        _one_line(*_run("check", "--set", str(tmp_path / f"s{i}.toml"), "--games", "1", "--no-chart"), needle)


def test_a_lone_carriage_return_in_a_set_file_is_refused(tmp_path: Path) -> None:
    text = default_set_path("irrlaeufer").read_text().replace("\nrows = 21\n", "\rrows = 21\n")
    (tmp_path / "s.toml").write_text(text, newline="")
    _one_line(*_run("build", "--set", str(tmp_path / "s.toml"), "--quiet"), "carriage return")


def test_check_refuses_player_counts_the_set_cannot_seat() -> None:
    _one_line(*_run("check", "schlangennest", "--players", "2,7", "--no-chart"), "--players",
              "schlangennest with this set seats 2-4 players, not 7")
    _one_line(*_run("check", "irrlaeufer", "--players", "3", "--no-chart"), "irrlaeufer with this set seats 2 players")
    _one_line(*_run("check", "irrlaeufer", "schlangennest", "--players", "7", "--no-chart"), "7 players",
              "irrlaeufer 2", "schlangennest 2-4")


def test_variant_colours_in_other_scripts_are_usage_errors(tmp_path: Path) -> None:
    """Wrong on their own (no file read to know it): exit 2 with the reason, no traceback."""
    for value in ("²", "٣", "99999999999999999999999"):
        code, err = _run("variant", "schlangennest", "--colours", value, "--out", str(tmp_path / "v.toml"))
        assert code == 2 and "Error: --colours" in err and "Traceback" not in err, err
    assert not (tmp_path / "v.toml").exists()


# ---- records name no file outside their folder -----------------------------------------------


def test_a_record_cannot_make_cardgen_read_or_echo_files_outside_its_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('game = "SECRET-CONTENT"\n')
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "link.toml").symlink_to(secret)
    for name, needle in ((str(secret), "absolute path"), ("../secret.toml", "leads outside"),
                         ("link.toml", "leads outside"), ("/etc/passwd", "absolute path")):
        data = json.loads((ROOT / "examples" / "nest-base-2p.json").read_text())
        data["set"] = name
        (shared / "r.json").write_text(json.dumps(data))
        err = _one_line(*_run("replay", str(shared / "r.json")), needle)
        assert "SECRET" not in err and "root:" not in err


def test_a_record_may_name_a_set_in_its_own_folder_tree(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "nest.toml").write_text(default_set_path("schlangennest").read_text())
    code, err = _run("replay", _record(tmp_path, set="sets/nest.toml"))
    assert code == 0, err


# ---- the file system fails ----------------------------------------------------------------


def test_an_output_folder_that_is_a_file_is_one_line() -> None:
    Path("f").write_text("x")
    _one_line(*_run("build", "schlangennest", "--out", "f", "--format", "svg", "--quiet"), "f")
    _one_line(*_run("build", "schlangennest", "--out", "f/under", "--format", "svg", "--quiet"), "f/under")
    _one_line(*_run("build", "--calibration", "--out", "f"), "f")
    _one_line(*_run("check", "irrlaeufer", "--games", "2", "--skill-games", "0", "--chart", "f", "--quiet"),
              "f/checks")
    _one_line(*_run("variant", "irrlaeufer", "--out", "f/v.toml", "--games", "1"), "f")
    assert Path("f").read_text() == "x"
    assert _files(Path.cwd()) == [Path.cwd() / "f"]


class _FullDisk(io.RawIOBase):
    """A file being written on a full disk: it opens, then every write fails."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self) -> None:
        self.real.close()
        super().close()


@pytest.fixture(params=["read-only", "full-disk"])
def failing_writes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every file written in this process (and its forked workers) fails: opening it for
    writing (a read-only folder, also for root, who ignores permission bits) or writing to it
    (a full disk: the file exists, then ENOSPC)."""
    real_io_open, real_os_open = io.open, os.open
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & writing and request.param == "read-only":
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_os_open(path, flags, *args, **kwargs)

    def file_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+"):
            if request.param == "read-only":
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(file))
            return io.BufferedWriter(_FullDisk(real_io_open(file, "wb"))) if "b" in mode else \
                io.TextIOWrapper(io.BufferedWriter(_FullDisk(real_io_open(file, "wb"))))
        return real_io_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", file_open)
    monkeypatch.setattr(io, "open", file_open)
    monkeypatch.setattr(os, "open", os_open)
    yield "Read-only file system" if request.param == "read-only" else "No space left on device"


@pytest.mark.parametrize("command", [
    ["build", "schlangennest", "--out", "out", "--format", "pdf,png", "--layout", "single", "--lang", "en",
     "--dpi", "72", "--quiet"],
    ["build", "schlangennest", "--out", "out", "--format", "svg", "--quiet"],
    ["build", "--calibration", "--out", "out"],
    ["check", "irrlaeufer", "--games", "2", "--skill-games", "0", "--chart", "out", "--quiet", "--workers", "1"],
    ["variant", "irrlaeufer", "--out", "out/v.toml", "--games", "1", "--workers", "1", "--quiet"],
], ids=["build-pdf-png", "build-svg", "calibration", "check-chart", "variant"])
def test_a_read_only_or_full_disk_is_one_line_and_leaves_no_file(command: list[str], failing_writes: str) -> None:
    if command[0] == "check" and "No space" in failing_writes:
        pytest.skip("cairo writes the chart in C, past the simulated disk; the tmpfs test fills a real one")
    code, err = _run(*command)
    _one_line(code, err, failing_writes, "out")
    assert ".new-" not in err  # the file where it would have ended up, not the staged folder's
    assert _files(Path.cwd()) == []  # neither a half-written file nor a temporary one


def _tmpfs(folder: Path, size: str) -> bool:
    if sys.platform != "linux" or os.geteuid() != 0:
        return False
    folder.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True).returncode == 0


def _hidden(folder: Path) -> list[Path]:
    """Every entry under `folder` that is or lies in a hidden (temporary) file or folder."""
    return [p for p in folder.rglob("*") if any(part.startswith(".") for part in p.relative_to(folder).parts)]


@pytest.mark.parametrize(("size", "formats"), [("200k", "pdf,png"),
                                               pytest.param("1m", "png,tts", marks=pytest.mark.slow)])
def test_a_really_full_small_disk_leaves_only_whole_files(size: str, formats: str, tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    if not _tmpfs(disk, size):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        # A real process: its PNG workers write beside it, and once failed it must end them all
        # before it removes its staged folder (a worker writing on used to make it again).
        done = subprocess.run(CARDGEN + ["build", "schlangennest", "--out", str(disk), "--format", formats,
                                         "--layout", "single", "--lang", "en", "--dpi", "72", "--quiet"],
                              capture_output=True, text=True, timeout=600)
        err = _one_line(done.returncode, done.stderr, "No space left on device", str(disk / "schlangennest"))
        assert ".new-" not in err, err  # the file's final name, not the staged folder's
        assert _hidden(disk) == []  # no staged folder, no temporary file
        written = _files(disk)
        assert not [p for p in written if p.name.endswith(".part")]
        for path in written:  # whatever was written before the disk filled up is whole
            data = path.read_bytes()
            if path.suffix == ".pdf":
                assert data.rstrip().endswith(b"%%EOF"), path
            elif path.suffix == ".png":
                assert data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82"), path
        if formats != "pdf,png":
            return
        # the failed build removed its unfinished folder: fill the disk again, then the check's
        # chart (written by cairo in C) fails the same way
        with contextlib.suppress(OSError), open(disk / "filler", "wb") as filler:
            filler.write(b"\0" * 400_000)
        code, err = _run("check", "irrlaeufer", "--games", "2", "--skill-games", "0", "--chart", str(disk),
                         "--workers", "1", "--quiet")
        _one_line(code, err, str(disk / "checks" / "irrlaeufer-irrlaufer.png"))
        assert not (disk / "checks" / "irrlaeufer-irrlaufer.png").exists()
        assert not [p for p in _files(disk) if p.name.startswith(".")]
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


_STUCK_POOL = """
import os, struct, sys
from concurrent.futures import ProcessPoolExecutor
from cardgen import cli, workers

workers.STOP_WAIT = 0.2

def main():
    pool = ProcessPoolExecutor(max_workers=1)
    assert pool.submit(abs, -1).result() == 1  # the pool's thread runs
    # half a result: the length of a message whose bytes never come, as a worker killed while
    # it sent leaves it (the pool's thread then reads on for ever)
    os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1000))
    workers.stop_pool(pool)
    print("stuck" if workers.threads_stuck() else "not stuck", flush=True)
    sys.exit(1)

cli.main = main
cli.run()
"""


@pytest.mark.skipif(sys.platform != "linux", reason="forks a pool")
def test_a_failed_command_whose_stopped_pool_left_a_thread_reading_still_exits() -> None:
    """A pool stopped on an error can leave its thread reading half a result for ever (seen: a
    build on a full disk that never exited); Python joins that thread at exit, so the command
    must leave without it, with its exit code."""
    done = subprocess.run([sys.executable, "-c", _STUCK_POOL], capture_output=True, text=True, timeout=300)
    assert done.stdout == "stuck\n", done.stderr
    assert done.returncode == 1, done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="sets a process's limit of open files")
def test_running_out_of_file_descriptors_is_one_line_naming_the_folder(tmp_path: Path) -> None:
    """A build allowed only a few open files fails in one line that names the kit's folder, ends
    every process it started (none holds its exit up) and leaves no staged folder."""
    import resource

    def few_files(limit: int) -> Any:
        return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    failed = 0
    for limit in (16, 20):
        done = subprocess.run(CARDGEN + ["build", "schlangennest", "--out", "out", "--format", "pdf,png", "--dpi",
                                         "72", "--layout", "single", "--lang", "en", "--quiet"],
                              capture_output=True, text=True, timeout=600, cwd=tmp_path, preexec_fn=few_files(limit))
        assert _hidden(tmp_path / "out") == [], limit
        if done.returncode != 0:
            failed += 1
            _one_line(done.returncode, done.stderr, "Too many open files", "out/schlangennest")
            assert not (tmp_path / "out" / "schlangennest").exists()
    assert failed, "no limit made the build fail"
