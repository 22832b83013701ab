"""Saddle-stitch imposition: which A5 page goes where on which sheet side (pure data), and the
writer that places the A5 pages of a PDF on landscape sheets with pypdf.

For n pages (a multiple of 4) sheet k (from 0) carries, seen from the printed side with the
fold vertical in the middle: front = (n - 2k, 2k + 1), back = (2k + 2, n - 2k - 1) as
(left, right). Printed double-sided with a flip on the short edge, the stack folded in the
middle and stapled on the fold, the pages read 1, 2, ..., n.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from cardgen import fonts
from cardgen.booklet.pages import A5

SHEETS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
"""Landscape sheet sizes in mm for the booklet's paper names."""

MM = 72.0 / 25.4


@dataclass(frozen=True, slots=True)
class SheetSide:
    """One side of one sheet: its sheet number (from 1), front or back, and its two page numbers."""

    sheet: int
    side: str
    left: int
    right: int


def padded(n: int) -> int:
    """`n` pages rounded up to a multiple of 4 (a folded sheet holds 4 pages)."""
    return max(4, -(-n // 4) * 4)


def saddle_order(n: int) -> list[SheetSide]:
    """The sheet sides of a saddle-stitched booklet of `n` pages (n a multiple of 4)."""
    if n <= 0 or n % 4:
        raise ValueError(f"a saddle-stitched booklet needs a multiple of 4 pages, not {n}")
    out = []
    for k in range(n // 4):
        out.append(SheetSide(k + 1, "front", n - 2 * k, 2 * k + 1))
        out.append(SheetSide(k + 1, "back", 2 * k + 2, n - 2 * k - 1))
    return out


def placement(paper: str, page: tuple[float, float] = A5) -> tuple[float, float, float, float]:
    """(scale, x of the left page, x of the right page, y) in mm on a landscape sheet of `paper`:
    both pages meet at the fold, centred vertically, shrunk only if they do not fit."""
    sw, sh = SHEETS[paper]
    pw, ph = page
    scale = min(1.0, sw / 2 / pw, sh / ph)
    y = (sh - ph * scale) / 2
    return scale, sw / 2 - pw * scale, sw / 2, y


SHEET_NOTE = {"de": "Beidseitig drucken, an der kurzen Kante wenden", "en": "Double-sided, flip on the short edge"}
"""The printing instruction on every sheet front, per booklet language: along the fold, where
the folded booklet shows it only on its spine and hides it in the gutter of the pages inside
(in a page's top margin it would stand on the back cover and on pages inside the booklet)."""
FOLD_TICK = (5.5, 11.0)
"""The fold mark: a dashed tick on the fold from 5.5 to 11 mm in from the top and bottom
edges, inside the pages' blank margins and clear of the ~5 mm a printer cannot print."""
NOTE_FROM_TOP = 13.0
"""Where the note along the fold starts, mm below the top edge (below the fold tick)."""
NOTE_SIZE = 5.0


def sheet_marks(paper: str, lang: str, front: bool) -> bytes:
    """A one-page PDF of a sheet side's own marks: the fold ticks, and on a front the printing
    instruction (`SHEET_NOTE`) along the fold, so it is read before printing the back."""
    from reportlab.lib import colors  # type: ignore[import-untyped]
    from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

    fonts.register_face("DejaVuSans")  # its one face, not the booklets' eight: the sheets' process imposes too
    sw, sh = SHEETS[paper]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(sw * MM, sh * MM), invariant=1, initialFontName="DejaVuSans")
    c.setStrokeColor(colors.HexColor("#777770"))
    c.setLineWidth(0.5)
    c.setDash(2, 1.5)
    a, b = FOLD_TICK
    for y0, y1 in ((sh - b, sh - a), (a, b)):
        c.line(sw / 2 * MM, y0 * MM, sw / 2 * MM, y1 * MM)
    if front:
        c.setFillColor(colors.HexColor("#6a6a62"))
        c.setFont("DejaVuSans", NOTE_SIZE)
        c.saveState()
        c.translate(sw / 2 * MM, (sh - NOTE_FROM_TOP) * MM)
        c.rotate(-90)  # reading down the fold, the letters centred on it
        c.drawString(0, -NOTE_SIZE * 0.36, SHEET_NOTE.get(lang, SHEET_NOTE["en"]))
        c.restoreState()
    c.showPage()
    c.save()
    return buf.getvalue()


def impose_pdf(pages_pdf: bytes, paper: str, title: str, lang: str = "en") -> bytes:
    """The imposed booklet: the A5 pages of `pages_pdf` (a multiple of 4) on landscape sheets,
    each side with a fold mark, each front with the printing instruction (`sheet_marks`).

    Each A5 page becomes one form XObject (its content stream copied as bytes, its resources
    shared), drawn twice-scaled on its sheet side. Unlike merging pages, this never parses the
    pages' content streams, which took most of a booklet build's time.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject, NumberObject

    from cardgen.print.pdfmeta import pdf_date, retag_subsets

    reader = PdfReader(io.BytesIO(pages_pdf))
    n = len(reader.pages)
    sw, sh = SHEETS[paper]
    scale, xl, xr, y = placement(paper)
    writer = PdfWriter()

    def form_of(page: Any) -> Any:
        contents = page.get("/Contents")
        streams = contents.get_object() if contents is not None else []
        if not isinstance(streams, list):
            streams = [streams]
        form = DecodedStreamObject()
        form.set_data(b"\n".join(ref.get_object().get_data() for ref in streams))
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/FormType"): NumberObject(1),
            NameObject("/BBox"): ArrayObject([FloatObject(v) for v in page.mediabox]),
            NameObject("/Resources"): page["/Resources"].clone(writer),
        })
        return writer._add_object(form)

    forms = {number: form_of(page) for number, page in enumerate(reader.pages, 1)}
    marks = {front: form_of(PdfReader(io.BytesIO(sheet_marks(paper, lang, front))).pages[0])
             for front in (True, False)}
    for side in saddle_order(n):
        sheet = writer.add_blank_page(sw * MM, sh * MM)
        xobjects = DictionaryObject()
        ops = []
        for number, x in ((side.left, xl), (side.right, xr)):
            name = f"/P{number}"
            xobjects[NameObject(name)] = forms[number]
            ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {x * MM:.4f} {y * MM:.4f} cm {name} Do Q")
        xobjects[NameObject("/M")] = marks[side.side == "front"]
        ops.append("q /M Do Q")
        sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode("ascii"))
        sheet[NameObject("/Contents")] = writer._add_object(content)
    date = pdf_date()
    writer.add_metadata({"/Title": title, "/Creator": "cardgen", "/Producer": "cardgen (pypdf)",
                         "/CreationDate": date, "/ModDate": date})
    retag_subsets(writer)  # the pages, the notes and the marks each had their own "AAAAAA" subsets
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
