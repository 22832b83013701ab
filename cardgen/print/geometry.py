"""Sheet geometry as plain data: boxes, placements and mark segments, all in mm.

Coordinates are millimetres from the top-left corner of the sheet as printed, x to the right and
y downwards (as in SVG and in raster images). Only the PDF writer turns them into points with the
origin at the bottom left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cardgen.units import MM_PER_POINT

#: Stroke width of cut marks: 0.25 pt, in mm.
MARK_STROKE = 0.25 * MM_PER_POINT
#: How far a mark keeps away from a trim box: half the stroke, so no ink falls inside it.
MARK_CLEARANCE = MARK_STROKE / 2
#: Lengths below this are dropped from mark data (they would not print).
MIN_MARK = 0.05


class Side(Enum):
    """Which side of a component a placement shows."""

    FRONT = "front"
    BACK = "back"


class MarkKind(Enum):
    """What a mark segment is for (the writers draw each kind in its own style)."""

    CUT = "cut"
    REGISTRATION = "registration"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: left x, top y, width, height (mm)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return self.y + self.height

    def grown(self, by: float) -> Box:
        """This box with `by` mm added on every side."""
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def shifted(self, dx: float, dy: float) -> Box:
        """This box moved by (dx, dy)."""
        return Box(self.x + dx, self.y + dy, self.width, self.height)

    def overlaps(self, other: Box, tol: float = 1e-9) -> bool:
        """True when the interiors of the two boxes share area (touching edges do not count)."""
        return (
            self.x < other.right - tol
            and other.x < self.right - tol
            and self.y < other.bottom - tol
            and other.y < self.bottom - tol
        )

    def contains(self, other: Box, tol: float = 1e-9) -> bool:
        """True when `other` lies inside this box (edges may touch)."""
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding all `boxes` (there must be at least one)."""
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.right for b in boxes)
    y1 = max(b.bottom for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True, slots=True)
class Registration:
    """A cutting machine's registration marks on a page: filled squares and L-marks (each a
    polyline of (x, y) points, mm from the top-left corner), stroked `stroke` mm wide."""

    squares: tuple[Box, ...]
    lines: tuple[tuple[tuple[float, float], ...], ...]
    stroke: float


@dataclass(frozen=True, slots=True)
class Placement:
    """One face drawn on a sheet: `trim` is its trim box; the art extends `bleed` beyond it.
    `turned`: drawn upside down (turned 180° in its box), as a back is on a sheet that turns
    over top to bottom."""

    face_key: str
    trim: Box
    bleed: float
    side: Side
    turned: bool = False

    @property
    def bleed_box(self) -> Box:
        """The trim box grown by the bleed: the area the face's art covers on the sheet."""
        return self.trim.grown(self.bleed)


@dataclass(frozen=True, slots=True)
class Mark:
    """One axis-aligned line segment on the sheet (x0 <= x1, y0 <= y1)."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: MarkKind = MarkKind.CUT

    @property
    def horizontal(self) -> bool:
        """True for a horizontal segment (a point counts as horizontal)."""
        return self.y0 == self.y1

    @property
    def length(self) -> float:
        """Length in mm."""
        return (self.x1 - self.x0) + (self.y1 - self.y0)

    def shifted(self, dx: float, dy: float) -> Mark:
        """This segment moved by (dx, dy)."""
        return Mark(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy, self.kind)

    def enters(self, box: Box, tol: float = 1e-9) -> bool:
        """True when some part of the segment lies strictly inside `box`."""
        if self.horizontal:
            return (
                box.y + tol < self.y0 < box.bottom - tol
                and self.x0 < box.right - tol
                and box.x + tol < self.x1
            )
        return (
            box.x + tol < self.x0 < box.right - tol
            and self.y0 < box.bottom - tol
            and box.y + tol < self.y1
        )


def segment(x0: float, y0: float, x1: float, y1: float, kind: MarkKind = MarkKind.CUT) -> Mark:
    """An axis-aligned segment with its ends put in order; ValueError if it is slanted."""
    if x0 != x1 and y0 != y1:
        raise ValueError(f"mark ({x0}, {y0})-({x1}, {y1}) is not axis-aligned")
    return Mark(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), kind)


def clip_outside(mark: Mark, keep_in: Box, avoid: Sequence[Box]) -> list[Mark]:
    """The pieces of `mark` inside `keep_in` and outside every box of `avoid`.

    A piece lying exactly on the edge of an avoided box is removed, because its stroke would
    fall half inside; callers grow the avoided boxes by the stroke clearance.
    """
    if mark.horizontal:
        y = mark.y0
        if not (keep_in.y <= y <= keep_in.bottom):
            return []
        spans = [(max(mark.x0, keep_in.x), min(mark.x1, keep_in.right))]
        cuts = [(b.x, b.right) for b in avoid if b.y < y < b.bottom]
    else:
        x = mark.x0
        if not (keep_in.x <= x <= keep_in.right):
            return []
        spans = [(max(mark.y0, keep_in.y), min(mark.y1, keep_in.bottom))]
        cuts = [(b.y, b.bottom) for b in avoid if b.x < x < b.right]
    for lo, hi in cuts:
        nxt: list[tuple[float, float]] = []
        for a, b in spans:
            if hi <= a or lo >= b:
                nxt.append((a, b))
                continue
            if lo > a:
                nxt.append((a, lo))
            if hi < b:
                nxt.append((hi, b))
        spans = nxt
    out = []
    for a, b in spans:
        if b - a >= MIN_MARK:
            if mark.horizontal:
                out.append(Mark(a, mark.y0, b, mark.y0, mark.kind))
            else:
                out.append(Mark(mark.x0, a, mark.x0, b, mark.kind))
    return out
