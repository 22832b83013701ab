"""Labels never over marks, and every cut line with a whole cross at both ends: read back from the
sheet PDFs of full builds (every game, every layout, every paper), with pdfium."""

from __future__ import annotations

import ctypes
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.cli import main
from cardgen.print.impose import MARK_EDGE
from cardgen.print.marks import CROSS_ARM
from cardgen.units import MM_PER_POINT

EPS = 0.02  # mm: what the PDF's rounding of coordinates may move a point


@dataclass(frozen=True, slots=True)
class Line:
    """An axis-aligned stroked segment read from a page, mm from the top-left corner."""

    x0: float
    y0: float
    x1: float
    y1: float
    width: float

    def meets(self, box: tuple[float, float, float, float]) -> bool:
        """Whether the stroke covers part of `box` (x0, y0, x1, y1)."""
        h = self.width / 2
        return (self.x0 - h < box[2] and box[0] < self.x1 + h and self.y0 - h < box[3] and box[1] < self.y1 + h)


@dataclass(frozen=True, slots=True)
class PageRead:
    """What a page shows at its top level: its stroked straight lines (the marks: closed paths
    such as rectangles and slanted lines such as hatching left out), its texts' boxes and the
    boxes of its placed faces (form XObjects), all in mm from the top-left corner."""

    lines: tuple[Line, ...]
    texts: tuple[tuple[str, tuple[float, float, float, float]], ...]
    faces: tuple[tuple[float, float, float, float], ...]
    size: tuple[float, float] = (0.0, 0.0)


def _bounds(obj: object, height: float) -> tuple[float, float, float, float]:
    l, b, r, t = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, l, b, r, t)
    return (l.value * MM_PER_POINT, height - t.value * MM_PER_POINT, r.value * MM_PER_POINT,
            height - b.value * MM_PER_POINT)


def _lines(obj: object, height: float) -> list[Line]:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill, stroke)
    if not stroke.value or fill.value:
        return []
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    points: list[tuple[int, float, float, bool]] = []
    for i in range(raw.FPDFPath_CountSegments(obj)):
        seg = raw.FPDFPath_GetPathSegment(obj, i)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        px, py = m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f
        points.append((raw.FPDFPathSegment_GetType(seg), px * MM_PER_POINT, height - py * MM_PER_POINT,
                       bool(raw.FPDFPathSegment_GetClose(seg))))
    if any(closed for *_, closed in points):
        return []  # a rectangle or a shape, not a mark
    out = []
    for (_, xa, ya, _), (kind, xb, yb, _) in zip(points, points[1:]):
        if kind == raw.FPDF_SEGMENT_LINETO and (abs(xa - xb) < EPS or abs(ya - yb) < EPS):
            out.append(Line(min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb), width.value * MM_PER_POINT))
    return out


def read_pages(pdf: Path) -> list[PageRead]:
    """Every page of `pdf` as `PageRead`."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for page, forms in zip(doc, PdfReader(pdf).pages, strict=True):
        height = page.get_height() * MM_PER_POINT
        textpage = page.get_textpage()
        lines: list[Line] = []
        texts = []
        for i in range(raw.FPDFPage_CountObjects(page.raw)):
            obj = raw.FPDFPage_GetObject(page.raw, i)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_PATH:
                lines += _lines(obj, height)
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                n = raw.FPDFTextObj_GetText(obj, textpage.raw, None, 0)
                buffer = ctypes.create_string_buffer(n * 2)
                raw.FPDFTextObj_GetText(obj, textpage.raw, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), n * 2)
                texts.append((buffer.raw.decode("utf-16-le").rstrip("\x00"), _bounds(obj, height)))
        out.append(PageRead(tuple(lines), tuple(texts), tuple(_placed_forms(forms, height)),
                            (page.get_width() * MM_PER_POINT, height)))
    doc.close()
    return out


def _placed_forms(page: Any, height: float) -> list[tuple[float, float, float, float]]:
    """The boxes (the BBox as placed) of the form XObjects a page draws at its top level."""
    xobjects = page["/Resources"].get_object().get("/XObject", {})
    stack = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    out = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = stack[-1]
            stack[-1] = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do" and len(stack) >= 1:
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") != "/Form":
                continue
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            A, B, C, D, E, F = stack[-1]
            xs = [A * x + C * y + E for x in (x0, x1) for y in (y0, y1)]
            ys = [B * x + D * y + F for x in (x0, x1) for y in (y0, y1)]
            out.append((min(xs) * MM_PER_POINT, height - max(ys) * MM_PER_POINT, max(xs) * MM_PER_POINT,
                        height - min(ys) * MM_PER_POINT))
    return out


def labels_over_marks(page: PageRead) -> list[str]:
    """Every text that a mark line crosses."""
    return [f"{text!r} at {tuple(round(v, 1) for v in box)} crossed by {line}"
            for text, box in page.texts if text.strip() for line in page.lines if line.meets(box)]


def _has(page: PageRead, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether one line of the page covers the segment (x0, y0)-(x1, y1) whole."""
    return any(abs(l.x0 - l.x1) < EPS and abs(l.x0 - x0) < EPS and x0 == x1 and l.y0 <= y0 + EPS and l.y1 >= y1 - EPS
               or abs(l.y0 - l.y1) < EPS and abs(l.y0 - y0) < EPS and y0 == y1 and l.x0 <= x0 + EPS
               and l.x1 >= x1 - EPS for l in page.lines)


def _whole_cross(page: PageRead, x: float, y: float) -> bool:
    a = CROSS_ARM
    return _has(page, x - a, y, x + a, y) and _has(page, x, y - a, x, y + a)


def missing_end_crosses(page: PageRead, bleed: float, size: tuple[float, float]) -> list[str]:
    """The cut lines (each trim edge of the faces on the page) without a whole cross beyond the
    grid's bleed at one of their ends, wherever a whole cross fits between the grid and the
    quarter inch a printer leaves unprinted (MARK_EDGE: a sheet whose faces use the 5 mm
    printable margin has no room for one beside them, nor on its outermost cut lines)."""
    trims = [(x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed) for x0, y0, x1, y1 in page.faces]
    if not trims:
        return []
    left, top = min(t[0] for t in trims), min(t[1] for t in trims)
    right, bottom = max(t[2] for t in trims), max(t[3] for t in trims)
    xs = sorted({round(v, 2) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 2) for t in trims for v in (t[1], t[3])})
    crosses_at = {(round(l.x0, 2), round(l.y0 + (l.y1 - l.y0) / 2, 2)) for l in page.lines if abs(l.x0 - l.x1) < EPS}
    crosses_at |= {(round(l.x0 + (l.x1 - l.x0) / 2, 2), round(l.y0, 2)) for l in page.lines if abs(l.y0 - l.y1) < EPS}
    room = {"top": top, "bottom": size[1] - bottom, "left": left, "right": size[0] - right}
    fits = {side: r - MARK_EDGE >= 2 * CROSS_ARM + 0.1 for side, r in room.items()}
    missing = []
    for x in (x for x in xs if MARK_EDGE + CROSS_ARM <= x <= size[0] - MARK_EDGE - CROSS_ARM):
        for name, beyond in (("top", lambda y: y < top - bleed), ("bottom", lambda y: y > bottom + bleed)):
            if fits[name] and not any(abs(cx - x) < EPS and beyond(cy) and _whole_cross(page, cx, cy) for cx, cy in crosses_at):
                missing.append(f"the cut line x = {x:g} mm has no whole cross at its {name} end")
    for y in (y for y in ys if MARK_EDGE + CROSS_ARM <= y <= size[1] - MARK_EDGE - CROSS_ARM):
        for name, beyond in (("left", lambda x: x < left - bleed), ("right", lambda x: x > right + bleed)):
            if fits[name] and not any(abs(cy - y) < EPS and beyond(cx) and _whole_cross(page, cx, cy) for cx, cy in crosses_at):
                missing.append(f"the cut line y = {y:g} mm has no whole cross at its {name} end")
    return missing


def problems(folder: Path) -> list[str]:
    """What the sheet PDFs of a build in `folder` show wrong: a label over a mark, a crosses sheet's
    cut line without its whole crosses."""
    found = []
    for manifest in folder.glob("*/manifest.json"):
        for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]:
            if entry.get("type") != "pdf" or entry.get("component") in (None, "calibration"):
                continue
            for n, page in enumerate(read_pages(manifest.parent / entry["file"]), 1):
                where = f"{manifest.parent.name}/{entry['file']} page {n}"
                found += [f"{where}: {p}" for p in labels_over_marks(page)]
                if entry.get("marks") == "crosses":
                    found += [f"{where}: {p}" for p in missing_end_crosses(page, entry["bleed_mm"], page.size)]
    return found


def _build(out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["build", "--quiet", "--format", "pdf", "--lang", "en", "--out", str(out),
                                       *args])
    assert result.exit_code == 0, result.output
    return out


def test_the_checks_find_a_label_over_a_mark_and_a_shortened_cross() -> None:
    a = CROSS_ARM
    cross = (Line(48 - a, 60, 48 + a, 60, 0.1), Line(48, 60 - a, 48, 60 + a, 0.1))
    page = PageRead(cross, (("page 1/2", (40, 59, 70, 62)),), ((10, 10, 48 + 3, 50),))
    assert labels_over_marks(page) and not labels_over_marks(PageRead(cross, (), ()))
    assert "x = 48 mm has no whole cross at its top end" in " ".join(missing_end_crosses(page, 3, (210, 297)))
    assert not any("x = 48 mm" in p and "bottom" in p for p in missing_end_crosses(page, 3, (210, 297)))
    stub = PageRead((Line(48 - a, 60, 48 + a, 60, 0.1), Line(48, 60 - a, 48, 60 + 1, 0.1)), (), page.faces)
    assert any("x = 48 mm" in p and "bottom" in p for p in missing_end_crosses(stub, 3, (210, 297)))


def test_a4_tile_sheets_have_whole_crosses_under_their_footer(tmp_path: Path) -> None:
    out = _build(tmp_path, "schlangengrube", "--only", "tiles", "--layout", "duplex")
    assert problems(out) == []
    page = read_pages(out / "schlangengrube" / "tiles-a4-duplex-long.pdf")[1]
    footer = next(box for text, box in page.texts if "page 2/" in text)
    lowest = max(l.y1 for l in page.lines)
    assert footer[1] > lowest  # the footer moved below the crosses, which reach into its old band
    assert footer[3] <= 297 - 5


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("marks", ["default", "crosses"])
def test_no_label_over_a_mark_and_whole_crosses_on_every_sheet_of_full_builds(
        paper: str, marks: str, tmp_path: Path) -> None:
    """Every game's sheets in every layout: the cards, tiles, castles, parts and board files."""
    args = ["--paper", paper] + ([] if marks == "default" else ["--marks", marks])
    out = _build(tmp_path, *args, "--only", "cards,tiles,castles,parts,board")
    assert problems(out) == []
