"""Ctrl-C (SIGINT), SIGTERM, SIGHUP, SIGQUIT and SIGKILL in the middle of `build`, `check`,
`variant` and `match`, as real processes.

SIGINT: exit 130 with the one line `cardgen: interrupted`; SIGTERM, SIGHUP, SIGQUIT: exit 128 + the
signal's number with `cardgen: stopped by SIG…`. Either way no worker process is left, no partial
or temporary file or folder (a build's hidden staging folder, a variant's temporary set file),
and the files written before it are whole. SIGKILL cannot be handled: then the worker processes
still end by themselves, and no file under its final name is half-written (a hidden temporary
file may stay behind, cleared by the next build into the same folder).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads processes from /proc")

CARDGEN = [sys.executable, "-m", "cardgen"]
TIMEOUT = 600.0


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


def _cores_allowed() -> None:
    """In the child: a process killed by SIGQUIT may dump its core (where the system's limit allows)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_CORE)[1]
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


PAUSED = """
import signal, sys
from contextlib import contextmanager
from pathlib import Path
import cardgen.print.files as files

whole = files._atomic

@contextmanager
def _atomic(target):
    with whole(target) as tmp:
        yield tmp
    # After its second file a build waits here, in the middle of its work, until a signal ends it.
    if sum(1 for p in Path("out").rglob("*") if p.is_file() and not p.name.startswith(".")) >= 2:
        Path("paused").touch()
        while True:  # until a signal ends the process (a caught one raises out of the pause)
            signal.pause()

files._atomic = _atomic
sys.argv[0] = "cardgen"
from cardgen.cli import run
run()
"""
"""A build is finite and may end, on a fast machine, between its second file and the signal: it
runs with this pause after its second file (in whichever process writes it), so the signal always
finds it at work, whatever the machine's speed."""


def _start(args: list[str], cwd: Path, cores: bool = False) -> subprocess.Popen[str]:
    # A session of its own: a signal goes to cardgen (or its group) alone.
    command = [sys.executable, "-c", PAUSED] + args if args[0] == "build" else CARDGEN + args
    return subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_cores_allowed if cores else None)


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


def _stop(proc: subprocess.Popen[str], sig: signal.Signals, group: bool = False) -> tuple[int, str, set[int]]:
    """Send `sig` to cardgen (with `group`, to every process of its group, workers too, as a
    terminal sends Ctrl-C, Ctrl-\\ and its hang-up); its exit code, stderr and workers."""
    workers = _children(proc.pid)
    if group:
        os.killpg(proc.pid, sig)
    else:
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
        _wait_for(lambda: (cwd / "paused").exists() or proc.poll() is not None, "the first files")
    else:
        _wait_for(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "the workers")
        time.sleep(0.5)
    assert proc.poll() is None, f"{command[0]} ended before the signal: {proc.stderr.read() if proc.stderr else ''}"


def _hidden(folder: Path) -> list[Path]:
    """Every entry under `folder` that is or lies in a hidden (temporary) file or folder."""
    return [p for p in folder.rglob("*") if any(part.startswith(".") for part in p.relative_to(folder).parts)]


def _stops(*cases: tuple[list[str], str, signal.Signals]) -> list[Any]:
    return [pytest.param(command, sig, id=f"{name}-{sig.name}") for command, name, sig in cases]


SLOW = pytest.mark.slow
SIGNALS = _stops((BUILD, "build", signal.SIGINT), (CHECK, "check", signal.SIGINT), (VARIANT, "variant", signal.SIGINT),
                 (MATCH, "match", signal.SIGINT),
                 (BUILD, "build", signal.SIGHUP), (VARIANT, "variant", signal.SIGQUIT)) + [
    pytest.param(*p.values, marks=SLOW, id=p.id)
    for p in _stops((BUILD, "build", signal.SIGTERM), (BUILD, "build", signal.SIGQUIT),
                    (VARIANT, "variant", signal.SIGTERM),
                    (VARIANT, "variant", signal.SIGHUP), (CHECK, "check", signal.SIGTERM))]
"""Every signal a process can catch, for each command; the default run tries each command and a
terminal's signals (SIGTERM takes the same way as SIGHUP), the slow run the rest. The terminal's
signals go to the whole group, as from a terminal; SIGTERM to cardgen alone, as from `kill`."""


@pytest.mark.parametrize(("command", "sig"), SIGNALS)
def test_a_signal_ends_cleanly(command: list[str], sig: signal.Signals, tmp_path: Path) -> None:
    proc = _start(command, tmp_path, cores=sig == signal.SIGQUIT)
    _running(proc, tmp_path, command)
    code, err, workers = _stop(proc, sig, group=sig != signal.SIGTERM)
    if sig == signal.SIGINT:
        assert (code, err) == (130, "cardgen: interrupted\n")
    else:
        assert (code, err) == (128 + sig, f"cardgen: stopped by {sig.name}\n")
    _no_workers_left(workers)
    assert _hidden(tmp_path / "out") == []  # no temporary file, no staging folder left
    assert not list(tmp_path.glob("core*"))  # no worker dumped its core on Ctrl-\\
    files = _outputs(tmp_path / "out")
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


FORK_WITH_A_SIGNAL = """
import os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # as from a terminal, however the tests were started
if {threads}:  # a pool's threads run beside the main one: the signal may reach the process through them
    threading.Thread(target=time.sleep, args=(600,), daemon=True).start()
send = lambda: os.kill(os.getpid(), signal.{name})
if "{hook}" == "inner":  # registered before cardgen's hooks, so it runs inside them, the signals held
    os.register_at_fork(before=send)
from cardgen.signals import catch_signals, stop_report
catch_signals()
if "{hook}" == "outer":  # another library's hooks, run before and after cardgen's, the signals not held
    os.register_at_fork(before=send, after_in_parent=send)
try:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    end = time.monotonic() + 600  # the signal is awaited; were it lost, this bound ends the wait
    while time.monotonic() < end:
        time.sleep(0.01)
    print("lost")
except KeyboardInterrupt as exc:
    print(stop_report(exc)[0])
"""


@pytest.mark.parametrize("threads", [False, True], ids=["one-thread", "threads"])
@pytest.mark.parametrize("hook", ["inner", "outer"])
@pytest.mark.parametrize(("name", "said"), [("SIGINT", "interrupted"), ("SIGTERM", "stopped by SIGTERM")])
def test_a_signal_that_arrives_while_a_worker_is_forked_still_stops_the_command(name: str, said: str, hook: str,
                                                                               threads: bool) -> None:
    """A pool forks its workers with the signals held; one arriving then was raised inside a
    fork hook, where Python drops exceptions, and the command ran on as if never told. Holding
    the signals in the forking thread is not enough: with a pool's threads running, the signal
    reaches the process through one of them and Python runs its handler in the main thread all the
    same, inside whichever hook runs (cardgen's, or another library's before or after them)."""
    script = FORK_WITH_A_SIGNAL.replace("{name}", name).replace("{hook}", hook).replace("{threads}", str(threads))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=900)
    assert done.stdout.strip() == said and "Exception ignored" not in done.stderr, (done.stdout, done.stderr)


LIBRARY_FAILS_ON_THE_WAY_OUT = """
import os, signal, sys
import cardgen.print.pdf as pdf

def record_form(*args, **kwargs):
    # as reportlab's drawing does when a signal cuts it in half: its clean-up fails in turn
    try:
        os.kill(os.getpid(), signal.{name})
        signal.pause()  # the handler raises the stop here, or already on the line above
    finally:
        raise AttributeError("'Group' object has no attribute '_parent'")

pdf.record_form = record_form
sys.argv[0] = "cardgen"
from cardgen.cli import run
run()
"""


@pytest.mark.parametrize(("name", "said"), [("SIGINT", "interrupted"), ("SIGQUIT", "stopped by SIGQUIT")])
def test_a_signal_is_reported_as_such_when_a_library_fails_on_the_way_out(name: str, said: str,
                                                                          tmp_path: Path) -> None:
    """A signal raised inside reportlab's drawing made it raise an AttributeError of its own, and
    the command ended with that traceback and exit 1 instead of the stop's line."""
    script = LIBRARY_FAILS_ON_THE_WAY_OUT.replace("{name}", name)
    done = subprocess.run([sys.executable, "-c", script, *BUILD], cwd=tmp_path, capture_output=True, text=True,
                          timeout=900)
    assert (done.returncode, done.stderr) == (128 + getattr(signal, name), f"cardgen: {said}\n")
    assert _hidden(tmp_path / "out") == [] and _outputs(tmp_path / "out") == []
