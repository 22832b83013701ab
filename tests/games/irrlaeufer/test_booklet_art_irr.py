"""The Irrläufer booklet diagrams draw the parts as the kit prints them (issue 13): pieces are
the standees' front panels, castles the printed chips, and sticks stand out from the grooves."""

from __future__ import annotations

import colorsys

import pypdfium2 as pdfium
from PIL import Image
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]

from cardgen.booklet.build import document
from cardgen.games.irrlaeufer.board_art import GROOVE
from cardgen.games.irrlaeufer.booklet import CONTENT, FIELD, PT
from cardgen.games.irrlaeufer.components import IrrBoard, Side
from cardgen.games.irrlaeufer.render import board_spec

SCALE = 3.0  # pixels per point


def _render(name: str) -> Image.Image:
    board = IrrBoard()
    doc = document(CONTENT, "en", board)
    fig = CONTENT.figures(board, "en", doc)[name]()
    pdf = pdfium.PdfDocument(renderPDF.drawToString(fig.drawing))
    return pdf[0].render(scale=SCALE).to_pil().convert("RGB")


def _px(x_mm: float, y_mm: float) -> tuple[int, int]:
    """A board point of the whole-board diagrams (their window starts at the board's corner)."""
    return round(x_mm * PT * SCALE), round(y_mm * PT * SCALE)


def _reddish(rgb: tuple[int, int, int]) -> bool:
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    return s > 0.5 and v > 0.4 and (h < 0.05 or h > 0.95)


def test_pieces_are_drawn_as_the_printed_standee_panels() -> None:
    img = _render("setup")
    board = IrrBoard()
    spec = board_spec(board, FIELD)
    for field in board.piece_fields(Side.RED):
        cx, cy = spec.centre(*field)
        x0, y0 = _px(cx - FIELD / 2, cy - FIELD / 2)
        x1, y1 = _px(cx + FIELD / 2, cy + FIELD / 2)
        # an upright panel 0.84 fields tall (the standee's front; its red 0.77), taller than the round
        # counter (0.66 fields) or the start field's ring (0.6 fields) could be: measured down
        # the panel's edge, left of the bishop
        xe = _px(cx - FIELD * 0.18, cy)[0]
        column = [y for y in range(y0, y1) if _reddish(img.getpixel((xe, y)))]
        assert (max(column) - min(column)) / (PT * SCALE) > 0.72 * FIELD, field
        # with the light bishop on it, in the panel's middle
        xm, ym = _px(cx, cy)
        middle = [img.getpixel((x, y)) for x in range(xm - 4, xm + 5) for y in range(ym - 12, ym + 13)]
        assert sum(1 for p in middle if min(p) > 200) > 0.1 * len(middle)



def test_sticks_stand_out_from_the_grooves() -> None:
    """Rendered maze: along every groove line the colours split into groove floor and stick, and
    the stick colour is far lighter than the groove floor (it used to be the same brown)."""
    img = _render("maze")
    board = IrrBoard()
    spec = board_spec(board, FIELD)
    groove = tuple(int(GROOVE[i:i + 2], 16) for i in (1, 3, 5))
    # sample the middle of every vertical inner groove segment of the first rows, away from the castles
    samples = []
    for i in range(3, board.columns - 2):
        for r in range(1, 8):
            samples.append(img.getpixel(_px(spec.line_x(i), spec.line_y(r - 1) + FIELD / 2)))
    def lum(p: tuple[int, ...]) -> float:
        return 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2]
    sticks = [p for p in samples if lum(p) > lum(groove) + 60]
    floors = [p for p in samples if abs(lum(p) - lum(groove)) < 25]
    assert sticks and floors  # both a covered and a free groove segment are there, clearly apart
