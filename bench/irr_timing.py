"""The two Irrläufer timings bench/bench_irr.py takes, for any engine: the live one in its own
process and the old one (bench/irr_old.py) in a process of its own. Standard library only, as
the old engine's process imports this module beside the old package."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any


def phase2(make: Callable[[], Any], seed: int) -> tuple[int, float]:
    """Steps and CPU seconds of phase 2 of one seeded random game (phase 1 untimed): each step
    lists every legal move and plays a seeded random one of them."""
    state, rng = make(), random.Random(seed)
    while state.phase == 1:
        moves = state.legal_moves()
        state.apply_trusted(moves[rng.randrange(len(moves))])
    steps, start = 0, time.process_time()
    while not state.is_terminal():
        moves = state.legal_moves()
        state.apply_trusted(moves[rng.randrange(len(moves))])
        steps += 1
    return steps, time.process_time() - start


def seconds_per_decision(player: Any, states: list[Any]) -> float:
    """The median CPU time of one decision of `player` over `states`."""
    times = []
    for i, state in enumerate(states):
        start = time.process_time()
        player.choose(state.clone(), random.Random(i))
        times.append(time.process_time() - start)
    return statistics.median(times)
