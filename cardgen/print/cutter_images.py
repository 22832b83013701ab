"""Cutter images for Cricut Print Then Cut (`--cutter cricut`): the pieces as images, no marks.

Cricut Design Space does not cut a sheet printed elsewhere: it takes uploaded images, prints them
itself with its own registration frame around them, and traces the cut line from each image's
opaque outline (its transparent parts are left uncut). So a Cricut "sheet" is an image: the pieces
cut to their trim, opaque, with transparent gaps between them, no larger than the largest image
Design Space prints then cuts, 6.75 x 9.25 in (the figure given for Letter; it lies within the
larger extents Cricut's help gives for A4 and Letter; docs/printing.md cites the sources).
Design Space adds its own bleed when it prints (about 0.76 mm a side, as measured by others) and
cuts about 1 mm either side of the line; `GAP` keeps neighbours clear of both.

Design Space does not read an image's dpi: the user types each image's size, which the manifest
gives. Each image therefore ends exactly at its outer pieces (no transparent margin that Design
Space might or might not crop), and the pieces lie on whole pixels, so that the size typed puts
every cut within a fraction of a pixel of its trim. The images are portrait (the printed page is),
fronts first; pieces with a back get a back image too, each back in its front's place (cut and
glued on, Design Space prints one side only). Pages here are images: `Page.width`/`height` are the
image's size in mm and the slots the pieces' trim boxes in it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from cardgen.errors import LayoutError
from cardgen.print.faces import Face, Item
from cardgen.print.files import write_bytes_atomic
from cardgen.print.geometry import Box, MarkKind, Placement, Side, segment
from cardgen.print.impose import Imposition, Layout, LayoutOptions, Page, faces_of
from cardgen.print.paper import Paper, _fmt
from cardgen.units import MM_PER_INCH

NAME = "cricut"
TITLE = "Cricut (Print Then Cut)"
PROGRAM = "Cricut Design Space"
MAX_WIDTH = 6.75 * MM_PER_INCH
"""The widest image Design Space prints then cuts, mm (6.75 in)."""
MAX_HEIGHT = 9.25 * MM_PER_INCH
"""The tallest, mm (9.25 in)."""
GAP = 2.0
"""Between the pieces, mm: more than both neighbours' bleed (2 x 0.76 mm) and more than a cut 1 mm
off the line plus the neighbour's bleed (1.76 mm)."""


def _px(mm: float, dpi: float) -> int:
    return round(mm / MM_PER_INCH * dpi)


def _mm(px: int, dpi: float) -> float:
    return px * MM_PER_INCH / dpi


def _fits(px: int, limit: float, dpi: float) -> bool:
    return _mm(px, dpi) <= limit + 1e-9


def impose_images(items: Sequence[Item], paper: Paper, dpi: int, folds: Sequence[float] = ()) -> Imposition:
    """`items` as Print Then Cut images at `dpi` (see the module docstring): each front image
    followed by its back image where an item has a back; `folds` the fold lines across each piece
    (mm from its top edge), carried as the pages' `scores`. LayoutError when a piece is larger
    than the largest image."""
    items = [i for i in items if i.count > 0]
    if not items:
        raise LayoutError("layout", "nothing to print: no item has a count above 0")
    faces = faces_of(items, Layout.SINGLE)
    w, h = faces[0].width, faces[0].height
    wp, hp, gp = _px(w, dpi), _px(h, dpi), _px(GAP, dpi)
    if not (_fits(wp, MAX_WIDTH, dpi) and _fits(hp, MAX_HEIGHT, dpi)):
        raise LayoutError("--cutter", f"a {_fmt(w)} x {_fmt(h)} mm piece is larger than the largest image "
                                      f"{TITLE} takes, {_fmt(MAX_WIDTH)} x {_fmt(MAX_HEIGHT)} mm")
    cols = max(c for c in range(1, 100) if _fits(c * wp + (c - 1) * gp, MAX_WIDTH, dpi))
    rows = max(r for r in range(1, 100) if _fits(r * hp + (r - 1) * gp, MAX_HEIGHT, dpi))
    fronts = [i for i in items for _ in range(i.count)]
    two_sided = any(i.back is not None for i in items)
    pages: list[Page] = []
    for k in range(0, len(fronts), cols * rows):
        chunk = fronts[k:k + cols * rows]
        used_cols = min(cols, len(chunk))
        used_rows = -(-len(chunk) // cols)
        width = _mm(used_cols * wp + (used_cols - 1) * gp, dpi)
        height = _mm(used_rows * hp + (used_rows - 1) * gp, dpi)
        slots = tuple(Box(_mm(c * (wp + gp), dpi), _mm(r * (hp + gp), dpi), _mm(wp, dpi), _mm(hp, dpi))
                      for n in range(len(chunk)) for r, c in [divmod(n, cols)])
        scores = tuple(segment(s.x, s.y + f * s.height / h, s.right, s.y + f * s.height / h, MarkKind.FOLD)
                       for s in slots for f in folds)
        frame = Box(0, 0, width, height)
        sides: list[tuple[str, Side, list[Face | None]]] = [("front", Side.FRONT, [i.front for i in chunk])]
        if two_sided:
            sides.append(("back", Side.BACK, [i.back for i in chunk]))
        for name, side, shown in sides:
            placed = tuple(Placement(face.key, s, 0.0, side) for face, s in zip(shown, slots) if face is not None)
            pages.append(Page(len(pages) + 1, width, height, name, placed, (), slots, 0.0, frame, None,
                              None, scores if side is Side.FRONT else ()))
    layout = LayoutOptions(paper=paper, layout=Layout.SINGLE, margin=0.0, gutter=_mm(gp, dpi), bleed=0.0,
                           printable=None)
    return Imposition(tuple(pages), layout, False, cols, rows, 0.0, _mm(gp, dpi), None, faces, 0.0)


def pixels(page: Page, dpi: int) -> tuple[int, int]:
    """The pixel size of `page`'s image at `dpi`."""
    return _px(page.width, dpi), _px(page.height, dpi)


def page_image_png(page: Page, faces: Mapping[str, Face], dpi: int) -> bytes:
    """`page` as a PNG at `dpi`: every piece's art cut to its trim, opaque on white, on a
    transparent image; the dpi is recorded (Design Space ignores it)."""
    from PIL import Image

    from cardgen.print.raster import face_image, png_bytes

    image = Image.new("RGBA", pixels(page, dpi), (0, 0, 0, 0))
    drawn: dict[tuple[str, int, int], Image.Image] = {}
    for p in page.placements:
        x, y, size = _px(p.trim.x, dpi), _px(p.trim.y, dpi), (_px(p.trim.width, dpi), _px(p.trim.height, dpi))
        art = drawn.get((p.face_key, *size))
        if art is None:
            art = face_image(faces[p.face_key], dpi / MM_PER_INCH)
            art = drawn[(p.face_key, *size)] = art if art.size == size else art.resize(size, Image.Resampling.LANCZOS)
        image.paste(art, (x, y))
    return png_bytes(image, dpi)


def write_page_image(path: str | os.PathLike[str], page: Page, faces: Mapping[str, Face], dpi: int) -> Path:
    """Write `page_image_png` to `path` atomically; the path."""
    target = Path(path)
    write_bytes_atomic(target, page_image_png(page, faces, dpi))
    return target
