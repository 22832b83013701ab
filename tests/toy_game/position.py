"""A Toy row position as data, with no rules: the opening row, the row still lying, each seat's
score and the turn; its JSON and its invariants read this data alone. `rules.ToyState` (the
rules) is a `ToyPosition`."""

from __future__ import annotations

from typing import Any

PLAYERS = 2


class ToyPosition:
    """The opening row `tiles`, the `row` still lying, each seat's score `taken` and the `turn`."""

    def __init__(self, tiles: tuple[int, ...], row: tuple[int, ...] | None = None,
                 taken: tuple[int, int] = (0, 0), turn: int = 0) -> None:
        self.tiles = tiles
        self.row = tiles if row is None else row
        self.taken = taken
        self.turn = turn

    def to_json(self) -> dict[str, Any]:
        return {"tiles": list(self.tiles), "row": list(self.row), "taken": list(self.taken), "turn": self.turn}

    def verify(self) -> None:
        """The row is the opening row with tiles taken off its ends, every taken number scored."""
        n, k = len(self.tiles), len(self.row)
        assert self.turn == n - k, f"turn {self.turn} after {n - k} tiles taken"
        assert any(self.tiles[i:i + k] == self.row for i in range(n - k + 1)), "the row is not a part of the opening"
        assert sum(self.taken) + sum(self.row) == sum(self.tiles), "a number is lost or counted twice"
