"""Many seeded games on all cores, and the playability summary of a batch (generic over games).

Every game's seed is fixed by the task that lists it, never by the worker or the order of
completion, so a report is the same on one core or many. Each game's final state goes through
the invariant checker; a failure or a crash is reported with the seed that reproduces it.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from cardgen.engine.invariants import check_invariants
from cardgen.engine.registry import game_spec
from cardgen.engine.simulate import GameResult, simulate
from cardgen.engine.stats import wilson


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of a set's completeness check: `error` makes the set incomplete."""

    error: bool
    text: str


@dataclass(frozen=True, slots=True)
class BatchTask:
    """Games to play: `key` groups tasks of one configuration; `options` are record options."""

    key: int
    game: str
    options: dict[str, Any]
    set_path: str | None
    player: str
    seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """What a task gave: one result per seed and the problems met (invariants, crashes)."""

    key: int
    results: tuple[GameResult, ...]
    problems: tuple[str, ...]


def game_seed(base: int, key: int, index: int) -> int:
    """The seed of game `index` of configuration `key` in a run seeded `base`."""
    return (base * 1000 + key) * 1_000_000 + index


def run_task(task: BatchTask) -> BatchOutcome:
    """Play a task's games (in the calling process)."""
    spec = game_spec(task.game)
    results: list[GameResult] = []
    problems: list[str] = []
    for seed in task.seeds:
        try:
            results.append(simulate(lambda: spec.new_game(task.options, task.set_path, seed), task.player, seed,
                                    at_end=check_invariants))
        except Exception as exc:  # noqa: BLE001 - reported with the seed, never swallowed
            problems.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return BatchOutcome(task.key, tuple(results), tuple(problems))


def run_tasks(tasks: Sequence[BatchTask], workers: int | None = None,
              on_done: Callable[[int], None] | None = None) -> list[BatchOutcome]:
    """Run `tasks` on `workers` processes (default: every core; 1 runs in this process) and
    return their outcomes in task order; `on_done(games)` is called as tasks finish."""
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(tasks) <= 1:
        out = []
        for task in tasks:
            out.append(run_task(task))
            if on_done:
                on_done(len(task.seeds))
        return out
    results: dict[int, BatchOutcome] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(run_task, task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if on_done:
                on_done(len(tasks[futures[future]].seeds))
    return [results[i] for i in range(len(tasks))]


def summarise(results: Sequence[GameResult], labels: Sequence[str]) -> dict[str, Any]:
    """Playability figures of a batch: games, how many ended properly, game length (moves),
    scores (mean, standard deviation, min, max, mean winning margin), the first seat's share of
    wins (a shared win counts as a share) with its 95% Wilson interval, and the mean number of
    moves of every label per game (passes included)."""
    n = len(results)
    if n == 0:
        return {"games": 0, "ended": 0}
    lengths = [r.moves for r in results]
    scores = [s for r in results for s in r.scores]
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))
    margins = [max(r.scores) - sorted(r.scores)[-2] for r in results if len(r.scores) > 1]
    first = sum(1 / len(r.winners) for r in results if 0 in r.winners)
    low, high = wilson(first, n)
    return {
        "games": n, "ended": sum(r.ended for r in results),
        "length": {"mean": sum(lengths) / n, "min": min(lengths), "max": max(lengths)},
        "score": {"mean": mean, "sd": sd, "min": min(scores), "max": max(scores),
                  "margin": sum(margins) / len(margins) if margins else 0.0},
        "first_wins": {"share": first / n, "low": low, "high": high,
                       "fair": 1 / len(results[0].scores)},
        "per_game": {label: sum(r.count(label) for r in results) / n for label in labels},
        "draws": sum(1 for r in results if r.ended and not r.winners),
        "endings": dict(sorted(Counter(r.ending for r in results if r.ending).items())),
    }
