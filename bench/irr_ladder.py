"""Play Irrläufer's ladder: each rung against the one below on the default board, in both seat
orders, and print each stronger rung's share with its 95% interval (a plain script; long).

A game's shares are `GameResult.shares()`: the winner takes 1, a draw gives each seat one half.
Game k of a pair is seeded `seed + k`; even k seat the stronger rung red, odd k blue, so both
seat orders play equally often. `--pairs runner:wary` plays chosen pairs only; `--jobs` games
run in parallel processes. docs/players.md (Irrläufer) records the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardgen.check.stats import wilson  # noqa: E402
from cardgen.engine.players import make_player  # noqa: E402
from cardgen.engine.simulate import simulate  # noqa: E402
from cardgen.games.irrlaeufer.game import Irrlaeufer  # noqa: E402
from cardgen.games.irrlaeufer.rules import new_game  # noqa: E402


def play(strong: str, weak: str, seed: int, strong_seat: int) -> tuple[float, int, str, float]:
    """One game: the stronger rung's share, the phase-2 turns, the ending and the seconds."""
    extra = Irrlaeufer().players()
    seats = [make_player(weak, extra=extra), make_player(weak, extra=extra)]
    seats[strong_seat] = make_player(strong, extra=extra)
    start = time.perf_counter()
    result = simulate(lambda: new_game(), seats, seed)
    return result.shares()[strong_seat], result.moves, result.ending, time.perf_counter() - start


def main() -> None:
    """Play the pairs and print one line per pair (and per seat order)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per pair (half in each seat order)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    parser.add_argument("--pairs", default="", help="strong:weak,... (default: every rung and the one below)")
    args = parser.parse_args()
    ladder = Irrlaeufer().ladder()
    pairs = ([tuple(p.split(":")) for p in args.pairs.split(",")] if args.pairs
             else [(s, w) for s, w in ladder.pairs()])
    with ProcessPoolExecutor(args.jobs) as pool:
        for strong, weak in pairs:
            jobs = {pool.submit(play, strong, weak, args.seed + k, k % 2): k for k in range(args.games)}
            for job in as_completed(jobs):  # a line per game as it ends, in any order
                k = jobs[job]
                share, moves, ending, seconds = job.result()
                if args.verbose:
                    print(f"  game {k} (seed {args.seed + k}, {strong} {'blue' if k % 2 else 'red'}): share {share}, "
                          f"{moves} steps, {ending}, {seconds:.0f} s", flush=True)
            results = [job.result() for job in sorted(jobs, key=jobs.__getitem__)]
            share = sum(r[0] for r in results)
            low, high = wilson(share, len(results))
            by_seat = []
            for seat, label in ((0, "red"), (1, "blue")):
                part = [r[0] for k, r in enumerate(results) if k % 2 == seat]
                lo, hi = wilson(sum(part), len(part))
                by_seat.append(f"{label} {sum(part) / len(part):.0%} [{lo:.0%}-{hi:.0%}]")
            draws = sum(1 for r in results if r[0] == 0.5)
            seconds = sum(r[3] for r in results) / len(results)
            print(f"{strong} vs {weak}: share {share / len(results):.1%} [{low:.1%}-{high:.1%}] over "
                  f"{len(results)} games (seeds {args.seed}-{args.seed + args.games - 1}), draws {draws}; "
                  f"as {'; as '.join(by_seat)}; {seconds:.1f} s a game", flush=True)


if __name__ == "__main__":
    main()
