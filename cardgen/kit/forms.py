"""The kit's processes: the faces drawn once as PDF forms, shared with one forked worker, and
the pools a build runs beside itself (`worker_pool`, `png_pool`).

Every face a sheet PDF shows is parsed and drawn as a form once: by this process and by the
worker at the same time, each taking the next face when free, and each then gets the other's
forms (`draw_forms`). The worker then takes the writers' jobs (`on_worker`): a job runs with
the worker's face cache, which holds every form.
"""

from __future__ import annotations

import mmap
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from cardgen.print.faces import Face
from cardgen.print.pdf import FaceCache, FormCode
from cardgen.workers import stop_pool, worker_start

Forms = Sequence[tuple[Face, bool, float, FormCode | None]]
"""Forms drawn by one process: (face, CMYK?, bleed, form), for another's `FaceCache.remember`."""

_SHARED: dict[str, FaceCache] = {}
"""The face cache a forked worker inherits (set just before the fork)."""


class _Counter:
    """A count shared with forked children: one integer in an anonymous shared mapping, and a
    lock. Not `multiprocessing.Value`: its heap is a file it creates in /dev/shm, so a build
    whose file writes fail would report /dev/shm instead of the output folder."""

    def __init__(self) -> None:
        self._cell = mmap.mmap(-1, 8)  # MAP_SHARED | MAP_ANONYMOUS: a fork sees the same bytes
        self._lock = multiprocessing.Lock()

    def take(self, limit: int) -> int | None:
        """The next number below `limit` (counting from 0), or None when all are taken."""
        with self._lock:
            i = int.from_bytes(self._cell[:8], "little")
            if i >= limit:
                return None
            self._cell[:8] = (i + 1).to_bytes(8, "little")
        return i


@dataclass(frozen=True, slots=True)
class _Faces:
    """The faces a build draws as forms (each with its layout's bleed), taken one at a time by
    this process and its worker: each takes the next face whenever it is free, so neither
    waits long for the other (the worker starts later, and faces differ in cost)."""

    items: Sequence[tuple[Face, float]]
    cmyk: bool
    taken: _Counter  # how many are taken, shared across the fork

    def _take(self) -> tuple[Face, float] | None:
        i = self.taken.take(len(self.items))
        return None if i is None else self.items[i]

    def draw(self, cache: FaceCache) -> list[tuple[Face, bool, float, FormCode | None]]:
        """Parse and draw faces as forms until none is left; the forms this process drew."""
        out = []
        while (item := self._take()) is not None:
            face, bleed = item
            out.append((face, self.cmyk, bleed, cache.form(face, self.cmyk, bleed)))
        return out


_QUEUE: dict[str, _Faces] = {}
"""The faces to draw, which a forked worker inherits (set just before the fork)."""


def _record_job() -> list[tuple[Face, bool, float, FormCode | None]]:
    """In the worker: its share of the faces as forms, sent back to this process."""
    return _QUEUE["faces"].draw(_SHARED["cache"])


def _run_job(job: Callable[..., Any], forms: Forms, args: tuple[Any, ...]) -> Any:
    """In the worker: `job(cache, *args)` once the cache holds `forms` (this process's)."""
    cache = _SHARED["cache"]
    cache.remember(forms)
    return job(cache, *args)


def worker_wanted(sheet_files: int, busy: int) -> bool:
    """Whether a build gets a forked worker: when it writes two or more sheet PDFs and has a
    core for one besides this process and the `busy` processes already working (the
    booklets' typesetting), on Linux (a spawned worker would have to load and parse everything
    again). On two cores with the booklets typeset beside, a worker would only take CPU from
    them, and they finish last."""
    free = (os.cpu_count() or 1) - busy
    return sheet_files >= 2 and free >= 2 and sys.platform.startswith("linux")


@contextmanager
def worker_pool(cache: FaceCache, needed: Sequence[tuple[Face, float]], cmyk: bool,
                wanted: bool) -> Iterator[ProcessPoolExecutor | None]:
    """One forked worker sharing `cache` when `wanted` (see `worker_wanted`), None otherwise;
    `needed` are the faces to draw as forms (with their bleed), in `cmyk` or not. The worker
    starts when the first job is handed to it."""
    _QUEUE["faces"] = _Faces(needed, cmyk, _Counter())
    try:
        if not wanted:
            yield None
            return
        _SHARED["cache"] = cache
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"),
                                 initializer=worker_start, initargs=(os.getpid(),)) as pool:
            try:
                yield pool
            except BaseException:
                stop_pool(pool)  # not left to finish a sheet in a folder being removed
                raise
    finally:
        _SHARED.clear()
        _QUEUE.clear()


def draw_forms(cache: FaceCache, worker: ProcessPoolExecutor | None) -> Forms:
    """Draw the faces `worker_pool` was given as forms, here and in the worker; every form is
    then in `cache`. The forms this process drew (the worker still lacks them)."""
    theirs = worker.submit(_record_job) if worker is not None else None
    mine = _QUEUE["faces"].draw(cache)
    if theirs is not None:
        cache.remember(theirs.result())
    return mine


def on_worker(worker: ProcessPoolExecutor, job: Callable[..., Any], forms: Forms,
              *args: Any) -> Future[Any]:
    """Hand `job(cache, *args)` to the worker; `forms` are this process's forms it still lacks
    (empty once a job has brought them)."""
    return worker.submit(_run_job, job, forms, args)


@contextmanager
def png_pool() -> Iterator[ProcessPoolExecutor]:
    """Up to two processes rasterising PNGs beside this one; on an error or Ctrl-C they are
    ended at once (the jobs not yet started are dropped instead of run first)."""
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ProcessPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1)), mp_context=context,
                             initializer=worker_start, initargs=(os.getpid(),)) as pool:
        try:
            yield pool
        except BaseException:
            stop_pool(pool)  # a job still running would write into a folder being removed
            raise
