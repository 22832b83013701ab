"""The optional behaviours of the shared GameState contract (cardgen.engine.base) that Irrläufer
gives (winners, ending, seat names, bounds, `verify`, move labels and classes, `score_after`),
plus the Outcome of a game.

Kept apart from rules.py so that module stays about the rules themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardgen.engine.base import GameState
from cardgen.games.irrlaeufer import movement, strategy
from cardgen.games.irrlaeufer.components import IrrBoard, Side, castle_fields
from cardgen.games.irrlaeufer.moves import EndTurn, Go, IrrMove, Lay, Slide, Turn
from cardgen.games.irrlaeufer.position import Position

ENDING_WORDS = {
    "all-castles": "conquest: one side owns all four castles",
    "repetition": "repetition: the same position arose a third time",
    "hundred-rounds": "the round limit: 100 rounds of phase 2 without capture or conquest",
}
"""`end_reason` for each ending id of moves.ENDINGS."""

QUIET_TURNS = 200
"""Phase-2 turns without capture or conquest that end the game in a draw (100 rounds) under the
original's rules; a set's `round_limit` changes it (`IrrRules.quiet_turns`)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and the ending id (moves.ENDINGS)."""

    winner: Side | None
    rule: str


class SimulationHooks(GameState[IrrMove]):
    """Mixed into IrrState: winners, seat names, score bounds, a move bound, `verify`, and the
    move labels, classes and scores the simulated players use."""

    __slots__ = ()
    board: IrrBoard
    pos: Position
    to_move: Side
    phase: int
    remaining: int
    used: list[tuple[int, int]]
    quiet: int
    seen: dict[int | str, int]
    outcome: Outcome | None
    budget: int
    quiet_limit: int

    def winners(self) -> tuple[int, ...]:
        """The winning seat once won, () for a draw or an unfinished game. (The scores are
        the castles owned, so a draw can have a higher score on one side.)"""
        if self.outcome is None or self.outcome.winner is None:
            return ()
        return (self.outcome.winner.value,)

    def ending(self) -> str:
        """The ending id (moves.ENDINGS) once the game is over, else ""."""
        return self.outcome.rule if self.outcome is not None else ""

    def end_reason(self) -> str:
        """Conquest of all four castles, a draw by repetition or the round limit (ENDINGS)."""
        if self.outcome is None:
            return ""
        words = ENDING_WORDS[self.outcome.rule]
        return words.replace("100 rounds", f"{self.quiet_limit // 2} rounds")  # the set's round limit

    def seat_name(self, seat: int) -> str:
        """"red" or "blue"."""
        return Side(seat).label

    def score_bounds(self) -> tuple[float, float]:
        """Scores count castles: 0 to 4."""
        return 0.0, float(len(self.pos.c_owner))

    def move_bound(self) -> int:
        """A safety bound on engine steps for simulations; games end by the rules long before."""
        return self.board.sticks + 4 * 10 * self.quiet_limit * len(self.pos.c_owner)

    def verify(self) -> None:
        """Assert the state is sound (see Position.verify) and its turn bookkeeping too."""
        self.pos.verify()
        assert self.phase in (1, 2) and 0 <= self.remaining <= self.budget and len(self.used) <= 3
        assert self.phase == 2 or (not self.used and self.remaining == 0)
        assert 0 <= self.quiet <= self.quiet_limit and all(n <= 3 for n in self.seen.values())
        assert self.outcome is None or not self.remaining

    def move_label(self, move: IrrMove) -> str:
        """lay, slide, move, capture, conquest or end (for simulation statistics; `move` is a
        legal one, so a Go's label is read off the board as `movement.label` does, which says
        what `movement.resolve` would)."""
        if type(move) is Go:
            return movement.label(self.pos, move.src, move.dst)
        return {Lay: "lay", Slide: "slide", EndTurn: "end", Turn: "turn"}[type(move)]

    def move_cells(self, move: IrrMove) -> tuple[tuple[int, int], ...]:
        """Where a piece or castle ends, for the heatmap: the field a piece's move ends on, the
        four fields a castle lands on (read off the board as `movement.label` does). Laying and
        sliding sticks count nothing: the sticks would drown the pieces (phase 1 alone lays 80)."""
        if type(move) is Turn and move.go is not None:
            move = Go(move.side, *move.go)
        if type(move) is not Go:
            return ()
        pos = self.pos
        if move.src not in pos.pieces:
            ci = pos.castle_at[move.src]
            if pos.top(ci) >= 0 or not pos.c_piece[ci]:  # the castle itself moves
                return castle_fields(move.dst)
        return (move.dst,)

    def move_class(self, move: IrrMove) -> int:
        """0 for a move that captures or conquers, 1 otherwise (the `sensible` player; `move`
        is legal, so its label is read off the board)."""
        return 0 if type(move) is Go and movement.label(self.pos, move.src, move.dst) != "move" else 1

    def evaluate(self, seat: int) -> float:
        """Castles, pieces and how near each side is to a castle it could take (strategy.py)."""
        return strategy.evaluate(self, seat)

    def playout_limit(self) -> int:
        """Search playouts stop after about three turns: a whole game is hundreds of turns."""
        return 12

    def expansion_order(self, rng: random.Random) -> list[IrrMove]:
        """`GameState.expansion_order`, the same list: the shuffle in the compiled core where it is
        built (random.shuffle's draws), and sorted only in the move step (slides and lays are
        all of one class and score, so the stable sort would keep their shuffled order), there
        by the compiled core too."""
        moves = self.legal_moves()
        if strategy.CORE is not None and type(rng) is random.Random:
            strategy.CORE.shuffle(moves, rng.getrandbits)
        else:
            rng.shuffle(moves)
        if len(moves) > 1 and type(moves[0]) is not Slide and type(moves[0]) is not Lay:
            if strategy.CORE is not None:  # the same stable sort, each move labelled once
                strategy.CORE.order_moves(self.pos, moves)
                return moves
            scores = self.scores_after(moves)
            keys = {id(m): (-self.move_class(m), score) for m, score in zip(moves, scores)}
            moves.sort(key=lambda m: keys[id(m)])
        return moves

    def scores_after(self, moves: list[IrrMove]) -> list[float]:
        """`score_after` of each of `moves` in one pass: only a conquest adds a castle."""
        pos, owned = self.pos, float(self.pos.castles_of(self.to_move))
        return [owned + 1 if type(m) is Go and movement.label(pos, m.src, m.dst) == "conquest" else owned
                for m in moves]

    def score_after(self, move: IrrMove) -> float:
        """The mover's castles right after `move` (the `greedy` player), without a copy."""
        owned = float(self.pos.castles_of(self.to_move))
        if type(move) is Go and movement.label(self.pos, move.src, move.dst) == "conquest":
            return owned + 1
        return owned
