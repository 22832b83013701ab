"""Building a game's print kit: lay out every layout, then write PDFs, SVGs, PNGs and the manifest.

All layouts are computed before any file is written, so an impossible layout (a card too big
for the paper) fails before the output folder is touched. Every file is written atomically.
"""

from __future__ import annotations

import dataclasses
import json
import mmap
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from cardgen import __version__, words
from cardgen.errors import LayoutError
from cardgen.options import BuildOptions
from cardgen.print import (
    Face, FaceCache, Flip, Imposition, Item, Layout, LayoutOptions, calibration_pdf, how_to_print, impose,
    mark_style, paper, write_pdf, write_png, write_svg,
)
from cardgen.kit_extras import (
    adjusted, extras, ink_adjuster, look, precheck, proof_cells, rgb_to_cmyk, service_cmyk,
)
from cardgen.print.files import staged_folder, write_bytes_atomic
from cardgen.print.pdf import FormCode
from cardgen.print.proof import proof_png
from cardgen.workers import worker_start

if TYPE_CHECKING:
    from PIL import Image

    from cardgen.game import Game

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


def pdf_name(stem: str, paper_name: str, layout: str, flip: str = "long") -> str:
    """The file name of a sheet PDF: it always says the paper, and a duplex file also the edge to
    flip on: `cards-a4.pdf` (single), `cards-a4-glue.pdf`, `cards-letter-duplex-short.pdf`."""
    if layout == "single":
        return f"{stem}-{paper_name}.pdf"
    if layout == "duplex":
        return f"{stem}-{paper_name}-duplex-{flip}.pdf"
    return f"{stem}-{paper_name}-{layout}.pdf"


def calibration_name(paper_name: str, flip: str) -> str:
    """The calibration sheet's file name for a paper and flip edge (`calibration-a4-long.pdf`)."""
    return f"calibration-{paper_name}-{flip}.pdf"


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


_SHARED: dict[str, FaceCache] = {}
"""The face cache a forked worker inherits (set just before the fork)."""


class _Counter:
    """A count shared with forked children: one integer in an anonymous shared mapping, and a
    lock. Not `multiprocessing.Value`: its heap is a file it creates in /dev/shm, so a build
    whose file writes fail would report /dev/shm instead of the output folder."""

    def __init__(self) -> None:
        self._cell = mmap.mmap(-1, 8)  # MAP_SHARED | MAP_ANONYMOUS: a fork sees the same bytes
        self._lock = multiprocessing.Lock()

    def take(self, limit: int) -> int | None:
        """The next number below `limit` (counting from 0), or None when all are taken."""
        with self._lock:
            i = int.from_bytes(self._cell[:8], "little")
            if i >= limit:
                return None
            self._cell[:8] = (i + 1).to_bytes(8, "little")
        return i


@dataclass(frozen=True, slots=True)
class _Faces:
    """The faces a build draws as forms (each with its layout's bleed), taken one at a time by
    this process and its worker: each takes the next face whenever it is free, so neither
    waits long for the other (the worker starts later, and faces differ in cost)."""

    items: Sequence[tuple[Face, float]]
    cmyk: bool
    taken: _Counter  # how many are taken, shared across the fork

    def _take(self) -> tuple[Face, float] | None:
        i = self.taken.take(len(self.items))
        return None if i is None else self.items[i]

    def draw(self, cache: FaceCache) -> list[tuple[Face, bool, float, FormCode | None]]:
        """Parse and draw faces as forms until none is left; the forms this process drew."""
        out = []
        while (item := self._take()) is not None:
            face, bleed = item
            out.append((face, self.cmyk, bleed, cache.form(face, self.cmyk, bleed)))
        return out


_QUEUE: dict[str, _Faces] = {}
"""The faces to draw, which a forked worker inherits (set just before the fork)."""


def _record_job() -> list[tuple[Face, bool, float, FormCode | None]]:
    """In the kit's worker: its share of the faces as forms, sent back for the parent's sheet
    PDFs and kept here for the proof's cells."""
    return _QUEUE["faces"].draw(_SHARED["cache"])


def _sheets_job(sheets: Sequence[tuple[Path, Imposition, str]], colour: Literal["rgb", "cmyk"],
                forms: Sequence[tuple[Face, bool, float, FormCode | None]]) -> None:
    """In the worker: write sheet PDFs (path, imposition, title) from the forms of both
    processes (`forms` are those the parent drew, when not sent with the proof's cells already)."""
    cache = _SHARED["cache"]
    cache.remember(forms)
    for path, imp, title in sheets:
        write_pdf(path, imp, title=title, colour=colour, cache=cache)


def _proof_cells_job(folder: Path, faces: dict[str, tuple[Face, int]], options: BuildOptions,
                     forms: Sequence[tuple[Face, bool, float, FormCode | None]]) -> dict[str, Image.Image]:
    """In the worker: the proof sheet's cells; `forms` are those the parent drew."""
    cache = _SHARED["cache"]
    cache.remember(forms)
    return proof_cells(folder, faces, options, cache)


@contextmanager
def _pdf_pool(cache: FaceCache, jobs: int, beside: int = 0) -> Iterator[ProcessPoolExecutor | None]:
    """One forked worker that shares the faces' drawing, makes the proof's cells and writes every
    second sheet PDF, when a build writes two or more sheet PDFs and has a core for it besides
    this process and the `beside` processes already working (the booklets' typesetting); None
    elsewhere (a spawned worker would have to load and parse everything again). On two cores
    with the booklets typeset beside, a worker would only take CPU from them, and they finish
    last."""
    free = (os.cpu_count() or 1) - beside
    if jobs < 2 or free < 2 or not sys.platform.startswith("linux"):
        yield None
        return
    _SHARED["cache"] = cache
    try:
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"),
                                 initializer=worker_start, initargs=(os.getpid(),)) as pool:
            yield pool
    finally:
        _SHARED.clear()


def write_kit(game: str, title: str, components: Sequence[Component], options: BuildOptions,
              extra: Sequence[dict[str, Any]] = (), quiet: bool = False,
              extra_pdfs: Sequence[ExtraPdf] = (),
              later: Callable[[], Sequence[dict[str, Any]]] | None = None, beside: int = 0) -> list[str]:
    """Write every component's PDFs, SVGs and PNGs under `options.out/game` plus manifest.json.

    Only the components and extra PDFs `options.only` asks for (by stem or component name).
    `extra_pdfs` are written after the components' layouts (when PDFs are wanted) and their
    faces join the SVG and PNG files. `later` is called once the sheets are written, before the
    manifest: it finishes files made meanwhile in other processes (the booklets) and gives
    their manifest entries; `beside` is how many such processes are at work (they share the
    cores). Returns one summary line per file group for the terminal.
    """
    components = [comp for comp in components if options.wants(comp.stem)]
    extra_pdfs = [xpdf for xpdf in extra_pdfs if options.wants(str(xpdf.entry.get("component", xpdf.file)))]
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
        # Every face is parsed and drawn as a form once: here and by a forked worker at the
        # same time, each taking the next face when free; each side gets the other's forms.
        cmyk = options.colour == "cmyk"
        needed = list(dict.fromkeys((face, imp.bleed) for _, _, imp in plans for face in imp.faces))
        _QUEUE["faces"] = queue = _Faces(needed, cmyk, _Counter())
        try:
            with _pdf_pool(cache, len(plans), beside) as pdf_pool:
                theirs = pdf_pool.submit(_record_job) if pdf_pool else None
                mine = queue.draw(cache)
                if theirs is not None:
                    cache.remember(theirs.result())
                # The worker makes the proof's cells from the forms of both processes while this
                # process writes the sheet PDFs (with PNGs the cells are cut from those, later).
                proof = pdf_pool.submit(_proof_cells_job, folder, faces, options, mine) \
                    if pdf_pool and "png" not in want else None
                # Then it writes every second sheet PDF, as this process writes the others.
                sheets = [(folder / pdf_name(comp.stem, options.paper, layout, options.flip), imp,
                           f"{title} – {comp.title}") for comp, layout, imp in plans]
                theirs_pdfs = pdf_pool.submit(_sheets_job, sheets[1::2], options.colour,
                                              () if proof else mine) if pdf_pool else None
                for path, imp, sheet_title in (sheets[0::2] if theirs_pdfs else sheets):
                    write_pdf(path, imp, title=sheet_title, colour=options.colour, cache=cache)
                    advance(len(imp.pages))
                cells = proof.result() if proof is not None else None
                # The proof sheet is put together while the worker still writes its sheets.
                proof_sheet = proof_png(list(faces.values()), title, cells) if cells is not None else None
                if theirs_pdfs is not None:
                    theirs_pdfs.result()
                    advance(sum(len(imp.pages) for _, imp, _ in sheets[1::2]))
        finally:
            _QUEUE.clear()
        for comp, layout, imp in plans:
            name = pdf_name(comp.stem, options.paper, layout, options.flip)
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
            lines.append(f"{folder / name}: {words.count(len(imp.pages), 'page')}, {words.count(fronts, 'front')} "
                         f"({how_to_print(imp)})")
        if any(layout == "duplex" for _, layout, _ in plans):
            # The booklets send duplex printers to this sheet: it is part of every duplex kit.
            name = calibration_name(options.paper, options.flip)
            calibration_pdf(folder / name, options.paper, options.flip)
            entries.append({"file": name, "type": "pdf", "component": "calibration", "paper": options.paper,
                            "layout": "calibration", "pages": 2, "sides": "double-sided",
                            "flip": options.flip,
                            "print": f"double-sided, flip on the {options.flip} edge, at 100 % (actual size); "
                                     "read the back's offset off the scales and pass it as --back-offset X,Y",
                            "cutting_order": "none: a test sheet, not cut"})
            lines.append(f"{folder / name}: duplex calibration sheet")
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
            lines.append(f"{folder / 'svg'}/: {words.count(len(faces), 'face')}")
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
            lines.append(f"{folder / 'png'}/: {words.count(len(faces), 'face')} at {options.dpi} dpi with "
                         f"{options.bleed:g} mm bleed, named <face>_x<count>.png")
    entries += extras(game, title, components, extra_pdfs, faces, options, lines, cache, proof=proof_sheet)
    entries.extend(extra)
    if later is not None:
        entries.extend(later())
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
    lines.append(f"{folder / 'manifest.json'}: {words.count(len(entries), 'file')} described")
    return lines


def build_calibration(options: BuildOptions) -> Path:
    """The one-page duplex calibration sheet for the chosen paper and flip edge."""
    path = options.out / calibration_name(options.paper, options.flip)
    return calibration_pdf(path, options.paper, options.flip)


def build_game(game: Game[Any], options: BuildOptions, quiet: bool = False) -> list[str]:
    """Build `game`'s kit into a temporary folder beside `options.out/<game>` and swap it in at
    the end: an interrupted or failed build leaves the previous complete folder (or none), and
    the new folder holds exactly what this build wrote, which `manifest.json` lists.
    """
    target = options.out / game.name
    if not game.has_kit():
        return game.build_kit(options, quiet)
    if options.only and not any(options.wants(part) for part in game.kit_parts):
        return [f"{game.name}: none of --only {','.join(options.only)} (skipped)"]
    with staged_folder(target) as stage:
        lines = game.build_kit(dataclasses.replace(options, out=stage, final_out=options.out), quiet)
        _check_manifest(stage / game.name)
    # The summary names the files where they end up, not where they were built.
    return [line.replace(str(stage / game.name), str(target)) for line in lines]


def _check_manifest(folder: Path) -> None:
    """LayoutError unless manifest.json lists exactly the files in `folder` (besides itself)."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    listed = {entry["file"] for entry in manifest["files"]}
    held = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} - {"manifest.json"}
    if listed != held:
        extra, missing = sorted(held - listed), sorted(listed - held)
        raise LayoutError(str(folder / "manifest.json"),
                          f"does not match the folder (unlisted: {extra[:3]}, absent: {missing[:3]})")
