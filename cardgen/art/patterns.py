"""The colour-specific body patterns, as explicit shapes placed along a centreline.

Each colour in `cardgen.colours` names one pattern so snakes stay apart in greyscale and for
colour-blind players. Motifs follow the body: their points are mapped through the spine's frame
(arc length t along, u across), so they bend with curves and shrink with a tapering tail.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ._svg import Group, Point, fmt, path, polyline_d, pt
from .layout import HW, OUT, Spine

Width = Callable[[float], float]
"""Fill half-width (outline excluded) at arc length t, in units of the side."""


def _positions(t0: float, t1: float, period: float) -> list[float]:
    """Evenly spaced motif centres inside [t0, t1], centred in it; at least one."""
    if t1 <= t0:
        return [t1]
    n = int((t1 - t0) / period + 1e-9) + 1
    mid = (t0 + t1) / 2
    return [mid + (i - (n - 1) / 2) * period for i in range(n)]


class _Ctx:
    def __init__(self, g: Group, spine: Spine, width: Width, size: float, ink: str, fill: str) -> None:
        self.g, self.spine, self.width, self.s, self.ink, self.fill = g, spine, width, size, ink, fill
        self.full = HW - OUT

    def k(self, t: float) -> float:
        """Motif scale where the body is narrower than a full band (tails, necks)."""
        return min(1.0, self.width(t) / self.full)

    def p(self, t: float, u: float) -> Point:
        x, y = self.spine.at(t, u)
        return (x * self.s, y * self.s)

    def local(self, t: float, a: float, b: float) -> Point:
        """A rigid offset (a along, b across) from the centreline point at `t`."""
        x, y, tx, ty = self.spine.frame(t)
        return ((x + tx * a - ty * b) * self.s, (y + ty * a + tx * b) * self.s)

    def add(self, d: str, **attrs: str) -> None:
        self.g.add(path(d, **attrs))


def _bands(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    for t in _positions(t0, t1, 0.17):
        h = 0.03 * c.k(t)
        pts = [c.p(t - h, -c.width(t - h)), c.p(t + h, -c.width(t + h)),
               c.p(t + h, c.width(t + h)), c.p(t - h, c.width(t - h))]
        d.append(polyline_d(pts, closed=True))
    c.add("".join(d), fill=c.ink)


def _dots(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    ts = _positions(t0, t1, 0.15)
    for i, t in enumerate(ts):
        w = c.width(t)
        for u in (-0.5 * w, 0.5 * w):
            d.append(_circle_d(c.p(t, u), 0.03 * c.k(t) * c.s))
        if i + 1 < len(ts):
            m = (t + ts[i + 1]) / 2
            d.append(_circle_d(c.p(m, 0), 0.024 * c.k(m) * c.s))
    c.add("".join(d), fill=c.ink)


def _circle_d(centre: Point, r: float) -> str:
    """A circle as path data (two arcs), so many dots share one element."""
    x, y = centre
    return (f"M{pt((x - r, y))}A{fmt(r)},{fmt(r)} 0 1 0 {pt((x + r, y))}"
            f"A{fmt(r)},{fmt(r)} 0 1 0 {pt((x - r, y))}Z")


def _diamonds(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    for t in _positions(t0, t1, 0.15):
        k = c.k(t)
        a, b = 0.064 * k, 0.66 * c.width(t)
        d.append(polyline_d([c.p(t - a, 0), c.p(t, b), c.p(t + a, 0), c.p(t, -b)], closed=True))
    c.add("".join(d), fill=c.ink)
    # A light eye in each diamond keeps it from reading as a plain blob when small.
    d = [_circle_d(c.p(t, 0), 0.014 * c.k(t) * c.s) for t in _positions(t0, t1, 0.15)]
    c.add("".join(d), fill=c.fill)


def _zigzag(c: _Ctx, t0: float, t1: float) -> None:
    step = 0.06
    n = max(int((t1 - t0) / step), 2)
    step = (t1 - t0) / n if t1 > t0 else step
    pts = [c.p(t0 + i * step, (0.6 if i % 2 else -0.6) * c.width(t0 + i * step)) for i in range(n + 1)]
    c.add(polyline_d(pts), fill="none", stroke=c.ink, stroke_width=fmt(0.03 * c.s),
          stroke_linejoin="round", stroke_linecap="round")


def _rings(c: _Ctx, t0: float, t1: float) -> None:
    d = [_circle_d(c.p(t, 0), 0.052 * c.k(t) * c.s) for t in _positions(t0, t1, 0.16)]
    c.add("".join(d), fill="none", stroke=c.ink, stroke_width=fmt(0.022 * c.s))


def _chevrons(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    for t in _positions(t0, t1, 0.11):
        k, w = c.k(t), c.width(t)
        d.append(polyline_d([c.p(t - 0.035 * k, 0.72 * w), c.p(t + 0.035 * k, 0), c.p(t - 0.035 * k, -0.72 * w)]))
    c.add("".join(d), fill="none", stroke=c.ink, stroke_width=fmt(0.03 * c.s),
          stroke_linejoin="round", stroke_linecap="round")


def _crosses(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    for t in _positions(t0, t1, 0.14):
        a = 0.042 * c.k(t)
        d.append(polyline_d([c.local(t, -a, -a), c.local(t, a, a)]))
        d.append(polyline_d([c.local(t, -a, a), c.local(t, a, -a)]))
    c.add("".join(d), fill="none", stroke=c.ink, stroke_width=fmt(0.026 * c.s), stroke_linecap="round")


def _stars(c: _Ctx, t0: float, t1: float) -> None:
    d = []
    for t in _positions(t0, t1, 0.16):
        r = 0.06 * c.k(t)
        pts = []
        for i in range(10):
            ang = math.pi * i / 5
            rr = r if i % 2 == 0 else r * 0.42
            pts.append(c.local(t, rr * math.cos(ang), rr * math.sin(ang)))
        d.append(polyline_d(pts, closed=True))
    c.add("".join(d), fill=c.ink, stroke=c.ink, stroke_width=fmt(0.006 * c.s), stroke_linejoin="round")


PATTERNS: dict[str, Callable[[_Ctx, float, float], None]] = {
    "bands": _bands, "dots": _dots, "diamonds": _diamonds, "zigzag": _zigzag, "rings": _rings,
    "chevrons": _chevrons, "crosses": _crosses, "stars": _stars,
}
"""Pattern name -> drawing function. "plain" (neutral grey) draws nothing."""


def draw_pattern(g: Group, name: str, spine: Spine, width: Width, size: float, ink: str, fill: str,
                 t0: float, t1: float) -> None:
    """Add the pattern `name` to `g` along `spine`, motif centres between arc lengths t0 and t1."""
    if name == "plain":
        return
    try:
        fn = PATTERNS[name]
    except KeyError:
        raise ValueError(f"unknown body pattern {name!r} (known: plain, {', '.join(PATTERNS)})") from None
    fn(_Ctx(g, spine, width, size, ink, fill), t0, t1)
