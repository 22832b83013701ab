"""Toy row moves and their game-record JSON: `{"take": 1}` takes the first tile of the row as
it lies (the left end), `{"take": N}` of a row of N tiles the right end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.errors import DataError
from cardgen.inputs import shown

from .components import MAX_TILES


@dataclass(frozen=True, slots=True)
class Take:
    """Take the tile at `position` of the row (counted from 1 at the left end)."""

    position: int

    def __str__(self) -> str:
        return f"take tile {self.position}"


def move_to_json(move: Take) -> dict[str, Any]:
    """The record entry of `move`."""
    return {"take": move.position}


def move_from_json(data: Any) -> Take:
    """The move a record entry names (DataError if it is not one)."""
    if not isinstance(data, dict) or set(data) != {"take"}:
        raise DataError("move", f"expected {{\"take\": POSITION}}, got {shown(data)}")
    position = data["take"]
    if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= MAX_TILES:
        raise DataError("move", f"\"take\" is a position 1-{MAX_TILES}, not {shown(position)}")
    return Take(position)
