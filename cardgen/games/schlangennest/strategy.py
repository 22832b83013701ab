"""Schlangennest's own simulated player, `room`: it values open ends and room to grow.

A snake scores its parts at the end, and it stops growing when its ends are capped or blocked
or boxed in by the area, so a card is worth what it leaves the snake to grow into, not the one
or two parts it adds now (the `greedy` player, counting parts, lays a head as soon as it is worth
as much as a body card and finishes its snake early). `room` tries every legal move on a copy
and keeps the one with the best value for its seat minus half the best of the others': a
colour's value is its parts, plus two for every body card it could still lay into the room its
open ends have (the empty cells reachable from each end inside the area, counted up to `REACH`
per end), plus two for every open end that has room. A finished snake is worth its parts.
Ties are broken by the seeded generator.

With the compiled core (cardgen/native.py) one call values every card a decision may lay
(`_core.place_values`, without laying it) and `_core.seat_value` values the position after a
turn or swap; the Python below is the reference, and gives the same values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen import native
from cardgen.engine.base import GameState
from cardgen.games.schlangennest.config import DX, DY
from cardgen.games.schlangennest.legality import area_problem
from cardgen.games.schlangennest.moves import MoveKind, NestMove
from cardgen.games.schlangennest.rules import NestState

CORE = native.load("cardgen.games.schlangennest._core")
"""The compiled module with `seat_value` and `place_values`, or None (cardgen/native.py)."""

REACH = 6
"""The most empty cells counted behind one open end."""
PER_CARD = 2.0
"""What a body card still to lay into room is worth (it brings about two parts)."""
PER_END = 2.0
"""What an open end with room is worth besides (a second way on when the first is blocked)."""
RIVALS = 0.5
"""How much the other seats' values count against the mover's."""


def _room(state: NestState, cell: tuple[int, int], body: int) -> int:
    """Empty cells a body card may fill reachable from `cell` (itself included), up to REACH."""
    cells = state.cells
    if cell in cells or area_problem(state, body, cell):
        return 0
    seen, todo, found = {cell}, [cell], 0
    while todo and found < REACH:
        x, y = todo.pop()
        found += 1
        for e in range(4):
            nb = (x + DX[e], y + DY[e])
            if nb not in seen and nb not in cells and not area_problem(state, body, nb):
                seen.add(nb)
                todo.append(nb)
    return found


def colour_value(state: NestState, c: int) -> float:
    """Colour c's parts and what its snake can still grow into (see the module text)."""
    sid = state.snake[c]
    if sid < 0:
        return 0.0
    parts = state.snake_score(c)
    if state.finished(c):
        return float(parts)
    rules = state.rules
    body = rules.counted.index(True) if True in rules.counted else 0
    cards = sum(n for k, n in enumerate(state.hands[c]) if rules.counted[k])
    rooms = [_room(state, (x + DX[e], y + DY[e]), body) for x, y, e in state.open_ends(sid)]
    return parts + PER_CARD * min(cards, sum(rooms)) + PER_END * sum(1 for r in rooms if r)


def seat_value(state: NestState, seat: int) -> float:
    """The mover's view of a position: its colours' values minus RIVALS times the others'."""
    if CORE is not None:
        return float(CORE.seat_value(state, seat))
    seats = state.rules.seats
    own = sum(colour_value(state, c) for c in seats[seat])
    rivals = sum(colour_value(state, c) for s, colours in enumerate(seats) if s != seat for c in colours)
    return own - RIVALS * rivals


@dataclass(frozen=True, slots=True)
class RoomPlayer:
    """The legal move with the best `seat_value` after it (see the module text)."""

    name: str = "room"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The best-valued legal move."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The best-valued move of `moves` (the legal moves)."""
        if len(moves) == 1:
            return moves[0]
        assert isinstance(state, NestState)
        best: list[Any] = []
        best_value = float("-inf")
        for move, value in zip(moves, move_values(state, moves)):
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))]


def _value_after(state: NestState, move: NestMove) -> float:
    child = state.clone()
    child.apply_trusted(move)
    return seat_value(child, state.seat)


def move_values(state: NestState, moves: list[NestMove]) -> list[float]:
    """The mover's `seat_value` right after each of the legal `moves` (the compiled core values
    the cards laid in one call, without playing them)."""
    if CORE is None:
        return [_value_after(state, move) for move in moves]
    rules = state.rules
    places = [(rules.colours.index(m.colour), rules.card_ids.index(m.card), m.at[0], m.at[1], m.rot // 90 % 4)
              for m in moves if m.kind is MoveKind.PLACE]
    found = iter(CORE.place_values(state, state.seat, places))
    out = []
    for move in moves:
        value = next(found) if move.kind is MoveKind.PLACE else None
        out.append(_value_after(state, move) if value is None else value)
    return out


def room(budget: int | None = None) -> RoomPlayer:
    """The `room` player (it does not search: the budget is unused)."""
    return RoomPlayer()
