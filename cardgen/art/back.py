"""Card backs: a coiled snake on a dark, evenly textured ground.

The design is centred and keeps well inside the trim, and the ground texture is uniform out to
the bleed edge, so a back printed a millimetre or two off its front still looks right.
"""

from __future__ import annotations

import math

from cardgen.colours import NEUTRAL, Colour
from cardgen.geometry import PartKind

from ._svg import drawing, fmt, group, mix, path, pt
from .layout import HW, EndShape, SampledSpine
from .snake import _ribbon, draw_end

BACK_GROUND = "#2c3a2e"
"""The dark green ground of the card backs."""


def _ground_texture(size: float, bleed: float, ground: str) -> str:
    """Fish-scale arcs tiling the whole sheet area of the card, bleed included."""
    step = size / 11
    r = step / 2
    d = []
    rows = int((size + 2 * bleed) / (step * 0.5)) + 3
    cols = int((size + 2 * bleed) / step) + 3
    # The lattice is centred on the card so the texture itself is symmetric.
    x0 = size / 2 - step * (cols // 2)
    y0 = size / 2 - step * 0.5 * (rows // 2)
    for j in range(rows):
        y = y0 + j * step * 0.5
        shift = r if j % 2 else 0.0
        for i in range(cols):
            x = x0 + i * step + shift
            d.append(f"M{pt((x - r, y))}A{fmt(r)},{fmt(r)} 0 0 0 {pt((x + r, y))}")
    return "".join(d)


def coil_back_svg(size_mm: float, bleed_mm: float, *, ground: str = BACK_GROUND,
                  colour: Colour = NEUTRAL) -> str:
    """A card back: one snake coiled in a spiral around the centre, its head resting outside."""
    s = size_mm
    full = s + 2 * bleed_mm
    dwg = drawing(s, bleed_mm)
    dwg.add(path(f"M{fmt(-bleed_mm)},{fmt(-bleed_mm)}h{fmt(full)}v{fmt(full)}h{fmt(-full)}Z", fill=ground))
    dwg.add(path(_ground_texture(s, bleed_mm, ground), fill="none", stroke=mix(ground, "#ffffff", 0.07),
                 stroke_width=fmt(0.008 * s)))
    # The snake is drawn in its own units (body half-width HW) scaled down by `f`.
    f = 0.36
    v = s * f
    c = 0.5 / f
    pitch = 2 * HW + 0.075
    b = pitch / (2 * math.pi)
    r0, turns = 0.1, 2.25
    th0 = -math.pi / 2
    pts = []
    n = 600
    for i in range(n + 1):
        th = th0 + 2 * math.pi * turns * i / n
        r = r0 + b * (th - th0)
        pts.append((c + r * math.cos(th), c + r * math.sin(th)))
    # Centre the coil's bounding box (not the spiral's pole) on the card.
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    ox, oy = c - (min(xs) + max(xs)) / 2, c - (min(ys) + max(ys)) / 2
    pts = [(x + ox, y + oy) for x, y in pts]
    spine = SampledSpine(pts)
    shape = EndShape(PartKind.HEAD, spine, 0.27)
    taper = 1.6

    def width(t: float) -> float:
        return min(shape.half_width(t), float(HW * min(t / taper, 1.0) ** 0.85))

    # A soft shadow under the coil lifts it off the ground.
    ts = shape.samples(0.035)
    dx, dy = 0.035, 0.05
    shadow = SampledSpine([(x + dx, y + dy) for x, y in pts])
    dwg.add(path(_ribbon(shadow, width, ts, v), fill="#000000", fill_opacity="0.3"))
    g = group()
    draw_end(g, shape, colour, v, -0.0, 1.0, width, step=0.035)
    dwg.add(g)
    return str(dwg.tostring())
