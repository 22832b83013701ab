"""Where the snake parts of a square lie: centrelines and widths, in units of the side length.

Everything here is pure geometry on the unit square (x east, y south, origin at the trim corner);
the drawing code scales it to millimetres. Bodies run port midpoint to port midpoint (a straight
line, or a quarter circle of radius 1/2 around the corner between two neighbouring edges).
Heads and tails start at their port and reach towards the centre; how far, and whether they
bend aside, is chosen so they keep clear of every other part on the square.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from cardgen.geometry import OPPOSITE, Edge, Part, PartKind

from ._svg import Point, affine, apply

HW = 0.18
"""Half the width of a body band, outline included (the band is 36 % of the side)."""
OUT = 0.022
"""Width of the dark outline."""
NECK = 0.163
"""Half-width of a neck just behind the head."""
GAP = 0.026
"""Least clear space between two parts that do not cross."""

PORT: dict[Edge, Point] = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
INWARD: dict[Edge, Point] = {"N": (0.0, 1.0), "E": (-1.0, 0.0), "S": (0.0, -1.0), "W": (1.0, 0.0)}
_CORNER: dict[frozenset[str], Point] = {
    frozenset("NE"): (1.0, 0.0), frozenset("ES"): (1.0, 1.0),
    frozenset("SW"): (0.0, 1.0), frozenset("WN"): (0.0, 0.0),
}


# --------------------------------------------------------------------------- spines


class Spine:
    """A centreline parametrised by arc length t in [0, length]; beyond it, straight on."""

    length: float

    def _inside(self, t: float) -> tuple[float, float, float, float]:
        raise NotImplementedError

    def frame(self, t: float) -> tuple[float, float, float, float]:
        """(x, y, tx, ty): the point at arc length `t` and the unit tangent there."""
        if t < 0:
            x, y, tx, ty = self._inside(0.0)
            return x + tx * t, y + ty * t, tx, ty
        if t > self.length:
            x, y, tx, ty = self._inside(self.length)
            d = t - self.length
            return x + tx * d, y + ty * d, tx, ty
        return self._inside(t)

    def at(self, t: float, u: float = 0.0) -> Point:
        """The point `u` to the left-hand normal (-ty, tx) of the centreline at arc length `t`."""
        x, y, tx, ty = self.frame(t)
        return (x - ty * u, y + tx * u)


class LineSpine(Spine):
    """A straight centreline from `a` to `b`."""

    def __init__(self, a: Point, b: Point) -> None:
        self.a, self.b = a, b
        self.length = math.dist(a, b)
        self.tx = (b[0] - a[0]) / self.length
        self.ty = (b[1] - a[1]) / self.length

    def _inside(self, t: float) -> tuple[float, float, float, float]:
        return self.a[0] + self.tx * t, self.a[1] + self.ty * t, self.tx, self.ty


class ArcSpine(Spine):
    """A circular arc around `centre` from angle `a0` (radians), turning by `sweep` radians."""

    def __init__(self, centre: Point, radius: float, a0: float, sweep: float) -> None:
        self.centre, self.radius, self.a0, self.sweep = centre, radius, a0, sweep
        self.length = abs(sweep) * radius
        self.sign = 1.0 if sweep > 0 else -1.0

    def _inside(self, t: float) -> tuple[float, float, float, float]:
        th = self.a0 + self.sign * t / self.radius
        c, s = math.cos(th), math.sin(th)
        return (self.centre[0] + self.radius * c, self.centre[1] + self.radius * s,
                -s * self.sign, c * self.sign)


class SampledSpine(Spine):
    """A centreline through densely sampled points (used for heads, tails and coils)."""

    def __init__(self, points: Sequence[Point]) -> None:
        self.points = list(points)
        # Besides the arc lengths, per segment: its length along `cum`, its direction divided
        # by that length (the tangent at a point on it) and its direction divided by its own
        # length (the tangent it lends a neighbour); the samples ask for these thousands of times.
        self.cum = [0.0]
        self._seg: list[float] = []
        self._own: list[tuple[float, float]] = []
        self._lent: list[tuple[float, float]] = []
        total = 0.0
        for p, q in itertools.pairwise(self.points):
            d = math.dist(p, q)
            after = total + d
            self.cum.append(after)
            seg = after - total or 1e-12
            sl = d or 1e-12
            dx, dy = q[0] - p[0], q[1] - p[1]
            self._seg.append(seg)
            self._own.append((dx / seg, dy / seg))
            self._lent.append((dx / sl, dy / sl))
            total = after
        self.length = total

    def _inside(self, t: float) -> tuple[float, float, float, float]:
        last = len(self._seg) - 1
        i = bisect_right(self.cum, t) - 1
        i = 0 if i < 0 else (last if i > last else i)
        p, q = self.points[i], self.points[i + 1]
        f = (t - self.cum[i]) / self._seg[i]
        # Tangent blended between neighbouring segments so motifs turn smoothly.
        tx, ty = self._own[i]
        j = i + 1 if f >= 0.5 else i - 1
        if 0 <= j <= last:
            lx, ly = self._lent[j]
            w = abs(f - 0.5)
            tx, ty = tx * (1 - w) + lx * w, ty * (1 - w) + ly * w
            n = math.hypot(tx, ty)
            tx, ty = tx / n, ty / n
        return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f, tx, ty


def body_spine(a: Edge, b: Edge) -> Spine:
    """The centreline of a body from port `a` to port `b` on the unit square."""
    if OPPOSITE[a] == b:
        return LineSpine(PORT[a], PORT[b])
    c = _CORNER[frozenset((a, b))]
    a0 = math.atan2(PORT[a][1] - c[1], PORT[a][0] - c[0])
    a1 = math.atan2(PORT[b][1] - c[1], PORT[b][0] - c[0])
    sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    return ArcSpine(c, 0.5, a0, sweep)


# --------------------------------------------------------------------------- ends


def _smooth(x: float) -> float:
    x = min(max(x, 0.0), 1.0)
    return x * x * (3 - 2 * x)


@dataclass(frozen=True, slots=True)
class EndShape:
    """A head or tail: its centreline from the port to the tip and its half-width profile."""

    kind: PartKind
    spine: SampledSpine
    head_length: float  # 0 for tails

    def half_width(self, t: float) -> float:
        """Half-width (outline included) at arc length `t` from the port."""
        length = self.spine.length
        if t <= 0:
            return HW
        if t >= length:
            return 0.0
        if self.kind is PartKind.TAIL:
            start = 0.03
            if t <= start:
                return HW
            u = (t - start) / (length - start)
            return float(HW * (1 - u) ** 1.15)
        neck_end = length - self.head_length
        if t <= neck_end:
            return HW + (NECK - HW) * _smooth(t / neck_end)
        k = self.head_length / 0.27
        hmax = NECK + (0.212 - NECK) * min(k, 1.0)
        u = (t - neck_end) / self.head_length
        um = 0.33
        if u <= um:
            return NECK + (hmax - NECK) * _smooth(u / um)
        x = (u - um) / (1 - um)
        return float(hmax * max(1 - x ** 1.7, 0.0) ** 0.5)

    def samples(self, step: float = 0.012) -> list[float]:
        """Arc lengths to sample the shape at: even along the neck, denser towards the tip."""
        length = self.spine.length
        body = length - (self.head_length if self.kind is PartKind.HEAD else length * 0.3)
        n = max(int(body / step), 2)
        ts = [body * i / n for i in range(n)]
        m = 28
        rest = length - body
        ts += [body + rest * math.sin(math.pi / 2 * i / m) for i in range(m + 1)]
        return ts

    def tongue(self) -> list[Point]:
        """The forked tongue of a head: stem start, stem end, left tip, right tip."""
        x, y, tx, ty = self.spine.frame(self.spine.length)
        k = self.head_length / 0.27
        stem, fork, spread = 0.06 * k, 0.03 * k, 0.022 * k
        base = (x - tx * 0.01, y - ty * 0.01)
        end = (x + tx * stem, y + ty * stem)
        tips = [(end[0] + tx * fork - ty * spread * s, end[1] + ty * fork + tx * spread * s)
                for s in (1, -1)]
        return [base, end, *tips]


def end_shape(kind: PartKind, port: Edge, reach: float, lateral: float) -> EndShape:
    """A head or tail entering at `port`, whose tip lies `reach` inwards and `lateral` aside."""
    p = PORT[port]
    dx, dy = INWARD[port]
    nx, ny = -dy, dx
    # The centreline leaves the port square to the edge; a bent end drifts aside more and more
    # towards its tip, and a tail sways in a small S that grows towards the tip.
    sway = 0.16 * reach if kind is PartKind.TAIL else 0.0
    pts = []
    for i in range(81):
        v = i / 80
        side = lateral * v * v + sway * math.sin(2 * math.pi * v) * (1 - math.cos(math.pi * v)) / 2
        pts.append((p[0] + dx * reach * v + nx * side, p[1] + dy * reach * v + ny * side))
    spine = SampledSpine(pts)
    head = min(0.27, max(spine.length - 0.07, 0.12)) if kind is PartKind.HEAD else 0.0
    return EndShape(kind, spine, head)


# --------------------------------------------------------------------------- layout

Envelope = tuple[tuple[float, float, float], ...]
"""Points (x, y) along a part with the part's half-width there: its outline, for clearances."""


def _body_envelope(spine: Spine) -> Envelope:
    n = max(int(spine.length / 0.012), 2)
    return tuple((*spine.at(spine.length * i / n), HW) for i in range(n + 1))


def _end_envelope(shape: EndShape) -> Envelope:
    env = [(*shape.spine.at(t), shape.half_width(t)) for t in shape.samples(0.015)]
    if shape.kind is PartKind.HEAD:
        base, end, *tips = shape.tongue()
        for a, b in ((base, end), (end, tips[0]), (end, tips[1])):
            env += [(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, 0.01) for f in (0.0, 0.5, 1.0)]
    return tuple(env)


def _apart(a: Envelope, b: Envelope, gap: float) -> bool:
    """Whether every point of `a` keeps `gap` clear of every point of `b`, bands included.

    The clearance of two points is hypot(dx, dy) - h - k. A point of `a` whose distance to the
    box around `b`'s points exceeds its own and `b`'s largest half-width plus `gap` (by a
    margin far above rounding error) cannot come closer than `gap`, so only the other points
    are measured; the answer is the one measuring every pair gives, found with far fewer
    distances.
    """
    hypot = math.hypot
    for x0, x1, y0, y1, reach, chunk in _boxes(b, gap):
        for x, y, h in a:
            dx = x0 - x if x < x0 else (x - x1 if x > x1 else 0.0)
            dy = y0 - y if y < y0 else (y - y1 if y > y1 else 0.0)
            if hypot(dx, dy) - h > reach:
                continue
            for u, v, k in chunk:
                if hypot(x - u, y - v) - h - k < gap:
                    return False
    return True


def _boxes(env: Envelope, gap: float, size: int = 12,
           ) -> list[tuple[float, float, float, float, float, Envelope]]:
    """`env` in runs of `size` points, each with its bounding box and the distance from the box
    beyond which a point of half-width 0 is `gap` clear of every point of the run."""
    out = []
    for start in range(0, len(env), size):
        chunk = env[start:start + size]
        out.append((min(p[0] for p in chunk), max(p[0] for p in chunk),
                    min(p[1] for p in chunk), max(p[1] for p in chunk),
                    max(p[2] for p in chunk) + gap + 1e-9, chunk))
    return out


def _inside_square(env: Envelope, port: Edge) -> bool:
    """Whether an end keeps clear of the three edges it does not enter by."""
    n, e, s, w = (port != edge for edge in "NESW")
    for x, y, h in env:
        # The room to each edge (N: y, E: 1 - x, S: 1 - y, W: x) less the half-width.
        if (n and y - h < 0.035) or (e and (1 - x) - h < 0.035) or (s and (1 - y) - h < 0.035) \
                or (w and x - h < 0.035):
            return False
    return True


@cache
def _body(a: Edge, b: Edge) -> tuple[Spine, Envelope]:
    """A body's spine and envelope: the same few for every tile, so made once per process."""
    spine = body_spine(a, b)
    return spine, _body_envelope(spine)


@cache
def _end_option(kind: PartKind, port: Edge, reach: float, lat: float) -> tuple[EndShape, Envelope, bool]:
    """One candidate end shape, its envelope and whether it stays inside the square.

    Every tile with an end at the same port tries the same candidates, so they are made once
    per process (the shapes are never changed after they are made).
    """
    shape = end_shape(kind, port, reach, lat)
    env = _end_envelope(shape)
    return shape, env, _inside_square(env, port)


@cache
def _end_clear_of_body(kind: PartKind, port: Edge, reach: float, lat: float, a: Edge, b: Edge) -> bool:
    """Whether a candidate end keeps `GAP` clear of the body from port `a` to port `b`."""
    return _apart(_end_option(kind, port, reach, lat)[1], _body(a, b)[1], GAP)


_REACH = {PartKind.HEAD: (0.46, 0.43, 0.40, 0.37, 0.34, 0.31, 0.28, 0.25),
          PartKind.TAIL: (0.44, 0.41, 0.38, 0.35, 0.32, 0.29, 0.26, 0.23)}
_LATERAL = (0.0, 0.07, -0.07, 0.13, -0.13, 0.18, -0.18)


@cache
def _candidates(kind: PartKind) -> tuple[tuple[float, float, float], ...]:
    """(score, reach, lateral) of every end candidate, best score first, ties in trying order."""
    tried = [(reach - 0.45 * abs(lat), reach, lat) for reach, lat in itertools.product(_REACH[kind], _LATERAL)]
    return tuple(sorted(tried, key=lambda c: -c[0]))


@dataclass(frozen=True, slots=True)
class Placed:
    """One part laid out on the unit square: a body spine, or an end shape."""

    part: Part
    spine: Spine
    end: EndShape | None


@lru_cache(maxsize=256)
def layout(parts: tuple[Part, ...]) -> tuple[Placed, ...]:
    """The parts (at rotation 0, bottom to top) laid out on the unit square."""
    bodies: list[tuple[Edge, Edge]] = []
    placed: dict[int, Placed] = {}
    ends: list[int] = []
    for i, part in enumerate(parts):
        if part.kind is PartKind.BODY:
            spine = _body(part.ports[0], part.ports[1])[0]
            placed[i] = Placed(part, spine, None)
            bodies.append((part.ports[0], part.ports[1]))
        else:
            ends.append(i)
    options: list[list[tuple[float, EndShape, Envelope]]] = []
    for i in ends:
        part = parts[i]
        port = part.ports[0]
        # The best-scoring 14 candidates that fit, best first (ties in the order tried): the
        # candidates are tried best first and only until 14 fit, as each costs a shape.
        good: list[tuple[float, EndShape, Envelope]] = []
        for score, reach, lat in _candidates(part.kind):
            shape, env, inside = _end_option(part.kind, port, reach, lat)
            if inside and all(_end_clear_of_body(part.kind, port, reach, lat, a, b) for a, b in bodies):
                good.append((score, shape, env))
                if len(good) == 14:
                    break
        if not good:  # nothing fits: the shortest straight end
            reach = _REACH[part.kind][-1]
            shape, env, _ = _end_option(part.kind, port, reach, 0.0)
            good.append((reach, shape, env))
        options.append(good)
    chosen = _choose(options)
    for i, shape in zip(ends, chosen):
        placed[i] = Placed(parts[i], shape.spine, shape)
    return tuple(placed[i] for i in range(len(parts)))


def _choose(options: list[list[tuple[float, EndShape, Envelope]]]) -> list[EndShape]:
    if not options:
        return []
    combos = sorted(itertools.product(*[range(len(o)) for o in options]),
                    key=lambda c: (-sum(options[k][j][0] for k, j in enumerate(c)), c))
    for combo in combos:
        picks = [options[k][j] for k, j in enumerate(combo)]
        if all(_apart(a[2], b[2], GAP) for a, b in itertools.combinations(picks, 2)):
            return [p[1] for p in picks]
    return [o[-1][1] for o in options]


# --------------------------------------------------------------------------- public geometry


@dataclass(frozen=True, slots=True)
class PartGeometry:
    """A part as drawn on a tile, in mm in the tile's trim coordinates (after flip and rotation).

    `points` follow the centreline from the part's first port into the tile: a body's last point
    is its other port, an end's last point is its tip. `half_widths` give the band's half-width
    (outline included) at each point.
    """

    part: Part
    points: tuple[Point, ...]
    half_widths: tuple[float, ...]


def tile_geometry(parts: Sequence[Part], size_mm: float, *, rot: int = 0,
                  flip: bool = False) -> tuple[PartGeometry, ...]:
    """The centreline geometry `tile_svg` draws for `parts` (bottom to top, at rotation 0)."""
    m = affine(1.0, rot, flip)
    out = []
    for pl in layout(tuple(parts)):
        n = 48
        half: Callable[[float], float] = pl.end.half_width if pl.end else (lambda t: HW)
        ts = [pl.spine.length * i / n for i in range(n + 1)]
        pts = tuple((x * size_mm, y * size_mm) for x, y in (apply(m, pl.spine.at(t)) for t in ts))
        out.append(PartGeometry(pl.part.transformed(rot, flip), pts,
                                tuple(half(t) * size_mm for t in ts)))
    return tuple(out)
