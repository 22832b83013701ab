"""The Irrläufer board as SVG: fields, grooves drawn as recessed channels, numbers, start fields
and castle places.

Geometry (mm, origin at the trim corner, y down): the board is `columns` fields wide and `rows`
long with a frame `band` wide around the grid that carries the numbers. Groove lines (their
centres) lie on multiples of the field pitch from the grid corner; a field is the square of side
`field - groove` between them. The border grooves round the outside are never used: they are
filled up to the frame and hatched, so they cannot be mistaken for playable grooves.

Plain paths and solid colours only (plus fill-opacity): svglib and cairosvg draw them alike.
The numbers are stroked vector digits (`digits`), so no font is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.art._svg import Element, document, fmt, path, pt

from .digits import STROKE, number_d

Field = tuple[int, int]

FRAME = "#d9c193"
"""The frame round the grid, where the numbers are."""
BORDER = "#c8ab78"
"""The filled-up border grooves (never used)."""
BORDER_HATCH = "#a5854f"
FIELD = "#f3e7cb"
GROOVE = "#8d6c43"
"""The floor of a groove channel."""
SHADOW = "#5b4128"
"""The shadow the near wall of a groove casts (light comes from the top left)."""
HIGHLIGHT = "#fbf4e2"
"""The lit far wall of a groove."""
CROSSING = "#3d2a16"
INK = "#3a2714"
RED = "#c62828"
BLUE = "#1f4fa8"
TINT = {RED: ("#f7d3d0", "#fbe6e4"), BLUE: ("#cfdcf4", "#e4ecfa")}
"""Opaque pale fills of each side's colour: (start fields, castle fields). Mixed with white and
painted opaque: a translucent blue over the cream fields turned grey while the red turned pink,
so the two sides' places did not look alike."""


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """What the board art needs: its size and the marked places (fields `(c, r)` from 1).

    `red_castles` and `blue_castles` are the top-left fields of the 2x2 castle places.
    """

    rows: int
    field: float
    columns: int = 15
    red_starts: tuple[Field, ...] = ()
    blue_starts: tuple[Field, ...] = ()
    red_castles: tuple[Field, ...] = ()
    blue_castles: tuple[Field, ...] = ()

    @property
    def groove(self) -> float:
        """Width of a groove (and of a stick), mm."""
        return self.field / 6

    @property
    def band(self) -> float:
        """Width of the frame from the trim edge to the outermost groove line, mm."""
        return self.field * 0.4

    @property
    def width(self) -> float:
        """Trim width of the whole board, mm."""
        return self.columns * self.field + 2 * self.band

    @property
    def height(self) -> float:
        """Trim height of the whole board, mm."""
        return self.rows * self.field + 2 * self.band

    def line_x(self, i: int) -> float:
        """x of vertical groove line `i` (0 and `columns` are the border grooves)."""
        return self.band + i * self.field

    def line_y(self, j: int) -> float:
        """y of horizontal groove line `j` (0 and `rows` are the border grooves)."""
        return self.band + j * self.field

    def centre(self, c: int, r: int) -> tuple[float, float]:
        """The centre of field `(c, r)`."""
        return (self.band + (c - 0.5) * self.field, self.band + (r - 0.5) * self.field)


def rect_d(x: float, y: float, w: float, h: float) -> str:
    """Path data of an axis-aligned rectangle."""
    return f"M{pt((x, y))}h{fmt(w)}v{fmt(h)}h{fmt(-w)}Z"


def circle_d(cx: float, cy: float, r: float) -> str:
    """Path data of a circle (two arcs)."""
    return (f"M{pt((cx - r, cy))}A{fmt(r)},{fmt(r)} 0 1 0 {pt((cx + r, cy))}"
            f"A{fmt(r)},{fmt(r)} 0 1 0 {pt((cx - r, cy))}Z")


def rect_drawing(width: float, height: float, bleed: float) -> Element:
    """An empty SVG document of `width` x `height` mm plus `bleed` on every side (mm units)."""
    w, h = width + 2 * bleed, height + 2 * bleed
    return document(f"{fmt(w)}mm", f"{fmt(h)}mm", f"{fmt(-bleed)} {fmt(-bleed)} {fmt(w)} {fmt(h)}")


def _grooves(s: BoardSpec) -> list[Element]:
    g, f = s.groove, s.field
    x0, x1, y0, y1 = s.line_x(0), s.line_x(s.columns), s.line_y(0), s.line_y(s.rows)
    shade, lit = 0.3 * g, 0.14 * g
    shadow, light = [], []
    for j in range(1, s.rows):
        y = s.line_y(j)
        shadow.append(rect_d(x0, y - g / 2, x1 - x0, shade))
        light.append(rect_d(x0, y + g / 2 - lit, x1 - x0, lit))
    for i in range(1, s.columns):
        x = s.line_x(i)
        shadow.append(rect_d(x - g / 2, y0, shade, y1 - y0))
        light.append(rect_d(x + g / 2 - lit, y0, lit, y1 - y0))
    fields = [rect_d(s.line_x(c) + g / 2, s.line_y(r) + g / 2, f - g, f - g)
              for r in range(s.rows) for c in range(s.columns)]
    dots = [circle_d(s.line_x(i), s.line_y(j), 0.2 * g)
            for j in range(1, s.rows) for i in range(1, s.columns)]
    return [
        path(rect_d(x0, y0, x1 - x0, y1 - y0), fill=GROOVE),
        path("".join(shadow), fill=SHADOW),
        path("".join(light), fill=HIGHLIGHT),
        path("".join(dots), fill=CROSSING),
        path("".join(fields), fill=FIELD),
    ]


def _border(s: BoardSpec) -> list[Element]:
    """The border grooves filled up and hatched: clearly no place for a stick."""
    g = s.groove
    x0, x1, y0, y1 = s.line_x(0), s.line_x(s.columns), s.line_y(0), s.line_y(s.rows)
    ring = (rect_d(x0 - g / 2, y0 - g / 2, x1 - x0 + g, g) + rect_d(x0 - g / 2, y1 - g / 2, x1 - x0 + g, g)
            + rect_d(x0 - g / 2, y0 + g / 2, g, y1 - y0 - g) + rect_d(x1 - g / 2, y0 + g / 2, g, y1 - y0 - g))
    hatch = []
    step = g * 0.9
    a = g * 0.35  # half the extent of one hatch stroke
    for x in _steps(x0, x1, step):
        for y in (y0, y1):
            hatch.append(f"M{pt((x - a, y + a))}L{pt((x + a, y - a))}")
    for y in _steps(y0 + step, y1 - step, step):
        for x in (x0, x1):
            hatch.append(f"M{pt((x - a, y + a))}L{pt((x + a, y - a))}")
    return [path(ring, fill=BORDER),
            path("".join(hatch), fill="none", stroke=BORDER_HATCH, stroke_width=fmt(0.1 * g),
                 stroke_linecap="round")]


def _steps(lo: float, hi: float, step: float) -> list[float]:
    n = max(1, round((hi - lo) / step))
    return [lo + (hi - lo) * k / n for k in range(n + 1)]


def _castle(s: BoardSpec, pos: Field, colour: str) -> list[Element]:
    c, r = pos
    g = s.groove
    xa, xm, xb = s.line_x(c - 1), s.line_x(c), s.line_x(c + 1)
    ya, ym, yb = s.line_y(r - 1), s.line_y(r), s.line_y(r + 1)
    # The interior grooves (no stick may lie there) are tinted; the fields inside lightly too.
    inner = rect_d(xm - g / 2, ya + g / 2, g, yb - ya - g) + rect_d(xa + g / 2, ym - g / 2, xb - xa - g, g)
    fields = rect_d(xa + g / 2, ya + g / 2, xb - xa - g, yb - ya - g)
    inset = g / 2 + 0.25 * g
    w = 0.22 * g
    outline = rect_d(xa + inset, ya + inset, xb - xa - 2 * inset, yb - ya - 2 * inset)
    return [path(fields, fill=TINT[colour][1]),
            path(inner, fill=colour, fill_opacity="0.55"),
            path(outline, fill="none", stroke=colour, stroke_width=fmt(w), stroke_linejoin="round")]


def _start(s: BoardSpec, fields: tuple[Field, ...], colour: str) -> list[Element]:
    d = "".join(circle_d(*s.centre(c, r), 0.3 * s.field) for c, r in fields)
    return [path(d, fill=TINT[colour][0], stroke=colour, stroke_width=fmt(0.035 * s.field))]



def _numbers(s: BoardSpec) -> Element:
    h = 0.2 * s.field
    # Numbers sit in the frame between the trim edge and the outer edge of the border groove.
    m = (s.band - s.groove / 2) / 2
    d = []
    for c in range(1, s.columns + 1):
        x = s.centre(c, 1)[0]
        d.append(number_d(str(c), (x, m), h, turned=True))  # read by red, who sits at row 1
        d.append(number_d(str(c), (x, s.height - m), h))
    for r in range(1, s.rows + 1):
        y = s.centre(1, r)[1]
        d.append(number_d(str(r), (m, y), h))
        d.append(number_d(str(r), (s.width - m, y), h))
    return path("".join(d), fill="none", stroke=INK, stroke_width=fmt(STROKE * h),
                stroke_linecap="round", stroke_linejoin="round")


def board_svg(spec: BoardSpec, bleed: float) -> str:
    """The whole board, trim `spec.width` x `spec.height` mm plus `bleed` of frame colour."""
    dwg = rect_drawing(spec.width, spec.height, bleed)
    dwg.add(path(rect_d(-bleed, -bleed, spec.width + 2 * bleed, spec.height + 2 * bleed), fill=FRAME))
    for el in _grooves(spec) + _border(spec):
        dwg.add(el)
    for pos in spec.red_castles:
        for el in _castle(spec, pos, RED):
            dwg.add(el)
    for pos in spec.blue_castles:
        for el in _castle(spec, pos, BLUE):
            dwg.add(el)
    for el in _start(spec, spec.red_starts, RED) + _start(spec, spec.blue_starts, BLUE):
        dwg.add(el)
    dwg.add(_numbers(spec))
    return str(dwg.tostring())
