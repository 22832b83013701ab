"""Writing a game's rule booklets: `rules-<lang>-<sheet>-duplex-short.pdf` (A5 pages imposed for
saddle stitching on A4 or Letter) and `rules-<lang>-a5-read.pdf` (one A5 page per page, for
screens), atomically, with their manifest entries. The languages are typeset in worker processes
while the caller draws the card sheets (`start_booklets`).

The text is `templates/<game>/rules-<lang>.txt` (see `markup`); the numbers come from the set
file (`--set`), the diagrams from engine positions drawn with the game's art. This module knows
no game: each game's kit hands it a `BookletContent` (its values and figures).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.booklet.impose import impose_pdf, padded, placement
from cardgen.booklet.markup import PROGRAM, Document, parse
from cardgen.booklet.pages import Figure, PageSpec, notes_pages, render_pages
from cardgen.booklet.words import COLOURS, mm
from cardgen.errors import DataError
from cardgen.options import DEFAULT_BLEED
from cardgen.print.files import write_bytes_atomic
from cardgen.sets import template_path
from cardgen.workers import stop_pool, worker_start


@dataclass(frozen=True, slots=True)
class BookletContent:
    """What one game's booklet needs besides its text: `values(set, lang)` gives the numbers and
    names the text prints, `figures(set, lang, doc)` the diagrams by name (drawn on demand), and
    `names` the game's, its authors' and publishers' names, which are never hyphenated (nor
    are the colours' names and the program's: `kept_names`)."""

    game: str
    values: Callable[[Any, str], Mapping[str, object]]
    figures: Callable[[Any, str, Document], Mapping[str, Callable[[], Figure]]]
    names: tuple[str, ...] = ()
    texts: Path | None = None
    """The folder of the texts `rules-<lang>.txt`; None: the game's folder of the built-in
    templates (`templates/<game>/`)."""
    layout: Callable[[Any, str, float], Mapping[str, str]] | None = None
    """The sentences that follow the kit's sheet geometry: `layout(set, paper, bleed)` names,
    for each such placeholder of the text, the caption of the text that fills it (Irrläufer's
    castles, on the parts sheet where they fit there, else on their own sheets)."""


def kept_names(content: BookletContent, lang: str) -> tuple[str, ...]:
    """Every name a booklet in `lang` never hyphenates: the game's own (`content.names`), the
    colours' (in `lang` and in English) and the program's."""
    colours = [*COLOURS[lang].values(), *COLOURS["en"].values()]
    return tuple(dict.fromkeys([*content.names, *colours, PROGRAM]))


SHEET = {"a4": "a4", "a3": "a4", "letter": "letter", "tabloid": "letter"}
"""The sheet a booklet is imposed on for each `--paper` (A3/Tabloid builds fold A4/Letter)."""


EDGE_WORDS = {"de": {"long": "langen", "short": "kurzen"}, "en": {"long": "long", "short": "short"}}
"""The duplex flip edge as the booklet texts say it ("Wenden an der {edge} Kante")."""


def text_path(content: BookletContent, lang: str) -> Path:
    """Where the booklet text of `content`'s game in `lang` lives."""
    name = f"rules-{lang}.txt"
    return content.texts / name if content.texts is not None else template_path(content.game, name)


def sheet_gap(paper: str, bleed: float) -> tuple[float, float]:
    """(gap, bleed) in mm between neighbouring cards or tiles on the kit's sheets, as the
    imposition lays them out (`cardgen.print.impose`: by default the two faces' bleeds side by
    side): a probe face with the build's bleed, imposed as the kit's sheets are."""
    from cardgen.print.faces import Face, Item
    from cardgen.print.impose import LayoutOptions, impose
    from cardgen.print.paper import paper as paper_of

    probe = Face("probe", "<svg/>", 40.0, 40.0, bleed)
    imp = impose([Item(probe, None, 2)], LayoutOptions(paper=paper_of(paper), bleed=bleed))
    return imp.gutter, imp.bleed


def document(content: BookletContent, lang: str, source: Any, paper: str = "a4", flip: str = "long",
             bleed: float | None = None) -> Document:
    """The parsed booklet text of `content`'s game in `lang`, its numbers filled from `source`
    (the set); `{kit}` is the paper name in the kit's file names, `{flip}` their duplex edge and
    `{sheet}` the paper the booklet itself is printed on; `{edge}` names that duplex edge in the
    booklet's language. `{cutting}` says how the sheets are cut, from their geometry for the
    build's `bleed` (`sheet_gap`): the text's caption `cut-gap` (slots `[gap]`, `[bleed]`) when
    the cards lie apart, `cut-edge` when they lie edge to edge; the game's `layout` fills its
    placeholders with the captions it names for that paper and bleed."""
    path = text_path(content, lang)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), f"no booklet text for language {lang!r}") from None
    names = {"kit": paper, "flip": flip, "sheet": SHEET.get(paper, "a4"), "edge": EDGE_WORDS[lang][flip]}
    bleed = DEFAULT_BLEED if bleed is None else bleed
    captions = dict(content.layout(source, paper, bleed)) if content.layout is not None else {}
    values = {**content.values(source, lang), **names, "cutting": "", **dict.fromkeys(captions, "")}
    doc = parse(text, values, str(path))
    if "caption:cut-gap" not in doc.texts and not captions:
        return doc
    if "caption:cut-gap" in doc.texts:
        gap, each = sheet_gap(paper, bleed)
        values["cutting"] = (doc.caption("cut-gap", gap=mm(gap, lang), bleed=mm(each, lang)) if gap > 0
                             else doc.caption("cut-edge"))
    values.update((key, doc.caption(name)) for key, name in captions.items())
    return parse(text, values, str(path))


@dataclass(frozen=True, slots=True)
class Typeset:
    """One language's booklet as typeset: its text pages as PDF (the reading version), their
    number, and what the notes pages that pad it to a multiple of 4 say (see `padded_pdf`)."""

    lang: str
    pages: bytes
    count: int
    spec: PageSpec
    notes: str


def typeset_booklet(content: BookletContent, lang: str, source: Any, paper: str = "a4",
                    flip: str = "long", bleed: float | None = None) -> Typeset:
    """Typeset one language's booklet. Runs in a worker process while the card sheets are
    drawn: everything it takes and gives is plain data."""
    game = content.game
    doc = document(content, lang, source, paper, flip, bleed)
    spec = PageSpec(doc.texts.get("caption:title", game), doc.texts.get("caption:footer", game))
    pages, n = render_pages(doc, lang, content.figures(source, lang, doc), spec, kept_names(content, lang))
    return Typeset(lang, pages, n, spec, doc.texts.get("caption:notes", "Notes"))


def padded_pdf(typeset: Typeset) -> bytes:
    """The typeset pages followed by ruled notes pages up to a multiple of 4, for imposition."""
    from pypdf import PdfReader, PdfWriter

    from cardgen.print.pdfmeta import pdf_date, retag_subsets

    n = typeset.count
    extra = padded(n) - n
    if not extra:
        return typeset.pages
    notes = notes_pages(n + 1, extra, typeset.spec, typeset.notes)
    writer = PdfWriter()
    for data in (typeset.pages, notes):
        for page in PdfReader(io.BytesIO(data)).pages:
            writer.add_page(page)
    date = pdf_date()
    writer.add_metadata({"/Title": typeset.spec.title, "/Creator": "cardgen", "/Producer": "cardgen (pypdf)",
                         "/CreationDate": date, "/ModDate": date})
    retag_subsets(writer)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def booklet_pages(content: BookletContent, lang: str, source: Any, paper: str = "a4",
                  flip: str = "long", bleed: float | None = None) -> tuple[bytes, bytes, int]:
    """(reading PDF, padded PDF for imposition, number of text pages) of one booklet."""
    typeset = typeset_booklet(content, lang, source, paper, flip, bleed)
    return typeset.pages, padded_pdf(typeset), typeset.count


def booklet_name(lang: str, sheet: str) -> str:
    """The imposed booklet's file name: language, sheet and flip edge (`rules-de-a4-duplex-short.pdf`)."""
    return f"rules-{lang}-{sheet}-duplex-short.pdf"


def reading_name(lang: str) -> str:
    """The reading version's file name (one A5 page per page): `rules-de-a5-read.pdf`."""
    return f"rules-{lang}-a5-read.pdf"


BookletFiles = tuple[dict[str, bytes], list[dict[str, Any]]]
"""A booklet's files (name -> PDF bytes) and their manifest entries."""


def booklet_files(typeset: Typeset, paper: str, colour: str = "rgb",
                  icc: Path | None = None, press: str | None = None) -> BookletFiles:
    """A typeset booklet's files (name -> PDF bytes, nothing written: the imposed booklet and
    the reading version, in the sheets' colour mode) and their manifest entries (see
    `booklet_job` for which process makes them)."""
    lang, read, full, n = typeset.lang, typeset.pages, padded_pdf(typeset), typeset.count
    if colour == "cmyk":  # the booklets follow the sheets' colour mode
        from cardgen.print.colour import converter
        from cardgen.print.pdfcolour import to_cmyk_pdf

        convert = converter(icc, press=press).colour
        read, full = to_cmyk_pdf(read, convert), to_cmyk_pdf(full, convert)
    sheet = SHEET.get(paper, "a4")
    paper_name = "A4" if sheet == "a4" else "Letter"
    total = len(_pages(full))
    scale = placement(sheet)[0]  # the A5 pages are shrunk only where they do not fit (Letter)
    scaled = f"; the A5 pages are printed at {scale * 100:.1f} % to fit {paper_name}" if scale < 1 else ""
    files = {booklet_name(lang, sheet): impose_pdf(full, sheet, parse_title(full), lang), reading_name(lang): read}
    # type "booklet" (a PDF): kept apart from the card/tile sheets, which carry "fronts"
    entries = [{
        "file": booklet_name(lang, sheet), "type": "booklet", "format": "pdf", "component": "rules",
        "lang": lang, "paper": sheet, "layout": "saddle-stitch", "pages": total // 2,
        "booklet_pages": total, "sides": "double-sided", "flip": "short",
        "print": (f"double-sided on {paper_name} (landscape), flip on the short edge, at 100 % "
                  f"(actual size){scaled}; fold the stack in the middle and staple twice on the fold"),
        "cutting_order": "none: fold the printed sheets as one stack, then staple on the fold",
    }, {
        "file": reading_name(lang), "type": "booklet", "format": "pdf", "component": "rules",
        "lang": lang, "paper": "a5", "layout": "reading", "pages": n,
        "print": "for reading on screen (one A5 page per page); print the booklet instead",
    }]
    return files, entries


def booklet_job(content: BookletContent, lang: str, source: Any, paper: str, flip: str, colour: str,
                icc: Path | None, last: bool, bleed: float | None = None,
                press: str | None = None) -> Typeset | BookletFiles:
    """A worker's job: typeset one language's booklet (its cutting text for the sheets' `bleed`);
    when it is the `last` job of its worker, also pad and impose it (`booklet_files`), as
    nothing else waits for that worker, while the calling process does so for the languages
    typeset before."""
    typeset = typeset_booklet(content, lang, source, paper, flip, bleed)
    return booklet_files(typeset, paper, colour, icc, press) if last else typeset


def booklet_workers(langs: int, cores: int, sheets: bool) -> int:
    """How many processes typeset `langs` booklets on `cores` cores, beside a process drawing
    the sheets (`sheets`) or not. A process typesets a second language in about 40 % of the
    first one's time (the diagrams' card art, the imports and the figures are done), so with
    the sheets taking one core of two, one process for both languages finishes sooner than
    two processes sharing the other core."""
    free = cores - 1 if sheets else cores
    return max(1, min(langs, free))


class Booklets:
    """A game's booklets being typeset in worker processes while the caller draws the card
    sheets (`booklet_workers`: one per language where there are cores for it, else one for
    all); `finish` waits for them and writes them.

    Use it as a context manager: leaving the block early (an error, Ctrl-C) stops the workers.
    """

    def __init__(self, content: BookletContent, options: Any, source: Any, sheets: bool = True) -> None:
        self.folder = Path(options.out) / content.game
        self.langs: tuple[str, ...] = tuple(options.langs) if options.wants("booklets") else ()
        self.sheet = SHEET.get(options.paper, "a4")
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: list[Future[Typeset | BookletFiles]] = []
        self._paper, self._colour, self._icc = options.paper, options.colour, options.icc
        self._press: str | None = getattr(options, "press", None)
        self._entries: list[dict[str, Any]] | None = None
        self.workers = 0
        """How many worker processes typeset the booklets (0 without languages)."""
        if not self.langs:
            return
        # The fonts are registered by the worker (render_pages), not here before the fork: that
        # took ~0.09 s during which neither the sheets nor the booklets got on (the sheets need
        # only the regular sans, which they register themselves).
        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        self.workers = workers = booklet_workers(len(self.langs), os.cpu_count() or 1, sheets)
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                         initializer=worker_start, initargs=(os.getpid(),))
        # Each worker takes the next language when free, so the last `workers` jobs are the
        # last ones of their workers.
        last = len(self.langs) - workers
        self._jobs = [self._pool.submit(booklet_job, content, lang, source, options.paper, options.flip,
                                        options.colour, options.icc, i >= last, options.bleed, self._press)
                      for i, lang in enumerate(self.langs)]

    def __enter__(self) -> Booklets:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if self._pool is not None:
            if kind is not None:
                stop_pool(self._pool)  # leaving on an error or a signal: stop the typesetting now
            else:
                self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def finish(self) -> list[dict[str, Any]]:
        """Wait for every booklet, write its files atomically; their manifest entries."""
        if self._entries is None:
            entries: list[dict[str, Any]] = []
            for job in self._jobs:
                # A booklet typeset before its worker's last one is padded and imposed here, not
                # by the worker: when the sheets are done this process has a core to itself,
                # and the worker meanwhile typesets the next language.
                result = job.result()
                files, more = booklet_files(result, self._paper, self._colour, self._icc, self._press) \
                    if isinstance(result, Typeset) else result
                for name, data in files.items():
                    write_bytes_atomic(self.folder / name, data)
                entries.extend(more)
            self._entries = entries
        return self._entries

    def summary(self) -> list[str]:
        """One line for the terminal (none without languages)."""
        if not self.langs:
            return []
        return [f"{self.folder}/{booklet_name('{' + ','.join(self.langs) + '}', self.sheet)}: rule booklets "
                f"(fold) and {reading_name('…')} versions"]


def start_booklets(content: BookletContent, options: Any, source: Any, sheets: bool = True) -> Booklets:
    """Start typesetting the booklets of `content`'s game for every language of `options`
    (`source` is the loaded set) while the caller draws sheets (`sheets`) or not; see
    `Booklets`."""
    return Booklets(content, options, source, sheets)


def write_booklets(content: BookletContent, options: Any, source: Any) -> list[dict[str, Any]]:
    """Render and write the booklets of `content`'s game into `options.out/game`; the manifest
    entries."""
    with start_booklets(content, options, source, sheets=False) as booklets:
        return booklets.finish()


def _pages(data: bytes) -> list[Any]:
    from pypdf import PdfReader

    return list(PdfReader(io.BytesIO(data)).pages)


def parse_title(data: bytes) -> str:
    """The title stored in a PDF's metadata (empty if none)."""
    from pypdf import PdfReader

    meta = PdfReader(io.BytesIO(data)).metadata
    return str(meta.title) if meta and meta.title else ""
