"""The Irrläufer board and parts art: geometry, stroked digits, and svglib (PDF) and cairosvg (PNG)
drawing the same picture."""

from __future__ import annotations

import io
import re

import cairosvg
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat
from reportlab.graphics import renderPDF
from svglib.svglib import svg2rlg

from cardgen.games.irrlaeufer.board_art import BoardSpec, board_svg
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.digits import GLYPHS, number_d, text_width
from cardgen.games.irrlaeufer.parts_art import StandeeSize, castle_size
from cardgen.games.irrlaeufer.render import board_face, board_spec, castle_faces, gauge_face, standee_faces, stick_face

DPI = 100


def _both(svg: str, width_mm: float, dpi: float = DPI) -> tuple[Image.Image, Image.Image]:
    """The SVG rendered by cairosvg, and by svglib -> PDF -> pdfium, at the same size."""
    px = round(width_mm / 25.4 * dpi)
    png = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), output_width=px))).convert("RGBA")
    flat = Image.new("RGB", png.size, "white")
    flat.paste(png, mask=png.split()[3])
    buf = io.BytesIO()
    renderPDF.drawToFile(svg2rlg(io.BytesIO(svg.encode())), buf)
    page = pypdfium2.PdfDocument(buf.getvalue())[0]
    pdf = page.render(scale=px / page.get_size()[0]).to_pil().convert("RGB").resize(flat.size)
    return flat, pdf


def test_board_geometry_follows_the_settings() -> None:
    spec = board_spec(IrrBoard())
    assert (spec.columns, spec.rows, spec.field, spec.groove) == (15, 21, 18.0, 3.0)
    assert spec.width == pytest.approx(15 * 18 + 2 * 7.2) and spec.height == pytest.approx(21 * 18 + 2 * 7.2)
    assert spec.red_starts == tuple((c, 1) for c in range(3, 14, 2))
    assert spec.blue_starts == tuple((c, 21) for c in range(3, 14, 2))
    assert spec.red_castles == ((1, 2), (14, 2)) and spec.blue_castles == ((1, 19), (14, 19))
    assert spec.centre(1, 1) == pytest.approx((7.2 + 9, 7.2 + 9))


@pytest.mark.parametrize("rows", [17, 21, 31])
def test_board_svg_has_every_number_and_the_bleed(rows: int) -> None:
    face = board_face(IrrBoard(rows=rows), 3.0)
    assert face.key == f"board-{rows}rows"
    assert f'viewBox="-3 -3 {face.width + 6:g} {face.height + 6:g}"' in face.svg
    for forbidden in ("<text", "<pattern", "Gradient", "<mask", "<filter", "dasharray"):
        assert forbidden not in face.svg
    # 15 column numbers on both short edges, every row number on both long edges: digit strokes
    digits = sum(len(str(c)) for c in range(1, 16)) * 2 + sum(len(str(r)) for r in range(1, rows + 1)) * 2
    numbers = re.search(r'<path d="([^"]+)" fill="none" stroke="#3a2714"', face.svg)
    assert numbers is not None
    assert numbers.group(1).count("M") >= digits


def test_scaled_board_names_its_field_size() -> None:
    face = board_face(IrrBoard(), 3.0, 16.9)
    assert face.key == "board-21rows-16_9mm"
    assert face.width == pytest.approx(15.8 * 16.9)


def test_digits_are_strokes_and_turn_about_their_centre() -> None:
    assert set(GLYPHS) == set("0123456789")
    assert text_width("12") == pytest.approx(1.42)
    up = number_d("147", (10, 10), 4)  # glyphs of straight strokes only: every number is a point
    down = number_d("147", (10, 10), 4, turned=True)
    pts = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", up)]
    turned = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", down)]
    assert [(round(20 - x, 3), round(20 - y, 3)) for x, y in pts] == [(round(x, 3), round(y, 3)) for x, y in turned]
    with pytest.raises(ValueError):
        number_d("1a", (0, 0), 4)


def test_board_renders_alike_in_pdf_and_png() -> None:
    spec = BoardSpec(17, 12.0, red_starts=((3, 1),), blue_starts=((3, 17),), red_castles=((1, 2),),
                     blue_castles=((14, 15),))
    png, pdf = _both(board_svg(spec, 2.0), spec.width + 4)
    diff = ImageChops.difference(png, pdf).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 3.0
    # and no region differs much: compare 5 mm blocks
    block = round(5 / 25.4 * DPI)
    small = diff.resize((diff.width // block, diff.height // block), Image.Resampling.BOX)
    assert small.getextrema()[1] < 25


@pytest.mark.parametrize("which", ["piece", "castle", "stick", "gauge"])
def test_parts_render_alike_in_pdf_and_png(which: str) -> None:
    board = IrrBoard()
    face = {"piece": standee_faces(board, 1.0)[0], "castle": castle_faces(board, 3.0)[1],
            "stick": stick_face(board), "gauge": gauge_face(board)}[which]
    png, pdf = _both(face.svg, face.width + 2 * face.bleed, 300)
    assert ImageStat.Stat(ImageChops.difference(png, pdf).convert("L")).mean[0] < 4.0


def test_part_sizes_fit_the_board() -> None:
    board = IrrBoard()
    spec = board_spec(board)
    stick = stick_face(board)
    assert (stick.width, stick.height) == (3 * 18 - 3, 3)  # 3 segments and the 2 crossings inside
    red, blue = castle_faces(board, 3.0)
    assert red.width == castle_size(18, 3) == 32.0 and (red.key, blue.key) == ("castle-red", "castle-blue")
    # A castle covers 2 x 2 fields and its inner grooves but stays off the grooves round it.
    assert 2 * spec.field - spec.groove - red.width > 0
    size = StandeeSize.for_field(18)
    assert 2 * size.tab <= spec.field - spec.groove  # the folded-out foot fits one field
    assert size.width <= spec.field - spec.groove
    piece = standee_faces(board, 1.0)[0]
    assert (piece.width, piece.height) == pytest.approx((size.width, size.height))


def test_board_rendering_does_not_load_the_rules() -> None:
    import subprocess
    import sys

    code = ("import sys, cardgen.games.irrlaeufer.render, cardgen.games.irrlaeufer.board_art\n"
            "print(sorted(m for m in sys.modules if m.endswith(('.rules', '.movement', '.sliding'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
