"""Cut, registration and fold marks computed as segment data.

Every mark is clipped against every trim box grown by `MARK_CLEARANCE`, so by construction no
ink of a mark falls inside a face's trim area. Marks may lie over bleed (they are drawn on top
of the faces), and are kept inside the sheet's margins. No mark is shortened for a label: the
labels move instead (`cardgen.print.labels`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from cardgen.errors import LayoutError
from cardgen.print.geometry import (
    MARK_CLEARANCE,
    Box,
    Mark,
    MarkKind,
    clip_outside,
    segment,
    union,
)

#: How far a corner mark continues a trim edge outward, mm.
CORNER_LENGTH = 5.0
#: Half the span of a cross, mm.
CROSS_ARM = 2.5
#: Half the span of a registration cross, mm; a square of half this size sits on its centre.
REGISTRATION_ARM = 3.5


class MarkStyle(Enum):
    """The cut-mark styles users choose with `--marks`."""

    CORNERS = "corners"
    LINES = "lines"
    CROSSES = "crosses"
    NONE = "none"


def mark_style(name: str | MarkStyle) -> MarkStyle:
    """The style called `name`; LayoutError for an unknown one."""
    if isinstance(name, MarkStyle):
        return name
    try:
        return MarkStyle(name.strip().lower())
    except ValueError:
        known = "|".join(s.value for s in MarkStyle)
        raise LayoutError("marks", f"unknown mark style {name!r}; use {known}") from None


def clip_all(
    raw: Iterable[Mark], trims: Sequence[Box], keep_in: Box, avoid: Sequence[Box] = ()
) -> tuple[Mark, ...]:
    """`raw` clipped to `keep_in`, outside all trim boxes (with clearance) and `avoid`; sorted, unique."""
    blocked = [t.grown(MARK_CLEARANCE) for t in trims] + list(avoid)
    out: set[Mark] = set()
    for mark in raw:
        out.update(clip_outside(mark, keep_in, blocked))
    return tuple(sorted(out, key=lambda m: (m.kind.value, m.y0, m.x0, m.y1, m.x1)))


def _edges(trims: Sequence[Box]) -> tuple[list[float], list[float]]:
    xs = sorted({t.x for t in trims} | {t.right for t in trims})
    ys = sorted({t.y for t in trims} | {t.bottom for t in trims})
    return xs, ys


def _cross(x: float, y: float, arm: float, kind: MarkKind) -> list[Mark]:
    return [segment(x - arm, y, x + arm, y, kind), segment(x, y - arm, x, y + arm, kind)]


def cut_marks(
    trims: Sequence[Box], style: MarkStyle, keep_in: Box, avoid: Sequence[Box] = ()
) -> tuple[Mark, ...]:
    """The cut marks of `style` for faces with these trim boxes.

    - corners: each trim edge continued outward by CORNER_LENGTH from each face corner;
    - lines: a line along every trim edge across the whole of `keep_in`, minus the faces;
    - crosses: a small cross at every corner of the cut grid (every trim x edge with every trim
      y edge; where faces sit, only the arms outside them remain) and one at each end of every
      cut line, just outside the bleed of the grid;
    - none: no marks.
    """
    if style is MarkStyle.NONE or not trims:
        return ()
    raw: list[Mark] = []
    if style is MarkStyle.CORNERS:
        n = CORNER_LENGTH
        for t in trims:
            for cx, sx in ((t.x, -1), (t.right, 1)):
                for cy, sy in ((t.y, -1), (t.bottom, 1)):
                    raw.append(segment(cx, cy, cx + sx * n, cy))
                    raw.append(segment(cx, cy, cx, cy + sy * n))
    elif style is MarkStyle.LINES:
        xs, ys = _edges(trims)
        raw += [segment(x, keep_in.y, x, keep_in.bottom) for x in xs]
        raw += [segment(keep_in.x, y, keep_in.right, y) for y in ys]
    else:
        xs, ys = _edges(trims)
        a = CROSS_ARM
        raw += [m for x in xs for y in ys for m in _cross(x, y, a, MarkKind.CUT)]
        grid = union(trims)
        # The outer crosses sit beyond the bleed of the outermost faces; bleed is unknown here,
        # so they sit beyond the widest gap any face could have: the arm plus 1 mm past the
        # nearest edge of `keep_in` or 4 mm from the grid, whichever is nearer the grid.
        top = max(grid.y - 4 - a, keep_in.y + a)
        bottom = min(grid.bottom + 4 + a, keep_in.bottom - a)
        left = max(grid.x - 4 - a, keep_in.x + a)
        right = min(grid.right + 4 + a, keep_in.right - a)
        raw += [m for x in xs for y in (top, bottom) for m in _cross(x, y, a, MarkKind.CUT)]
        raw += [m for y in ys for x in (left, right) for m in _cross(x, y, a, MarkKind.CUT)]
    return clip_all(raw, trims, keep_in, avoid)


def registration_marks(
    trims: Sequence[Box], bleed: float, keep_in: Box, avoid: Sequence[Box] = ()
) -> tuple[Mark, ...]:
    """Targets (a cross on a small square) just outside the four corners of the faces' bleed
    area, to line up two sheets, and an arrow beside the top-left target pointing to the top
    edge.

    Four crosses alone look the same after a half turn, so a back sheet glued on upside down
    would line up perfectly and put every back on the wrong face. The one arrow breaks that
    symmetry: on the correctly turned sheets the two arrows lie on each other; a back sheet
    turned top-to-bottom puts its arrow in the opposite corner, pointing the other way.

    Each cross sits diagonally 1 mm beyond the bleed corner plus its arm; where the margin is
    too small it is pulled inside `keep_in` and loses the arms that would cover a face. `avoid`
    are bands kept for labels: the T goes below one at the top; no mark is clipped by them.
    """
    if not trims:
        return ()
    area = union(trims).grown(bleed)
    a = REGISTRATION_ARM
    raw: list[Mark] = []
    for cx, sx in ((area.x, -1), (area.right, 1)):
        for cy, sy in ((area.y, -1), (area.bottom, 1)):
            x = min(max(cx + sx * (a + 1), keep_in.x + a), keep_in.right - a)
            y = min(max(cy + sy * (a + 1), keep_in.y + a), keep_in.bottom - a)
            raw += _cross(x, y, a, MarkKind.REGISTRATION)
            s, k = a / 2, MarkKind.REGISTRATION
            raw += [
                segment(x - s, y - s, x + s, y - s, k),
                segment(x - s, y + s, x + s, y + s, k),
                segment(x - s, y - s, x - s, y + s, k),
                segment(x + s, y - s, x + s, y + s, k),
            ]
    # the T over the middle of the top-left face, in the band between the margin and the bleed
    # (between the cut marks at the face's edges); shrunk to the band, beside the top-left
    # target if there is no band
    first = min(trims, key=lambda t: (t.y, t.x))
    top = max([keep_in.y] + [b.bottom for b in avoid if b.y <= keep_in.y + 1e-6 and b.bottom < area.y])
    band = area.y - top
    if band >= 2.5:
        raw += orientation_arrow(first.x + first.width / 2, top + band / 2, min(a, band / 2 - 0.4))

    else:
        x = min(max(area.x - (a + 1), keep_in.x + a), keep_in.right - a)
        raw += orientation_arrow(x + 2 * a + 1.5, keep_in.y + a)
    return clip_all(raw, trims, keep_in)



def orientation_arrow(x: float, y: float, arm: float = REGISTRATION_ARM) -> list[Mark]:
    """A "T" centred on (x, y), its bar towards the top of the sheet (y grows down), as tall as
    a registration cross: it tells which way up a sheet belongs (marks are axis-aligned
    segments, so no slanted arrowhead)."""
    k = MarkKind.REGISTRATION
    bar = arm * 0.6
    return [segment(x, y - arm, x, y + arm, k), segment(x - bar, y - arm, x + bar, y - arm, k)]




def fold_mark(horizontal: bool, at: float, keep_in: Box, trims: Sequence[Box]) -> tuple[Mark, ...]:
    """The fold line of a gutterfold sheet: across `keep_in` at y (or x) = `at`, outside faces."""
    if horizontal:
        raw = segment(keep_in.x, at, keep_in.right, at, MarkKind.FOLD)
    else:
        raw = segment(at, keep_in.y, at, keep_in.bottom, MarkKind.FOLD)
    return clip_all([raw], trims, keep_in)
