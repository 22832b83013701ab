"""Playing Irrläufer for the castles: a position evaluation and the `castle` player.

The game is won by owning all four castles, and a castle is taken by a piece landing on it, so
what matters is how many straight moves ("rook moves" along rows and columns, blocked by sticks
in the grooves) each piece needs to reach an enemy castle it can take, and whether the enemy can
take a piece or a castle next turn. `rook_distances` measures the first with a breadth-first
search over the open grooves (sticks only: pieces move and sticks slide every turn, so the
maze is what lasts).

The `castle` player takes a conquest or a capture when it has one, and otherwise picks, among
its moves, the one that brings a piece closest to a takeable enemy castle without leaving it
where an enemy piece could take it at once; it slides sticks to shorten its own way or lengthen
the enemy's (judged on a few sampled slides, since every judgement is a search of the board).
It lays sticks at random. Everything random comes from the generator it is handed.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from dataclasses import dataclass
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.irrlaeufer.components import COLUMNS, Field, Side, castle_fields
from cardgen.games.irrlaeufer.grid import grid_for
from cardgen.games.irrlaeufer.moves import EndTurn, Go, Lay, Slide
from cardgen.games.irrlaeufer.position import Position

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
FAR = 9
"""The distance counted for a piece with no way to a takeable castle."""
SLIDE_SAMPLES = 3
"""How many slides the `castle` player judges per slide step ..."""
STUCK_SAMPLES, STUCK_TURNS = 10, 30
"""... and how many once `STUCK_TURNS` turns went by without a capture or conquest (the maze
has to be opened before the 100-round draw)."""


def targets(pos: Position, side: Side) -> list[Field]:
    """The fields of the enemy castles `side` could take (unoccupied, not stacked); when there
    is none (a piece sits on each), the enemy pieces on fields, whose capture is the way on."""
    out: list[Field] = []
    for i, owner in enumerate(pos.c_owner):
        if owner is not side and pos.c_on[i] < 0 and not pos.occupied(i):
            out.extend(castle_fields(pos.c_pos[i]))
    return out or [f for f, s in pos.pieces.items() if s is not side]


@lru_cache(maxsize=None)
def _steps(rows: int) -> tuple[tuple[tuple[tuple[int, int] | None, ...], ...], tuple[Field, ...]]:
    """Per direction and flat field index: (segment crossed, next field index) of one step, or
    None at the edge; and the fields by flat index. Built once per board length."""
    grid = grid_for(rows)
    fields = tuple((c, r) for r in range(1, rows + 1) for c in range(1, COLUMNS + 1))
    index = {f: i for i, f in enumerate(fields)}
    steps = []
    for dx, dy in DIRECTIONS:
        row: list[tuple[int, int] | None] = []
        for f in fields:
            g = (f[0] + dx, f[1] + dy)
            row.append((grid.between(f, g), index[g]) if grid.inside(g) else None)
        steps.append(tuple(row))
    return tuple(steps), fields


def rook_distances(pos: Position, goals: list[Field]) -> dict[Field, int]:
    """Fewest straight moves from each field to one of `goals`, through grooves no stick blocks
    (fields that cannot reach a goal are missing)."""
    dist = _flat_distances(pos, goals)
    _, fields = _steps(pos.board.rows)
    return {fields[i]: d for i, d in enumerate(dist) if d >= 0}


def _flat_distances(pos: Position, goals: list[Field]) -> list[int]:
    steps, fields = _steps(pos.board.rows)
    seg = pos.seg
    dist = [-1] * len(fields)
    queue = [(f[1] - 1) * COLUMNS + f[0] - 1 for f in goals]
    for i in queue:
        dist[i] = 0
    for f in queue:  # the list grows while it is walked: a breadth-first queue
        d = dist[f] + 1
        for step in steps:
            a = f
            while True:
                st = step[a]
                if st is None or seg[st[0]] >= 0:
                    break
                b = st[1]
                if dist[b] < 0:
                    dist[b] = d
                    queue.append(b)
                a = b
    return dist


def closeness(pos: Position, side: Side) -> float:
    """How near `side`'s pieces are to a castle they could take: 1/(1+d) of the nearest piece
    plus half that of the second nearest (two attackers are better than one)."""
    goals = targets(pos, side)
    if not goals:
        return 0.0
    dist = _flat_distances(pos, goals)
    near = sorted(dist[(f[1] - 1) * COLUMNS + f[0] - 1] for f, s in pos.pieces.items() if s is side)
    near = sorted(d if d >= 0 else FAR for d in near)[:2]
    weights = (1.0, 0.5)
    return sum(w / (1 + d) for w, d in zip(weights, near))


def evaluate(state: Any, seat: int) -> float:
    """`seat`'s prospects from 0 (lost) to 1 (won): castles owned count most, then pieces, then
    how near each side's pieces are to a castle they could take."""
    if state.outcome is not None:
        winner = state.outcome.winner
        return 0.5 if winner is None else float(winner.value == seat)
    pos: Position = state.pos
    me = Side(seat)
    op = me.other
    raw = (2.0 * (pos.castles_of(me) - pos.castles_of(op))
           + 0.4 * (pos.pieces_of(me) - pos.pieces_of(op))
           + 1.5 * (closeness(pos, me) - closeness(pos, op)))
    return 1.0 / (1.0 + math.exp(-raw))


def _attacked(pos: Position, side: Side, f: Field) -> bool:
    """Whether an enemy piece could land on `f` with one straight move now."""
    grid, seg, pieces = pos.grid, pos.seg, pos.pieces
    for dx, dy in DIRECTIONS:
        a = f
        while True:
            b = (a[0] + dx, a[1] + dy)
            if not grid.inside(b) or seg[grid.between(a, b)] >= 0:
                break
            owner = pieces.get(b)
            if owner is not None:
                if owner is not side:
                    return True
                break
            if b in pos.castle_at:
                break
            a = b
    return False


@dataclass(frozen=True, slots=True)
class CastlePlayer:
    """Plays for the castles (see the module text)."""

    name: str = "castle"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A move of the castle strategy."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The castle strategy's pick among `moves` (the legal moves)."""
        if len(moves) == 1 or isinstance(moves[0], Lay):
            return moves[rng.randrange(len(moves))]
        if isinstance(moves[0], Slide):
            return self._slide(state, moves, rng)
        return self._go(state, moves, rng)

    def _slide(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        side: Side = state.to_move
        wanted = STUCK_SAMPLES if state.quiet >= STUCK_TURNS else SLIDE_SAMPLES
        picks = rng.sample(moves, min(wanted, len(moves)))
        best, best_value = picks[0], -math.inf
        pos: Position = state.pos
        for move in picks:
            sid = pos.stick_id(move.stick)
            pos.shift(sid, move.by)  # occupancy only, undone below: no copy of the position
            try:
                value = closeness(pos, side) - 0.8 * closeness(pos, side.other)
            finally:
                pos.shift(sid, -move.by)
            if value > best_value:
                best, best_value = move, value
        return best

    def _go(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        pos: Position = state.pos
        side: Side = state.to_move
        goals = targets(pos, side)
        dist = rook_distances(pos, goals) if goals else {}
        order = list(moves)
        rng.shuffle(order)
        best, best_value = order[0], -math.inf
        for move in order:
            value = self._value(state, pos, side, move, dist)
            if value > best_value:
                best, best_value = move, value
        return best

    @staticmethod
    def _value(state: Any, pos: Position, side: Side, move: Any, dist: dict[Field, int]) -> float:
        if isinstance(move, EndTurn):
            return 0.0
        assert isinstance(move, Go)
        label = state.move_label(move)
        if label == "conquest":
            return 100.0
        value = 5.0 if label == "capture" else 0.0
        if move.src in pos.pieces:  # a piece: nearer a castle, and not where it can be taken
            before = dist.get(move.src, FAR)
            after = dist.get(move.dst, FAR)
            value += before - after
            del pos.pieces[move.src]  # the piece leaves its field: put back below
            try:
                taken = _attacked(pos, side, move.dst)
            finally:
                pos.pieces[move.src] = side
            if taken:
                value -= 3.0
            elif _attacked(pos, side, move.src):
                value += 2.0  # out of reach of the enemy
        return value
