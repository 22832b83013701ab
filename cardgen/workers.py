"""Set-up shared by every worker process cardgen starts (the check's games, the kit's PNGs)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from typing import TYPE_CHECKING, Any

from cardgen.signals import worker_signals

if TYPE_CHECKING:  # the pool's module is loaded where a pool is made (not by every command)
    from concurrent.futures import ProcessPoolExecutor


def worker_start(parent: int) -> None:
    """Pool initializer for a worker of the process `parent`.

    Ctrl-C is the parent's to handle: a terminal sends it to every process of the group, and
    the parent then ends the pool, so a worker ignores it (no traceback from each worker). A
    worker whose parent died outright (SIGKILL, so it could not end the pool) ends itself
    within a quarter second instead of waiting forever for work. The same holds for the
    terminal's other signals, SIGHUP and SIGQUIT; SIGTERM ends a worker outright (the parent's
    pool ends its workers with it). See `cardgen.signals.worker_signals`."""
    worker_signals()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.25)
        os._exit(1)

    threading.Thread(target=watch, name="cardgen-parent-watch", daemon=True).start()


STOP_WAIT = 5.0
"""Seconds a stopped worker process gets to end before it is killed."""

_STUCK: list[threading.Thread] = []
"""Pool threads `stop_pool` could not join (each reads half a message that never comes)."""


def threads_stuck() -> bool:
    """Whether a pool's thread was left reading half a message when its pool was stopped.
    Python joins such a thread at exit, and would wait forever: the process must leave with
    `os._exit` (`cardgen.cli.run`), once its clean-up is done."""
    return any(thread.is_alive() for thread in _STUCK)


def _end(processes: list[Any]) -> None:
    """Terminate `processes`, then kill any that has not ended within `STOP_WAIT` seconds (one
    forked while another thread held a lock can hang in C before it runs a signal handler of
    its own), and wait for each."""
    for process in processes:
        with contextlib.suppress(OSError, ValueError):  # already gone, or already closed
            process.terminate()
    for process in processes:
        with contextlib.suppress(ValueError):
            process.join(STOP_WAIT)
            if process.is_alive():
                process.kill()
                process.join()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End `pool` at once, on an error or a signal: its processes are terminated (not left to
    finish their jobs, which may still write files) and waited for, the jobs not started are
    dropped. (Python 3.11's executor has no public way to; 3.14 adds terminate_workers.)

    The executor's own thread is not waited for without bound: a worker terminated while it
    sent a result leaves that thread reading half a message forever (Python would join it at
    exit, so `cardgen.cli.run` leaves at once after a signal, or when `threads_stuck`)."""
    _end(list((getattr(pool, "_processes", None) or {}).values()))
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    if isinstance(manager, threading.Thread):
        manager.join(STOP_WAIT)
        if manager.is_alive():
            _STUCK.append(manager)


def stop_children() -> None:
    """End every process this one started through multiprocessing and wait for it: the safety
    net on the way out of a build that failed or was stopped, for a worker its pool lost track
    of (a pool whose start failed half-way, out of file descriptors, keeps no record of the
    process it did start, which would then hold the exit up forever)."""
    _end(multiprocessing.active_children())
