"""`cardgen build --cutter`: every cutter sheet's PDF and its cut files read back. Every cut
outline lies within 0.25 mm of the trim box of a piece printed on that page, one outline per
piece, in the frame the machine's registration marks define (read from the PDF too); no piece
reaches beyond the machine's cutting area or into the squares kept clear beside its marks; the
manifest and HOW-TO-PRINT.txt name which file goes to which program."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
import pypdfium2.raw as pdfium_c  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.print.cutfile import outline_box, read_dxf, read_svg
from cardgen.print.cutter import MACHINES
from cardgen.print.geometry import Box
from cardgen.units import MM_PER_POINT

TOLERANCE = 0.25  # mm: how far a cut may lie from its piece's trim box


def _boxes(page: pdfium.PdfPage, kind: int) -> list[Box]:
    """The bounding boxes (mm, from the top-left corner) of the page's objects of `kind`."""
    height = page.get_height()
    out = []
    for obj in page.get_objects(filter=[kind], max_depth=1):
        x0, y0, x1, y1 = obj.get_bounds()
        out.append(Box(x0 * MM_PER_POINT, (height - y1) * MM_PER_POINT, (x1 - x0) * MM_PER_POINT,
                       (y1 - y0) * MM_PER_POINT))
    return out


def _art(path: Path, number: int, page: pdfium.PdfPage) -> list[Box]:
    """Where the page places its faces (mm, from the top-left corner): each form's bounding box
    (its /BBox, read with pypdf: one size on a sheet) moved by the matrix it is drawn with."""
    forms = PdfReader(path).pages[number]["/Resources"]["/XObject"].values()
    sizes = {tuple(float(v) for v in form.get_object()["/BBox"]) for form in forms}
    assert len(sizes) == 1
    x0, y0, x1, y1 = sizes.pop()
    height = page.get_height()
    out = []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_FORM], max_depth=1):
        mat = obj.get_matrix()
        assert (mat.a, mat.b, mat.c, mat.d) == (1, 0, 0, 1)  # placed, neither scaled nor turned
        out.append(Box((mat.e + x0) * MM_PER_POINT, (height - mat.f - y1) * MM_PER_POINT,
                       (x1 - x0) * MM_PER_POINT, (y1 - y0) * MM_PER_POINT))
    return out


def _corners(box: Box) -> list[tuple[float, float]]:
    return [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]


def _off(point: tuple[float, float], box: Box) -> float:
    """How far `point` lies from the outline of `box`."""
    x, y = point
    dx = max(box.x - x, 0.0, x - box.right)
    dy = max(box.y - y, 0.0, y - box.bottom)
    if dx or dy:
        return math.hypot(dx, dy)
    return min(x - box.x, box.right - x, y - box.y, box.bottom - y)


def _near(a: Box, b: Box) -> float:
    return max(abs(a.x - b.x), abs(a.y - b.y), abs(a.right - b.right), abs(a.bottom - b.bottom))


def _build(tmp_path: Path, game: str, part: str, paper: str) -> Path:
    result = CliRunner().invoke(main, ["build", game, "--only", part, "--cutter", "silhouette", "--paper", paper,
                                       "--format", "pdf", "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    return tmp_path / game


def _check(folder: Path, part: str) -> int:
    """Every cutter sheet of `folder` read back (see the module docstring); how many pieces
    its cut files cut."""
    m = MACHINES["silhouette"]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    howto = (folder / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    sheets = [e for e in manifest["files"] if e.get("layout") == "cutter"]
    assert sheets and all(e["program"] == "Silhouette Studio" for e in sheets)
    cut = 0
    for sheet in sheets:
        assert sheet["file"] in howto and "Silhouette Studio" in howto and sheet["cut_files"][0] in howto
        pdf = pdfium.PdfDocument(folder / sheet["file"])
        fronts = [n for n in range(len(pdf)) if _boxes(pdf[n], pdfium_c.FPDF_PAGEOBJ_PATH)]
        assert len(fronts) == len(sheet["cut_files"])
        for number, name in zip(fronts, sheet["cut_files"]):
            page = pdf[number]
            entry = next(e for e in manifest["files"] if e["file"] == name)
            assert entry["program"] == "Silhouette Studio" and entry["sheet"] == sheet["file"]
            w, h = page.get_width() * MM_PER_POINT, page.get_height() * MM_PER_POINT
            # the marks as printed: the square and the two L-marks, 10 mm in from the edges
            marks = _boxes(page, pdfium_c.FPDF_PAGEOBJ_PATH)
            squares = [b for b in marks if abs(b.width - m.square) < 0.01]
            assert len(squares) == 1 and _near(squares[0], Box(m.inset, m.inset, m.square, m.square)) < 0.01
            # pdfium's bounds of a stroked path reach one stroke width beyond its centre line
            ls = sorted((b.grown(-m.stroke) for b in marks if b not in squares), key=lambda b: b.x)
            assert len(ls) == 2
            assert _near(ls[0], Box(m.inset, h - m.inset - m.arm, m.arm, m.arm)) < 0.01, ls[0]
            assert _near(ls[1], Box(w - m.inset - m.arm, m.inset, m.arm, m.arm)) < 0.01, ls[1]
            art = _art(folder / sheet["file"], number, page)
            trims = [a.grown(-sheet["bleed_mm"]) for a in art]
            svg = read_svg(folder / name.replace(".dxf", ".svg"))
            for read in (read_dxf(folder / name), svg):
                page_frame = outline_box(read["PAGE"][0])
                assert _near(page_frame, Box(0, 0, w, h)) < 0.01  # the cut file's frame is the printed page's
                assert len(read["CUT"]) == len(trims) == entry["pieces"]
            outlines = read_dxf(folder / name)["CUT"] + svg["CUT"]
            for outline in outlines:
                trim = min(trims, key=lambda t: _near(outline_box(outline), t))
                # every point of the path within the tolerance of the trim box's outline, and
                # every corner of the trim box reached
                assert all(_off(point, trim) <= TOLERANCE for point in outline), (outline, trim)
                for corner in _corners(trim):
                    assert min(math.dist(corner, p) for p in outline) <= TOLERANCE, (outline, trim)
            area = m.area(w, h)
            for a in art:
                assert area.contains(a, tol=1e-6), a
                assert not any(a.overlaps(k) for k in m.keep_clear(w, h)), a
            cut += len(outlines) // 2
    return cut


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_schlangennest_cards_cut_where_printed(tmp_path: Path, paper: str) -> None:
    folder = _build(tmp_path, "schlangennest", "cards", paper)
    assert _check(folder, "cards") == 72


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "part"), [("schlangengrube", "tiles"), ("irrlaeufer", "castles"),
                                           ("irrlaeufer", "castles,parts")])  # castles also on the parts sheet
def test_every_cuttable_component_cut_where_printed(tmp_path: Path, game: str, part: str, paper: str) -> None:
    assert _check(_build(tmp_path, game, part, paper), part) > 0


def test_irrlaeufer_standees_cut_and_scored_on_their_folds(tmp_path: Path) -> None:
    """The fold-over standees of the parts sheet: cut out like the other pieces, and every fold
    line of every standee (tab, panel, panel, tab) in the cut files' SCORE lines, within the
    tolerance of where the piece printed there folds."""
    from cardgen.games.irrlaeufer.parts_art import StandeeSize

    folder = _build(tmp_path, "irrlaeufer", "parts", "a4")
    assert _check(folder, "parts") == 12
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    field = next(e for e in manifest["files"] if e["file"] == "parts-a4.pdf")["field_mm"]
    size = StandeeSize.for_field(field)
    folds = (size.tab, size.tab + size.panel, size.tab + 2 * size.panel)
    sheet = next(e for e in manifest["files"] if e.get("layout") == "cutter")
    pdf = pdfium.PdfDocument(folder / sheet["file"])
    trims = [a.grown(-sheet["bleed_mm"]) for a in _art(folder / sheet["file"], 0, pdf[0])]
    for read in (read_dxf(folder / sheet["cut_files"][0]),
                 read_svg(folder / sheet["cut_files"][0].replace(".dxf", ".svg"))):
        scores = read["SCORE"]
        assert len(scores) == 3 * len(trims) == 36
        wanted = [((t.x, t.y + f), (t.right, t.y + f)) for t in trims for f in folds]
        for (a, b) in (line for line in scores):
            assert min(max(math.dist(a, p), math.dist(b, q)) for p, q in wanted) <= TOLERANCE, (a, b)
