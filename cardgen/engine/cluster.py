"""Playing a check's games on a Dask cluster instead of the local process pool.

The tasks are the same `BatchTask`s as locally (each carries its seeds), so the outcomes are
the same for the same seed wherever they run; they are gathered back in task order. Dask is an
optional extra (`pip install 'cardgen[cluster]'`); without it a cluster run is refused with one
line saying what to install.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgen.engine.batch import BatchOutcome, BatchTask, run_task
from cardgen.errors import DataError


def run_on_cluster(tasks: Sequence[BatchTask], address: str,
                   on_done: Callable[[int], None] | None = None) -> list[BatchOutcome]:
    """Run `tasks` on the Dask scheduler at `address` (e.g. tcp://host:8786) and return their
    outcomes in task order; `on_done(games)` is called as tasks finish. DataError when Dask is
    not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client, as_completed  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise DataError("--cluster", "needs Dask: pip install 'cardgen[cluster]'") from None
    try:
        client = Client(address, timeout="5s")  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, TimeoutError) as exc:
        raise DataError("--cluster", f"cannot reach the scheduler at {address} ({exc})") from None
    try:
        order = sorted(range(len(tasks)), key=lambda i: -tasks[i].cost)  # the longest first
        futures = {client.submit(run_task, tasks[i], pure=False): i for i in order}
        results: dict[int, BatchOutcome] = {}
        for future in as_completed(list(futures)):  # type: ignore[no-untyped-call,unused-ignore]
            i = futures[future]
            results[i] = future.result()
            if on_done:
                on_done(len(tasks[i].seeds))
        return [results[i] for i in range(len(tasks))]
    finally:
        client.close()  # type: ignore[no-untyped-call,unused-ignore]
