"""Low-ink faces and the ink estimate.

`--ink low` redraws every face with less ink without knowing any game: a common back (one back
face shared by several kinds of piece) keeps only its lines, on white; every other face keeps its
lines at full strength and its filled areas lightened to `LIGHT` of their ink, so colours stay
told apart. A filled area is a filled shape or a stroke that shows wider than `LINE_MM` (the
snakes' bodies are stacks of wide strokes along one path, each narrower one drawn on top: what
shows of a stroke is the band the next narrower stroke of the stack leaves uncovered, so a body's
thin dark edge stays a line while its body is lightened).
The saving is measured on the sheets as pdfium renders them (`rendered_coverage`), separated
into CMYK through the build's ICC profile (the printing condition's, SWOP by default, unless `--icc`): the mean total
ink (C+M+Y+K, in per cent of the area) inside the trim boxes of the pieces the sheets print, so
each face counts by its area and how often it is printed (`cardgen.kit.inksheets`). `coverage`
estimates the same from faces alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image

from cardgen.print.faces import Face
from cardgen.print.geometry import Box
from cardgen.print.proof import cell

LIGHT = 0.2
"""The share of its ink a filled area keeps in low-ink faces: a fifth keeps a front sheet under half
its normal ink whichever renderer measures it (docs/printing.md)."""

RENDER_DPI = 100.0
"""The resolution the sheets are rendered at to measure their ink."""
LINE_MM = 1.0
"""The widest band (mm) a stroke may show and still count as a line, kept at full strength."""

_FILL = re.compile(r'(fill(?:="|:\s*))#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b')
_STROKE = re.compile(r'(\bstroke=")#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b')
_TAG = re.compile(r"<[A-Za-z][^>]*>")
_WIDTH = re.compile(r'\bstroke-width="([0-9.]+)"')
_PATH = re.compile(r'\sd="([^"]*)"')
_VIEWBOX = re.compile(r'viewBox="\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)')

Cmyk = Callable[[Image.Image], Image.Image]
"""Turns an RGB image into a CMYK one (see `cardgen.print.colour`)."""


def _hex(text: str) -> tuple[int, int, int]:
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _lighten(match: re.Match[str], keep: float) -> str:
    r, g, b = (round(255 - keep * (255 - v)) for v in _hex(match.group(2)))
    return f"{match.group(1)}#{r:02x}{g:02x}{b:02x}"


def _shown(tags: Sequence[re.Match[str]], i: int, mm: float) -> float:
    """The width (mm) of the band tag `i`'s stroke shows: all of it, or what the next narrower
    stroke along the same path (the one drawn right after it) leaves uncovered, on each side."""
    width = _WIDTH.search(tags[i].group(0))
    w = float(width.group(1)) if width else 1.0
    here = _PATH.search(tags[i].group(0))
    if here is not None and i + 1 < len(tags):
        after = tags[i + 1].group(0)
        path, width = _PATH.search(after), _WIDTH.search(after)
        if path is not None and path.group(1) == here.group(1) and width and float(width.group(1)) < w:
            return (w - float(width.group(1))) / 2 * mm
    return w * mm


def low_ink(face: Face, outline: bool) -> Face:
    """`face` with its filled areas lightened (`outline`: made white, leaving only the lines)."""
    keep = 0.0 if outline else LIGHT
    box = _VIEWBOX.search(face.svg)
    mm = (face.width + 2 * face.bleed) / float(box.group(1)) if box and float(box.group(1)) > 0 else 1.0
    tags = list(_TAG.finditer(face.svg))
    out, at = [], 0
    for i, tag in enumerate(tags):
        text = _FILL.sub(lambda m: _lighten(m, keep), tag.group(0))
        if _STROKE.search(text) and _shown(tags, i, mm) > LINE_MM:
            text = _STROKE.sub(lambda m: _lighten(m, keep), text)
        out += [face.svg[at:tag.start()], text]
        at = tag.end()
    out.append(face.svg[at:])
    return replace(face, svg="".join(out))


def common_backs(pairs: Sequence[tuple[Face, Face | None]]) -> set[str]:
    """The keys of back faces that two or more different fronts share (a deck's common back)."""
    fronts: dict[str, set[str]] = {}
    for front, back in pairs:
        if back is not None:
            fronts.setdefault(back.key, set()).add(front.key)
    return {key for key, keys in fronts.items() if len(keys) > 1}


@dataclass(frozen=True, slots=True)
class Coverage:
    """Estimated ink of a kit's pieces: mean total ink in % of the printed area."""

    percent: float
    area_mm2: float


def _default_cmyk(image: Image.Image) -> Image.Image:
    from cardgen.print.colour import converter

    return converter(None).image(image)


def ink_percent(image: Image.Image, to_cmyk: Cmyk = _default_cmyk) -> float:
    """Mean total ink of `image` in % (100 % = one ink solid everywhere)."""
    return _cmyk_percent(to_cmyk(image.convert("RGB")))


def _cmyk_percent(cmyk: Image.Image) -> float:
    total = 0
    for band in cmyk.split():
        hist = band.histogram()
        total += sum(v * n for v, n in enumerate(hist))
    return 100.0 * total / 255 / (cmyk.width * cmyk.height)


def coverage(faces: Sequence[tuple[Face, int]], to_cmyk: Cmyk = _default_cmyk) -> Coverage:
    """The count- and area-weighted mean ink of `faces` (trim area only)."""
    ink = area = 0.0
    for face, count in faces:
        if count <= 0:
            continue
        a = face.width * face.height * count
        ink += ink_percent(cell(face), to_cmyk) * a
        area += a
    return Coverage(round(ink / area, 1) if area else 0.0, round(area, 1))


def rendered_coverage(pdf: Path, boxes: Sequence[Sequence[Box]], to_cmyk: Cmyk = _default_cmyk,
                      dpi: float = RENDER_DPI) -> Coverage:
    """The mean ink of the PDF at `pdf` as pdfium renders it, over `boxes[i]` (mm, origin
    top-left: the pieces' trim boxes) of each page i, each weighted by its area."""
    import pypdfium2  # type: ignore[import-untyped]

    px = dpi / 25.4
    ink = area = 0.0
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for page, page_boxes in zip(document, boxes):
            if not page_boxes:
                continue
            image = to_cmyk(page.render(scale=dpi / 72).to_pil().convert("RGB"))  # once a page
            for box in page_boxes:
                left, top = max(0, round(box.x * px)), max(0, round(box.y * px))
                right, bottom = min(image.width, round(box.right * px)), min(image.height, round(box.bottom * px))
                if right <= left or bottom <= top:
                    continue
                a = (right - left) * (bottom - top) / px / px
                ink += _cmyk_percent(image.crop((left, top, right, bottom))) * a
                area += a
    finally:
        document.close()
    return Coverage(round(ink / area, 1) if area else 0.0, round(area, 1))


def combined(parts: Sequence[Coverage]) -> Coverage:
    """The area-weighted mean of several coverages."""
    area = sum(p.area_mm2 for p in parts)
    ink = sum(p.percent * p.area_mm2 for p in parts)
    return Coverage(round(ink / area, 1) if area else 0.0, round(area, 1))
