"""Schlangengrube scoring values: the triangle numbers and the record of each completed snake."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Completion:
    """A completed snake: who completed it, its colour, its tiles and the points it brought."""

    player: int
    colour: str
    tiles: int
    points: int


def triangle(n: int) -> int:
    """1 + 2 + ... + n: the base score of a completed snake of n tiles (a loop counts the same)."""
    return n * (n + 1) // 2


def factor(snakes: int, marker: bool) -> int:
    """What each snake completed by one tile is multiplied by: 2 when the tile completes two or
    more snakes at once, and 2 again when the player lays a "2x" marker they hold (variant)."""
    return (2 if snakes >= 2 else 1) * (2 if marker else 1)
