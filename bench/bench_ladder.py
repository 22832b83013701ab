"""Decisions per second of every rung of every game's ladder (a plain script, run by `make bench`
through bench/run.py).

Each game's ladder comes from the registry (`Game.ladder()`), so a game's new rungs appear here
as soon as it declares them. The positions are those of seeded games of the game's report player
in its default two-player configuration (the one `cardgen match` plays), a few steps apart; each
rung decides every position once on one core (after one untimed decision that fills the game's
caches), and the figure is positions over total time. The
search rungs decide fewer positions (`SEARCH_POSITIONS`) to keep the run short.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardgen.commands.match import default_config  # noqa: E402
from cardgen.engine.players import make_player  # noqa: E402
from cardgen.engine.simulate import seat_rng  # noqa: E402
from cardgen.game import Game  # noqa: E402
from cardgen.registry import GAMES  # noqa: E402

POSITIONS = 40
"""Positions each cheap rung decides."""
SEARCH_POSITIONS = 6
"""Positions each search rung (a name with a budget) decides."""
GAMES_PLAYED = 4
"""Seeded games the positions are taken from."""


def positions(game: Game[Any], count: int) -> list[Any]:
    """`count` positions of seeded report-player games, spread over each game's steps."""
    game_set = game.load_set()
    options = default_config(game, 2, game_set)
    player = make_player(game.ladder().report, None, game.players())
    found: list[Any] = []
    for seed in range(GAMES_PLAYED):
        state = game.new_state(options, game_set, seed)
        rngs = [seat_rng(seed, s) for s in range(state.num_players)]
        seen = []
        while not state.is_terminal() and len(seen) < state.move_bound():
            seen.append(state.clone())
            state.apply_trusted(player.choose(state, rngs[state.current_player]))
        step = max(1, len(seen) * GAMES_PLAYED // count)
        found.extend(seen[::step])
    return found[:count]


def decisions_per_second(game: Game[Any], rung: str, states: list[Any]) -> float:
    """How many of `states` the rung decides per second (one core)."""
    player = make_player(rung, None, game.players())
    rng = random.Random(0)
    player.choose(states[0].clone(), rng)  # untimed: the first decision fills the game's caches
    start = time.perf_counter()
    for state in states:
        player.choose(state.clone(), rng)
    return len(states) / (time.perf_counter() - start)


def main() -> None:
    for game in GAMES:
        ladder = game.ladder()
        states = positions(game, POSITIONS)
        figures = []
        for rung in ladder.rungs:
            chosen = states[:SEARCH_POSITIONS] if "@" in rung else states
            figures.append(f"{rung} {decisions_per_second(game, rung, chosen):,.1f}")
        print(f"{game.name} ladder, decisions per second (one core, default two-player positions): "
              + ", ".join(figures))


if __name__ == "__main__":
    main()
