"""Ctrl-C (SIGINT) in the middle of `build`, `check`, `variant` and `match`, and SIGKILL in the
middle of the first three, as real processes.

SIGINT: exit 130 with the one line `cardgen: interrupted`, no worker process left, no partial or
temporary file, and the files written before it whole. SIGKILL cannot be handled: then the worker
processes still end by themselves, and no file under its final name is half-written (a hidden
temporary file may stay behind).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads processes from /proc")

CARDGEN = [sys.executable, "-m", "cardgen"]
TIMEOUT = 120.0


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid`."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    # A session of its own: the signal goes to cardgen alone, as `kill -INT` would send it.
    return subprocess.Popen(CARDGEN + args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def _whole(path: Path) -> bool:
    data = path.read_bytes()
    if path.suffix == ".pdf":
        return data.rstrip().endswith(b"%%EOF")
    if path.suffix == ".png":
        return data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82")
    if path.suffix == ".svg":
        return data.rstrip().endswith(b"</svg>")
    return True


def _outputs(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def _stop(proc: subprocess.Popen[str], sig: signal.Signals) -> tuple[int, str, set[int]]:
    workers = _children(proc.pid)
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("cardgen did not end after the signal")
    return proc.returncode, err, workers


def _no_workers_left(workers: set[int]) -> None:
    _wait_for(lambda: not any(_alive(w) for w in workers), "the worker processes to end")


BUILD = ["build", "schlangennest", "--out", "out", "--format", "pdf,png", "--layout", "single", "--lang", "en",
         "--dpi", "150", "--quiet"]
CHECK = ["check", "schlangennest", "--games", "100000", "--skill-games", "0", "--chart", "out", "--workers",
         "2", "--quiet"]
VARIANT = ["variant", "schlangennest", "--colours", "5", "--games", "10000", "--out", "out/v5.toml",
           "--workers", "2", "--quiet"]
MATCH = ["match", "schlangennest", "--players", "room,sensible", "--games", "100000", "--workers", "2", "--quiet"]


def _running(proc: subprocess.Popen[str], cwd: Path, command: list[str]) -> None:
    """Wait until `command` is in the middle of its work: files appearing (build) or the
    worker processes playing (check, variant, match)."""
    if command[0] == "build":
        _wait_for(lambda: len(_outputs(cwd / "out")) >= 2 or proc.poll() is not None, "the first files")
    else:
        _wait_for(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "the workers")
        time.sleep(0.5)
    assert proc.poll() is None, f"{command[0]} ended before the signal: {proc.stderr.read() if proc.stderr else ''}"


@pytest.mark.parametrize("command", [BUILD, CHECK, VARIANT, MATCH], ids=["build", "check", "variant", "match"])
def test_ctrl_c_ends_cleanly(command: list[str], tmp_path: Path) -> None:
    proc = _start(command, tmp_path)
    _running(proc, tmp_path, command)
    code, err, workers = _stop(proc, signal.SIGINT)
    assert code == 130, err
    assert err == "cardgen: interrupted\n"
    _no_workers_left(workers)
    files = _outputs(tmp_path / "out")
    assert not [p for p in files if p.name.startswith(".")], files  # no temporary file left
    assert all(_whole(p) for p in files)
    if command[0] != "build":
        assert files == []  # the chart and the set file are written only at the end


@pytest.mark.parametrize("command", [BUILD, CHECK, VARIANT], ids=["build", "check", "variant"])
def test_sigkill_leaves_no_worker_and_no_half_file(command: list[str], tmp_path: Path) -> None:
    proc = _start(command, tmp_path)
    _running(proc, tmp_path, command)
    code, _, workers = _stop(proc, signal.SIGKILL)
    assert code == -signal.SIGKILL
    _no_workers_left(workers)  # orphaned workers notice their parent is gone
    final = [p for p in _outputs(tmp_path / "out") if not p.name.startswith(".")]
    assert all(_whole(p) for p in final), final
    if command[0] != "build":
        assert final == []
