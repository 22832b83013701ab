"""Set-up shared by every worker process cardgen starts (the check's games, the kit's PNGs)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from cardgen.signals import worker_signals


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


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End `pool` at once, on an error or a signal: its processes are terminated (not left to
    finish their jobs, which may still write files) and waited for, the jobs not started are
    dropped. (Python 3.11's executor has no public way to; 3.14 adds terminate_workers.)

    The executor's own thread is not waited for without bound: a worker terminated while it
    sent a result leaves that thread reading half a message forever (Python would join it at
    exit, so `cardgen.cli.run` leaves at once after a signal)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(STOP_WAIT)
        if process.is_alive():
            process.kill()
            process.join()
    pool.shutdown(wait=False, cancel_futures=True)
    manager = getattr(pool, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        manager.join(STOP_WAIT)


def stop_children() -> None:
    """End every process this one started through multiprocessing and wait for it: the safety
    net on the way out of a build that failed or was stopped, for a worker its pool lost track
    of (a pool whose start failed half-way, out of file descriptors, keeps no record of the
    process it did start, which would then hold the exit up forever)."""
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join()
