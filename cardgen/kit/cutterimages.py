"""The Cricut Print Then Cut images (`--cutter cricut`, `Kit.images`): for every image, the PNG
Design Space takes (`cards-a4-cricut-1.png`; a back `cards-a4-cricut-1-back.png`) and its cut
outline as SVG (`cards-a4-cricut-1.svg`), rasterised by other processes while this one writes the
PDFs. Design Space ignores an image's dpi, so each entry states the size to give the image there;
the first front image's entry says how to print and cut them all (HOW-TO-PRINT.txt repeats it)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path

from cardgen import words
from cardgen.kit.draw import Imposed, Kit
from cardgen.kit.forms import png_pool
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Entry, Job, Writer, Written
from cardgen.print import paper
from cardgen.print.cutfile import write_cut_file
from cardgen.print.cutter_images import GAP, PROGRAM, TITLE, pixels, write_page_image
from cardgen.print.impose import Page
from cardgen.units import MM_PER_INCH

Rasterising = list["Future[Path]"]
"""Every image being written, in the order of `Kit.images` and their pages."""


def image_names(sheet: Imposed) -> list[str]:
    """The PNG of every page of `sheet`, in order: `<stem>-<n>.png` for the n-th front image,
    `<stem>-<n>-back.png` for its back."""
    out: list[str] = []
    for page in sheet.imposition.pages:
        n = sum(1 for p in sheet.imposition.pages[:page.number] if p.side == "front")
        out.append(f"{sheet.file}-{n}{'' if page.side == 'front' else '-back'}.png")
    return out


def _inches(page: Page) -> str:
    return f"{page.width / MM_PER_INCH:.3f} x {page.height / MM_PER_INCH:.3f} in"


def _sizes(names: Sequence[str], pages: Sequence[Page]) -> str:
    """The size each image takes in Design Space, images of one size named together."""
    groups: dict[str, list[str]] = {}
    for name, page in zip(names, pages):
        groups.setdefault(f"{_inches(page)} ({page.width:.2f} x {page.height:.2f} mm)", []).append(name)
    return "; ".join(f"{', '.join(group) if len(group) < 3 else f'{group[0]} to {group[-1]} ({len(group)} images)'}"
                     f": {size}" for size, group in groups.items())


def _how(sheet: Imposed, spec: KitSpec, names: Sequence[str]) -> Entry:
    """The first image's instructions for every image of `sheet`."""
    pages = sheet.imposition.pages
    backs = [n for n, p in zip(names, pages) if p.side == "back"]
    folds = any(p.scores for p in pages)
    glue = (f" The backs ({', '.join(backs[:2])}{' …' if len(backs) > 2 else ''}): print and cut them the same "
            "way, then turn each front piece over sideways (left to right) and glue onto it the back piece "
            "that held its place on the back image (Design Space prints one side only)." if backs else "")
    return {
        "images": list(names),
        "print": (f"from {PROGRAM}, not from a PDF viewer: upload each image as a Print Then Cut image and "
                  f"give it exactly its size (Design Space ignores the image's dpi): {_sizes(names, pages)}; "
                  f"Make It with the material size {paper(spec.paper).label} and Add Bleed on; print at 100 %"),
        "cutting_order": (f"Design Space prints its own registration marks around each image: load the printed "
                          f"sheet on the mat as it shows and cut; it traces each piece from the image's "
                          f"{GAP:g} mm transparent gaps (the .svg beside each image holds the same outlines, "
                          f"to check them; do not add it as a second cut).{glue}"
                          f"{' Fold each standee on its printed dashes.' if folds else ''} "
                          f"docs/printing.md walks through it"),
    }


def _entries(sheet: Imposed, spec: KitSpec) -> list[Entry]:
    """The manifest entries of `sheet`'s images and outlines."""
    names = image_names(sheet)
    out: list[Entry] = []
    for name, page in zip(names, sheet.imposition.pages):
        w, h = pixels(page, spec.dpi)
        outline = name.removesuffix(".png") + ".svg"
        entry: Entry = {
            "file": name, "type": "cutter-image", "component": sheet.part.component.stem, "paper": spec.paper,
            "layout": sheet.layout, "cutter": sheet.layout, "program": PROGRAM, "side": page.side,
            "pieces": len(page.placements), "dpi": spec.dpi, "pixels": [w, h],
            "size_mm": [round(page.width, 2), round(page.height, 2)],
            "size_in": [round(page.width / MM_PER_INCH, 3), round(page.height / MM_PER_INCH, 3)],
            "cut_file": outline,
        }
        if not out:
            entry.update(_how(sheet, spec, names))
        out.append(entry)
        out.append({"file": outline, "type": "cut", "format": "svg", "component": sheet.part.component.stem,
                    "image": name, "pieces": len(page.slots),
                    "program": f"to check the outlines {PROGRAM} traces, or a program that opens SVG"})
    return out


class CutterImages(Writer[Rasterising]):
    """Every image of `Kit.images` as PNG, with its outline as SVG."""

    name = "cutter images"
    option = "pdf"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """Two per image (the PNG and its outline)."""
        return sum(2 * len(s.imposition.pages) for s in kit.images)

    def start(self, job: Job) -> Rasterising:
        """Hand every image to the PNG processes, which run on the other cores meanwhile."""
        if not job.kit.images:
            return []
        pool = job.enter(png_pool())
        futures: Rasterising = []
        for sheet in job.kit.images:
            faces = {face.key: face for face in sheet.imposition.faces}
            for name, page in zip(image_names(sheet), sheet.imposition.pages):
                futures.append(pool.submit(write_page_image, job.folder / name, page, faces, job.spec.dpi))
        return futures

    def write(self, job: Job, started: Rasterising | None) -> Written:
        """The outlines, written here; each image waited for; their entries."""
        pending = iter(started or [])
        out = Written()
        for sheet in job.kit.images:
            for name, page in zip(image_names(sheet), sheet.imposition.pages):
                write_cut_file(job.folder / (name.removesuffix(".png") + ".svg"), page)
                next(pending).result()
                job.advance(2)
            out.entries += _entries(sheet, job.spec)
            pages = len(sheet.imposition.pages)
            out.lines.append(f"{job.folder}/{sheet.file}-*.png: {words.count(pages, 'image')} for {TITLE} at "
                             f"{job.spec.dpi} dpi, with their outlines as .svg (the size to give each in "
                             f"{PROGRAM}: manifest.json, HOW-TO-PRINT.txt)")
        return out
