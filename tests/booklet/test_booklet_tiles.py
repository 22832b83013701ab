"""A turned or flipped card in a booklet diagram (its art parsed once, under a transformation)
looks exactly like that card's art drawn turned or flipped by `tile_svg`."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Group
from svglib.svglib import svg2rlg

from cardgen.art import tile_svg
from cardgen.booklet.tiles import CELL_MM, S, tile_group
from cardgen.colours import NEUTRAL, colour
from cardgen.geometry import parse_part

PALETTE = {"own": colour("red"), "neutral": NEUTRAL, "blue": colour("blue")}
# no symmetry: a head beside a curve, in two colours
PARTS = [parse_part("own:N-E"), parse_part("blue:head@S")]


def _pixels(group: Group) -> Image.Image:
    d = Drawing(S, S)
    d.add(group)
    data = renderPDF.drawToString(d)
    pdf = pypdfium2.PdfDocument(data)
    try:
        return pdf[0].render(scale=2).to_pil().convert("RGB")
    finally:
        pdf.close()


def _from_svg(rot: int, flip: bool) -> Group:
    d = svg2rlg(io.BytesIO(tile_svg(PARTS, PALETTE, CELL_MM, 0.0, rot=rot, flip=flip).encode()))
    assert d is not None
    g = Group(*d.contents)
    g.scale(S / d.width, S / d.height)
    return g


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("rot", [0, 90, 180, 270, -90, 450])
def test_a_turned_card_is_the_art_drawn_turned(rot: int, flip: bool) -> None:
    got, want = _pixels(tile_group(PARTS, PALETTE, rot, flip)), _pixels(_from_svg(rot % 360, flip))
    assert sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3 < 0.05
    if rot % 360 or flip:  # and it is really turned: not the card as it lies
        assert sum(ImageStat.Stat(ImageChops.difference(got, _pixels(_from_svg(0, False)))).mean) / 3 > 1


def test_a_card_shown_many_times_is_drawn_once_per_pdf() -> None:
    from cardgen.booklet.tiles import Grid

    grid = Grid()
    for x, rot in enumerate((0, 90, 0, 270)):
        grid.card((x, 0), tile_group(PARTS, PALETTE, rot))
    data = renderPDF.drawToString(grid.drawing())
    page = pypdfium2.PdfDocument(data)[0]
    forms = [obj for obj in page.get_objects() if obj.type == pypdfium2.raw.FPDF_PAGEOBJ_FORM]
    assert len(forms) == 4  # four placements
    assert data.count(b"/Subtype /Form") == 1  # of one form
