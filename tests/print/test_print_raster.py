"""Rasterised checks: each back lands behind its front (duplex flips, offset, glue, gutterfold).

Faces are solid colours, one distinct colour per face on a page; each face is found by the
bounding box of its colour in a 300 dpi rendering, in mm.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from cardgen.print import PAPERS, Face, Flip, Item, Layout, LayoutOptions, MarkStyle, impose, write_pdf

DPI = 300
TOL = 0.2  # mm
FRONTS = [(220, 30, 30), (30, 170, 30), (30, 60, 220), (240, 170, 0), (160, 0, 160), (0, 0, 0)]
BACKS = [(0, 200, 200), (200, 200, 0), (0, 90, 160), (255, 110, 160), (60, 110, 0), (110, 60, 0)]


def solid(key: str, rgb: tuple[int, int, int], w: float, h: float, b: float = 3) -> Face:
    W, H = w + 2 * b, h + 2 * b
    fill = "#{:02x}{:02x}{:02x}".format(*rgb)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}">'
        f'<rect width="{W}" height="{H}" fill="{fill}"/></svg>'
    )
    return Face(key, svg, w, h, b)


def render(path: Path) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].render(scale=DPI / 72).to_pil().convert("RGB") for i in range(len(pdf))]
    finally:
        pdf.close()


def bbox_mm(img: Image.Image, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) in mm of the pixels close to `rgb`."""
    bands = [band.point(lambda v, c=c: 255 if abs(v - c) < 25 else 0) for band, c in zip(img.split(), rgb)]
    mask = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    box = mask.getbbox()
    assert box is not None, f"colour {rgb} not found"
    return tuple(v * 25.4 / DPI for v in box)  # type: ignore[return-value]


def mirrored(box, W: float, H: float, across_x: bool):
    x0, y0, x1, y1 = box
    return (W - x1, y0, W - x0, y1) if across_x else (x0, H - y1, x1, H - y0)


def assert_close(a, b) -> None:
    assert max(abs(p - q) for p, q in zip(a, b)) <= TOL, (a, b)


def make_items(w: float, h: float, n: int) -> list[Item]:
    return [Item(solid(f"f{i}", FRONTS[i], w, h), solid(f"b{i}", BACKS[i], w, h), 1) for i in range(n)]


@pytest.mark.parametrize(
    ("paper", "w", "h", "flip", "offset"),
    [
        ("a4", 45, 60, Flip.LONG, (0.0, 0.0)),  # portrait
        ("a4", 45, 60, Flip.SHORT, (0.0, 0.0)),
        ("letter", 100, 60, Flip.LONG, (0.0, 0.0)),  # landscape: the long edge is horizontal
        ("letter", 100, 60, Flip.SHORT, (1.5, -2.0)),
        ("a4", 45, 60, Flip.LONG, (1.5, -2.0)),
    ],
)
def test_duplex_back_behind_front(tmp_path: Path, paper: str, w: float, h: float, flip: Flip, offset) -> None:
    opts = LayoutOptions(paper=PAPERS[paper], layout=Layout.DUPLEX, flip=flip, back_offset=offset,
                         marks=MarkStyle.NONE)
    imp = impose(make_items(w, h, 4), opts)
    assert imp.landscape == (paper == "letter")
    front, back = render(write_pdf(tmp_path / "d.pdf", imp))[:2]
    W, H = imp.pages[0].width, imp.pages[0].height
    # Turning the sheet over the long edge of a portrait page, or the short edge of a landscape
    # one, mirrors it left-right; the other two mirror it top-bottom.
    across_x = (flip is Flip.LONG) == (W < H)
    dx, dy = offset
    for i in range(4):
        f = bbox_mm(front, FRONTS[i])
        x0, y0, x1, y1 = bbox_mm(back, BACKS[i])
        unshifted = (x0 - dx, y0 - dy, x1 - dx, y1 - dy)
        assert_close(mirrored(unshifted, W, H, across_x), f)
        assert f[2] - f[0] == pytest.approx(w + 6, abs=TOL)


def test_glue_back_sheet_behind_front(tmp_path: Path) -> None:
    imp = impose(make_items(45, 60, 4), LayoutOptions(layout=Layout.GLUE, marks=MarkStyle.NONE))
    front, back = render(write_pdf(tmp_path / "g.pdf", imp))[:2]
    W, H = 210, 297
    for i in range(4):
        assert_close(mirrored(bbox_mm(back, BACKS[i]), W, H, True), bbox_mm(front, FRONTS[i]))


@pytest.mark.parametrize(("w", "h"), [(50, 60), (60, 110)])
def test_gutterfold_back_behind_front(tmp_path: Path, w: float, h: float) -> None:
    imp = impose(make_items(w, h, 2), LayoutOptions(layout=Layout.GUTTERFOLD, marks=MarkStyle.NONE))
    (page,) = render(write_pdf(tmp_path / "f.pdf", imp))
    W, H = imp.pages[0].width, imp.pages[0].height
    for i in range(2):
        assert_close(mirrored(bbox_mm(page, BACKS[i]), W, H, imp.fold == "down"), bbox_mm(page, FRONTS[i]))


def test_art_is_clipped_to_the_bleed_box(tmp_path: Path) -> None:
    # Art with 5 mm bleed printed with a 1 mm layout bleed shows exactly 1 mm beyond the trim.
    its = [Item(solid("a", FRONTS[0], 50, 50, b=5), None, 1)]
    imp = impose(its, LayoutOptions(bleed=1, marks=MarkStyle.NONE))
    (page,) = render(write_pdf(tmp_path / "c.pdf", imp))
    t = imp.pages[0].placements[0].trim
    assert_close(bbox_mm(page, FRONTS[0]), (t.x - 1, t.y - 1, t.right + 1, t.bottom + 1))
