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
