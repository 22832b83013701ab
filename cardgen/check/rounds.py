"""Playing report lines in rounds: a line with a stop rule plays a round of games, is judged,
and plays the next round only while its rule says go on (up to its games, the ceiling); a line
without one plays all its games at once.

Every line goes at its own pace on one shared set of workers (the local process pool, this
process for one worker, or a Dask cluster), so no core waits for another line's round. A
line's games are always the same seeds in the same order (`Line.tasks`), and its stop rule
sees its results in seed order, so the report is the same on one core, on many and on a
cluster.
"""

from __future__ import annotations

import heapq
import multiprocessing
import os
import queue
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardgen.check.batch import BatchOutcome, BatchTask, run_task
from cardgen.engine.simulate import GameResult
from cardgen.workers import worker_start


class Progress(Protocol):
    """What the rounds tell a progress bar: games planned (the total grows by rounds) and done."""

    def planned(self, games: int) -> None:
        """`games` more games were scheduled."""

    def done(self, games: int) -> None:
        """`games` more games were played."""


class NoProgress:
    """A progress sink that shows nothing."""

    def planned(self, games: int) -> None:
        """Nothing."""

    def done(self, games: int) -> None:
        """Nothing."""


Tag = tuple[int, int]
"""(line index, first game index) of a task."""


class Runner(Protocol):
    """Where tasks run: `submit` a task, `next` waits for any finished one."""

    def submit(self, tag: Tag, task: BatchTask) -> None:
        """Start `task` (or queue it)."""

    def next(self) -> tuple[Tag, BatchOutcome]:
        """The next finished task (blocks)."""


class SerialRunner:
    """Runs the queued tasks in this process, costliest first."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, int, Tag, BatchTask]] = []
        self.count = 0

    def submit(self, tag: Tag, task: BatchTask) -> None:
        """Queue `task`."""
        self.count += 1
        heapq.heappush(self.waiting, (-task.cost, self.count, tag, task))

    def next(self) -> tuple[Tag, BatchOutcome]:
        """Run the costliest queued task."""
        _, _, tag, task = heapq.heappop(self.waiting)
        return tag, run_task(task)


class PoolRunner:
    """Runs tasks on a process pool: a few in flight per worker, the rest queued here so the
    costliest queued task always starts next."""

    def __init__(self, pool: Any, workers: int) -> None:
        self.pool = pool
        self.limit = 2 * workers
        self.flying = 0
        self.waiting: list[tuple[float, int, Tag, BatchTask]] = []
        self.count = 0
        self.finished: queue.Queue[tuple[Tag, BatchOutcome | BaseException]] = queue.Queue()

    def submit(self, tag: Tag, task: BatchTask) -> None:
        """Queue `task` and start what fits."""
        self.count += 1
        heapq.heappush(self.waiting, (-task.cost, self.count, tag, task))
        self._start()

    def _start(self) -> None:
        while self.waiting and self.flying < self.limit:
            _, _, tag, task = heapq.heappop(self.waiting)
            self.flying += 1
            self.pool.apply_async(run_task, (task,), callback=lambda out, tag=tag: self.finished.put((tag, out)),
                                  error_callback=lambda exc, tag=tag: self.finished.put((tag, exc)))

    def next(self) -> tuple[Tag, BatchOutcome]:
        """Wait for a finished task (a worker's crash is raised here)."""
        tag, out = self.finished.get()
        self.flying -= 1
        self._start()
        if isinstance(out, BaseException):
            raise out
        return tag, out


@contextmanager
def local_runner(workers: int | None, tasks: int) -> Iterator[Runner]:
    """This process for one worker (or one task), else a process pool of `workers` (default:
    every core). Leaving the block ends the pool at once, so Ctrl-C leaves no process behind."""
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or tasks <= 1:
        yield SerialRunner()
        return
    # multiprocessing.Pool rather than ProcessPoolExecutor: leaving its `with` block terminates
    # the workers at once, so Ctrl-C (KeyboardInterrupt here) ends the run without waiting for
    # the games in flight and leaves no process behind.
    with multiprocessing.Pool(workers, initializer=worker_start, initargs=(os.getpid(),)) as pool:
        yield PoolRunner(pool, workers)


@dataclass(slots=True)
class _Job:
    """A line's bookkeeping while it plays: its results so far, the round in flight."""

    tasks: list[BatchTask]
    stop: Callable[[Sequence[GameResult]], bool] | None
    results: list[GameResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    scheduled: int = 0
    round: dict[int, BatchOutcome | None] = field(default_factory=dict)


def play_rounds(tasks: Sequence[Sequence[BatchTask]], stops: Sequence[Callable[[Sequence[GameResult]], bool] | None],
                rounds: Sequence[Callable[[int], int]], runner: Runner,
                progress: Progress) -> list[tuple[list[GameResult], list[str]]]:
    """Play every line's `tasks` (its games in seed order, in chunks) on `runner`. A line with a
    stop rule plays up to `rounds[i](played)` games, then asks `stops[i](results)` whether to
    stop, and so on; a line without one plays every task at once. Returns per line its results
    (seed order) and problems."""
    jobs = [_Job(list(t), s) for t, s in zip(tasks, stops)]
    busy = 0

    def schedule(i: int) -> None:
        nonlocal busy
        job = jobs[i]
        target = sum(len(t.seeds) for t in job.tasks) if job.stop is None else rounds[i](job.scheduled)
        start = job.scheduled
        games = 0
        for k in range(len(job.tasks)):
            first = sum(len(t.seeds) for t in job.tasks[:k])
            if start <= first < target:
                job.round[k] = None
                runner.submit((i, k), job.tasks[k])
                games += len(job.tasks[k].seeds)
                busy += 1
        job.scheduled += games
        progress.planned(games)

    for i in range(len(jobs)):
        if jobs[i].tasks:
            schedule(i)
    while busy:
        (i, k), outcome = runner.next()
        busy -= 1
        progress.done(len(outcome.results) + len(outcome.problems))
        job = jobs[i]
        job.round[k] = outcome
        if any(v is None for v in job.round.values()):
            continue
        for k2 in sorted(job.round):
            out = job.round[k2]
            assert out is not None
            job.results.extend(out.results)
            job.problems.extend(out.problems)
        job.round = {}
        more = job.scheduled < sum(len(t.seeds) for t in job.tasks)
        if more and job.stop is not None and not job.problems and not job.stop(job.results):
            schedule(i)
    return [(job.results, job.problems) for job in jobs]
