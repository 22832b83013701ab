"""Game markers drawn like the tiles: the "2x" score marker as vector strokes (no fonts)."""

from __future__ import annotations

from ._svg import drawing, fmt, path, pt
from .tile import CARD_BACKGROUND

DOUBLE_INK = "#3b2f2a"
"""The dark brown of the "2x" glyphs and the marker ring."""


def double_marker_svg(size_mm: float, bleed_mm: float, *, background: str = CARD_BACKGROUND) -> str:
    """A square "2x" marker: a ring with a large "2x" in it, drawn as strokes so it needs no font."""
    s = size_mm
    full = s + 2 * bleed_mm
    dwg = drawing(s, bleed_mm)
    dwg.add(path(f"M{fmt(-bleed_mm)},{fmt(-bleed_mm)}h{fmt(full)}v{fmt(full)}h{fmt(-full)}Z", fill=background))
    c, r = s / 2, s * 0.40
    ring = (f"M{pt((c - r, c))}A{fmt(r)},{fmt(r)} 0 1 1 {pt((c + r, c))}"
            f"A{fmt(r)},{fmt(r)} 0 1 1 {pt((c - r, c))}Z")
    dwg.add(path(ring, fill="none", stroke=DOUBLE_INK, stroke_width=fmt(s * 0.035)))
    w = s * 0.075  # glyph stroke
    # The "2": an arc over the top, a diagonal down to the left, a foot to the right.
    x0, x1, top, bottom = s * 0.22, s * 0.50, s * 0.30, s * 0.70
    rr = (x1 - x0) / 2
    two = (f"M{pt((x0, top + rr))}A{fmt(rr)},{fmt(rr)} 0 1 1 {pt((x1, top + rr))}"
           f"C{pt((x1, top + rr * 2.0))} {pt((x0 + rr * 0.4, bottom - rr * 0.9))} {pt((x0, bottom))}"
           f"L{pt((x1 + w * 0.3, bottom))}")
    dwg.add(path(two, fill="none", stroke=DOUBLE_INK, stroke_width=fmt(w), stroke_linecap="round",
                 stroke_linejoin="round"))
    # The "x", smaller and lower, like a multiplication sign.
    a, b, y0, y1 = s * 0.58, s * 0.80, s * 0.47, s * 0.70
    cross = f"M{pt((a, y0))}L{pt((b, y1))}M{pt((b, y0))}L{pt((a, y1))}"
    dwg.add(path(cross, fill="none", stroke=DOUBLE_INK, stroke_width=fmt(w * 0.85), stroke_linecap="round"))
    return str(dwg.tostring())
