"""Every distinct face of the kit as a PNG at the build's dpi with its bleed, named for print
services (`png/<face>_x<count>.png`), rasterised by other processes while this one writes the
PDFs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from concurrent.futures import Future
from pathlib import Path

from cardgen import words
from cardgen.kit.draw import Kit
from cardgen.kit.forms import png_pool
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written
from cardgen.print.faces import Face
from cardgen.print.png import write_png

Rasterising = dict[str, "Future[Path]"]
"""The PNG of each face (by key) being written."""


def bleeds(faces: Iterable[Face]) -> str:
    """The bleeds faces really have, for the summary: "3 mm bleed" when all share one, else each
    with how many faces have it ("3 mm bleed on 2 faces, 1 mm on 2, none on 2")."""
    counted = Counter(face.bleed for face in faces)
    if not counted:
        return "no bleed"
    if len(counted) == 1:
        (only,) = counted
        return f"{only:g} mm bleed" if only else "no bleed"
    parts = [(f"{b:g} mm" if b else "none") + f" on {n if i else words.count(n, 'face')}"
             for i, (b, n) in enumerate(sorted(counted.items(), key=lambda bn: -bn[0]))]
    return parts[0].replace(" on ", " bleed on ", 1) + ", " + ", ".join(parts[1:])


def png_name(key: str, count: int) -> str:
    """A face's PNG in the kit folder: its key and how many the kit makes (`png/head-red_x4.png`)."""
    return f"png/{key}_x{count}.png"


class Png(Writer[Rasterising]):
    """`png/<face>_x<count>.png` for every face, with its pixel size in the manifest."""

    name = "png"
    option = "png"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """One per face."""
        return len(kit.faces)

    def start(self, job: Job) -> Rasterising:
        """Hand every face to the PNG processes: rasterising is the slowest part of a build, so
        it starts first and runs on the other cores while the PDFs are written."""
        pool = job.enter(png_pool())
        return {key: pool.submit(write_png, face, job.folder / png_name(key, count), dpi=job.spec.dpi)
                for key, (face, count) in job.kit.faces.items()}

    def write(self, job: Job, started: Rasterising | None) -> Written:
        """Wait for each PNG; their entries."""
        assert started is not None
        dpi = job.spec.dpi
        out = Written()
        for key, (face, count) in job.kit.faces.items():
            started[key].result()
            out.entries.append({"file": png_name(key, count), "type": "png", "face": key, "count": count,
                                "dpi": dpi, "trim_mm": [face.width, face.height], "bleed_mm": face.bleed,
                                "pixels": [round((face.width + 2 * face.bleed) / 25.4 * dpi),
                                           round((face.height + 2 * face.bleed) / 25.4 * dpi)]})
            job.advance(1)
        out.lines.append(f"{job.folder / 'png'}/: {words.count(len(job.kit.faces), 'face')} at {dpi} dpi with "
                         f"{bleeds(face for face, _ in job.kit.faces.values())}, named <face>_x<count>.png")
        return out
