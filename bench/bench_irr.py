"""Irrläufer's engine and players against the targets of issue 20 (a plain script, run by
`make bench` through bench/run.py).

- engine: phase-2 steps per CPU second, each step listing every legal move (`legal_moves()`)
  and playing a seeded random one of them;
- search: CPU seconds per decision of `mcts@100` (Irrläufer's search rung), median over the 20
  fixed phase-2 positions of bench/irr_positions.json (target at most 0.1 s);
- players: decisions per second of every rung of the ladder over the same positions.

With `--old` (`make bench-irr-old`) the engine and search figures stand beside those of the
engine as it was before it was made fast, built from a pinned commit of this checkout's history
(bench/irr_old.py): the same games, interleaved game by game so machine load hits both alike,
their ratio the figure (target 4x, aim 10x); and the old engine with the search as it was (the
shared MCTS with its default playouts) on the same positions. `make bench` leaves it out: it
needs the git history, and a copy of the old package in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import irr_positions  # noqa: E402
from bench.irr_old import OldEngine  # noqa: E402
from bench.irr_timing import phase2, seconds_per_decision  # noqa: E402
from cardgen.engine.players import make_player  # noqa: E402
from cardgen.games.irrlaeufer.game import Irrlaeufer  # noqa: E402
from cardgen.games.irrlaeufer.rules import new_game  # noqa: E402


def engine(games: int, old: OldEngine | None) -> tuple[float, float | None]:
    """Phase-2 steps per CPU second of the live engine, and of the old one (when given) over the
    same games, interleaved."""
    totals = {"live": [0, 0.0], "old": [0, 0.0]}
    for seed in range(games):
        runs = [("old", old.phase2)] if old else []
        for name, play in [*runs, ("live", lambda s: phase2(new_game, s))]:
            steps, spent = play(seed)
            totals[name][0] += steps
            totals[name][1] += spent
    rate = {name: steps / spent if spent else None for name, (steps, spent) in totals.items()}
    assert rate["live"] is not None
    return rate["live"], rate["old"]


def main() -> None:
    """Print the engine, search and player figures (beside the old engine's with --old)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="random games for the engine figure")
    parser.add_argument("--old", action="store_true", help="time the old engine beside (needs git history)")
    args, _ = parser.parse_known_args()
    load = os.getloadavg()[0]
    print(f"irrlaeufer (issue 20 targets): one core of {os.cpu_count()}, load average {load:.1f}")
    if args.old:
        with OldEngine() as old:
            figures(args.games, old)
    else:
        figures(args.games, None)


def figures(games: int, old: OldEngine | None) -> None:
    """The engine, search and player lines (see the module text)."""
    live, before = engine(games, old)
    beside = f" vs old {before:6.0f}: {live / before:4.1f}x  [target 4x; " if before else "  ["
    print(f"irrlaeufer engine phase-2 steps per CPU s (legal_moves + apply): {live:8.0f}{beside}"
          f"{games} random games{', interleaved' if before else ''}]")
    positions = irr_positions.load()
    game = Irrlaeufer()
    ladder = game.ladder()
    mine = seconds_per_decision(make_player(ladder.search, extra=game.players()), positions)
    beside = (f" vs the old engine with the old search {old.seconds_per_decision(irr_positions.FILE):6.3f} s"
              if old else "")
    print(f"irrlaeufer {ladder.search} CPU seconds per decision: {mine:6.3f} s{beside}  "
          f"[target 0.1 s; median of {len(positions)} positions]")
    for rung in ladder.rungs:
        per = seconds_per_decision(make_player(rung, extra=game.players()), positions)
        print(f"irrlaeufer rung {rung:10s} {1 / per:9.1f} decisions per CPU s  [median of {len(positions)} positions]")


if __name__ == "__main__":
    main()
