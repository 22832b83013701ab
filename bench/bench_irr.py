"""Irrläufer's engine and players against the targets of issue 20 (a plain script, run by
`make bench` through bench/run.py).

- engine: phase-2 steps per second, each step listing every legal move (`legal_moves()`) and
  playing a seeded random one of them, for the live engine and the frozen copy of the engine
  before it was made fast (bench/irr_frozen), on the same games, interleaved game by game so
  machine load hits both alike; their ratio is the figure (target 4x, aim 10x);
- search: seconds per decision of `mcts@100` (Irrläufer's search rung), median over the 20
  fixed phase-2 positions of bench/irr_positions.json (target at most 0.1 s), beside the
  frozen engine with the search as it was (the shared MCTS with `sensible` playouts);
- players: decisions per second of every rung of the ladder over the same positions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import irr_positions  # noqa: E402
from bench.irr_frozen.rules import IrrState as FrozenState  # noqa: E402
from bench.irr_frozen.rules import new_game as frozen_game  # noqa: E402
from cardgen.engine.mcts import MctsPlayer  # noqa: E402
from cardgen.engine.players import make_player  # noqa: E402
from cardgen.games.irrlaeufer.game import Irrlaeufer  # noqa: E402
from cardgen.games.irrlaeufer.rules import new_game  # noqa: E402


def _phase2(make: Callable[[], Any], seed: int) -> tuple[int, float]:
    """Steps and seconds of phase 2 of one seeded random game (phase 1 untimed)."""
    state, rng = make(), random.Random(seed)
    while state.phase == 1:
        moves = state.legal_moves()
        state.apply_trusted(moves[rng.randrange(len(moves))])
    steps, start = 0, time.perf_counter()
    while not state.is_terminal():
        moves = state.legal_moves()
        state.apply_trusted(moves[rng.randrange(len(moves))])
        steps += 1
    return steps, time.perf_counter() - start


def engine(games: int) -> tuple[float, float]:
    """Phase-2 steps per second of the live and the frozen engine over the same games."""
    totals = {"fast": [0, 0.0], "frozen": [0, 0.0]}
    for seed in range(games):
        for name, make in (("frozen", frozen_game), ("fast", new_game)):
            steps, spent = _phase2(make, seed)
            totals[name][0] += steps
            totals[name][1] += spent
    return (totals["fast"][0] / totals["fast"][1], totals["frozen"][0] / totals["frozen"][1])


def seconds_per_decision(player: Any, states: list[Any]) -> float:
    """The median time of one decision of `player` over `states`."""
    times = []
    for i, state in enumerate(states):
        start = time.perf_counter()
        player.choose(state.clone(), random.Random(i))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Print the engine, search and player figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="random games for the engine figure")
    args, _ = parser.parse_known_args()
    load = os.getloadavg()[0]
    print(f"irrlaeufer (issue 20 targets): one core of {os.cpu_count()}, load average {load:.1f}")
    fast, frozen = engine(args.games)
    print(f"irrlaeufer engine phase-2 steps/s (legal_moves + apply): {fast:8.0f} vs frozen {frozen:6.0f}: "
          f"{fast / frozen:4.1f}x  [target 4x; {args.games} random games, interleaved]")
    positions = irr_positions.load()
    game = Irrlaeufer()
    ladder = game.ladder()
    search = make_player(ladder.search, extra=game.players())
    mine = seconds_per_decision(search, positions)
    old = [FrozenState.from_json(p.to_json()) for p in positions]
    before = seconds_per_decision(MctsPlayer(100), old)
    print(f"irrlaeufer {ladder.search} seconds per decision: {mine:6.3f} s vs frozen engine with the old "
          f"search {before:6.3f} s  [target 0.1 s; median of {len(positions)} positions]")
    for rung in ladder.rungs:
        per = seconds_per_decision(make_player(rung, extra=game.players()), positions)
        print(f"irrlaeufer rung {rung:10s} {1 / per:9.1f} decisions/s  [median of {len(positions)} positions]")


if __name__ == "__main__":
    main()
