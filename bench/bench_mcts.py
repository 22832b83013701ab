"""Search players' speed (a plain script, run by `make bench` through bench/run.py).

- decisions per second of the `mcts` player at budgets 100 and 1000 for each game, on one core,
  over positions reached by seeded random play (the median of the positions' times);
- a strong-player check of one configuration per game: `mcts` at budget 100 playing every seat
  (Irrläufer: the `castle` player the report uses), on all cores, with its wall time and verdict.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardgen.check.plan import play  # noqa: E402
from cardgen.check.verdict import thresholds_of  # noqa: E402
from cardgen.commands.checkrun import judge  # noqa: E402
from cardgen.engine.mcts import MctsPlayer  # noqa: E402
from cardgen.engine.players import RandomPlayer  # noqa: E402
from cardgen.registry import GAMES  # noqa: E402

POSITIONS: dict[str, tuple[dict[str, Any], int]] = {
    "schlangennest": ({"players": ["red", "blue"], "area": [5, 7]}, 6),
    "schlangengrube": ({"players": 2}, 10),
    "irrlaeufer": ({}, 90),  # just into phase 2 (80 sticks are laid first)
}
"""Per game: record options and how many random steps lead to a measured position."""


def positions(game: str, count: int) -> list[Any]:
    """`count` seeded positions of `game`, not ended, each after some random steps."""
    options, steps = POSITIONS[game]
    out = []
    for seed in range(count):
        state = GAMES.get(game).new_state(options, None, seed)
        rng = random.Random(seed)
        for _ in range(steps + seed):
            if state.is_terminal():
                break
            state.apply_trusted(RandomPlayer().choose(state, rng))
        if not state.is_terminal():
            out.append(state)
    return out


def decisions_per_second(game: str, budget: int, count: int) -> float:
    """The inverse of the median time of one `mcts` decision over `count` positions."""
    times = []
    for i, state in enumerate(positions(game, count)):
        start = time.perf_counter()
        MctsPlayer(budget).choose(state, random.Random(i))
        times.append(time.perf_counter() - start)
    return 1 / statistics.median(times)


def strong_check(game_name: str, games: int) -> None:
    """Play one configuration of `game_name` with the strong player and print time and verdict."""
    game = GAMES.get(game_name)
    game_set = game.load_set()
    player = "castle" if game_name == "irrlaeufer" else "mcts"
    line = replace(game.check_lines(game_set, (2,), games, player, 0)[0], budget=100)
    start = time.perf_counter()
    (played,) = play([line], 0)
    wall = time.perf_counter() - start
    v = judge(game, game_set, played, [], thresholds_of(game.default_set_path()))
    print(f"{game_name:15s} strong check, {line.config}, {games} games of {player}"
          f"{' (budget 100)' if player == 'mcts' else ''}: {wall:6.1f} s on {os.cpu_count()} cores; {v.line()}")


def main() -> None:
    """One line per game and budget, then one strong check per game."""
    print(f"search players: {os.cpu_count()} cores; decisions on one core, median over positions")
    for game in POSITIONS:
        for budget, count in ((100, 7), (1000, 3)):
            rate = decisions_per_second(game, budget, count)
            print(f"{game:15s} mcts budget {budget:5d}: {rate:8.2f} decisions/s  [median of {count} positions]")
    for game, games in (("schlangennest", 20), ("schlangengrube", 6), ("irrlaeufer", 6)):
        strong_check(game, games)


if __name__ == "__main__":
    main()
