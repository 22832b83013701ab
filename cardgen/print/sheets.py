"""Free-form sheets: faces anywhere (each with its own bleed), texts, rectangles, hatched glue
strips and marks, written as a vector PDF with TrimBox and BleedBox.

A game's own sheet files use it (a board split over pages or on one page, a sheet of mixed
parts); the grid layouts of cards and tiles go through `impose` and `write_pdf` instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib.colors import CMYKColor, Color  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.errors import LayoutError
from cardgen.print.faces import Face
from cardgen.print.files import atomic_path
from cardgen.print.geometry import Box, Mark, MarkKind, Placement, segment
from cardgen.print.impose import Page
from cardgen.print.marks import REGISTRATION_ARM
from cardgen.print.pdf import FaceCache, define_form, draw_marks, ensure_font, form_name, pt_box
from cardgen.units import mm_to_pt

# --------------------------------------------------------------------------- free-form sheets


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text on a sheet: baseline start (or centre) in mm, size in pt, angle in degrees
    counter-clockwise, grey level 0 (black) to 1 (white)."""

    x: float
    y: float
    text: str
    size: float = 7.0
    angle: float = 0.0
    centred: bool = False
    grey: float = 0.0
    right: bool = False


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle drawn on a sheet: fill grey level (None: no fill), outline width in mm."""

    box: Box
    fill: float | None = None
    stroke: float = 0.0


@dataclass(frozen=True, slots=True)
class Sheet:
    """One free-form page: faces (each clipped to `clip` if given), then rectangles, hatched
    glue strips, marks and texts on top. `trim` and `bleed_box` become the PDF boxes."""

    width: float
    height: float
    placements: tuple[Placement, ...]
    trim: Box
    bleed_box: Box
    clip: Box | None = None
    rects: tuple[Rect, ...] = ()
    glue: tuple[Box, ...] = ()
    marks: tuple[Mark, ...] = ()
    texts: tuple[Text, ...] = ()
    cut_lines: tuple[Mark, ...] = ()


#: The width of the white line under a registration mark, mm: it keeps the mark visible on dark art.
REGISTRATION_HALO = 0.55


def registration_cross(x: float, y: float, arm: float = REGISTRATION_ARM) -> tuple[Mark, ...]:
    """A registration target: a cross on a small square, centred on (x, y)."""
    s, k = arm / 2, MarkKind.REGISTRATION
    return (segment(x - arm, y, x + arm, y, k), segment(x, y - arm, x, y + arm, k),
            segment(x - s, y - s, x + s, y - s, k), segment(x - s, y + s, x + s, y + s, k),
            segment(x - s, y - s, x - s, y + s, k), segment(x + s, y - s, x + s, y + s, k))


def _grey(level: float, cmyk: bool) -> Color:
    return CMYKColor(0, 0, 0, 1 - level) if cmyk else Color(level, level, level)


def _hatch(c: Canvas, box: Box, H: float, cmyk: bool) -> None:
    c.saveState()
    p = c.beginPath()
    p.rect(*_xywh(box, H))
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(_grey(0.93, cmyk))
    c.rect(*_xywh(box, H), stroke=0, fill=1)
    c.setStrokeColor(_grey(0.55, cmyk))
    c.setLineWidth(mm_to_pt(0.25))
    step = 2.5
    n = int((box.width + box.height) / step) + 2
    lines = []
    for k in range(n):
        x = box.x - box.height + k * step
        lines.append((mm_to_pt(x), mm_to_pt(H - box.bottom), mm_to_pt(x + box.height), mm_to_pt(H - box.y)))
    c.lines(lines)
    c.restoreState()


def _xywh(box: Box, H: float) -> tuple[float, float, float, float]:
    return (mm_to_pt(box.x), mm_to_pt(H - box.bottom), mm_to_pt(box.width), mm_to_pt(box.height))


def write_sheets(path: str | os.PathLike[str], sheets: list[Sheet], faces: dict[str, Face], *,
                 title: str = "", colour: Literal["rgb", "cmyk"] = "rgb",
                 cache: FaceCache | None = None) -> Path:
    """Write free-form `sheets` as one vector PDF at `path`, atomically; return the path.

    Every face is drawn once into a form XObject (one bleed per face key in a file) and placed
    by reference. Registration marks get a white halo so they show on dark art.
    """
    cmyk = colour == "cmyk"
    font = ensure_font()
    cache = cache if cache is not None else FaceCache()
    bleeds: dict[str, float] = {}
    for sheet in sheets:
        for p in sheet.placements:
            if bleeds.setdefault(p.face_key, p.bleed) != p.bleed:
                raise LayoutError(f"face {p.face_key!r}", "placed with two different bleeds in one file")
    black, white = _grey(0.0, cmyk), _grey(1.0, cmyk)
    target = Path(path)
    with atomic_path(target) as tmp:
        c = Canvas(str(tmp), pagesize=(mm_to_pt(sheets[0].width), mm_to_pt(sheets[0].height)),
                   invariant=0, pageCompression=1, initialFontName=font)
        c.setTitle(title or target.stem)
        c.setCreator("cardgen")
        for key, bleed in bleeds.items():
            define_form(c, faces[key], cache.drawing(faces[key], cmyk), bleed)
        for sheet in sheets:
            H = sheet.height
            c.setPageSize((mm_to_pt(sheet.width), mm_to_pt(H)))
            c.setTrimBox(pt_box(sheet.trim, H))
            c.setBleedBox(pt_box(sheet.bleed_box, H))
            c.saveState()
            if sheet.clip is not None:
                p = c.beginPath()
                p.rect(*_xywh(sheet.clip, H))
                c.clipPath(p, stroke=0, fill=0)
            for pl in sheet.placements:
                c.saveState()
                c.translate(mm_to_pt(pl.trim.x - pl.bleed), mm_to_pt(H - pl.trim.bottom - pl.bleed))
                c.doForm(form_name(pl.face_key))
                c.restoreState()
            c.restoreState()
            for r in sheet.rects:
                c.setLineWidth(mm_to_pt(r.stroke or 0.2))
                c.setStrokeColor(black)
                if r.fill is not None:
                    c.setFillColor(_grey(r.fill, cmyk))
                c.rect(*_xywh(r.box, H), stroke=1 if r.stroke else 0, fill=0 if r.fill is None else 1)
            for g in sheet.glue:
                _hatch(c, g, H, cmyk)
            reg = [(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1))
                   for m in sheet.marks if m.kind is MarkKind.REGISTRATION]
            for ink, width in ((white, REGISTRATION_HALO), (black, 0.15)):
                if reg:
                    c.setStrokeColor(ink)
                    c.setLineWidth(mm_to_pt(width))
                    c.lines(reg)
            other = tuple(m for m in sheet.marks if m.kind is not MarkKind.REGISTRATION)
            draw_marks(c, Page(0, sheet.width, H, "front", (), other, (), 0.0, sheet.trim, None), black)
            if sheet.cut_lines:
                c.setStrokeColor(black)
                c.setLineWidth(mm_to_pt(0.2))
                c.lines([(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1))
                         for m in sheet.cut_lines])
            for t in sheet.texts:
                c.saveState()
                c.setFillColor(_grey(t.grey, cmyk))
                c.setFont(font, t.size)
                c.translate(mm_to_pt(t.x), mm_to_pt(H - t.y))
                c.rotate(t.angle)
                draw = c.drawCentredString if t.centred else c.drawRightString if t.right else c.drawString
                draw(0, 0, t.text)
                c.restoreState()
            c.showPage()
        c.save()
    return target
