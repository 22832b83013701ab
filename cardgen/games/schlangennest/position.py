"""A Schlangennest position as the rule helpers read it: the board (`chains.Board`: cards, parts,
chains) with every colour's hand and the seat to move.

The helpers that judge a placement (`legality`), reopen a loop (`reopen`) and check the
invariants (`verify`) work on a `Position` and its copies; the turn order and the rules' entry
points are `rules.NestState`'s, which is a `Position`. So the helpers sit below the state and
never call back into it.
"""

from __future__ import annotations

from cardgen.games.schlangennest.chains import Board
from cardgen.games.schlangennest.config import NestTables


class Position(Board):
    """The board, the hands (`hands[colour][card kind]`: cards left) and the seat to move."""

    __slots__ = ("hands", "seat")

    def __init__(self, rules: NestTables) -> None:
        super().__init__(rules)
        self.hands = [list(rules.counts) for _ in rules.colours]
        self.seat = 0

    def seat_name(self, seat: int) -> str:
        """A seat's name: its colour, or its colours joined by '+' in the two-snakes variants."""
        return "+".join(self.rules.colours[c] for c in self.rules.seats[seat])

    def clone(self) -> Position:
        """An independent copy (the state's own, with its turn order)."""
        raise NotImplementedError
