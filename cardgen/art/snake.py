"""Drawing one snake part: outline, shaded fill, scales, colour pattern, and a head's face.

All geometry comes from `layout` in units of the side; `size` (mm) scales it, so strokes and
details keep their proportions from 25 to 90 mm.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from cardgen.colours import Colour
from cardgen.geometry import PartKind

from ._svg import Group, Point, fmt, luminance, mix, path, polyline_d, pt, smooth_d
from .layout import HW, OUT, ArcSpine, EndShape, LineSpine, Spine
from .patterns import draw_pattern

WHITE = "#ffffff"
EYE_WHITE = "#fbfaf2"
PUPIL = "#15130f"
TONGUE = "#c8102e"

SCALE_ROW = 0.05
SCALE_COL = 0.056


def ink_for(colour: Colour) -> str:
    """The pattern colour: light on dark fills, the dark outline colour on light fills."""
    if luminance(colour.fill) < 150:
        return mix(colour.fill, WHITE, 0.78)
    return colour.outline


def shades(colour: Colour) -> tuple[str, str, str]:
    """(edge shade, fill, highlight): three layers that make the band look round."""
    return mix(colour.fill, colour.outline, 0.22), colour.fill, mix(colour.fill, WHITE, 0.2)


def _scale_colour(colour: Colour) -> str:
    return mix(colour.fill, colour.outline, 0.5)


def body_d(spine: Spine, size: float, ext: float) -> str:
    """Exact path data of a body centreline, extended by `ext` beyond both ports."""
    s = size

    def p(t: float) -> str:
        x, y = spine.at(t)
        return pt((x * s, y * s))

    if isinstance(spine, LineSpine):
        return f"M{p(-ext)}L{p(spine.length + ext)}"
    if isinstance(spine, ArcSpine):
        r = fmt(spine.radius * s)
        sweep = 1 if spine.sign > 0 else 0
        return f"M{p(-ext)}L{p(0)}A{r},{r} 0 0 {sweep} {p(spine.length)}L{p(spine.length + ext)}"
    raise TypeError(f"no exact path for {type(spine).__name__}")


def scales_d(spine: Spine, width: Callable[[float], float], size: float, t0: float, t1: float,
             ) -> str:
    """Rows of small arcs (the scale texture) between arc lengths t0 and t1."""
    out = []
    start = math.floor(t0 / SCALE_ROW)
    row = start
    while row * SCALE_ROW <= t1:
        t = row * SCALE_ROW
        w = width(t) - 0.018
        if w > SCALE_COL * 0.3:
            shift = SCALE_COL / 2 if row % 2 else 0.0
            j = math.floor((-w - shift) / SCALE_COL)
            while j * SCALE_COL + shift <= w:
                u = j * SCALE_COL + shift
                if abs(u) <= w - SCALE_COL * 0.25:
                    a = spine.at(t - SCALE_ROW * 0.32, u - SCALE_COL * 0.5)
                    c = spine.at(t + SCALE_ROW * 0.62, u)
                    b = spine.at(t - SCALE_ROW * 0.32, u + SCALE_COL * 0.5)
                    out.append(f"M{pt((a[0] * size, a[1] * size))}Q{pt((c[0] * size, c[1] * size))} "
                               f"{pt((b[0] * size, b[1] * size))}")
                j += 1
        row += 1
    return "".join(out)


def _ribbon(spine: Spine, width: Callable[[float], float], ts: list[float], size: float) -> str:
    """Closed smooth outline of a band of half-width width(t) along `spine` sampled at `ts`."""
    left = [spine.at(t, width(t)) for t in ts]
    right = [spine.at(t, -width(t)) for t in reversed(ts)]
    pts = [(x * size, y * size) for x, y in left + right[1:]]
    return smooth_d(pts, closed=True)


def _body_width(t: float) -> float:
    return HW - OUT


@lru_cache(maxsize=64)
def _body_paths(spine: Spine, size: float, ext: float) -> tuple[str, str]:
    """(centreline, scales) path data of a body: the same for every colour of a card.

    Spines are made once per process by `layout`, so the cache meets them again.
    """
    return body_d(spine, size, ext), scales_d(spine, _body_width, size, -ext, spine.length + ext)


def draw_body(g: Group, spine: Spine, colour: Colour, size: float, ext: float, margin: float) -> None:
    """A body band from port to port, running `ext` past both into the bleed."""
    d, scales = _body_paths(spine, size, ext)
    shade, fill, light = shades(colour)
    inner = HW - OUT
    for col, w in ((colour.outline, HW), (shade, inner), (fill, inner * 0.74), (light, inner * 0.34)):
        g.add(path(d, fill="none", stroke=col, stroke_width=fmt(2 * w * size)))
    g.add(path(scales, fill="none",
               stroke=_scale_colour(colour), stroke_width=fmt(0.0075 * size), stroke_linecap="round"))
    draw_pattern(g, colour.pattern, spine, _body_width, size, ink_for(colour), fill, margin,
                 spine.length - margin)


@lru_cache(maxsize=64)
def _end_paths(shape: EndShape, size: float, ext: float, step: float) -> tuple[str, str, str, str]:
    """(outline, fill, highlight, scales) path data of an end with its own half-width profile:
    the same for every colour of a card (`layout` makes each shape once per process)."""
    return _end_paths_of(shape, shape.half_width, size, ext, step)


def _end_paths_of(shape: EndShape, half: Callable[[float], float], size: float, ext: float,
                  step: float) -> tuple[str, str, str, str]:
    spine = shape.spine
    ts = [-ext] + [t for t in shape.samples(step) if t > max(-ext, 0.0)]

    def outer(t: float) -> float:
        return max(half(t) - OUT / 2, 0.0)

    def inner(t: float) -> float:
        return max(half(t) - OUT, 0.0)

    neck_end = spine.length - shape.head_length
    scale_end = neck_end + 0.01 if shape.kind is PartKind.HEAD else spine.length - 0.02
    return (_ribbon(spine, outer, ts, size), _ribbon(spine, lambda t: inner(t) * 0.74, ts, size),
            _ribbon(spine, lambda t: inner(t) * 0.34, ts, size),
            scales_d(spine, inner, size, -ext + 0.02 if ext < 0 else -ext, scale_end))


def draw_end(g: Group, shape: EndShape, colour: Colour, size: float, ext: float, margin: float,
             width: Callable[[float], float] | None = None, step: float = 0.012) -> None:
    """A head (with eyes and tongue) or a tapering tail, entering from its port.

    With `ext` < 0 the shape starts at arc length -ext instead of running into the bleed;
    `width` replaces the shape's own half-width profile (outline included); `step` is the
    outline's sampling distance along the neck or body.
    """
    spine = shape.spine
    length = spine.length
    half = width or shape.half_width
    head = shape.kind is PartKind.HEAD
    if head:
        _tongue(g, shape, size)
    shade, fill, light = shades(colour)

    def inner(t: float) -> float:
        return max(half(t) - OUT, 0.0)

    if width is None:
        outline, filled, lit, scales = _end_paths(shape, size, ext, step)
    else:
        outline, filled, lit, scales = _end_paths_of(shape, width, size, ext, step)
    g.add(path(outline, fill=shade, stroke=colour.outline,
               stroke_width=fmt(OUT * size), stroke_linejoin="round"))
    g.add(path(filled, fill=fill))
    g.add(path(lit, fill=light))
    g.add(path(scales, fill="none",
               stroke=_scale_colour(colour), stroke_width=fmt(0.0075 * size), stroke_linecap="round"))
    neck_end = length - shape.head_length
    t1 = neck_end + shape.head_length * 0.12 if head else length * 0.62
    draw_pattern(g, colour.pattern, spine, inner, size, ink_for(colour), fill, margin, t1)
    if head:
        _face(g, shape, colour, size)


def _tongue(g: Group, shape: EndShape, size: float) -> None:
    base, end, left, right = [(x * size, y * size) for x, y in shape.tongue()]
    d = f"M{pt(base)}L{pt(end)}L{pt(left)}M{pt(end)}L{pt(right)}"
    k = shape.head_length / 0.27
    g.add(path(d, fill="none", stroke=TONGUE, stroke_width=fmt(0.014 * k * size),
               stroke_linecap="round", stroke_linejoin="round"))


def _face(g: Group, shape: EndShape, colour: Colour, size: float) -> None:
    """Eyes looking forward, a brow line over each, and two nostrils near the snout."""
    spine, h = shape.spine, shape.head_length
    k = h / 0.27
    neck_end = spine.length - h
    te = neck_end + h * 0.5
    x, y, tx, ty = spine.frame(te)
    w = shape.half_width(te)
    s = size

    def local(a: float, b: float) -> Point:
        return ((x + tx * a - ty * b) * s, (y + ty * a + tx * b) * s)

    r_eye, r_pupil = 0.045 * k, 0.025 * k
    for side in (1, -1):
        b = side * w * 0.55
        cx, cy = local(0, b)
        g.add(path(_ellipse_d((cx, cy), r_eye * s, r_eye * s), fill=EYE_WHITE, stroke=colour.outline,
                   stroke_width=fmt(OUT * 0.55 * s)))
        px, py = local(r_eye * 0.42, b - side * r_eye * 0.08)
        g.add(path(_ellipse_d((px, py), r_pupil * s, r_pupil * s), fill=PUPIL))
        gx, gy = local(r_eye * 0.55, b + side * r_eye * 0.12)
        g.add(path(_ellipse_d((gx, gy), r_pupil * 0.32 * s, r_pupil * 0.32 * s), fill=WHITE))
        # The brow: a short arc over the outer-back side of the eye gives the head its look.
        brow = [local(-r_eye * 1.1, b + side * r_eye * 0.55), local(-r_eye * 0.2, b + side * r_eye * 1.35),
                local(r_eye * 0.9, b + side * r_eye * 1.15)]
        g.add(path(smooth_d(brow), fill="none", stroke=colour.outline, stroke_width=fmt(OUT * 0.6 * s),
                   stroke_linecap="round"))
    tn = neck_end + h * 0.86
    xn, yn, nx, ny = spine.frame(tn)
    wn = shape.half_width(tn)
    d = []
    for side in (1, -1):
        c = ((xn - ny * wn * 0.33 * side) * s, (yn + nx * wn * 0.33 * side) * s)
        d.append(_ellipse_d(c, 0.011 * k * s, 0.011 * k * s))
    g.add(path("".join(d), fill=colour.outline))


def _ellipse_d(c: Point, rx: float, ry: float) -> str:
    x, y = c
    return (f"M{pt((x - rx, y))}A{fmt(rx)},{fmt(ry)} 0 1 0 {pt((x + rx, y))}"
            f"A{fmt(rx)},{fmt(ry)} 0 1 0 {pt((x - rx, y))}Z")


def crossing_under(g: Group, upper: Spine, lower: Spine, size: float, ext: float, background: str) -> None:
    """Before an upper body is drawn over a lower one: cut a gap and shade the lower body.

    The gap runs along the whole upper body in the background colour (invisible off the lower
    body); the shadow is drawn only on the lower band, on both sides of the gap.
    """
    gap = 0.028
    if isinstance(upper, LineSpine) and isinstance(lower, LineSpine):
        # Straight over straight: shadow strips on the lower band beside the gap.
        c = upper.at(upper.length / 2)
        lx, ly = lower.tx, lower.ty
        for side in (1, -1):
            for depth, alpha in ((0.05, "0.13"), (0.025, "0.16")):
                a0, a1 = HW + gap, HW + gap + depth
                # Offsets measured along the lower centreline from the crossing point.
                pts = []
                for along, across in ((a0, -HW), (a1, -HW), (a1, HW), (a0, HW)):
                    pts.append(((c[0] + lx * along * side - ly * across) * size,
                                (c[1] + ly * along * side + lx * across) * size))
                g.add(path(polyline_d(pts, closed=True), fill="#000000", fill_opacity=alpha))
    g.add(path(body_d(upper, size, ext), fill="none", stroke=background,
               stroke_width=fmt(2 * (HW + gap) * size)))
