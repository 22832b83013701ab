"""Schlangengrube scoring values: the snake scores (triangle numbers by default, rule
`snake_score`) and the record of each completed snake."""

from __future__ import annotations

from collections.abc import Callable
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


def linear(n: int) -> int:
    """n: a snake of n tiles scores one point a tile (rule `snake_score = "linear"`)."""
    return n


def square(n: int) -> int:
    """n x n (rule `snake_score = "square"`)."""
    return n * n


SNAKE_SCORE: dict[str, Callable[[int], int]] = {"triangular": triangle, "linear": linear, "square": square}
"""The score of a completed snake of n tiles, by the rule `snake_score`'s value."""


def factor(snakes: int, marker: bool, double: int = 2) -> int:
    """What each snake completed by one tile is multiplied by: `double` (the rule
    `double_factor`, 2 by default) when the tile completes two or more snakes at once, and 2
    again when the player lays a "2x" marker they hold (variant)."""
    return (double if snakes >= 2 else 1) * (2 if marker else 1)
