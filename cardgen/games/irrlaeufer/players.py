"""Irrläufer's ladder of simulated players, from the weakest: `runner`, `wary`, `castle`,
`mcts@100` (cardgen.games.irrlaeufer.game declares it; docs/players.md gives the measured
shares of each against the one below).

- `runner` heads for the castles without a plan: it slides a random legal stick, and moves a
  conquest, else a capture, else the piece that gets nearest a castle it could take.
- `wary` moves the same way but not onto a field an enemy piece could take at once (and away
  from one); it still slides at random.
- `castle` (strategy.py) is `wary` that also judges its slides: a few drawn at random, the
  one that brings its own pieces nearest and the enemy's farthest.
- `mcts` is the shared tree search (cardgen.engine.mcts) with a cheap playout policy
  (`PlayoutPlayer`: random slides, conquests and captures first, else random moves): playouts
  are short (`IrrState.playout_limit`) and end in the castle evaluation (`strategy.evaluate`),
  so a simulation costs a few cheap steps, not whole turns of `castle`.

Phase 1 (laying the maze) is random for all of them. Everything random comes from the
generator each is handed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.mcts import MctsPlayer
from cardgen.games.irrlaeufer import movement
from cardgen.games.irrlaeufer.moves import Go, Lay, Slide
from cardgen.games.irrlaeufer.runs import random_slide
from cardgen.games.irrlaeufer.strategy import best_go, draw_slides

SEARCH_BUDGET = 100
"""The `mcts` rung's simulations per decision."""


@dataclass(frozen=True, slots=True)
class RunnerPlayer:
    """Random slides; moves for the castles without minding the enemy (see the module text)."""

    name: str = "runner"
    wary: bool = False

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random slide drawn without listing them all, else the move step's pick."""
        if state.sliding:
            picks = draw_slides(state, 1, rng)
            if picks:
                return picks[0]
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """A random lay or slide of `moves` (the legal moves), else the move step's pick."""
        if len(moves) == 1 or isinstance(moves[0], (Lay, Slide)):
            return moves[rng.randrange(len(moves))]
        return best_go(state, moves, rng, wary=self.wary)


@dataclass(frozen=True, slots=True)
class PlayoutPlayer:
    """The search's playout policy (no rung of its own): a random slide, and a conquest, else
    a capture, else a random move (no distances: a playout step must be cheap)."""

    name: str = "playout"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random slide drawn cheaply (`runs.random_slide`), else the move step's pick."""
        if state.sliding and state.FAST:
            move = random_slide(state.pos, state.to_move, {sid for sid, _ in state.used}, state.banned,
                                state.remaining, rng)
            if move is not None:
                return move
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """A conquest, else a capture, else a random move of `moves` (the legal moves)."""
        if len(moves) > 1 and isinstance(moves[0], Go):
            pos = state.pos
            labels = {m: movement.label(pos, m.src, m.dst) for m in moves if isinstance(m, Go)}
            for wanted in ("conquest", "capture"):
                hits = [m for m, label in labels.items() if label == wanted]
                if hits:
                    return hits[rng.randrange(len(hits))]
        return moves[rng.randrange(len(moves))]


def wary() -> RunnerPlayer:
    """The `wary` player: `runner` that keeps its pieces out of the enemy's reach."""
    return RunnerPlayer("wary", wary=True)


def search(budget: int | None) -> MctsPlayer:
    """The `mcts` player of Irrläufer: `budget` simulations (default `SEARCH_BUDGET`) with
    `PlayoutPlayer` playouts."""
    return MctsPlayer(SEARCH_BUDGET if budget is None else budget, policy=PlayoutPlayer())

