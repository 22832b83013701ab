"""Many seeded games on all cores, and the playability summary of a batch (generic over games).

Every game's seed is fixed by the task that lists it, never by the worker or the order of
completion, so a report is the same on one core or many. Each game's final state goes through
the invariant checker; a failure or a crash is reported with the seed that reproduces it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.check.playable import Playable
from cardgen.engine.base import GameState
from cardgen.engine.invariants import check_invariants
from cardgen.engine.players import Player, make_player
from cardgen.engine.policies import BarredPlayer
from cardgen.engine.simulate import GameResult, simulate
from cardgen.errors import DataError
from cardgen.workers import worker_start


@dataclass(frozen=True, slots=True)
class BatchTask:
    """Games to play: `key` groups tasks of one configuration; `options` are record options,
    `game_set` the set value (pickled to the worker: no worker reads the set file).

    `player` names the player of every seat, or one player per seat (a lineup such as greedy
    against random), from the shared players or the game's own; `budget` is the search players'
    simulations per decision (None: their default). `measure` says per seed whether to count the legal moves of every step
    (None: every game); `cost` is a rough relative cost, so the pool starts the longest first."""

    key: int
    game: Playable
    options: dict[str, Any]
    game_set: Any
    player: str | tuple[str, ...]
    seeds: tuple[int, ...]
    measure: tuple[bool, ...] | None = None
    cost: float = 1.0
    budget: int | None = None
    barred: str | None = None
    """Restricted play (`cardgen.check.worth`): the kind or action the player of seat
    `barred_seat` may not play (`Game.barred`); None: nobody is barred."""
    barred_seat: int = 0


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
    players = task_players(task)
    results: list[GameResult] = []
    problems: list[str] = []
    for i, seed in enumerate(task.seeds):
        try:
            results.append(play_seed(task, players, i))
        except Exception as exc:  # noqa: BLE001 - reported with the seed, never swallowed
            unplayable = setup_error(task, seed)
            if unplayable is not None:  # the configuration cannot be set up: one line, not one per seed
                problems.append(unplayable)
                break
            problems.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return BatchOutcome(task.key, tuple(results), tuple(problems))


def setup_error(task: BatchTask, seed: int) -> str | None:
    """Why the configuration of `task` cannot be set up ("not playable: no frame snake of 18
    cards fits 2×3"), when setting up its game for `seed` is refused as bad data; else None."""
    try:
        task.game.new_state(task.options, task.game_set, seed)
    except DataError as exc:
        return f"not playable: {exc.reason}"
    return None


def play_seed(task: BatchTask, players: list[Player] | Player, index: int, keep_record: bool = False,
              at_end: Callable[[GameState[Any]], None] | None = None) -> GameResult:
    """Play the game of the task's `index`-th seed with `players` (`task_players`), its final
    state through the invariant checker and then `at_end`; with `keep_record`, the result
    holds its moves (the same game either way: the seed fixes it)."""
    game, seed = task.game, task.seeds[index]
    count = task.measure is None or task.measure[index]

    def end(state: GameState[Any]) -> None:
        check_invariants(state)
        if at_end is not None:
            at_end(state)

    return simulate(lambda: game.new_state(task.options, task.game_set, seed), players, seed, keep_record=keep_record,
                    at_end=end, count_legal=count, kind_of=game.move_kind, passes=game.pass_labels,
                    classify=game.degenerate, turn_of=game.turn_of)


def task_players(task: BatchTask) -> list[Player] | Player:
    """The players of a task's games: one per seat, or one for every seat (a task that bars a
    seat names one player per seat)."""
    names = task.player if isinstance(task.player, tuple) else (task.player,)
    own = task.game.players()
    made = {name: make_player(name, task.budget, own) for name in set(names)}
    if task.barred is None:
        return [made[n] for n in names] if isinstance(task.player, tuple) else made[task.player]
    players: list[Player] = [made[n] for n in names]
    game, kind = task.game, task.barred
    players[task.barred_seat] = BarredPlayer(players[task.barred_seat],
                                             lambda state, moves: game.barred(state, moves, kind))
    return players


def run_tasks(tasks: Sequence[BatchTask], workers: int | None = None,
              on_done: Callable[[int], None] | None = None) -> list[BatchOutcome]:
    """Run `tasks` on `workers` processes (default: every core; 1 runs in this process) and
    return their outcomes in task order; `on_done(games)` is called as tasks finish. The
    costliest tasks are started first, so no core idles at the end waiting for a long one."""
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(tasks) <= 1:
        out = []
        for task in tasks:
            out.append(run_task(task))
            if on_done:
                on_done(len(task.seeds))
        return out
    results: dict[int, BatchOutcome] = {}
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i].cost)
    # multiprocessing.Pool rather than ProcessPoolExecutor: leaving its `with` block terminates
    # the workers at once, so Ctrl-C (KeyboardInterrupt here) ends the run without waiting for
    # the games in flight and leaves no process behind.
    with multiprocessing.Pool(min(workers, len(tasks)), initializer=worker_start, initargs=(os.getpid(),)) as pool:
        for index, outcome in pool.imap_unordered(_run_indexed, [(i, tasks[i]) for i in order]):
            results[index] = outcome
            if on_done:
                on_done(len(tasks[index].seeds))
    return [results[i] for i in range(len(tasks))]


def _run_indexed(item: tuple[int, BatchTask]) -> tuple[int, BatchOutcome]:
    return item[0], run_task(item[1])
