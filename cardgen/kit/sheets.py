"""The grid sheet PDFs: every component in every layout the build makes
(`cards-a4-duplex-long.pdf`), written by this process and the build's worker, every second file
each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Literal

from cardgen import words
from cardgen.kit.calibration import calibration_name
from cardgen.kit.draw import Imposed, Kit
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Entry, Job, Writer, Written
from cardgen.print.impose import Imposition, Layout, impose
from cardgen.print.pdf import FaceCache, how_to_print, write_pdf

SIDES = {"single": "single-sided", "duplex": "double-sided", "gutterfold": "single-sided",
         "glue": "single-sided"}


def gaps(imp: Imposition) -> str:
    """What the gaps between the faces of a sheet take: two cuts each when they are wider than
    nothing (two bleeds), one when the faces touch."""
    if imp.gutter <= 0:
        return "the faces lie edge to edge: one cut parts two neighbours"
    return (f"the faces lie {imp.gutter:g} mm apart (their bleeds): every gap takes two cuts, one along "
            "each face, and the strip between them is waste")


def _cutting(imp: Imposition, base: str) -> str:
    base = f"{base}; {gaps(imp)}"
    if imp.options.layout is Layout.GUTTERFOLD:
        return "fold each sheet on the dashed line and glue the halves, then " + base
    if imp.options.layout is Layout.GLUE:
        return ("glue each back sheet (turned over) to its front sheet, lining up the registration "
                "crosses; when dry, " + base)
    return base


def _write_sheets(cache: FaceCache, sheets: Sequence[tuple[Path, Imposition, str]],
                  colour: Literal["rgb", "cmyk"]) -> None:
    """Write sheet PDFs (path, imposition, title) from the forms in `cache` (in the worker)."""
    for path, imp, title in sheets:
        write_pdf(path, imp, title=title, colour=colour, cache=cache)


def _fronts(imp: Imposition) -> int:
    return sum(1 for page in imp.pages for p in page.placements if p.side.value == "front")


def _per_sheet_without_bleed(sheet: Imposed, spec: KitSpec) -> int | None:
    """How many pieces a sheet of `sheet`'s layout holds with `--bleed 0` (None when it has none)."""
    if sheet.imposition.bleed <= 0:
        return None
    options = replace(spec.layout_options(sheet.layout, sheet.part.component.marks), bleed=0.0)
    return impose(sheet.part.items, options).per_page


def entry(sheet: Imposed, spec: KitSpec) -> Entry:
    """The manifest entry of one grid sheet PDF: what it holds, how to print and cut it."""
    comp, imp, layout = sheet.part.component, sheet.imposition, sheet.layout
    if layout not in SIDES:
        from cardgen.kit.cutfiles import cutter_entry

        return cutter_entry(sheet, spec)
    return {
        "file": sheet.file, "type": "pdf", "component": comp.stem, "paper": spec.paper,
        "layout": layout, "pages": len(imp.pages), "fronts": _fronts(imp),
        "per_sheet": imp.per_page, "per_sheet_without_bleed": _per_sheet_without_bleed(sheet, spec),
        "landscape": imp.landscape,
        "sides": SIDES[layout], "flip": spec.flip if layout == "duplex" else None,
        "back_offset_mm": list(spec.back_offset) if layout == "duplex" else None,
        "calibration": calibration_name(spec.paper, spec.flip, imp.landscape) if layout == "duplex" else None,
        "colour": spec.colour, "bleed_mm": imp.bleed, "marks": spec.marks or comp.marks,
        "print": how_to_print(imp) + ", at 100 % (actual size, no fit-to-page)",
        "cutting_order": _cutting(imp, comp.cutting),
    }


class GridSheets(Writer[None]):
    """Every imposed layout of every component as a PDF (`Kit.sheets`)."""

    name = "pdf"
    option = "pdf"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """One per page."""
        return sum(len(s.imposition.pages) for s in kit.sheets)

    def write(self, job: Job, started: None) -> Written:
        """The worker writes every second file (when the build has one) while this process
        writes the others."""
        kit, spec = job.kit, job.spec
        sheets = [(job.folder / s.file, s.imposition, f"{kit.title} – {s.part.component.title}")
                  for s in kit.sheets]
        theirs = job.beside(_write_sheets, sheets[1::2], spec.colour,
                            units=sum(len(imp.pages) for _, imp, _ in sheets[1::2])) if len(sheets) > 1 else None
        for path, imp, title in (sheets[0::2] if theirs else sheets):
            write_pdf(path, imp, title=title, colour=spec.colour, cache=job.cache)
            job.advance(len(imp.pages))
        out = Written()
        for sheet in kit.sheets:
            imp = sheet.imposition
            out.entries.append(entry(sheet, spec))
            out.lines.append(f"{job.folder / sheet.file}: {words.count(len(imp.pages), 'page')}, "
                             f"{words.count(_fronts(imp), 'front')} ({how_to_print(imp)})")
        return out
