"""The proof sheet: every distinct face of a kit, small, with how many of it the kit makes.

One PNG to check a set at a glance before printing a hundred sheets: a missing colour, a face
drawn twice or a wrong count shows up here. Faces keep their proportions; each sits in a cell
of the same size, so a board is shown shrunk beside the cards.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from cardgen.fonts import font_bytes
from cardgen.print.faces import Face
from cardgen.print.raster import face_image, png_bytes

if TYPE_CHECKING:
    from cardgen.print.pdf import FaceCache

CELL = 150
"""Pixels of the square a face is fitted into."""
LABEL = 22
GAP = 12
COLUMNS = 8
TITLE = 40


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(io.BytesIO(font_bytes("DejaVuSans")), size)
    except OSError:  # an unreadable font: Pillow's own font still labels the counts
        return ImageFont.load_default()


@lru_cache(maxsize=1024)
def cell(face: Face) -> Image.Image:
    """`face` cut to its trim and fitted into a CELL-pixel square (do not modify: it is shared).

    Parsing the SVG is most of the time; a process building the same kit again (a second
    paper, the ink estimate, the tests) reuses the cells. Faces are frozen values: they key it."""
    img = face_image(face, CELL / max(face.width, face.height))
    img.thumbnail((CELL, CELL))
    return img


def cell_from_png(data: bytes, face: Face) -> Image.Image:
    """A proof cell cut from `face`'s full PNG (bleed included) when the build wrote one."""
    with Image.open(io.BytesIO(data)) as raw:
        rgba = raw.convert("RGBA")
    img = Image.new("RGB", rgba.size, "white")
    img.paste(rgba, mask=rgba.getchannel("A"))
    if face.bleed > 0:
        bx = round(face.bleed / (face.width + 2 * face.bleed) * img.width)
        by = round(face.bleed / (face.height + 2 * face.bleed) * img.height)
        img = img.crop((bx, by, img.width - bx, img.height - by))
    img.thumbnail((CELL, CELL))
    return img


def _cell_size(face: Face) -> tuple[int, int]:
    """Pixels of `face`'s trim area fitted into a CELL-pixel square."""
    scale = CELL / max(face.width, face.height)
    return max(1, min(CELL, round(face.width * scale))), max(1, min(CELL, round(face.height * scale)))


def cells_from_forms(faces: Sequence[Face], cache: FaceCache, bleed: float = 0.0) -> dict[str, Image.Image]:
    """Proof cells of `faces` (by key) from the build's parsed faces: every face is placed on one
    PDF page, which pdfium rasterises at once, and each cell is cut at the face's trim. The
    forms drawn for the sheets are reused (`bleed`: the sheets' bleed in mm), so a build that
    writes PDFs neither parses nor draws a face again; the art beyond the trim keeps the cut
    edges clean."""
    import pypdfium2  # type: ignore[import-untyped]  # only here: the proof sheet of a build

    from cardgen.print.pdf import _canvas, add_form, form_name
    from cardgen.units import mm_to_pt

    # At pdfium's scale 1, 1 pt is 1 pixel. Each face gets a slot: its trim at whole pixels,
    # the bleed around it and a free pixel, so no neighbour's art reaches into a cell.
    slots = []
    x = 1
    for face in faces:
        w, h = _cell_size(face)
        b = min(bleed, face.bleed)
        sx, sy = w / mm_to_pt(face.width), h / mm_to_pt(face.height)  # pixels per pt of art
        bx, by = mm_to_pt(b) * sx, mm_to_pt(b) * sy
        left, top = x + math.ceil(bx), 1 + math.ceil(by)
        slots.append((face, b, (left, top, w, h), (sx, sy, bx, by)))
        x = left + w + math.ceil(bx) + 1
    height = max((top + h + math.ceil(by) + 1 for _, _, (_, top, _, h), (_, _, _, by) in slots), default=1)
    buf = io.BytesIO()
    c = _canvas(buf, (max(x, 1), height))
    for face, b, _, _ in slots:
        add_form(c, cache, face, False, b)  # recorded for the sheets already: copied, not drawn
    for face, _b, (left, top, _w, h), (sx, sy, bx, by) in slots:
        c.saveState()
        c.translate(left - bx, height - top - h - by)
        c.scale(sx, sy)
        c.doForm(form_name(face.key))
        c.restoreState()
    c.showPage()
    c.save()
    document = pypdfium2.PdfDocument(buf.getvalue())
    try:
        sheet = document[0].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()
    return {face.key: sheet.crop((left, top, left + w, top + h)) for face, _, (left, top, w, h), _ in slots}


def proof_image(faces: Sequence[tuple[Face, int]], title: str,
                cells: Mapping[str, Image.Image] | None = None) -> Image.Image:
    """The proof sheet of `faces` (each with its count) under `title`, as an image; `cells` are
    ready-made cells by face key (e.g. cut from the build's PNGs), the others are rendered."""
    cols = max(1, min(COLUMNS, len(faces)))
    rows = max(1, math.ceil(len(faces) / cols))
    width = cols * (CELL + GAP) + GAP
    height = TITLE + rows * (CELL + LABEL + GAP) + GAP
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    total = sum(count for _, count in faces)
    draw.text((GAP, 10), f"{title}: {len(faces)} different faces, {total} printed (fronts and backs)",
              fill="black", font=_font(18))
    small = _font(14)
    for i, (face, count) in enumerate(faces):
        col, row = i % cols, i // cols
        x0 = GAP + col * (CELL + GAP)
        y0 = TITLE + row * (CELL + LABEL + GAP)
        img = cells[face.key] if cells and face.key in cells else cell(face)
        sheet.paste(img, (x0 + (CELL - img.width) // 2, y0 + (CELL - img.height) // 2))
        draw.rectangle((x0 + (CELL - img.width) // 2 - 1, y0 + (CELL - img.height) // 2 - 1,
                        x0 + (CELL + img.width) // 2, y0 + (CELL + img.height) // 2), outline="#999999")
        font, lines = _label(draw, f"{count} × {face.key}", small)
        for n, line in enumerate(lines):
            draw.text((x0, y0 + CELL + 3 + n * (LABEL // 2)), line, fill="black", font=font)
    return sheet


def _label(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont
           ) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, list[str]]:
    """The font and lines that show the whole label `text` under a cell: one line, in a smaller
    font down to 11 px if need be; else two lines of 9 px, broken after a hyphen (or anywhere)."""
    room = CELL + GAP - 2
    for size in (14, 13, 12, 11):
        smaller = _font(size) if size != 14 else font
        if draw.textlength(text, font=smaller) <= room:
            return smaller, [text]
    tiny = _font(9)
    cut = max((i + 1 for i, ch in enumerate(text) if ch == "-" and draw.textlength(text[:i + 1], font=tiny) <= room),
              default=0)
    if not cut:
        cut = max(i for i in range(1, len(text)) if draw.textlength(text[:i], font=tiny) <= room)
    rest = text[cut:]
    while draw.textlength(rest, font=tiny) > room and len(rest) > 1:  # a label too long even for two lines
        rest = rest[:-2] + "…"
    return tiny, [text[:cut], rest]


def proof_png(faces: Sequence[tuple[Face, int]], title: str,
              cells: Mapping[str, Image.Image] | None = None) -> bytes:
    """`proof_image` encoded as PNG bytes."""
    return png_bytes(proof_image(faces, title, cells))
