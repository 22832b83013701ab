"""Contact sheets of faces rendered by both renderers, for looking at the art.

`python tools/preview_faces.py OUTDIR [SIZE_MM] [BLEED_MM]` renders every distinct Schlangennest
face with cairosvg and with svglib -> reportlab PDF -> pypdfium2, and writes `sheet.png`
(rows: cairosvg, svglib, greyscale of cairosvg, |difference| boosted), plus the single PNGs.
A developer tool kept outside the package (it needs pypdfium2 and Pillow, the test extras):
nothing in the build imports it.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import cairosvg  # type: ignore[import-untyped]
import pypdfium2  # type: ignore[import-untyped]
from PIL import Image, ImageChops, ImageOps
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]
from svglib.svglib import svg2rlg

from cardgen.print.faces import Face


def cairo_png(face: Face, px: int) -> Image.Image:
    """The face rasterised by cairosvg, `px` pixels square."""
    data = cairosvg.svg2png(bytestring=face.svg.encode(), output_width=px, output_height=px)
    return Image.open(io.BytesIO(data)).convert("RGB")


def svglib_png(face: Face, px: int) -> Image.Image:
    """The face through svglib -> reportlab PDF -> pypdfium2, `px` pixels square."""
    drawing = svg2rlg(io.BytesIO(face.svg.encode()))
    pdf = renderPDF.drawToString(drawing)
    page = pypdfium2.PdfDocument(pdf)[0]
    image: Image.Image = page.render(scale=px / page.get_width()).to_pil().convert("RGB")
    return image.resize((px, px))


def contact_sheet(faces: list[Face], px: int = 260) -> Image.Image:
    """Columns of faces; rows: cairosvg, svglib, greyscale, and their difference (x4)."""
    gap = 8
    sheet = Image.new("RGB", (len(faces) * (px + gap) + gap, 4 * (px + gap) + gap), "white")
    for i, face in enumerate(faces):
        a, b = cairo_png(face, px), svglib_png(face, px)
        diff = ImageChops.difference(a, b).point(lambda v: min(255, v * 4))
        for row, im in enumerate((a, b, ImageOps.grayscale(a).convert("RGB"), ImageOps.invert(diff))):
            sheet.paste(im, (gap + i * (px + gap), gap + row * (px + gap)))
    return sheet


def main(argv: list[str]) -> None:
    """Render the standard Schlangennest faces into argv[0] (see the module docstring)."""
    from cardgen.games.schlangennest.components import load_nest_set
    from cardgen.games.schlangennest.render import items

    out = Path(argv[0])
    size = float(argv[1]) if len(argv) > 1 else None
    bleed = float(argv[2]) if len(argv) > 2 else 3.0
    out.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    nest = load_nest_set()
    its = items(nest, bleed, size)
    faces = [it.front for it in its] + [it.back for it in its[:1] if it.back is not None]
    print(f"{len(faces)} faces in {time.perf_counter() - t:.2f} s")
    for face in faces:
        (out / f"{face.key}.svg").write_text(face.svg)
    for k in range(0, len(faces), 6):
        contact_sheet(faces[k:k + 6]).save(out / f"sheet{k // 6}.png")


if __name__ == "__main__":
    main(sys.argv[1:])
