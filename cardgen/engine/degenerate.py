"""Degenerate games: games that ended without being played out, defined per game.

Three kinds (docs/check.md, "Degenerate games"):

- *deadlock*: the game ended because every seat passed while supply the rules would still bring
  into play stayed unused (tiles in the bag or in the hands);
- *stalemate*: the game was stopped by a bound, not decided: the engine's move bound (it did not
  end by the rules at all) or a round limit of the rules (Irrläufer's hundred rounds);
- *dead seat*: a seat got less than half the turns of the others (`DEAD_SEAT`): turns in which
  it played something, not passes.

The generic part is here (`generic`: stalemate at the move bound, dead seats by turns); a game
adds what only it can tell (its supply left unused, its round limit) through `Game.degenerate`,
written in its check module. A game is counted under one kind only, the first that applies in
the order above.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.engine.base import GameState

DEADLOCK, STALEMATE, DEAD_SEAT_KIND = "deadlock", "stalemate", "dead-seat"
KINDS = (DEADLOCK, STALEMATE, DEAD_SEAT_KIND)
"""The kinds of degenerate game, in the order a game is classified."""

DEAD_SEAT = 0.5
"""A seat is dead when its active turns are less than this share of the mean of the others'."""


@dataclass(frozen=True, slots=True)
class Degenerate:
    """Why a game is degenerate (`kind`, one of `KINDS`), and the component kinds left unused in a
    deadlock (for the kinds criterion: the kinds involved in degenerate games)."""

    kind: str
    unused: tuple[str, ...] = ()


def dead_seat(active: Sequence[int]) -> int | None:
    """The first seat whose active turns are less than `DEAD_SEAT` of the mean of the other
    seats' (None: no such seat, or a single seat)."""
    if len(active) < 2:
        return None
    total = sum(active)
    for seat, mine in enumerate(active):
        others = (total - mine) / (len(active) - 1)
        if mine < DEAD_SEAT * others:
            return seat
    return None


def generic(state: GameState[object], active: Sequence[int]) -> Degenerate | None:
    """What every game shares: a stalemate when the game did not end by the rules (the engine's
    move bound stopped it), else a dead seat by the active turns; None for a normal game."""
    if not state.is_terminal():
        return Degenerate(STALEMATE)
    if dead_seat(active) is not None:
        return Degenerate(DEAD_SEAT_KIND)
    return None
