"""Toy row sets: the `ToySet` value and its TOML loader.

A set file names the set, the row of tiles as it lies at the start (numbers 1 to 9, left to
right) and optionally the tiles' size, which follows `--card-size`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.sets import SetSource, check_keys, expect, length_mm

GAME = "toy"
DEFAULT_TILE_SIZE = 30.0
"""Millimetres, when a set file does not say."""
MAX_TILES = 40
HIGHEST = 9
"""The highest number on a tile (the faces draw up to nine pips)."""

_KEYS = {"game", "name", "tiles", "tile_size"}
_REQUIRED = {"game", "name", "tiles"}


@dataclass(frozen=True, slots=True)
class ToySet:
    """A row of numbered tiles: `tiles` from left to right, each `tile_size` mm square."""

    path: Path | None
    name: str
    tiles: tuple[int, ...]
    tile_size: float = DEFAULT_TILE_SIZE

    @property
    def total(self) -> int:
        """The sum of every tile: what the two players share."""
        return sum(self.tiles)

    def counts(self) -> dict[int, int]:
        """How many tiles show each number, smallest number first."""
        return {n: self.tiles.count(n) for n in sorted(set(self.tiles))}


def parse_toy_set(src: SetSource, data: dict[str, Any]) -> ToySet:
    """A validated set (DataError naming file, line and key otherwise)."""
    check_keys(src, data, _KEYS, _REQUIRED)
    name = expect(src, data["name"], str, "a text", "name")
    row = expect(src, data["tiles"], list, "a list of numbers", "tiles")
    if len(row) > MAX_TILES:
        raise src.error(f"{len(row)} tiles; a row holds at most {MAX_TILES}", "tiles")
    for n in row:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= HIGHEST:
            raise src.error(f"expected whole numbers 1-{HIGHEST}, got {n!r}", "tiles")
    size = length_mm(src, data["tile_size"], "tile_size", 15, 60) if "tile_size" in data else DEFAULT_TILE_SIZE
    return ToySet(src.path, name, tuple(row), size)
