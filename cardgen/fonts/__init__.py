"""The DejaVu fonts cardgen embeds in its PDFs, shipped inside the package (licence: LICENSE in
this folder) so that a build never depends on fonts installed on the system.

`register()` hands all eight faces to reportlab once per process; the booklets and the sheet
labels both call it, so each font file is read and parsed only once.
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


@functools.cache
def register() -> None:
    """Register both DejaVu families with reportlab, once per process (later calls do nothing)."""
    from reportlab.lib.fonts import addMapping  # type: ignore[import-untyped]
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

    registered = set(pdfmetrics.getRegisteredFontNames())
    for family, faces in FAMILIES.items():
        for face in faces:
            if face not in registered:
                pdfmetrics.registerFont(TTFont(face, io.BytesIO(font_bytes(face))))
        for (bold, italic), face in zip(((0, 0), (1, 0), (0, 1), (1, 1)), faces):
            addMapping(family, bold, italic, face)
