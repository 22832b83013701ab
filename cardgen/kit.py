"""Building a game's print kit: lay out every layout, then write PDFs, SVGs, PNGs and the manifest.

All layouts are computed before any file is written, so an impossible layout (a card too big
for the paper) fails before the output folder is touched. Every file is written atomically.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.options import BuildOptions
from cardgen.print import (
    Face, FaceCache, Flip, Imposition, Item, Layout, LayoutOptions, calibration_pdf, how_to_print, impose,
    mark_style, paper, write_pdf, write_png, write_svg,
)
from cardgen.print.files import write_bytes_atomic
from cardgen.workers import worker_start
from cardgen.kit_extras import adjusted, extras, ink_adjuster, look, precheck, rgb_to_cmyk, service_cmyk

Progress = Callable[[int, int], None]

_SIDES = {"single": "single-sided", "duplex": "double-sided", "gutterfold": "single-sided",
          "glue": "single-sided"}


@dataclass(frozen=True, slots=True)
class Component:
    """One printable group of a game (cards, tiles, markers): its file stem and its items."""

    stem: str
    title: str
    items: tuple[Item, ...]
    cutting: str
    layouts: tuple[str, ...] = ("single", "duplex", "gutterfold", "glue")
    marks: str = "corners"


@dataclass(frozen=True, slots=True)
class ExtraPdf:
    """A PDF that is not a grid layout (a board split over pages, a mixed parts sheet).

    `write(path, cache)` writes it (atomically); `entry` is its manifest entry without "file" and
    "type"; `faces` are the faces it shows with how many of each the game needs, so their SVG
    and PNG files are written and counted like those of the components. Compute everything that
    can fail before `write_kit` is called: the output folder is touched only by writing.
    """

    file: str
    write: Callable[[Path, FaceCache], object]
    entry: Mapping[str, Any]
    faces: tuple[tuple[Face, int], ...] = ()
    summary: str = ""


def pdf_name(stem: str, paper_name: str, layout: str) -> str:
    """`cards-a4.pdf` for the single layout, `cards-a4-duplex.pdf` for the others (FORMATS.md)."""
    return f"{stem}-{paper_name}.pdf" if layout == "single" else f"{stem}-{paper_name}-{layout}.pdf"


def _layout_options(options: BuildOptions, layout: str, marks: str) -> LayoutOptions:
    return LayoutOptions(paper=paper(options.paper), layout=Layout(layout), bleed=options.bleed,
                         marks=mark_style(marks), flip=Flip(options.flip),
                         back_offset=options.back_offset)


def _cutting(imp: Imposition, base: str) -> str:
    if imp.options.layout is Layout.GUTTERFOLD:
        return "fold each sheet on the dashed line and glue the halves, then " + base
    if imp.options.layout is Layout.GLUE:
        return ("glue each back sheet (turned over) to its front sheet, lining up the registration "
                "crosses; when dry, " + base)
    return base


@contextmanager
def _bar(total: int, label: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr while files are written (none with --quiet or no terminal)."""
    if quiet or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True, console=None) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


@contextmanager
def _png_pool(want: set[str]) -> Iterator[ProcessPoolExecutor | None]:
    if "png" not in want:
        yield None
        return
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ProcessPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1)), mp_context=context,
                             initializer=worker_start, initargs=(os.getpid(),)) as pool:
        try:
            yield pool
        except BaseException:
            # Ctrl-C or an error: drop the PNGs not yet started instead of writing them all first.
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def write_kit(game: str, title: str, components: Sequence[Component], options: BuildOptions,
              extra: Sequence[dict[str, Any]] = (), quiet: bool = False,
              extra_pdfs: Sequence[ExtraPdf] = ()) -> list[str]:
    """Write every component's PDFs, SVGs and PNGs under `options.out/game` plus manifest.json.

    `extra_pdfs` are written after the components' layouts (when PDFs are wanted) and their
    faces join the SVG and PNG files. Returns one summary line per file group for the terminal.
    """
    want = set(options.formats)
    precheck(options)
    adjust = ink_adjuster(components, options)
    components = [adjusted(comp, adjust) for comp in components]
    plans: list[tuple[Component, str, Imposition]] = []
    if "pdf" in want:
        for comp in components:
            for layout in options.layouts:
                if layout in comp.layouts:
                    imp = impose(comp.items, _layout_options(options, layout, options.marks or comp.marks))
                    plans.append((comp, layout, imp))
    faces: dict[str, tuple[Any, int]] = {}
    for comp in components:
        for item in comp.items:
            for face in (item.front, item.back):
                if face is not None:
                    old = faces.get(face.key, (face, 0))[1]
                    faces[face.key] = (face, old + item.count)
    for xpdf in extra_pdfs:
        for face, count in xpdf.faces:
            face = adjust(face) if adjust else face
            faces[face.key] = (face, faces.get(face.key, (face, 0))[1] + count)
    folder = options.out / game
    total = sum(len(imp.pages) for _, _, imp in plans)
    total += len(faces) * (("svg" in want) + ("png" in want)) + len(extra_pdfs) * ("pdf" in want)
    entries: list[dict[str, Any]] = []
    lines: list[str] = []
    cmyk_needed = options.colour == "cmyk" or (options.service is not None and service_cmyk(options.service))
    cache = FaceCache(adjust=adjust, convert=rgb_to_cmyk(options) if cmyk_needed else None)
    with _bar(total, f"{title}: building", quiet) as advance, _png_pool(want) as pool:
        # PNG rasterising is the slowest part: it runs on the other core while the PDFs are written.
        pngs = {key: pool.submit(write_png, face, folder / f"png/{key}_x{count}.png", dpi=options.dpi)
                for key, (face, count) in faces.items()} if pool else {}
        for comp, layout, imp in plans:
            name = pdf_name(comp.stem, options.paper, layout)
            write_pdf(folder / name, imp, title=f"{title} – {comp.title}", colour=options.colour,
                      cache=cache)
            advance(len(imp.pages))
            fronts = sum(1 for page in imp.pages for p in page.placements if p.side.value == "front")
            entries.append({
                "file": name, "type": "pdf", "component": comp.stem, "paper": options.paper,
                "layout": layout, "pages": len(imp.pages), "fronts": fronts,
                "per_sheet": imp.per_page, "landscape": imp.landscape,
                "sides": _SIDES[layout], "flip": options.flip if layout == "duplex" else None,
                "back_offset_mm": list(options.back_offset) if layout == "duplex" else None,
                "colour": options.colour, "bleed_mm": imp.bleed, "marks": options.marks or comp.marks,
                "print": how_to_print(imp) + ", at 100 % (actual size, no fit-to-page)",
                "cutting_order": _cutting(imp, comp.cutting),
            })
            lines.append(f"{folder / name}: {len(imp.pages)} pages, {fronts} fronts ({how_to_print(imp)})")
        for xpdf in extra_pdfs if "pdf" in want else ():
            xpdf.write(folder / xpdf.file, cache)
            entries.append({"file": xpdf.file, "type": "pdf", **xpdf.entry})
            lines.append(f"{folder / xpdf.file}: {xpdf.summary}" if xpdf.summary else str(folder / xpdf.file))
            advance(1)
        if "svg" in want:
            for key, (face, count) in faces.items():
                write_svg(face, folder / "svg" / f"{key}.svg")
                entries.append({"file": f"svg/{key}.svg", "type": "svg", "face": key, "count": count,
                                "trim_mm": [face.width, face.height], "bleed_mm": face.bleed})
                advance(1)
            lines.append(f"{folder / 'svg'}/: {len(faces)} faces")
        if "png" in want:
            for key, (face, count) in faces.items():
                png = f"png/{key}_x{count}.png"
                pngs[key].result()
                entries.append({"file": png, "type": "png", "face": key, "count": count,
                                "dpi": options.dpi, "trim_mm": [face.width, face.height],
                                "bleed_mm": face.bleed,
                                "pixels": [round((face.width + 2 * face.bleed) / 25.4 * options.dpi),
                                           round((face.height + 2 * face.bleed) / 25.4 * options.dpi)]})
                advance(1)
            lines.append(f"{folder / 'png'}/: {len(faces)} faces at {options.dpi} dpi with "
                         f"{options.bleed:g} mm bleed, named <face>_x<count>.png")
    entries += extras(game, title, components, extra_pdfs, faces, options, lines, cache)
    entries.extend(extra)
    manifest = {
        "game": game, "title": title, "generator": f"cardgen {__version__}",
        "set": str(options.set_path) if options.set_path else "standard",
        "paper": options.paper, "files": entries,
        "faces": {key: count for key, (_, count) in faces.items()},
    }
    if options.ink == "low" or options.card_size is not None or options.colour == "cmyk" or options.service:
        manifest.update(look(faces, components, adjust, options, lines))
    write_bytes_atomic(folder / "manifest.json",
                       (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    lines.append(f"{folder / 'manifest.json'}: {len(entries)} files described")
    return lines


def build_calibration(options: BuildOptions) -> Path:
    """The one-page duplex calibration sheet for the chosen paper and flip edge."""
    path = options.out / f"calibration-{options.paper}-{options.flip}.pdf"
    return calibration_pdf(path, options.paper, options.flip)
