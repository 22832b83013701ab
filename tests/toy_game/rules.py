"""The rules of Toy row: `ToyState` (a `cardgen.engine.base.GameState`) and `new_game`.

Two players take turns; on a turn a player takes the tile at the left or the right end of the
row and adds its number to their score. The game ends when the row is empty; the higher score
wins, equal scores share the win.
"""

from __future__ import annotations

import random
from typing import Any

from cardgen.engine.base import GameState
from cardgen.errors import DataError, IllegalMove
from cardgen.inputs import shown

from . import moves
from .components import ToySet
from .moves import Take
from .position import PLAYERS, ToyPosition
from .ruleids import Rule

OPTION_KEYS = {"players", "row"}


class ToyState(ToyPosition, GameState[Take]):
    """A position (`ToyPosition`) with the rules of taking a tile."""

    @property
    def current_player(self) -> int:
        return self.turn % PLAYERS

    @property
    def num_players(self) -> int:
        return PLAYERS

    def legal_moves(self) -> list[Take]:
        return [Take(p) for p in sorted({1, len(self.row)})] if self.row else []

    def check(self, move: Take) -> None:
        """IllegalMove unless `move` takes a tile at an end of the row."""
        n = len(self.row)
        place = f"move {self.turn + 1}"
        if not n:
            raise IllegalMove(place, Rule.GAME_OVER.value, "the row is empty: the game is over")
        if not 1 <= move.position <= n:
            raise IllegalMove(place, Rule.NO_SUCH_TILE.value, f"the row has {n} tiles, no tile {move.position}")
        if 1 < move.position < n:
            raise IllegalMove(place, Rule.MIDDLE_TILE.value,
                              f"tile {move.position} of {n} lies inside the row, not at an end")

    def apply_trusted(self, move: Take) -> None:
        i = move.position - 1
        tile = self.row[i]
        self.row = self.row[:i] + self.row[i + 1:]
        gained = [0, 0]
        gained[self.current_player] = tile
        self.taken = (self.taken[0] + gained[0], self.taken[1] + gained[1])
        self.turn += 1

    def is_terminal(self) -> bool:
        return not self.row

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.taken)

    def clone(self) -> ToyState:
        return ToyState(self.tiles, self.row, self.taken, self.turn)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToyState:
        first, second = data["taken"]
        return cls(tuple(data["tiles"]), tuple(data["row"]), (int(first), int(second)), int(data["turn"]))

    def move_to_json(self, move: Take) -> dict[str, Any]:
        return moves.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Take:
        return moves.move_from_json(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToyState) and self.to_json() == other.to_json()

    def move_label(self, move: Take) -> str:
        """"left" or "right" (the last tile counts as the left end)."""
        return "left" if move.position == 1 else "right"

    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(sum(self.tiles))

    def move_bound(self) -> int:
        return len(self.tiles)


def new_game(options: Any, toy: ToySet, seed: int | None = None) -> ToyState:
    """The opening for record `options` ({} or {"players": 2}, and the opening `"row"` a record of
    a shuffled game gives: the set's tiles in another order); otherwise with a `seed` the set's
    tiles are shuffled into a new row, without one they lie as the set file lists them."""
    if not isinstance(options, dict):
        raise DataError("options", f"must be a JSON object, not {shown(options)}")
    extra = sorted(set(options) - OPTION_KEYS)
    if extra:
        raise DataError("options", f"unknown key {shown(extra[0])} (allowed: {', '.join(sorted(OPTION_KEYS))})")
    players = options.get("players", PLAYERS)
    if isinstance(players, bool) or players != PLAYERS:
        raise DataError("options: players", f"Toy row is for {PLAYERS} players, not {shown(players)}")
    if "row" in options:
        row = options["row"]
        if not isinstance(row, list) or sorted(row, key=shown) != sorted(toy.tiles, key=shown):
            raise DataError("options: row", f"must be the set's tiles in some order, not {shown(row)}")
        return ToyState(tuple(row))
    row = list(toy.tiles)
    if seed is not None:
        random.Random(seed).shuffle(row)
    return ToyState(tuple(row))
