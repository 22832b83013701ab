"""Proof cells rasterised from the build's parsed faces (pdfium) look like the faces rasterised
from their SVG (cairo), for every shape of face: square, tall, wide, with text."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.print import Face, FaceCache
from cardgen.print.proof import CELL, cell, cells_from_forms


def _face(key: str, w: float, h: float, b: float, text: bool = False) -> Face:
    W, H = w + 2 * b, h + 2 * b
    label = f'<text x="{b + 2}" y="{H / 2}" font-size="{h / 5}" fill="#000000">Ab 12</text>' if text else ""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}">'
           f'<rect width="{W}" height="{H}" fill="#ff00ff"/>'  # the bleed: must be cut off
           f'<rect x="{b}" y="{b}" width="{w / 2}" height="{h}" fill="#d02020"/>'
           f'<rect x="{b + w / 2}" y="{b}" width="{w / 2}" height="{h}" fill="#2040c0"/>'
           f'<circle cx="{W / 2}" cy="{H / 2}" r="{min(w, h) / 4}" fill="#ffffff" fill-opacity="0.5"/>{label}</svg>')
    return Face(key, svg, w, h, b)


def _rgb(img: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    pixel = img.getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel


FACES = [_face("square", 45, 45, 3), _face("tall", 20, 90, 2), _face("wide", 120, 30, 0),
         _face("text", 50, 50, 3, text=True)]


@pytest.mark.parametrize("bleed", [0.0, 3.0])  # the sheets' bleed: their forms are reused
@pytest.mark.parametrize("face", FACES, ids=lambda f: f.key)
def test_a_cell_from_the_parsed_face_matches_the_cell_from_its_svg(face: Face, bleed: float) -> None:
    got = cells_from_forms([face], FaceCache(), bleed)[face.key]
    want = cell(face)
    assert abs(got.width - want.width) <= 1 and abs(got.height - want.height) <= 1
    assert max(got.size) == CELL
    got = got.resize(want.size)
    mean = sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3
    assert mean < 6, mean  # anti-aliased edges differ a little, nothing else
    # no bleed colour (magenta) in the cell: it is cut to the trim
    r, g, b = _rgb(got, (1, got.height // 2))
    assert not (r > 200 and b > 200 and g < 80)


def test_every_face_gets_its_own_cell_in_one_pass() -> None:
    cells = cells_from_forms(FACES, FaceCache(), 2.0)
    assert list(cells) == [f.key for f in FACES]
    left, right = _rgb(cells["wide"], (5, 5)), _rgb(cells["wide"], (cells["wide"].width - 5, 5))
    assert left[0] > 150 and left[2] < 80 and right[2] > 150 and right[0] < 80  # red half, blue half


def test_every_label_is_whole_in_its_own_cell() -> None:
    """A long face name gets a smaller font or a second line, never an ellipsis; no label runs
    into the next cell."""
    from cardgen.print.proof import GAP, LABEL, TITLE, proof_image

    keys = ["marker-head-yellow", "tile-with-a-very-long-name-for-a-proof-label", "next"]
    sheet = proof_image([(_face(k, 30, 30, 0), 1) for k in keys], "T").convert("L")

    def rows(i: int) -> list[int]:
        """The rows of the label area under cell i that hold ink (none beyond the cell's column)."""
        x0 = GAP + i * (CELL + GAP)
        return [y for y in range(TITLE + CELL, TITLE + CELL + LABEL + GAP)
                if any(sheet.getpixel((x, y)) < 128 for x in range(x0, x0 + CELL + GAP - 1))]

    one, two, short = rows(0), rows(1), rows(2)
    assert one and two and short
    assert max(two) - min(two) > max(one) - min(one) + 4  # the long name on two lines, the others on one
