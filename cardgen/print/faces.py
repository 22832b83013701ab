"""What the print pipeline is given: faces (one printed side of a component) and items."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

from cardgen.errors import LayoutError

_SAFE_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")

PieceKind = Literal["card", "tile", "chit", "board"]
"""What sort of piece a kit component is, for the outputs that take pieces by sort: a print
service's products (what a product `fits`, what a PDF service `covers`, in
`templates/services.toml`) and Tabletop Simulator's board. A card is one of a deck, a tile a
square piece with its own back, a chit a small token."""
PIECE_KINDS: tuple[str, ...] = get_args(PieceKind)


@dataclass(frozen=True, slots=True)
class Face:
    """One printed side of a component: complete SVG art plus its trim size and bleed in mm.

    The SVG's viewBox covers the trim size plus `bleed` on every side. `key` names the face
    uniquely within a build and is used for file names, so it is file-name-safe.
    """

    key: str
    svg: str
    width: float
    height: float
    bleed: float

    def __post_init__(self) -> None:
        if not _SAFE_KEY.match(self.key):
            raise LayoutError(
                f"face {self.key!r}", "a face key may use only letters, digits, '.', '_' and '-'"
            )
        if not (self.width > 0 and self.height > 0):
            raise LayoutError(
                f"face {self.key!r}", f"size {self.width} x {self.height} mm must be positive"
            )
        if self.bleed < 0:
            raise LayoutError(f"face {self.key!r}", f"bleed {self.bleed} mm is negative")
        if not self.svg.strip():
            raise LayoutError(f"face {self.key!r}", "the SVG document is empty")


@dataclass(frozen=True, slots=True)
class Item:
    """One kind of physical component: its front, its back (or None) and how many to print."""

    front: Face
    back: Face | None
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise LayoutError(f"item {self.front.key!r}", f"count {self.count} is negative")
