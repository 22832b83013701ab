"""Irrläufer parts as SVG: fold-over standees, two-coloured castle chips, sticks, a length gauge.

Sizes follow the board's field pitch `f` and groove width `g` (see `board.BoardSpec`):
- a standee is 0.72 f wide: base tab, back panel (upside down), front panel, base tab, top to
  bottom, folded at the dashed lines; the tabs fold outwards into a foot that fits one field;
- a castle chip is 2 f - g - 1 mm square: it covers 2 x 2 fields and the grooves inside them but
  stays off the grooves round them, where sticks may lie;
- a stick is 3 f - g long (3 groove segments and the 2 crossings between them) and g wide.
Same drawing rules as the board: paths, solid fills, no text.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.art._svg import Element, Point, document, fmt, group, mix, path, polyline_d, pt

from .board_art import CROSSING, INK, rect_d, rect_drawing
from .digits import STROKE, number_d

SAFE_MM = 4.0
"""The widest safe zone of the print services cardgen writes for (MB Print's 4 mm, see
templates/services.toml): nothing of a castle chip's frame comes closer to the cut."""
LIGHT = "#fff6e8"
STICK = "#a2743f"
STICK_LIGHT = "#c99c62"
FOLD = "#4a4a4a"


@dataclass(frozen=True, slots=True)
class StandeeSize:
    """The parts of a standee face, mm: width, panel height, base tab height."""

    width: float
    panel: float
    tab: float

    @staticmethod
    def for_field(field: float) -> StandeeSize:
        """The standee for fields of pitch `field` mm."""
        return StandeeSize(0.72 * field, 1.3 * field, 0.4 * field)

    @property
    def height(self) -> float:
        """Height of the whole flat face."""
        return 2 * self.panel + 2 * self.tab


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 8) -> list[Point]:
    out = []
    for k in range(1, n + 1):
        t = k / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _bishop_half() -> list[Point]:
    """The right half of a chess bishop ("Läufer"), x from the axis 0.5, in a 1 x 1.8 box."""
    pts: list[Point] = [(0.5, 0.3)]
    pts += _cubic((0.5, 0.3), (0.64, 0.38), (0.74, 0.56), (0.68, 0.72))
    pts += [(0.6, 0.85), (0.73, 0.87), (0.73, 0.96), (0.61, 0.98)]
    pts += _cubic((0.61, 0.98), (0.6, 1.2), (0.66, 1.4), (0.77, 1.5))
    pts += [(0.86, 1.55), (0.86, 1.68), (0.5, 1.68)]
    return pts


def _bishop_d(box_x: float, box_y: float, scale: float, turned: bool, cx: float, cy: float) -> tuple[str, str, str]:
    """Outline, head ball and mitre slit of the bishop, placed in a panel (turned: upside down)."""
    half = _bishop_half()
    outline = half + [(1 - x, y) for x, y in reversed(half[1:-1])]

    def f(p: Point) -> Point:
        x, y = box_x + p[0] * scale, box_y + p[1] * scale
        return (2 * cx - x, 2 * cy - y) if turned else (x, y)

    bx, by = f((0.5, 0.2))
    r = 0.085 * scale
    ball = (f"M{pt((bx - r, by))}A{fmt(r)},{fmt(r)} 0 1 0 {pt((bx + r, by))}"
            f"A{fmt(r)},{fmt(r)} 0 1 0 {pt((bx - r, by))}Z")
    slit = f"M{pt(f((0.6, 0.45)))}L{pt(f((0.45, 0.63)))}"
    return polyline_d([f(p) for p in outline], closed=True), ball, slit


def standee_figure_svg(size: StandeeSize, colour: str) -> str:
    """The standee as it stands, seen from the front: its front panel alone (for a table that
    shows standing figures, such as Tabletop Simulator's)."""
    w, h, t = size.width, size.panel, size.tab
    return str(_standee(document(f"{fmt(w)}mm", f"{fmt(h)}mm", f"0 {fmt(t + h)} {fmt(w)} {fmt(h)}"),
                        size, colour, 0.0, folds=False).tostring())


def standee_svg(size: StandeeSize, colour: str, bleed: float) -> str:
    """A fold-over standee: tab, back panel (upside down), front panel, tab; dashed fold lines."""
    return str(_standee(rect_drawing(size.width, size.height, bleed), size, colour, bleed).tostring())


def _standee(dwg: Element, size: StandeeSize, colour: str, bleed: float, folds: bool = True) -> Element:
    w, h, t = size.width, size.panel, size.tab
    light = mix(colour, "#ffffff", 0.55)
    dwg.add(path(rect_d(-bleed, -bleed, w + 2 * bleed, size.height + 2 * bleed), fill=light))
    dwg.add(path(rect_d(-bleed, t, w + 2 * bleed, 2 * h), fill=colour))
    inset = 0.06 * w
    frame = rect_d(inset, t + inset, w - 2 * inset, h - 2 * inset) + rect_d(inset, t + h + inset, w - 2 * inset, h - 2 * inset)
    dwg.add(path(frame, fill="none", stroke=LIGHT, stroke_width=fmt(0.025 * w)))
    scale = min((w - 2 * inset) * 0.95, (h - 2 * inset) / 1.8 * 0.95)
    bx, by = w / 2 - scale / 2, t + 2 * h - inset - 1.8 * scale
    # The back panel is the front turned half round the top fold, so it reads upright from behind.
    for turned in (False, True):
        body, ball, slit = _bishop_d(bx, by, scale, turned, w / 2, t + h)
        dwg.add(path(body + ball, fill=LIGHT))
        dwg.add(path(slit, fill="none", stroke=colour, stroke_width=fmt(0.05 * scale), stroke_linecap="round"))
    # Fold lines as separate dashes (no stroke-dasharray: one less feature for the renderers).
    dashes = []
    for y in (t, t + h, t + 2 * h) if folds else ():
        x = 0.0
        while x < w:
            dashes.append(f"M{pt((x, y))}L{pt((min(x + 1.2, w), y))}")
            x += 2.0
    if dashes:
        dwg.add(path("".join(dashes), fill="none", stroke=FOLD, stroke_width="0.2"))
    return dwg


def piece_panel_svg(colour: str, height: float = 13.0) -> str:
    """The front panel of a standee alone, `height` mm tall, as the parts sheet prints it: the
    side's colour, a light frame and the light bishop. The booklet's diagrams draw pieces with
    it, so a piece on the page looks like the piece on the table."""
    size = StandeeSize.for_field(height / 1.3)
    w, h = size.width, size.panel
    dwg = rect_drawing(w, h, 0.0)
    dwg.add(path(rect_d(0, 0, w, h), fill=colour))
    inset = 0.06 * w
    dwg.add(path(rect_d(inset, inset, w - 2 * inset, h - 2 * inset), fill="none", stroke=LIGHT,
                 stroke_width=fmt(0.025 * w)))
    scale = min((w - 2 * inset) * 0.95, (h - 2 * inset) / 1.8 * 0.95)
    body, ball, slit = _bishop_d(w / 2 - scale / 2, h - inset - 1.8 * scale, scale, False, w / 2, h / 2)
    dwg.add(path(body + ball, fill=LIGHT))
    dwg.add(path(slit, fill="none", stroke=colour, stroke_width=fmt(0.05 * scale), stroke_linecap="round"))
    return str(dwg.tostring())


def castle_size(field: float, groove: float) -> float:

    """Side of a castle chip, mm: 2 fields minus a groove, minus 0.5 mm play on each side."""
    return 2 * field - groove - 1.0


def castle_svg(size: float, colour: str, bleed: float) -> str:
    """One side of a castle chip: the side's colour with a light crenellated tower."""
    dwg = rect_drawing(size, size, bleed)
    dwg.add(path(rect_d(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed), fill=colour))
    _castle_art(dwg, size, colour, 0.0)
    return str(dwg.tostring())


def castle_pair_svg(size: float, front: str, back: str, bleed: float) -> str:
    """A castle chip to fold: its front side and, to the right of it, its back side, meeting
    where the chip is folded (no bleed there, so the two colours meet on the fold line). Folded
    with the colours outwards, the back lies exactly behind the front: the art is symmetric
    left to right, so it stays upright when the chip is turned over."""
    dwg = rect_drawing(2 * size, size, bleed)
    dwg.add(path(rect_d(-bleed, -bleed, size + bleed, size + 2 * bleed), fill=front))
    dwg.add(path(rect_d(size, -bleed, size + bleed, size + 2 * bleed), fill=back))
    _castle_art(dwg, size, front, 0.0)
    _castle_art(dwg, size, back, size)
    return str(dwg.tostring())


def _castle_art(dwg: Element, s: float, colour: str, x: float) -> None:
    """The light frame and tower of a chip side `s` mm square whose left edge is at `x`."""
    w = 0.025 * s
    i = max(0.07 * s, SAFE_MM + 0.25 + w / 2)  # the frame 0.25 mm inside every service's safe zone
    dwg.add(path(rect_d(x + i, i, s - 2 * i, s - 2 * i), fill="none", stroke=LIGHT, stroke_width=fmt(w)))
    # Tower: body, three merlons, an arched door; drawn for a frame at 7 % of the chip, shrunk
    # about the centre to keep its distance from a frame further in.
    shrink = (s - 2 * i - w) / (s - 2 * 0.07 * s - w)
    tower = group(transform=f"translate({fmt(x + s / 2)},{fmt(s / 2)}) scale({fmt(shrink)}) "
                            f"translate({fmt(-s / 2)},{fmt(-s / 2)})")
    dwg.add(tower)
    x0, x1, y0, y1 = 0.3 * s, 0.7 * s, 0.34 * s, 0.8 * s
    m = (x1 - x0) / 5
    merlons = "".join(rect_d(x0 + k * 2 * m, y0 - 0.09 * s, m, 0.09 * s + 0.01) for k in range(3))
    tower.add(path(rect_d(x0, y0, x1 - x0, y1 - y0) + merlons, fill=LIGHT))
    tower.add(path(rect_d(0.22 * s, y1, 0.56 * s, 0.05 * s), fill=LIGHT))
    dw, dh = 0.1 * s, 0.16 * s
    dx, dy = s / 2 - dw / 2, y1 - dh
    door = (f"M{pt((dx, y1))}L{pt((dx, dy + dw / 2))}A{fmt(dw / 2)},{fmt(dw / 2)} 0 0 1 "
            f"{pt((dx + dw, dy + dw / 2))}L{pt((dx + dw, y1))}Z")
    tower.add(path(door, fill=colour))
    tower.add(path(rect_d(s / 2 - 0.03 * s, 0.45 * s, 0.06 * s, 0.09 * s), fill=colour))


def stick_svg(length: float, width: float) -> str:
    """A stick strip, no bleed: sticks are printed edge to edge and share their cut lines."""
    dwg = rect_drawing(length, width, 0.0)
    dwg.add(path(rect_d(0, 0, length, width), fill=STICK))
    dwg.add(path(rect_d(0, width * 0.38, length, width * 0.24), fill=STICK_LIGHT))
    edge = 0.06
    dwg.add(path(rect_d(0, 0, length, edge) + rect_d(0, width - edge, length, edge), fill=LIGHT))
    return str(dwg.tostring())


def gauge_size(field: float, groove: float) -> tuple[float, float]:
    """Width and height of the length gauge face, mm."""
    return (3 * field - groove + 8.0, 14.0)


def gauge_svg(field: float, groove: float) -> str:
    """A ruler for cutting matches or skewers to stick length: a stick-long bar between two
    stops, the covered crossings marked, the length in mm above it."""
    length = 3 * field - groove
    w, h = gauge_size(field, groove)
    dwg = rect_drawing(w, h, 0.0)
    dwg.add(path(rect_d(0, 0, w, h), fill=LIGHT))
    x0, bar_y, bar_h = 4.0, 7.0, groove
    dwg.add(path(rect_d(x0, bar_y, length, bar_h), fill=STICK))
    crossings = "".join(rect_d(x0 + k * field - groove, bar_y, groove, bar_h) for k in (1, 2))
    dwg.add(path(crossings, fill=CROSSING, fill_opacity="0.5"))
    stops = rect_d(x0 - 0.6, bar_y - 2.5, 0.6, bar_h + 5) + rect_d(x0 + length, bar_y - 2.5, 0.6, bar_h + 5)
    dwg.add(path(stops, fill=INK))
    hd = 3.2
    dwg.add(path(number_d(f"{length:.0f}", (x0 + length / 2, 2.6), hd), fill="none", stroke=INK,
                 stroke_width=fmt(STROKE * hd), stroke_linecap="round", stroke_linejoin="round"))
    arrow = (f"M{pt((x0 + 0.5, 2.6))}L{pt((x0 + length / 2 - 5, 2.6))}"
             f"M{pt((x0 + length / 2 + 5, 2.6))}L{pt((x0 + length - 0.5, 2.6))}"
             f"M{pt((x0 + 2, 1.6))}L{pt((x0 + 0.5, 2.6))}L{pt((x0 + 2, 3.6))}"
             f"M{pt((x0 + length - 2, 1.6))}L{pt((x0 + length - 0.5, 2.6))}L{pt((x0 + length - 2, 3.6))}")
    dwg.add(path(arrow, fill="none", stroke=INK, stroke_width="0.3", stroke_linecap="round",
                 stroke_linejoin="round"))
    return str(dwg.tostring())
