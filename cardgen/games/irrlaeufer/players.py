"""Irrläufer's ladder of simulated players, from the weakest: `runner`, `wary`, `castle`,
`mcts@100` (cardgen.games.irrlaeufer.game declares it; docs/players.md gives the measured
shares of each against the one below).

- `runner` heads for the castles without a plan: it slides a random legal stick, and moves a
  conquest, else a capture, else any piece nearer a castle it could take.
- `wary` slides at random too, but a slide after which an enemy piece could capture one of its
  pieces or enter one of its castles at once only if a few such draws are all like that; it moves a conquest, else a capture, else the piece that gets
  nearest a castle, but not onto a field an enemy piece could take at once (and away from
  one).
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
from cardgen.games.irrlaeufer import movement, native_core
from cardgen.games.irrlaeufer.components import Side
from cardgen.games.irrlaeufer.moves import Go, Lay, Slide
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.runs import random_slide, tables_for
from cardgen.games.irrlaeufer.strategy import FAR, best_go, draw_slides, rook_distances, targets

WARY_SAMPLES = 4
"""How many random slides `wary` tries for one that opens the enemy no capture or conquest."""
SEARCH_BUDGET = 100
"""The `mcts` rung's simulations per decision."""
CORE: Any = native_core.load()
"""The compiled core (`_core.c`: whole playouts there), or None."""


@dataclass(frozen=True, slots=True)
class RunnerPlayer:
    """Random slides; moves for the castles without minding the enemy (see the module text)."""

    name: str = "runner"
    wary: bool = False

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random slide drawn without listing them all, else the move step's pick."""
        if state.sliding:
            picks = draw_slides(state, WARY_SAMPLES if self.wary else 1, rng)
            if picks:
                return _safe_slide(state, picks) if self.wary else picks[0]
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """A random lay or slide of `moves` (the legal moves; `wary`: the first of a few that
        opens no way to a capture or conquest), else the move step's pick."""
        if len(moves) == 1 or isinstance(moves[0], Lay):
            return moves[rng.randrange(len(moves))]
        if isinstance(moves[0], Slide):
            if self.wary:
                return _safe_slide(state, rng.sample(moves, min(WARY_SAMPLES, len(moves))))
            return moves[rng.randrange(len(moves))]
        if self.wary:
            return best_go(state, moves, rng, wary=True)
        return _run(state, moves, rng)


def threatened(pos: Position, side: Side) -> bool:
    """Whether an enemy piece could now capture a piece of `side` or enter one of its
    castles with one straight move."""
    enemy = side.other
    for f, owner in pos.pieces.items():
        if owner is enemy:
            for d in range(len(movement.DIRECTIONS)):
                for g in movement.piece_targets(pos, enemy, f, d, -1):
                    if g in pos.pieces or g in pos.castle_at:
                        return True
    return False


def _safe_slide(state: Any, picks: list[Slide]) -> Slide:
    """The first of `picks` after which the enemy has no capture or conquest at once (the
    first of all if each opens one)."""
    pos: Position = state.pos
    side: Side = state.to_move
    for move in picks:
        sid = pos.stick_id(move.stick)
        pos.shift(sid, move.by)  # occupancy only, undone below
        try:
            if not threatened(pos, side):
                return move
        finally:
            pos.shift(sid, -move.by)
    return picks[0]


def _hit(pos: Position, moves: list[Any], rng: random.Random) -> Go | None:
    """A random conquest of `moves`, else a random capture, else None."""
    labels = {m: movement.label(pos, m.src, m.dst) for m in moves if isinstance(m, Go)}
    for wanted in ("conquest", "capture"):
        hits = [m for m, label in labels.items() if label == wanted]
        if hits:
            return hits[rng.randrange(len(hits))]
    return None


def _run(state: Any, moves: list[Any], rng: random.Random) -> Any:
    """`runner`'s move step: a conquest, else a capture, else any move that brings a piece
    nearer a castle it could take (not the nearest: no plan), else any move."""
    pos = state.pos
    hit = _hit(pos, moves, rng)
    if hit is not None:
        return hit
    goals = targets(pos, state.to_move)
    dist = rook_distances(pos, goals) if goals else {}
    nearer = [m for m in moves if isinstance(m, Go) and m.src in pos.pieces
              and dist.get(m.dst, FAR) < dist.get(m.src, FAR)]
    pool = nearer or moves
    return pool[rng.randrange(len(pool))]


@dataclass(frozen=True, slots=True)
class PlayoutPlayer:
    """The search's playout policy (no rung of its own): a random slide, and a conquest, else
    a capture, else a random move (no distances: a playout step must be cheap)."""

    name: str = "playout"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random slide drawn cheaply (`runs.random_slide`), else the move step's pick."""
        if state.sliding and state.table:
            move = random_slide(state.pos, state.to_move, {sid for sid, _ in state.used}, state.banned,
                                state.remaining, rng)
            if move is not None:
                return move
        return self.choose_from(state, state.legal_moves(), rng)

    def playout(self, state: Any, rng: random.Random) -> list[float] | None:
        """The search's whole playout from `state` (mcts._playout: these choices up to the
        state's `playout_limit`, then `strategy.evaluate` per seat) in the compiled core, with
        the generator's own draws; None where the loop in Python plays it (no core, phase 1,
        a slide budget beyond the run table, or a generator of another kind)."""
        if CORE is None or type(rng) is not random.Random or not state.table:
            return None
        values: list[float] | None = CORE.playout(state, rng.getrandbits, state.playout_limit(),
                                                  tables_for(state.board.rows))
        return values

    def choose_from(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """A conquest, else a capture, else a random move of `moves` (the legal moves)."""
        if len(moves) > 1 and isinstance(moves[0], Go):
            hit = _hit(state.pos, moves, rng)
            if hit is not None:
                return hit
        return moves[rng.randrange(len(moves))]


def wary() -> RunnerPlayer:
    """The `wary` player: `runner` that keeps its pieces out of the enemy's reach."""
    return RunnerPlayer("wary", wary=True)


def search(budget: int | None) -> MctsPlayer:
    """The `mcts` player of Irrläufer: `budget` simulations (default `SEARCH_BUDGET`) with
    `PlayoutPlayer` playouts."""
    return MctsPlayer(SEARCH_BUDGET if budget is None else budget, policy=PlayoutPlayer())
