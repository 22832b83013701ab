"""Random playouts per second of the rules engines, on one core (a plain script).

Prints, for Schlangennest with `random` players, games per second for 2 players on 5×7 and
4 players on 7×9 (the median of several runs), with the machine's core count. `--player`
measures another simulated player.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cardgen.engine.simulate import simulate
from cardgen.games.schlangennest.rules import new_game

CASES = [("schlangennest 2p 5x7", {"players": ["red", "blue"], "area": [5, 7]}),
         ("schlangennest 4p 7x9", {"players": ["red", "yellow", "green", "blue"], "area": [7, 9]})]


def games_per_second(options: dict[str, object], player: str, games: int, seed: int) -> float:
    """Games per second over `games` seeded games."""
    start = time.perf_counter()
    for i in range(games):
        simulate(lambda: new_game(options), player, seed + i)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark and print one line per case."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", default="random", choices=["random", "sensible", "greedy"])
    parser.add_argument("--games", type=int, default=500, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()} (one used); player: {args.player}; "
          f"median of {args.runs} runs of {args.games} games")
    for name, options in CASES:
        games_per_second(options, args.player, 20, 10**6)  # warm-up: tables, caches
        rates = [games_per_second(options, args.player, args.games, run * args.games) for run in range(args.runs)]
        print(f"{name}: {statistics.median(rates):8.1f} games/s  (runs: "
              + ", ".join(f"{r:.0f}" for r in rates) + ")")


if __name__ == "__main__":
    main()
