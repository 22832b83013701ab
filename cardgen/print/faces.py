"""What the print pipeline lays out: faces (SVG art of one trim size plus bleed) and items."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Face:
    """One distinct printed face.

    `svg` is a complete SVG document whose viewBox covers the trim size plus `bleed` on every
    side, in millimetres; `key` is unique and safe as a file name ("red-curve", "back").
    """

    key: str
    svg: str
    width: float
    height: float
    bleed: float


@dataclass(frozen=True, slots=True)
class Item:
    """One kind of physical component: its front, its back (if printed) and how many to make."""

    front: Face
    back: Face | None
    count: int
