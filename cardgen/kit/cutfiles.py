"""The cutter sheets' cut files (`--cutter`): one per front page in the machine's format,
`cards-a4-silhouette-1.dxf`, and the same as SVG, `cards-a4-silhouette-1.svg`; and the manifest entry of a cutter sheet PDF, which says which file goes to which program."""

from __future__ import annotations

from cardgen import words
from cardgen.kit.draw import Imposed, Kit
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Entry, Job, Writer, Written
from cardgen.print.cutfile import write_cut_file
from cardgen.print.cutter import Machine, machine


def _fronts(sheet: Imposed) -> list[int]:
    """The page numbers of the sheet's front pages (those the machine reads and cuts)."""
    return [p.number for p in sheet.imposition.pages if p.registration is not None]


def cut_names(sheet: Imposed, m: Machine, suffix: str | None = None) -> list[str]:
    """The cut files of a cutter sheet PDF in the machine's format (or `suffix`'s), one per
    front page, in order."""
    stem = sheet.file.removesuffix(".pdf")
    return [f"{stem}-{n}.{suffix or m.cut_format}" for n in range(1, len(_fronts(sheet)) + 1)]


def _cutter_sheets(kit: Kit) -> list[Imposed]:
    return [s for s in kit.sheets if s.imposition.pages[0].registration is not None]


def cutter_entry(sheet: Imposed, spec: KitSpec) -> Entry:
    """The manifest entry of a cutter sheet PDF: how to print it, and which cut file goes with
    which page to the machine's program."""
    m = machine(sheet.layout)
    imp = sheet.imposition
    two = len(imp.pages) > len(_fronts(sheet))
    pages = "each front page followed by its back page, " if two else ""
    sides = ("double-sided, flip on the long edge (--back-offset from the calibration sheet applies)" if two
             else "single-sided")
    names = cut_names(sheet, m)
    return {
        "file": sheet.file, "type": "pdf", "component": sheet.part.component.stem, "paper": spec.paper,
        "layout": "cutter", "cutter": m.name, "program": m.program, "pages": len(imp.pages),
        "fronts": sum(len(p.placements) for p in imp.pages if p.registration is not None),
        "per_sheet": len(imp.pages[0].slots), "landscape": imp.landscape, "sides": sides,
        "colour": spec.colour, "bleed_mm": imp.bleed, "gap_mm": imp.gutter, "cut_files": names,
        "print": f"{pages}{sides}, at 100 % (actual size, no fit-to-page), from a PDF viewer",
        "cutting_order": (f"for the {m.title}: open the sheet's cut file in {m.program} ({names[0]} for the "
                          f"first sheet, then -2, -3 …), put its PAGE outline on the page's corner and "
                          f"delete it, turn on registration marks (Type 1, inset {m.inset:g} mm, length "
                          f"{m.arm:g} mm, thickness {m.stroke:g} mm), lay the printed front face up on "
                          f"the mat and send the job: the machine reads the marks and cuts every piece "
                          f"(docs/printing.md walks through it)"),
    }


class CutFiles(Writer[None]):
    """The cut file of every front page of every cutter sheet."""

    name = "cut files"
    option = "pdf"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """One per cut file."""
        return sum(2 * len(_fronts(s)) for s in _cutter_sheets(kit))

    def write(self, job: Job, started: None) -> Written:
        """Write them; one manifest entry each, naming its sheet, page and program."""
        out = Written()
        for sheet in _cutter_sheets(job.kit):
            m = machine(sheet.layout)
            fronts = [p for p in sheet.imposition.pages if p.registration is not None]
            for suffix, program in ((m.cut_format, m.program), ("svg", f"{m.program} Designer Edition or another "
                                                                       "program that opens SVG")):
                names = cut_names(sheet, m, suffix)
                for page, name in zip(fronts, names):
                    write_cut_file(job.folder / name, page)
                    job.advance(1)
                    out.entries.append({"file": name, "type": "cut", "format": suffix, "component": sheet.part.component.stem,
                                        "sheet": sheet.file, "page": page.number, "program": program,
                                        "pieces": len(page.slots)})
                out.lines.append(f"{job.folder}/{names[0].rsplit('-', 1)[0]}-*.{suffix}: "
                                 f"{words.count(len(names), 'cut file')} for {program}")
        return out
