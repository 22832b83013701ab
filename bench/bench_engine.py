"""Random playouts per second of the three rules engines, on one core (a plain script).

Prints games per second with `random` players (the median of several runs) for Schlangennest
(2 players 5×7, 4 players 7×9), Schlangengrube (2 and 4 players) and Irrläufer (17, 21 and 31
rows), and Irrläufer's phase-2 turns per second, with the machine's core count. `--player`
measures another simulated player.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardgen.engine.players import make_player
from cardgen.engine.simulate import seat_rng, simulate
from cardgen.registry import GAMES

CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("schlangennest 2p 5x7", "schlangennest", {"players": ["red", "blue"], "area": [5, 7]}, 500),
    ("schlangennest 4p 7x9", "schlangennest", {"players": ["red", "yellow", "green", "blue"], "area": [7, 9]}, 500),
    ("schlangengrube 2p", "schlangengrube", {"players": 2}, 300),
    ("schlangengrube 4p", "schlangengrube", {"players": 4}, 300),
    ("irrlaeufer 17 rows", "irrlaeufer", {"rows": 17}, 10),
    ("irrlaeufer 21 rows", "irrlaeufer", {"rows": 21}, 10),
    ("irrlaeufer 31 rows", "irrlaeufer", {"rows": 31}, 10),
]


def games_per_second(make: Callable[[int], Any], player: str, games: int, seed: int) -> float:
    """Games per second over `games` seeded games."""
    start = time.perf_counter()
    for i in range(games):
        simulate(lambda: make(seed + i), player, seed + i)  # noqa: B023 - called within this iteration
    return games / (time.perf_counter() - start)


def phase2_turns_per_second(rows: int, player: str, games: int, seed: int) -> float:
    """Irrläufer phase-2 turns per second: phase 1 is played untimed, then phase 2 is timed."""
    spec = GAMES.get("irrlaeufer")
    chooser = make_player(player)
    turns, spent = 0, 0.0
    for i in range(games):
        state: Any = spec.new_state({"rows": rows}, None, seed + i)
        rngs = [seat_rng(seed + i, 0), seat_rng(seed + i, 1)]
        while state.phase == 1 and not state.is_terminal():
            state.apply_trusted(chooser.choose(state, rngs[state.current_player]))
        start = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_player
            move = chooser.choose(state, rngs[seat])
            state.apply_trusted(move)
            if state.is_terminal() or state.current_player != seat:
                turns += 1
        spent += time.perf_counter() - start
    return turns / spent


def main() -> None:
    """Run the benchmark and print one line per case."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", default="random", choices=["random", "sensible", "greedy"])
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed")
    args, _ = parser.parse_known_args()
    print(f"rules engines: {os.cpu_count()} cores (one used); player: {args.player}; median of {args.runs} runs")
    for name, game, options, games in CASES:
        spec = GAMES.get(game)

        def make(seed: int, spec: Any = spec, options: dict[str, Any] = options) -> Any:
            return spec.new_state(options, None, seed)

        games_per_second(make, args.player, 2, 10**6)  # warm-up: tables, caches
        rates = [games_per_second(make, args.player, games, run * games) for run in range(args.runs)]
        print(f"{name:22s} {statistics.median(rates):8.1f} games/s  (runs: "
              + ", ".join(f"{r:.0f}" for r in rates) + f"; {games} games each)")
    rates = [phase2_turns_per_second(21, args.player, 3, run * 3) for run in range(args.runs)]
    print(f"{'irrlaeufer 21 rows':22s} {statistics.median(rates):8.1f} phase-2 turns/s  (runs: "
          + ", ".join(f"{r:.0f}" for r in rates) + ")")


if __name__ == "__main__":
    main()
