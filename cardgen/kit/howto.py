"""`HOW-TO-PRINT.txt`: the manifest's printing instructions in plain words, for whoever never opens
JSON: which file suits which printer, then how to print, flip, cut and fold each file.

It is made from the manifest entries of the writers before it (`Job.entries`), so it says
exactly what the manifest says; the manifest, written after it, lists it too.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from cardgen import words
from cardgen.kit.writer import Entry, Job, Writer, Written
from cardgen.print.files import write_bytes_atomic

NAME = "HOW-TO-PRINT.txt"
WIDTH = 78
PRINTED = ("pdf", "booklet", "cutter-image")
"""The entry types of files a user prints (a cutting machine's images from its own program)."""
ONE_SIDE = {"single": "fronts only, no backs", "gutterfold": "fronts and backs on one sheet, folded",
            "glue": "front sheets and back sheets, glued together"}


def _wrap(text: str, indent: str = "", first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent]


def _pages(entry: Entry) -> str:
    pages = entry.get("pages")
    return f" ({words.count(pages, 'page')})" if isinstance(pages, int) else ""


def _choices(sheets: Sequence[Entry]) -> list[str]:
    """Which file of each grid component suits which printer."""
    out: list[str] = []
    for component in dict.fromkeys(e["component"] for e in sheets):
        mine = [e for e in sheets if e["component"] == component]
        out.append(f"{component}:")
        for e in (e for e in mine if e.get("layout") == "duplex"):
            out += _wrap(f"{e['file']}{_pages(e)}: turn the sheet on its {e['flip']} edge. Print "
                         f"{e['calibration']} first to check that the backs land behind the fronts.",
                         "      ", "  - a printer that prints both sides: ")
        single = [e for e in mine if e.get("layout") in ONE_SIDE]
        if single:
            out.append("  - a printer that prints one side only, one of:")
        for e in single:
            out += _wrap(f"{e['file']}{_pages(e)}: {ONE_SIDE[e['layout']]}.", "        ", "      ")
        for e in (e for e in mine if e.get("layout") == "cutter"):
            cuts = e["cut_files"]
            out += _wrap(f"{e['file']}{_pages(e)}, with its cut files for {e['program']}: "
                         f"{', '.join(cuts[:2])}{' …' if len(cuts) > 2 else ''} (one per sheet).",
                         "      ", f"  - a cutting machine ({e['cutter']}): ")
        for e in (e for e in mine if e.get("images")):
            images = e["images"]
            out += _wrap(f"{', '.join(images[:2])}{' …' if len(images) > 2 else ''} ({words.count(len(images), 'image')}"
                         f"), each with its outline (.svg), for {e['program']}.", "      ",
                         f"  - a cutting machine ({e['cutter']}): ")
        out += _without_bleed(mine)
    return out


def _without_bleed(sheets: Sequence[Entry]) -> list[str]:
    """For cutting by hand: how many pieces a sheet holds built with `--bleed 0` (the first
    layout's figures; the others gain alike), where that saves sheets (not for pieces that fit
    on one sheet anyway)."""
    for e in sheets:
        fewer, more, fronts = e.get("per_sheet"), e.get("per_sheet_without_bleed"), e.get("fronts")
        if isinstance(fewer, int) and isinstance(more, int) and more > fewer and \
                not (isinstance(fronts, int) and fronts <= fewer):
            return _wrap(f"cutting by hand? Build with --bleed 0: the {e['component']} then touch, {more} a "
                         f"sheet of {e['file']} instead of {fewer}, one cut between neighbours (a cut beside "
                         "the line shows a sliver of white or of the neighbour).", "    ", "  - ")
    return []


def _alternatives(printed: Sequence[Entry]) -> list[str]:
    """The parts printed in more than one way besides the grid sheets (a board over several pages
    or on one large page): print one of them."""
    out: list[str] = []
    others = [e for e in printed if e.get("type") == "pdf" and e.get("layout") not in (*ONE_SIDE, "duplex",
                                                                                      "calibration", "cutter")]
    for component in dict.fromkeys(e["component"] for e in others):
        mine = [e for e in others if e["component"] == component]
        if len(mine) > 1:
            out.append(f"{component}: one of")
            for e in mine:
                out += _wrap(f"{e['file']}{_pages(e)} on {str(e.get('paper', '')).upper()}", "        ", "    ")
    return out


def _each(entries: Iterable[Entry]) -> list[str]:
    """How to print and then cut, fold or glue every printed file."""
    out: list[str] = []
    for e in entries:
        out.append("")
        out.append(f"{e['file']}{_pages(e)}")
        out += _wrap(str(e["print"]), "         ", "  Print: ")
        cutting = e.get("cutting_order")
        if cutting:
            out += _wrap(str(cutting), "         ", "  Then:  ")
        if e.get("note"):
            out += _wrap(str(e["note"]), "         ", "  Note:  ")

    return out


def _others(entries: Iterable[Entry]) -> list[str]:
    """The files not printed at home: print-service uploads, Tabletop Simulator, PNGs."""
    out: list[str] = []
    services = sorted({e["service"] for e in entries if e.get("type") in ("service", "service-note")})
    for name in services:
        out += _wrap(f"service/{name}/: the upload files for the print service {name}; not-covered.txt "
                     "there (if any) names what it does not print.", "    ", "  - ")
    for e in (e for e in entries if e.get("type") == "tts-object"):
        out += _wrap(f"{e['file']}: Tabletop Simulator: {e['install']}. Images: {e['images']}.", "    ", "  - ")
    pngs = sum(1 for e in entries if e.get("type") == "png")
    if pngs:
        out += _wrap(f"png/: {words.count(pngs, 'face')} as images with their bleed, for print services that "
                     "take one image per design; the number after _x is how many copies a set needs.",
                     "    ", "  - ")
    return out


def how_to_print(title: str, entries: Sequence[Entry], notes: Sequence[str] = ()) -> str:
    """The text of `HOW-TO-PRINT.txt` for a kit called `title` with these manifest entries."""
    head = f"{title}: how to print this kit"
    lines = [head, "=" * len(head), ""]
    lines += _wrap("Made from manifest.json, which says the same for programs. Print every PDF at 100 % "
                   "(\"actual size\"); never \"fit to page\" or \"shrink\": a scaled print gives pieces of the "
                   "wrong size and backs that miss their fronts. Card stock (160-300 g/m2) lasts longest.")
    printed = [e for e in entries if e.get("type") in PRINTED and e.get("print")]
    sheets = [e for e in printed if e.get("layout") in ("duplex", "cutter") or e.get("layout") in ONE_SIDE
              or e.get("images")]
    choices = _choices(sheets) + _alternatives(printed)
    if choices:
        lines += ["", "WHICH FILE FOR WHICH PRINTER", "(one file of each kind is enough)"] + choices
    if printed:
        lines += ["", "EACH FILE: HOW TO PRINT IT, THEN CUT, FOLD OR GLUE"]
        lines += _each(printed)
    else:
        lines += [""] + _wrap("This build wrote no PDFs to print (see --format).")
    if notes:
        lines += ["", "LEFT OUT"]
        for note in notes:
            lines += _wrap(note, "    ", "  - ")
    others = _others(entries)
    if others:
        lines += ["", "NOT FOR YOUR PRINTER"] + others
    return "\n".join(lines) + "\n"


class HowToPrint(Writer[None]):
    """`HOW-TO-PRINT.txt` in every game folder, from the entries of the writers before it."""

    name = "how-to-print"

    def write(self, job: Job, started: None) -> Written:
        """The text, written atomically, and its entry."""
        text = how_to_print(job.kit.title, job.entries, job.kit.notes)
        write_bytes_atomic(job.folder / NAME, text.encode("utf-8"))
        return Written([{"file": NAME, "type": "text", "print": "read it: which file to print how, in plain words"}],
                       [f"{job.folder / NAME}: how to print, in plain words"])
