"""How cardgen stops when told to: the signals a process can catch end a command as Ctrl-C does.

Ctrl-C (SIGINT) raises KeyboardInterrupt in Python. `catch_signals` makes SIGTERM (`kill`),
SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\\) raise `Stopped`, a KeyboardInterrupt, so the
same clean-up runs on every one of them: worker processes are ended, a build's staged folder and
every temporary file are removed, and the command exits 128 + the signal's number (as a shell
reports a process a signal ended). A worker process (`worker_signals`) leaves the terminal's
signals, which reach every process of the terminal's group, to its parent, and dies of SIGTERM,
with which its parent ends it. A signal that arrives while the main thread forks a worker is
raised when the fork returns (`catch_signals` says why).

Loaded before anything heavy: `current_folder` is asked first, and a deleted current folder
breaks the import of reportlab.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

from cardgen.errors import CardgenError

CAUGHT = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name))
"""The signals besides SIGINT that end a command cleanly (those this platform has)."""


class Stopped(KeyboardInterrupt):
    """A signal of `CAUGHT` arrived: the command stops as on Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise(signum: int, _: FrameType | None) -> None:
    if _in_fork():
        _DEFERRED.append(signum)
        return
    raise Stopped(signum)


def _interrupt(signum: int, _: FrameType | None) -> None:
    # Ctrl-C, as Python's own handler (`signal.default_int_handler`), but deferred as `_raise` is.
    if _in_fork():
        _DEFERRED.append(signum)
        return
    raise KeyboardInterrupt


def _stop(signum: int) -> KeyboardInterrupt:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


def catch_signals() -> None:
    """From now on every signal of `CAUGHT` raises `Stopped` in the main thread of this process,
    and takes its default action in a process forked from it (from the fork on: a pool may end
    a worker it has just started, before the worker's own set-up has run). Ctrl-C raises
    KeyboardInterrupt as before (unless it is ignored, as in a job started in the background).

    A signal that arrives while the main thread forks is raised when `os.fork` returns, never
    inside a fork hook: Python runs a handler in the main thread wherever it is, also inside the
    hooks it runs around a fork (cardgen's or another library's), and drops what a hook raises,
    so the command would run on as if never told. `os.fork` is wrapped to know when the main
    thread is inside it, as multiprocessing's pools call it."""
    for sig in CAUGHT:
        signal.signal(sig, _raise)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)
    if hasattr(os, "register_at_fork") and hasattr(signal, "pthread_sigmask") and not _FORKS:
        os.register_at_fork(before=_hold_for_fork, after_in_parent=_release_after_fork,
                            after_in_child=_child_after_fork)
        _FORKS.append(os.fork)
        os.fork = _fork


_FORKS: list[Callable[[], int]] = []
"""The real `os.fork`, once the fork hooks are registered (once per process)."""

_FORKING: set[int] = set()
"""The threads inside `os.fork` (signal handlers ask whether the main thread is one)."""

_DEFERRED: list[int] = []
"""The signals that arrived while the main thread was inside `os.fork`, raised when it returns."""

_MASKS = threading.local()
"""The signal mask of the thread that forks, from just before the fork until just after it."""


def _in_fork() -> bool:
    return threading.get_ident() in _FORKING


def _fork() -> int:
    """`os.fork`, which raises a signal that arrived during it once it has returned (in the parent)."""
    me = threading.get_ident()
    _FORKING.add(me)
    try:
        pid = _FORKS[0]()
    finally:
        _FORKING.discard(me)
    if pid == 0:
        _DEFERRED.clear()  # the parent's to raise
    elif _DEFERRED and threading.current_thread() is threading.main_thread():
        signum = _DEFERRED[0]
        _DEFERRED.clear()
        raise _stop(signum)
    return pid


def _hold_for_fork() -> None:
    # The signals stay blocked across the fork, so that none reaches the child before it has
    # its own dispositions (it would run this process's handler and print a traceback).
    _MASKS.old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *CAUGHT})


def _release_after_fork() -> None:
    # A signal that arrived during the fork is delivered as the mask is restored; its handler
    # runs inside this hook and leaves it to `_fork` to raise.
    signal.pthread_sigmask(signal.SIG_SETMASK, _MASKS.old)


def _child_after_fork() -> None:
    worker_signals()
    signal.pthread_sigmask(signal.SIG_SETMASK, _MASKS.old)

TERMINAL = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGQUIT") if hasattr(signal, name))
"""The signals a terminal sends to every process of its foreground group (Ctrl-C, Ctrl-\\, hang-up)."""


def worker_signals() -> None:
    """In a worker process: the terminal's signals are ignored (the parent gets them too, and
    ends its workers; a worker dying of one first would only break its pool, and SIGQUIT would
    dump its core), SIGTERM ends it at once."""
    for sig in TERMINAL:
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def stop_report(exc: KeyboardInterrupt) -> tuple[str, int]:
    """The one line and the exit code of a command that `exc` stopped."""
    if isinstance(exc, Stopped):
        return f"stopped by {signal.Signals(exc.signum).name}", 128 + exc.signum
    return "interrupted", 128 + signal.SIGINT


def stop_behind(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or `Stopped` that `exc` was raised while handling, if any: a library whose
    clean-up fails when a signal cuts its work in half (reportlab's drawing deletes an attribute
    it had not set yet) raises its own error in place of the stop, which must still be reported
    as the stop."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return current
        seen.add(id(current))
        current = current.__context__
    return None


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Ctrl-C and the signals of `CAUGHT` held back inside (delivered when it ends), so that a
    swap or a clean-up is not cut in half. A no-op off POSIX or outside the main thread, where
    Python cannot mask signals."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *CAUGHT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def current_folder() -> None:
    """CardgenError unless the current folder still exists (another process may have deleted it:
    every relative path, and even loading reportlab, would then fail)."""
    try:
        os.getcwd()
    except OSError:
        where = os.environ.get("PWD") or "the current folder"
        raise CardgenError(where, "the current folder no longer exists (deleted?); change into a folder "
                                  "that exists and run cardgen again") from None
