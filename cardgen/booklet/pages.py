"""The booklet's A5 pages: parsed blocks and figures laid out with reportlab platypus.

Real text in embedded DejaVu fonts (serif for reading, sans for headings and captions), German
hyphenation through pyphen (reportlab's `hyphenationLang`; `hyphens` reads the patterns lazily),
diagrams as vector drawings, a page number in every footer. Deterministic output (reportlab's invariant mode).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reportlab import rl_config  # type: ignore[import-untyped]
from reportlab.graphics.shapes import Drawing, Group  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.lib.enums import TA_CENTER, TA_LEFT  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from cardgen import fonts
from cardgen.booklet.hyphens import Hyphenator, hyphenator
from cardgen.booklet.markup import Block, Document, inline as inline_markup
from cardgen.errors import LayoutError

HYPHENATION = {"de": "de_DE", "en": "en_US"}
MARGIN = {"top": 13.0, "bottom": 17.0, "inner": 14.0, "outer": 12.0}
"""Page margins in mm: at least 10 mm everywhere, so nothing is lost in print."""
FOOTER_Y = 9.0
INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#7a2e12")
GREY = colors.HexColor("#8a8a80")

A5 = (148.0, 210.0)
"""The booklet page in mm."""


def ensure_fonts() -> None:
    """Register the DejaVu serif and sans families shipped with cardgen (once per process)."""
    fonts.register()


def styles(lang: str, keep: Sequence[str] = ()) -> dict[str, ParagraphStyle]:
    """The paragraph styles of a booklet in `lang` (9.5 pt text, hyphenated, ragged right);
    the words of `keep` (names) are never hyphenated.

    Ragged right because the A5 column holds only ~60 characters: justified lines there open
    gaping word spaces wherever a long word cannot be hyphenated. reportlab's own breaking at a
    word's hyphens is off: the `Hyphenator` offers those breaks, under the same rules as the
    others (`hyphens`)."""
    hy = {"hyphenationLang": hyphenator(HYPHENATION.get(lang, ""), keep), "embeddedHyphenation": 0,
          "uriWasteReduce": 0.3}
    body = ParagraphStyle("body", fontName="DejaVuSerif", fontSize=9.5, leading=12.6, textColor=INK,
                          alignment=TA_LEFT, spaceAfter=4.2, bulletFontName="DejaVuSerif", **hy)

    return {
        "para": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=11, bulletIndent=2, spaceAfter=2.6),
        "note": ParagraphStyle("note", parent=body, fontName="DejaVuSans-Oblique", fontSize=8.3,
                               leading=10.8, textColor=colors.HexColor("#4a4a44"), leftIndent=8,
                               borderPadding=(2, 4, 2, 5), borderColor=colors.HexColor("#c9b9a0"),
                               borderWidth=0, spaceBefore=1, spaceAfter=6, alignment=TA_LEFT),
        "title": ParagraphStyle("title", fontName="DejaVuSans-Bold", fontSize=24, leading=28,
                                textColor=ACCENT, alignment=TA_CENTER, spaceAfter=4),
        "subtitle": ParagraphStyle("subtitle", fontName="DejaVuSans", fontSize=10, leading=13,
                                   textColor=INK, alignment=TA_CENTER, spaceAfter=10),
        "h2": ParagraphStyle("h2", fontName="DejaVuSans-Bold", fontSize=12, leading=15, textColor=ACCENT,
                             spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "h3": ParagraphStyle("h3", fontName="DejaVuSans-Bold", fontSize=9.8, leading=12.5, textColor=INK,
                             spaceBefore=5, spaceAfter=2.5, keepWithNext=1),
        "caption": ParagraphStyle("caption", fontName="DejaVuSans", fontSize=7.8, leading=9.8,
                                  textColor=colors.HexColor("#3a3a36"), alignment=TA_CENTER,
                                  spaceBefore=2, spaceAfter=8, **hy),
    }


MAX_HYPHENATED = 2
"""The most lines in a row of one paragraph that may end in a hyphen."""


def line_texts(lines: Any) -> list[str]:
    """The text of each line reportlab broke a paragraph into (`Paragraph.blPara`)."""
    if lines.kind == 0:
        return [" ".join(words) for _, words in lines.lines]
    return ["".join(getattr(w, "text", "") for w in line.words) for line in lines.lines]


class Para(Paragraph):  # type: ignore[misc]
    """A paragraph with at most MAX_HYPHENATED hyphenated lines in a row: where a longer run
    would begin, the line is broken again with that split refused (`Hyphenator.veto`)."""

    def breakLines(self, width: Any) -> Any:
        hy = getattr(self.style, "hyphenationLang", None)
        if not isinstance(hy, Hyphenator):
            return super().breakLines(width)
        veto: frozenset[int] = frozenset()
        while True:
            hy.begin(veto)
            lines = super().breakLines(width)
            taken = hy.taken
            ends = [t.rstrip().endswith("-") for t in line_texts(lines)]
            run, split = 0, 0
            for hyphenated in ends:
                run = run + 1 if hyphenated else 0
                if run > MAX_HYPHENATED and split < len(taken):
                    break
                split += hyphenated
            else:
                return lines
            veto = veto | {taken[split]}


@dataclass(frozen=True, slots=True)
class Shown:
    """A position a diagram draws, as the engine holds it (a `GameState`), and the move drawn on
    it, if any: legal there (`rule` None), or a forbidden example that the engine refuses with
    `rule`, the rule id whose reason the caption gives (`claims.problems` checks both)."""

    state: Any
    move: Any = None
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Figure:
    """A diagram for the booklet: a reportlab Drawing (vectors, any size) and its caption (may
    use the inline markup). `max_height` in mm limits the drawn size. `shows` are the engine
    positions (and moves) it draws; a figure of the kit's pieces that draws no position says
    `catalogue`."""

    drawing: Drawing
    caption: str
    max_height: float = 85.0
    max_width: float | None = None
    shows: tuple[Shown, ...] = ()
    catalogue: bool = False


class _Drawing(Flowable):  # type: ignore[misc]
    """A Drawing scaled to fit (never enlarged beyond 1.6x), centred in the frame."""

    def __init__(self, drawing: Drawing, max_w: float, max_h: float) -> None:
        super().__init__()
        self.d = drawing
        self.scale = min(max_w / drawing.width, max_h / drawing.height, 1.6)
        self.w, self.h = drawing.width * self.scale, drawing.height * self.scale

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.aw = aw
        return aw, self.h

    def draw(self) -> None:
        from reportlab.graphics import renderPDF  # type: ignore[import-untyped]

        c = self.canv
        c.saveState()
        c.translate((self.aw - self.w) / 2, 0)
        clip = c.beginPath()  # board crops draw beyond their window: keep them inside it
        clip.rect(0, 0, self.w, self.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.scale(self.scale, self.scale)
        self.d.initialFontName = "DejaVuSans"  # reportlab would start each drawing in Helvetica
        renderPDF.draw(self.d, c, 0, 0, showBoundary=False)
        c.restoreState()


def rule_marker(ids: Sequence[str]) -> str:
    """What a paragraph's rule anchors print: nothing. The anchors are the table from engine
    rule ids to paragraphs (`rule_table`); players read the rule, not its id."""
    return ""


@dataclass(frozen=True, slots=True)
class PageSpec:
    """What the PDF metadata and the footers say: the booklet's title and the footer label."""

    title: str
    footer: str


def story(doc: Document, lang: str, figures: Mapping[str, Callable[[], Figure]], spec: PageSpec,
          frame_w: float, keep: Sequence[str] = ()) -> list[Any]:
    """The platypus flowables of a parsed booklet text; the names `keep` are never hyphenated
    and a name of several words never breaks over two lines."""
    st = styles(lang, keep)
    out: list[Any] = []
    for block in doc.blocks:
        out.extend(_flowables(block, st, figures, spec, frame_w, keep))
    return out


def _flowables(block: Block, st: dict[str, ParagraphStyle], figures: Mapping[str, Callable[[], Figure]],
               spec: PageSpec, frame_w: float, keep: Sequence[str]) -> list[Any]:
    marker = rule_marker(block.rules)

    def inline(text: str) -> str:
        return inline_markup(text, keep)

    if block.kind == "title":
        return [Spacer(1, 4 * mm), Para(inline(block.text), st["title"])]
    if block.kind == "subtitle":
        return [Para(inline(block.text), st["subtitle"])]
    if block.kind == "pagebreak":
        return [PageBreak()]
    if block.kind == "h2":
        return [CondPageBreak(32 * mm), Para(inline(block.text) + marker, st["h2"])]
    if block.kind == "h3":
        return [CondPageBreak(25 * mm), Para(inline(block.text) + marker, st["h3"])]
    if block.kind == "bullet":
        return [Para(inline(block.text) + marker, st["bullet"], bulletText=block.label or "•")]
    if block.kind == "note":
        return [Para(inline(block.text) + marker, st["note"])]
    if block.kind == "diagram":
        try:
            fig = figures[block.text]()
        except KeyError:
            raise LayoutError(f"diagram {block.text!r}", f"no such diagram (known: {', '.join(figures)})") \
                from None
        max_w = (fig.max_width * mm) if fig.max_width else frame_w
        return [KeepTogether([Spacer(1, 2), _Drawing(fig.drawing, max_w, fig.max_height * mm),
                              Para(inline(fig.caption), st["caption"])])]
    return [Para(inline(block.text) + marker, st["para"])]


def _footer(spec: PageSpec) -> Callable[[Canvas, Any], None]:
    def draw(c: Canvas, doc: Any) -> None:
        n = c.getPageNumber()
        c.saveState()
        c.setFillColor(GREY)
        c.setFont("DejaVuSans", 8.5)
        c.drawCentredString(A5[0] / 2 * mm, FOOTER_Y * mm, str(n))
        c.setFont("DejaVuSans", 6.5)
        if n % 2:  # right-hand page: label on the outer (right) side
            c.drawRightString((A5[0] - MARGIN["outer"]) * mm, FOOTER_Y * mm, spec.footer)
        else:
            c.drawString(MARGIN["outer"] * mm, FOOTER_Y * mm, spec.footer)
        c.restoreState()
    return draw


def _frame(odd: bool) -> Frame:
    left = MARGIN["inner"] if odd else MARGIN["outer"]
    right = MARGIN["outer"] if odd else MARGIN["inner"]
    return Frame(left * mm, MARGIN["bottom"] * mm, (A5[0] - left - right) * mm,
                 (A5[1] - MARGIN["top"] - MARGIN["bottom"]) * mm, leftPadding=0, rightPadding=0,
                 topPadding=0, bottomPadding=0, id="odd" if odd else "even")


FRAME_WIDTH = (A5[0] - MARGIN["inner"] - MARGIN["outer"]) * mm


@contextmanager
def binary_streams() -> Iterator[None]:
    """reportlab's PDFs written meanwhile store their compressed streams as they are, without
    reportlab's default ASCII85 wrapping (text-safe, a quarter larger): the booklet's pages are
    read back with pypdf to impose them, and its pure-Python ASCII85 decoder was a fifth of
    that. reportlab has this only as a global setting, hence the set-and-restore."""
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


def render_pages(doc: Document, lang: str, figures: Mapping[str, Callable[[], Figure]],
                 spec: PageSpec, keep: Sequence[str] = ()) -> tuple[bytes, int]:
    """The A5 pages of the booklet as PDF bytes, and their number; `keep`: names never
    hyphenated (see `story`)."""
    with binary_streams():
        return _render_pages(doc, lang, figures, spec, keep)


def _render_pages(doc: Document, lang: str, figures: Mapping[str, Callable[[], Figure]],
                  spec: PageSpec, keep: Sequence[str]) -> tuple[bytes, int]:
    ensure_fonts()
    buf = io.BytesIO()
    template = BaseDocTemplate(buf, pagesize=(A5[0] * mm, A5[1] * mm), title=spec.title,
                               author="cardgen", creator="cardgen", invariant=0, lang=lang,
                               initialFontName="DejaVuSerif")  # never reportlab's unembedded Helvetica
    footer = _footer(spec)
    template.addPageTemplates([
        PageTemplate("odd", [_frame(True)], onPage=footer, autoNextPageTemplate="even"),
        PageTemplate("even", [_frame(False)], onPage=footer, autoNextPageTemplate="odd"),
    ])
    template.build(story(doc, lang, figures, spec, FRAME_WIDTH, keep))
    return buf.getvalue(), template.page


def notes_pages(first: int, count: int, spec: PageSpec, heading: str) -> bytes:
    """`count` ruled notes pages numbered from `first`, to fill the booklet to a multiple of 4."""
    with binary_streams():
        return _notes_pages(first, count, spec, heading)


def _notes_pages(first: int, count: int, spec: PageSpec, heading: str) -> bytes:
    # Only the two faces these pages use: they are made by the process that drew the sheets,
    # which has no other use for the booklet fonts (each face costs ~0.01 s to read).
    fonts.register_face("DejaVuSans")
    fonts.register_face("DejaVuSans-Bold")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(A5[0] * mm, A5[1] * mm), invariant=1, initialFontName="DejaVuSans")
    footer = _footer(spec)
    for i in range(count):
        n = first + i
        c._pageNumber = n  # the footer reads the page number from the canvas
        left = MARGIN["inner"] if n % 2 else MARGIN["outer"]
        right = A5[0] - (MARGIN["outer"] if n % 2 else MARGIN["inner"])
        top = A5[1] - MARGIN["top"]
        c.setFont("DejaVuSans-Bold", 12)
        c.setFillColor(ACCENT)
        c.drawString(left * mm, (top - 5) * mm, heading)
        c.setStrokeColor(colors.HexColor("#cfcfc6"))
        c.setLineWidth(0.4)
        y = top - 16
        while y > MARGIN["bottom"] + 2:
            c.line(left * mm, y * mm, right * mm, y * mm)
            y -= 8
        footer(c, None)
        c.showPage()
    c.save()
    return buf.getvalue()


def group_of(drawing: Drawing) -> Group:
    """The drawing's contents as one group (to nest a Drawing inside another)."""
    g = Group()
    for item in drawing.contents:
        g.add(item)
    return g
