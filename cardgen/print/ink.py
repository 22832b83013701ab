"""Low-ink faces and the ink estimate.

`--ink low` redraws every face with less ink without knowing any game: a common back (one back
face shared by several kinds of piece) keeps only its lines, on white; every other face keeps its
lines at full strength and its filled areas lightened to `LIGHT` of their ink, so colours stay
told apart. The saving is estimated from the rasterised faces, separated into CMYK through the build's ICC
profile (cardgen's default one unless `--icc`): the mean total ink (C+M+Y+K, in per cent of the
area) over every face the kit prints, each weighted by its area and count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PIL import Image

from cardgen.print.faces import Face
from cardgen.print.proof import cell

LIGHT = 0.35
"""The share of its ink a filled area keeps in low-ink faces."""

_FILL = re.compile(r'(fill(?:="|:\s*))#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b')

Cmyk = Callable[[Image.Image], Image.Image]
"""Turns an RGB image into a CMYK one (see `cardgen.print.colour`)."""


def _hex(text: str) -> tuple[int, int, int]:
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _lighten(match: re.Match[str], keep: float) -> str:
    r, g, b = (round(255 - keep * (255 - v)) for v in _hex(match.group(2)))
    return f"{match.group(1)}#{r:02x}{g:02x}{b:02x}"


def low_ink(face: Face, outline: bool) -> Face:
    """`face` with its fills lightened (`outline`: made white, leaving only the lines)."""
    keep = 0.0 if outline else LIGHT
    return replace(face, svg=_FILL.sub(lambda m: _lighten(m, keep), face.svg))


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
    cmyk = to_cmyk(image.convert("RGB"))
    total = 0
    for band in cmyk.split():
        hist = band.histogram()
        total += sum(v * n for v, n in enumerate(hist))
    return 100.0 * total / 255 / (image.width * image.height)


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
