"""Diagrams of square cards and tiles on a grid: each card drawn by the game's art (`tile_svg`),
brought in as vectors (svglib), plus the marks a rule diagram needs (frames, crosses, ticks,
numbers, empty cells). Cells are `(x, y)` with y growing south, as in the engines.

A grid is drawn at the size the kit prints its cards (`--card-size` or the set's size): one cell
is one card, in points, and the art is the art made for that size (its margins depend on the
size, so a 25 mm card is not a shrunk 90 mm one). The marks keep their size relative to the
cell, so the page, which scales the whole drawing to its column, shows them alike at any size.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.graphics import renderPDF  # type: ignore[import-untyped]
from reportlab.graphics.shapes import (  # type: ignore[import-untyped]
    Circle,
    DirectDraw,
    Drawing,
    Group,
    Line,
    Path,
    PolyLine,
    Rect,
    String,
)
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName  # type: ignore[import-untyped]

from cardgen import fonts
from cardgen.art import tile_svg
from cardgen.colours import Colour
from cardgen.geometry import Part
from cardgen.print.drawings import svg_drawing

CELL_MM = 20.0
"""The reference cell (mm): the size the marks' measures below are given for."""
PT = 72.0 / 25.4
S = CELL_MM * PT
"""The reference cell in points (a grid of `size_mm` scales every mark by size_mm / CELL_MM)."""
OK = colors.HexColor("#1d7a35")
BAD = colors.HexColor("#c0141c")
MARK = colors.HexColor("#222222")

_CACHE: dict[tuple[object, ...], Group | CardArt] = {}


class CardArt(DirectDraw):  # type: ignore[misc]
    """One card's art in a diagram: drawn once per PDF as a form XObject, then placed with one
    `Do` wherever a diagram shows that card (a booklet shows the same few cards a hundred
    times). reportlab's renderers draw a DirectDraw node by calling `drawDirectly`."""

    def __init__(self, name: str, art: Group, side: float = S) -> None:
        super().__init__()
        self.__dict__.update(name=name, art=art, side=side)  # past reportlab's attribute checking

    def drawDirectly(self, renderer: Any) -> None:
        c = renderer._canvas
        if xObjectName(self.name) not in c._doc.idToObject:  # the first time in this PDF
            side = self.side
            drawing = Drawing(side, side)
            drawing.add(self.art)
            fonts.register_face("DejaVuSans")
            drawing.initialFontName = "DejaVuSans"  # not reportlab's Helvetica, never embedded
            outer = c.__dict__.get("_drawing")  # renderPDF.draw replaces and then deletes it
            c.beginForm(self.name, -side, -side, 2 * side, 2 * side)  # the art runs past the cell: clipped outside
            renderPDF.draw(drawing, c, 0, 0, showBoundary=False)
            resources = PDFResourceDictionary()
            resources.basicFonts()
            state = c._extgstate.getState()
            if state:
                resources.ExtGState = state  # its transparency, as in the sheets' forms
            c.endForm(Resources=resources)
            if outer is not None:
                c.__dict__["_drawing"] = outer
        c.doForm(self.name)

    def getBounds(self) -> tuple[float, float, float, float]:
        return self.art.getBounds()  # type: ignore[no-any-return]

    def copy(self) -> CardArt:
        return self  # never changed once made


def tile_group(parts: Sequence[Part], palette: Mapping[str, Colour], rot: int = 0,
               flip: bool = False, size_mm: float = CELL_MM) -> Group | CardArt:
    """The art of one card/tile as the kit prints it at `size_mm`, as a reportlab node
    `size_mm` square in points (cached per face and size).

    The art is drawn and parsed once per card and palette; a turned or flipped card is that
    node under a transformation. `tile_svg` turns and flips its art as a whole about the
    card's centre, so this is the same picture for half the drawing and parsing. In a PDF
    each card's art is one form XObject (`CardArt`)."""
    key = (tuple(parts), tuple(sorted((k, v.fill) for k, v in palette.items())), rot % 360, flip, size_mm)
    found = _CACHE.get(key)
    if found is None:
        if rot % 360 or flip:
            found = Group(tile_group(parts, palette, size_mm=size_mm),
                          transform=_turn(rot % 360, flip, size_mm * PT))
        else:
            svg = tile_svg(parts, palette, size_mm, 0.0)
            d = svg_drawing(svg)
            assert d is not None, "the tile art could not be read"
            art = Group(*d.contents)
            side = size_mm * PT
            art.scale(side / d.width, side / d.height)
            # a name from the order of first use: the same in every run
            found = CardArt(f"card{sum(isinstance(v, CardArt) for v in _CACHE.values())}", art, side)
        _CACHE[key] = found
    return found


def _turn(rot: int, flip: bool, side: float = S) -> tuple[float, float, float, float, float, float]:
    """The transformation of a cell (0..side, y up) that flips it east-west (if `flip`) and then
    turns it clockwise by `rot` degrees (a multiple of 90) about its centre."""
    if rot % 90:
        raise ValueError(f"rotation {rot} is not a multiple of 90 degrees")
    cos, sin = {0: (1, 0), 90: (0, -1), 180: (-1, 0), 270: (0, 1)}[rot % 360]  # of -rot: y is up
    fx = -1 if flip else 1
    c = side / 2
    # x' = c + cos*(fx*(x - c)) - sin*(y - c);  y' = c + sin*(fx*(x - c)) + cos*(y - c)
    return (cos * fx, sin * fx, -sin, cos,
            c - cos * fx * c + sin * c, c - sin * fx * c - cos * c)


@dataclass
class Grid:
    """A diagram under construction: cards on cells and marks on top."""

    size_mm: float = CELL_MM
    """The side of one cell: the printed card size, so the art fits it unscaled."""
    cards: list[tuple[tuple[int, int], Group | CardArt]] = field(default_factory=list)
    marks: list[tuple[str, tuple[int, int], dict[str, object]]] = field(default_factory=list)
    extra: set[tuple[int, int]] = field(default_factory=set)

    def card(self, cell: tuple[int, int], art: Group | CardArt) -> None:
        """Draw `art` on `cell`."""
        self.cards.append((cell, art))

    def mark(self, kind: str, cell: tuple[int, int], **opts: object) -> None:
        """A mark on a cell: frame (colour, dashed), cross, tick, empty (dashed outline),
        number (text, at=(fx, fy) fraction of the cell from its top-left), label (text)."""
        self.marks.append((kind, cell, opts))
        self.extra.add(cell)

    def drawing(self, pad: float = 0.12) -> Drawing:
        """The finished Drawing, just large enough for every card and mark."""
        cells = [c for c, _ in self.cards] + list(self.extra)
        x0 = min(c[0] for c in cells)
        x1 = max(c[0] for c in cells)
        y0 = min(c[1] for c in cells)
        y1 = max(c[1] for c in cells)
        side = self.size_mm * PT  # one cell, points
        k = self.size_mm / CELL_MM  # every mark grows with the cell
        p = pad * side
        d = Drawing((x1 - x0 + 1) * side + 2 * p, (y1 - y0 + 1) * side + 2 * p)

        def origin(cell: tuple[int, int]) -> tuple[float, float]:
            return (cell[0] - x0) * side + p, (y1 - cell[1]) * side + p

        for kind, cell, _opts in self.marks:
            if kind == "empty":
                x, y = origin(cell)
                d.add(Rect(x + 1.5 * k, y + 1.5 * k, side - 3 * k, side - 3 * k, fillColor=colors.HexColor("#f3f1ea"),
                           strokeColor=colors.HexColor("#9a978c"), strokeWidth=0.8 * k,
                           strokeDashArray=[3 * k, 2 * k]))
        for cell, art in self.cards:
            x, y = origin(cell)
            # the art carries bleed beyond its trim (scales, body ends): cut it at the trim as
            # the printed card is, so nothing reaches into empty neighbour cells
            g = Group(trim_clip(side), art)
            g.translate(x, y)
            d.add(g)
            d.add(Rect(x, y, side, side, fillColor=None, strokeColor=colors.HexColor("#8c8577"), strokeWidth=0.5 * k))
        for kind, cell, opts in self.marks:
            x, y = origin(cell)
            col = opts.get("colour", MARK)
            if kind == "frame":
                d.add(Rect(x + k, y + k, side - 2 * k, side - 2 * k, fillColor=None, strokeColor=col, strokeWidth=2.6 * k,
                           strokeDashArray=[4 * k, 2.5 * k] if opts.get("dashed") else None))
            elif kind == "cross":
                r = 0.22 * side
                cx, cy = x + side * 0.82, y + side * 0.18
                d.add(Circle(cx, cy, r * 0.95, fillColor=colors.white, strokeColor=BAD, strokeWidth=1.2 * k))
                for sx in (-1, 1):
                    d.add(Line(cx - 0.5 * r, cy - 0.5 * r * sx, cx + 0.5 * r, cy + 0.5 * r * sx,
                               strokeColor=BAD, strokeWidth=2.4 * k, strokeLineCap=1))
            elif kind == "tick":
                r = 0.22 * side
                cx, cy = x + side * 0.82, y + side * 0.18
                d.add(Circle(cx, cy, r * 0.95, fillColor=colors.white, strokeColor=OK, strokeWidth=1.2 * k))
                d.add(PolyLine([cx - 0.5 * r, cy, cx - 0.12 * r, cy - 0.42 * r, cx + 0.55 * r, cy + 0.45 * r],
                               strokeColor=OK, strokeWidth=2.4 * k, strokeLineCap=1, strokeLineJoin=1))
            elif kind in ("number", "label"):
                at: tuple[float, float] = opts.get("at", (0.5, 0.5))  # type: ignore[assignment]
                fx, fy = at
                cx, cy = x + side * float(fx), y + side * (1 - float(fy))
                text = str(opts["text"])
                size = float(opts.get("size", 9.0)) * k  # type: ignore[arg-type]
                if kind == "number":
                    rad = size * (0.62 if len(text) < 2 else 0.78)
                    d.add(Circle(cx, cy, rad, fillColor=colors.white, strokeColor=MARK, strokeWidth=0.8 * k))
                d.add(String(cx, cy - size * 0.36, text, fontName="DejaVuSans-Bold", fontSize=size,
                             fillColor=col, textAnchor="middle"))
        return d


def trim_clip(side: float = S) -> Path:
    """A clipping path of one cell (0..side square, points): what follows it in its group is cut
    at the trim."""
    p = Path(fillColor=None, strokeColor=None, strokeWidth=0)
    p.moveTo(0, 0)
    p.lineTo(side, 0)
    p.lineTo(side, side)
    p.lineTo(0, side)
    p.closePath()
    p.isClipPath = 1
    return p


def beside(left: Drawing, right: Drawing, heads: tuple[str, str], gap: float = 22.0,
           colours: tuple[object, object] = (OK, BAD), cell_mm: float = CELL_MM) -> Drawing:
    """Two drawings side by side with a short heading over each (green "allowed" and red
    "refused" unless `colours` says otherwise, e.g. for "before" and "after"). `cell_mm` is the
    cell size of the grids beside each other: the gap and the headings grow with it."""
    k = cell_mm / CELL_MM
    gap *= k
    top = 16.0 * k
    d = Drawing(left.width + gap + right.width, max(left.height, right.height) + top)
    for i, (part, head) in enumerate(zip((left, right), heads)):
        x = 0 if i == 0 else left.width + gap
        g = Group(*part.contents)
        g.translate(x, 0)
        d.add(g)
        d.add(String(x + part.width / 2, part.height + 4 * k, head, fontName="DejaVuSans-Bold", fontSize=11 * k,
                     fillColor=colours[i], textAnchor="middle"))
    return d
