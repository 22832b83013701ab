"""Playing a check's games on a Dask cluster instead of the local process pool.

The tasks are the same `BatchTask`s as locally (each carries its seeds), so the outcomes are
the same for the same seed wherever they run, and the rounds (cardgen.engine.rounds) judge them
in seed order: the same report. Dask is an optional extra (`pip install 'cardgen[cluster]'`);
without it a cluster run is refused with one line saying what to install.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardgen.engine.batch import BatchOutcome, BatchTask, run_task
from cardgen.engine.rounds import Tag
from cardgen.errors import DataError


class ClusterRunner:
    """Submits every task to the scheduler at once (it balances them) and hands back each as it
    finishes."""

    def __init__(self, client: Any, done: Any) -> None:
        self.client = client
        self.done = done
        self.tags: dict[Any, Tag] = {}

    def submit(self, tag: Tag, task: BatchTask) -> None:
        """Send `task` to the cluster."""
        future = self.client.submit(run_task, task, pure=False, priority=int(task.cost))
        self.tags[future] = tag
        self.done.add(future)

    def next(self) -> tuple[Tag, BatchOutcome]:
        """The next finished task (a failed one raises here)."""
        future = next(self.done)
        return self.tags.pop(future), future.result()


@contextmanager
def cluster_runner(address: str) -> Iterator[ClusterRunner]:
    """A runner on the Dask scheduler at `address` (e.g. tcp://host:8786). DataError when Dask
    is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client, as_completed  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise DataError("--cluster", "needs Dask: pip install 'cardgen[cluster]'") from None
    try:
        client = Client(address, timeout="5s")  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, TimeoutError) as exc:
        raise DataError("--cluster", f"cannot reach the scheduler at {address} ({exc})") from None
    try:
        yield ClusterRunner(client, as_completed())  # type: ignore[no-untyped-call,unused-ignore]
    finally:
        client.close()  # type: ignore[no-untyped-call,unused-ignore]


def run_on_cluster(tasks: list[BatchTask], address: str) -> list[BatchOutcome]:
    """Run `tasks` on the Dask scheduler at `address` and return their outcomes in task order."""
    with cluster_runner(address) as runner:
        for i, task in enumerate(tasks):
            runner.submit((0, i), task)
        out: dict[int, BatchOutcome] = {}
        for _ in tasks:
            (_, i), outcome = runner.next()
            out[i] = outcome
    return [out[i] for i in range(len(tasks))]
