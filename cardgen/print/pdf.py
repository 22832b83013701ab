"""The PDF writer: impositions to vector PDF with reportlab.

Each distinct face is parsed once (svglib, through `cardgen.print.drawings`: once per process)
into a reportlab Drawing, kept in a `FaceCache` that a build shares across all its layouts, and
drawn once per PDF into a form XObject whose BBox is the face's bleed box (so the art is
clipped to it). Every placement is then one `Do` of that form under a translation. A form's PDF
operators are worked out once per build (`FormCode`) and copied into each PDF that shows the
face: the four layouts of a kit no longer draw every face four times. Points appear only here;
the layout data is in mm, origin top-left.
"""

from __future__ import annotations

import copy
import io
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from reportlab import rl_config  # type: ignore[import-untyped]
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]
from reportlab.graphics.shapes import (  # type: ignore[import-untyped]
    Circle,
    Drawing,
    Ellipse,
    Group,
    Line,
    Path as RlPath,
    Polygon,
    PolyLine,
    Rect,
)
from reportlab.lib.colors import CMYKColor, Color, rgb2cmyk  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfdoc import (  # type: ignore[import-untyped]
    PDFArray,
    PDFBase85Encode,
    PDFDictionary,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFZCompress,
    pdfdocEnc,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen import fonts
from cardgen.errors import LayoutError
from cardgen.print.drawings import svg_drawing
from cardgen.print.faces import Face
from cardgen.print.files import atomic_path
from cardgen.print.geometry import MARK_STROKE, Box, Mark, MarkKind
from cardgen.print.impose import Imposition, Layout, Page
from cardgen.print.labels import Font, footer_lines
from cardgen.units import MM_PER_POINT, mm_to_pt

Colour = Literal["rgb", "cmyk"]
Progress = Callable[[int, int], None]

FONT = "DejaVuSans"
FOOTER_SIZE = 7.0  # pt
_BLACK_RGB = Color(0, 0, 0)
_BLACK_CMYK = CMYKColor(0, 0, 0, 1)


def ensure_font() -> str:
    """Register the label font shipped with cardgen (once per process) and return its name."""
    fonts.register_face(FONT)
    return FONT


def label_font(size: float) -> Font:
    """The label font at `size` pt, measured in mm (`cardgen.print.labels`)."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth  # type: ignore[import-untyped]

    ensure_font()
    ascent, descent = getAscentDescent(FONT, size)
    return Font(lambda text: stringWidth(text, FONT, size) * MM_PER_POINT, ascent * MM_PER_POINT,
                -descent * MM_PER_POINT)


RgbToCmyk = Callable[[float, float, float], tuple[float, float, float, float]]
"""An RGB colour (0-1 each) to C, M, Y, K (0-1 each): an ICC transform (`cardgen.print.colour`)."""


def to_cmyk(node: Any, convert: RgbToCmyk = rgb2cmyk) -> None:
    """Replace every RGB fill and stroke colour in a reportlab drawing tree by CMYK, in place."""
    for attr in ("fillColor", "strokeColor"):
        col = getattr(node, attr, None)
        if isinstance(col, Color) and not isinstance(col, CMYKColor):
            c, m, y, k = convert(col.red, col.green, col.blue)
            setattr(node, attr, CMYKColor(c, m, y, k, alpha=col.alpha))
    for child in getattr(node, "contents", ()):
        to_cmyk(child, convert)


class FaceCache:
    """Parsed face drawings, so a build parses each face's SVG once for all its PDFs.

    Keyed by face key and SVG text; the CMYK variant is a converted copy of the parsed one.
    """

    def __init__(self, adjust: Callable[[Face], Face] | None = None,
                 convert: RgbToCmyk | None = None) -> None:
        # `adjust` redraws a face before it is parsed (low-ink faces); `convert` is the CMYK
        # conversion (an ICC profile's) instead of reportlab's formula.
        self._drawings: dict[tuple[str, str, bool], Drawing] = {}
        self._forms: dict[tuple[str, str, bool, float], FormCode | None] = {}
        self.parses = 0
        self.adjust = adjust
        self.convert = convert

    def drawing(self, face: Face, cmyk: bool = False) -> Drawing:
        """The reportlab Drawing of `face` (RGB, or with every colour converted to CMYK)."""
        if self.adjust is not None:
            face = self.adjust(face)
        key = (face.key, face.svg, cmyk)
        found = self._drawings.get(key)
        if found is not None:
            return found
        if cmyk:
            found = copy.deepcopy(self._parsed(face))
            to_cmyk(found, self.convert or rgb2cmyk)
            # reportlab starts every drawing with black fill and stroke: make that CMYK too.
            # The renderer reads these as "initial" defaults from the drawing, but Drawing's
            # attribute validation does not list them, hence the direct __dict__ write.
            found.__dict__["initialFillColor"] = _BLACK_CMYK
            found.__dict__["initialStrokeColor"] = _BLACK_CMYK
        else:
            found = self._parsed(face)
        self._drawings[key] = found
        return found

    def form(self, face: Face, cmyk: bool, bleed: float) -> FormCode | None:
        """`face`'s form XObject for a layout with `bleed` mm, as PDF operators to copy into a
        PDF; None when the face's art holds text or images (those must be drawn per PDF)."""
        if self.adjust is not None:
            face = self.adjust(face)
        key = (face.key, face.svg, cmyk, bleed)
        if key not in self._forms:
            self._forms[key] = record_form(face, self.drawing(face, cmyk), bleed)
        return self._forms[key]

    def remember(self, forms: Iterable[tuple[Face, bool, float, FormCode | None]]) -> None:
        """Take forms recorded elsewhere (another process's `form` for the same face, colour
        mode and bleed), so this cache need not draw them again."""
        for face, cmyk, bleed, form in forms:
            if self.adjust is not None:
                face = self.adjust(face)
            self._forms.setdefault((face.key, face.svg, cmyk, bleed), form)

    def _parsed(self, face: Face) -> Drawing:
        key = (face.key, face.svg, False)
        found = self._drawings.get(key)
        if found is None:
            found = svg_drawing(face.svg)  # parsed once per process, shared with every cache
            self.parses += 1
            if found is None or not found.width or not found.height:
                raise LayoutError(f"face {face.key!r}", "the SVG cannot be read (svglib returned nothing)")
            # reportlab would otherwise start each drawing in Helvetica, a font it never embeds.
            found.initialFontName = ensure_font()
        self._drawings[key] = found
        return found


def form_name(key: str) -> str:
    """The name of a face's form XObject inside the PDF (reportlab adds "FormXob.")."""
    return f"face.{key}"


def _canvas(target: Any, size: tuple[float, float]) -> Canvas:
    """A canvas set up like every sheet PDF's (the same initial font, so the same font names)."""
    return Canvas(target, pagesize=size, invariant=0, pageCompression=1,  # dated now, or SOURCE_DATE_EPOCH
                  initialFontName=ensure_font(), initialFontSize=FOOTER_SIZE)


def define_form(c: Canvas, face: Face, drawing: Drawing, bleed: float) -> None:
    """Draw `face` into `c` as the form XObject `form_name(face.key)`, clipped to its trim size
    plus `bleed` mm."""
    wpt = mm_to_pt(face.width + 2 * bleed)
    hpt = mm_to_pt(face.height + 2 * bleed)
    c.beginForm(form_name(face.key), 0, 0, wpt, hpt)
    off = mm_to_pt(face.bleed - bleed)  # the art's own bleed beyond the layout's is clipped
    c.translate(-off, -off)
    c.scale(
        mm_to_pt(face.width + 2 * face.bleed) / drawing.width,
        mm_to_pt(face.height + 2 * face.bleed) / drawing.height,
    )
    renderPDF.draw(drawing, c, 0, 0)
    # reportlab's form XObjects drop the graphics states (transparency) the form's code uses,
    # so semi-transparent shading would print solid black; hand the form its resources.
    resources = PDFResourceDictionary()
    resources.basicFonts()
    state = c._extgstate.getState()
    if state:
        resources.ExtGState = state
    c.endForm(Resources=resources)


_PLAIN = (Group, RlPath, Rect, Circle, Ellipse, Line, PolyLine, Polygon)
"""The shapes whose PDF operators depend on nothing but themselves (text does: it records the
characters each PDF's font subset must hold; images add objects to the document)."""


def _plain(node: Any) -> bool:
    return all(isinstance(child, _PLAIN) and _plain(child) for child in getattr(node, "contents", ()))


@dataclass(frozen=True, slots=True)
class FormCode:
    """A face's form XObject drawn once: its size in points, its PDF operators and the
    transparency states ((key, value) -> name) its operators use."""

    key: str
    width: float
    height: float
    code: tuple[str, ...]
    states: tuple[tuple[tuple[str, Any], str], ...]
    stream: bytes = b""
    """The form's content stream as a compressed PDF writes it (filters applied), so that each
    PDF copies the bytes instead of encoding and compressing the same operators again."""
    filters: tuple[str, ...] = ()
    preamble: str = ""
    """The recording canvas's preamble, part of `stream`: a canvas with another one (another
    initial font) must not use the ready-made stream."""


_UNMAPPED = re.compile("[\x18-\x1f]")
"""The ASCII characters PDFDocEncoding gives other glyphs (reportlab's codec refuses them)."""


def _encoded(text: str) -> bytes:
    """`pdfdocEnc(text)`: at once where it is plain ASCII, as a form's operators are (reportlab's
    codec maps character by character: 0.07 s of a build for the same bytes)."""
    if text.isascii() and not _UNMAPPED.search(text):
        return text.encode("ascii")
    return bytes(pdfdocEnc(text))


def record_form(face: Face, drawing: Drawing, bleed: float) -> FormCode | None:
    """`define_form`'s operators for `face`, worked out on a scratch canvas (never saved), or
    None when the art holds anything but plain shapes (text, images)."""
    if not _plain(drawing):
        return None
    c = _canvas(io.BytesIO(), (100.0, 100.0))
    wpt = mm_to_pt(face.width + 2 * bleed)
    hpt = mm_to_pt(face.height + 2 * bleed)
    c.beginForm(form_name(face.key), 0, 0, wpt, hpt)
    off = mm_to_pt(face.bleed - bleed)
    c.translate(-off, -off)
    c.scale(mm_to_pt(face.width + 2 * face.bleed) / drawing.width,
            mm_to_pt(face.height + 2 * face.bleed) / drawing.height)
    renderPDF.draw(drawing, c, 0, 0)
    if c._colorsUsed or c._shadingUsed:  # named colours or shadings: document objects, not operators
        return None
    # What reportlab's form object and stream would make of the operators in a compressed PDF
    # (`_canvas` always compresses): the canvas's preamble and operators, encoded, then each
    # filter applied in reverse order.
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    stream = _encoded("\n".join([c._preamble, *c._code]))
    for stream_filter in reversed(filters):
        stream = stream_filter.encode(stream)
    return FormCode(face.key, wpt, hpt, tuple(c._code), tuple(c._extgstate._c.items()), stream,
                    tuple(f.pdfname for f in filters), c._preamble)


def replay_form(c: Canvas, form: FormCode) -> None:
    """Add a recorded form to `c`: the same form XObject `define_form` would have drawn."""
    encoded = c._pageCompression and form.stream and c._preamble == form.preamble and \
        form.filters == tuple(f.pdfname for f in ([PDFBase85Encode, PDFZCompress] if rl_config.useA85
                                                  else [PDFZCompress]))
    c.beginForm(form_name(form.key), 0, 0, form.width, form.height)
    if not encoded:
        c._code.extend(form.code)
    c._extgstate._c.update(form.states)
    resources = PDFResourceDictionary()
    resources.basicFonts()
    state = c._extgstate.getState()
    if state:
        resources.ExtGState = state
    c.endForm(Resources=resources)
    if encoded:
        # The stream ready-made: reportlab applies no filter to a stream that names its own.
        obj = c._doc.idToObject[xObjectName(form_name(form.key))]
        obj.Contents = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName(n) for n in form.filters])}),
                                 content=form.stream)


def add_form(c: Canvas, cache: FaceCache, face: Face, cmyk: bool, bleed: float) -> None:
    """Add `face` to `c` as its form XObject: copied from the cache's recorded operators, or
    drawn from the parsed face when it cannot be recorded."""
    form = cache.form(face, cmyk, bleed)
    if form is not None:
        replay_form(c, form)
    else:
        define_form(c, face, cache.drawing(face, cmyk), bleed)


def pt_box(box: Box, page_height: float) -> tuple[float, float, float, float]:
    """A mm box (origin top-left) as a PDF rectangle [x0 y0 x1 y1] in points."""
    return (
        mm_to_pt(box.x),
        mm_to_pt(page_height - box.bottom),
        mm_to_pt(box.right),
        mm_to_pt(page_height - box.y),
    )


def how_to_print(imp: Imposition) -> str:
    """A short printing instruction for the footer and the manifest."""
    o = imp.options
    if o.layout is Layout.DUPLEX:
        return f"double-sided, flip on {o.flip.value} edge"
    if o.layout is Layout.GUTTERFOLD:
        return "single-sided, fold on the dashed line"
    if o.layout is Layout.GLUE:
        return "single-sided, glue each back sheet behind its front sheet"
    return "single-sided"


def draw_marks(c: Canvas, page: Page, black: Color) -> Box | None:
    """Stroke the page's mark segments: thin black lines, fold lines dashed and labelled; the
    box the fold label takes (None without a fold line)."""
    c.setStrokeColor(black)
    c.setLineWidth(mm_to_pt(MARK_STROKE))
    c.setLineCap(0)
    H = page.height
    solid = [m for m in page.marks if m.kind is not MarkKind.FOLD]
    fold = [m for m in page.marks if m.kind is MarkKind.FOLD]
    if solid:
        c.lines([(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1)) for m in solid])
    if fold:
        c.saveState()
        c.setDash(4, 3)
        c.lines([(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1)) for m in fold])
        c.restoreState()
        c.setFillColor(black)
        c.setFont(FONT, FOLD_LABEL_SIZE)
        c.saveState()
        line, box = fold_label(page)
        if line.horizontal:
            c.translate(mm_to_pt(box.x + box.width / 2), mm_to_pt(H - line.y0 + 0.6))
        else:
            c.translate(mm_to_pt(box.x), mm_to_pt(H - box.y - box.height / 2))
            c.rotate(-90)  # reading down, the letters' tops towards the fold line
        c.drawCentredString(0, 0, FOLD_LABEL)
        c.restoreState()
        return box
    return None


def draw_registration(c: Canvas, page: Page, black: Color) -> None:
    """A cutting machine's registration marks: its squares filled, its L-marks stroked."""
    reg, H = page.registration, page.height
    assert reg is not None
    c.saveState()
    c.setFillColor(black)
    c.setStrokeColor(black)
    c.setLineWidth(mm_to_pt(reg.stroke))
    c.setLineCap(0)
    c.setLineJoin(0)
    for sq in reg.squares:
        c.rect(*_xywh(sq, H), stroke=0, fill=1)
    for line in reg.lines:
        path = c.beginPath()
        path.moveTo(mm_to_pt(line[0][0]), mm_to_pt(H - line[0][1]))
        for x, y in line[1:]:
            path.lineTo(mm_to_pt(x), mm_to_pt(H - y))
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _xywh(box: Box, page_height: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = pt_box(box, page_height)
    return x0, y0, x1 - x0, y1 - y0


FOLD_LABEL = "fold / falten"
FOLD_LABEL_SIZE = 5.0


def fold_label(page: Page) -> tuple[Mark, Box]:
    """Where a page's fold label goes: beside its longest fold segment, where no other mark
    crosses the label, off the art if it can be (in the margin), else nearest the segment's
    middle; and the box (mm) the label takes."""
    line = max((m for m in page.marks if m.kind is MarkKind.FOLD), key=lambda m: m.length)
    width = label_font(FOLD_LABEL_SIZE).measure(FOLD_LABEL)
    height = FOLD_LABEL_SIZE * 25.4 / 72
    others = [m for m in page.marks if m is not line]

    def box(at: float) -> Box:
        if line.horizontal:
            return Box(at - width / 2, line.y0 - 0.6 - height, width, height)
        return Box(line.x0 - 0.6 - height, at - width / 2, height, width)

    lo, hi = (line.x0, line.x1) if line.horizontal else (line.y0, line.y1)
    middle = (lo + hi) / 2
    # Only the art level with the label can be under it: the label slides along the line, so
    # a box across the line's whole reach (at any place: the same across it) finds that art.
    probe = box(middle).grown(0.5)
    reach = Box(-1e9, probe.y, 2e9, probe.height) if line.horizontal else Box(probe.x, -1e9, probe.width, 2e9)
    art = [a for a in (slot.grown(page.bleed) for slot in page.slots) if reach.overlaps(a)]
    # off the art first (in the margin, where the label reads best), then nearest the middle
    places = sorted((lo + width / 2 + k * 0.5 for k in range(int((hi - lo - width) / 0.5) + 1)),
                    key=lambda at: (any(box(at).grown(0.5).overlaps(a) for a in art), abs(at - middle)))
    at = next((at for at in places if not any(m.enters(box(at).grown(0.5)) for m in others)), middle)
    return line, box(at)


def write_pdf(
    path: str | os.PathLike[str],
    imposition: Imposition,
    *,
    title: str = "",
    colour: Colour = "rgb",
    cache: FaceCache | None = None,
    progress: Progress | None = None,
) -> Path:
    """Write `imposition` as a vector PDF to `path` atomically and return the path.

    Pages carry a TrimBox (the union of the faces' trim boxes) and a BleedBox (that grown by the
    bleed, inside the MediaBox). `colour="cmyk"` writes every colour as CMYK. `cache` shares
    parsed faces across the PDFs of a build. `progress(done, total)` is called after each face
    form and each page.
    """
    if colour not in ("rgb", "cmyk"):
        raise LayoutError("colour", f"unknown colour mode {colour!r}; use rgb|cmyk")
    cmyk = colour == "cmyk"
    font = ensure_font()
    cache = cache if cache is not None else FaceCache()
    faces = {f.key: f for f in imposition.faces}
    used = list(dict.fromkeys(p.face_key for page in imposition.pages for p in page.placements))
    total = len(used) + len(imposition.pages)
    done = 0
    black = _BLACK_CMYK if cmyk else _BLACK_RGB
    how = how_to_print(imposition)
    n_pages = len(imposition.pages)
    target = Path(path)
    with atomic_path(target) as tmp:
        first = imposition.pages[0]
        size = (mm_to_pt(first.width), mm_to_pt(first.height))
        c = _canvas(str(tmp), size)
        c.setTitle(title or target.stem)
        c.setCreator("cardgen")
        for key in used:
            add_form(c, cache, faces[key], cmyk, imposition.bleed)
            done += 1
            if progress is not None:
                progress(done, total)
        for page in imposition.pages:
            H = page.height
            c.setPageSize((mm_to_pt(page.width), mm_to_pt(H)))
            c.setTrimBox(pt_box(page.trim_box, H))
            c.setBleedBox(pt_box(page.bleed_box, H))
            for p in page.placements:
                c.saveState()
                c.translate(mm_to_pt(p.trim.x - p.bleed), mm_to_pt(H - p.trim.bottom - p.bleed))
                if p.turned:  # upside down in its own box
                    c.translate(mm_to_pt(p.trim.width + 2 * p.bleed), mm_to_pt(p.trim.height + 2 * p.bleed))
                    c.rotate(180)
                c.doForm(form_name(p.face_key))
                c.restoreState()
            fold = draw_marks(c, page, black)
            text = f"{title} · " if title else ""
            side = "fronts and backs" if page.side == "both" else page.side
            text += f"page {page.number}/{n_pages} ({side}) · {how} · print at 100 % / actual size"
            c.setFillColor(black)
            c.setFont(font, FOOTER_SIZE)
            if page.registration is not None:
                draw_registration(c, page, black)
                # below the cutting area, right of the bottom-left mark: no sensor looks there
                c.drawString(mm_to_pt(page.content.x + 23), mm_to_pt(4.5), text)
            elif page.footer is not None:
                for line in footer_lines(page, text, label_font(FOOTER_SIZE), () if fold is None else (fold,)):
                    c.drawString(mm_to_pt(line.x), mm_to_pt(H - line.y), line.text)
            c.showPage()
            done += 1
            if progress is not None:
                progress(done, total)
        c.save()
    return target
