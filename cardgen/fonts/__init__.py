"""The DejaVu fonts cardgen embeds in its PDFs, shipped inside the package (licence: LICENSE in
this folder) so that a build never depends on fonts installed on the system.

`register(...)` hands faces to reportlab, each once per process: the sheet labels need only the
regular sans, the booklets both families (registered in the booklet worker process, so the
process drawing the sheets does not wait for them).
"""

from __future__ import annotations

import functools
import io
from importlib import resources

FAMILIES = {
    "DejaVuSerif": ("DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"),
    "DejaVuSans": ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique"),
}
"""Each family's faces in the order regular, bold, italic, bold italic (reportlab's mapping)."""


def font_bytes(face: str) -> bytes:
    """The TrueType file of `face` (e.g. "DejaVuSans-Bold") as shipped in the package."""
    return resources.files(__name__).joinpath(f"{face}.ttf").read_bytes()


def register(*families: str) -> None:
    """Register the DejaVu `families` ("DejaVuSans", "DejaVuSerif"; all when none is named)
    with reportlab, each once per process."""
    for family in families or tuple(FAMILIES):
        _register_family(family)


def register_face(face: str) -> None:
    """Register one face (e.g. "DejaVuSans" for the sheet labels) without its family."""
    _register_face(face)


@functools.cache
def _register_face(face: str) -> None:
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

    if face not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face, io.BytesIO(font_bytes(face))))


@functools.cache
def _register_family(family: str) -> None:
    from reportlab.lib.fonts import addMapping  # type: ignore[import-untyped]

    faces = FAMILIES[family]
    for face in faces:
        _register_face(face)
    for (bold, italic), face in zip(((0, 0), (1, 0), (0, 1), (1, 1)), faces):
        addMapping(family, bold, italic, face)
