"""`proof.png` in every kit: every distinct face, small, with how many the kit makes of it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.kit.png import png_name
from cardgen.kit.writer import Beside, Job, Writer, Written
from cardgen.print.faces import Face
from cardgen.print.files import write_bytes_atomic
from cardgen.print.pdf import FaceCache
from cardgen.print.proof import cells_from_forms, proof_png

if TYPE_CHECKING:
    from PIL import Image

Cells = dict[str, "Image.Image"]
"""The proof's cells by face key."""


def proof_cells(cache: FaceCache, folder: Path, faces: Mapping[str, tuple[Face, int]], bleed: float,
                pngs: bool) -> Cells:
    """The proof sheet's cells by face key: cut from the PNG faces when the build wrote them
    (`pngs`) in `folder`, else rasterised from the forms the PDFs drew (`cache`, drawing those
    it lacks); no face's SVG is rasterised again."""
    cells: Cells = {}
    if pngs:  # cut the cells from the faces just rasterised: no second render
        from cardgen.print.proof import cell_from_png

        for face, count in faces.values():
            png = folder / png_name(face.key, count)
            if png.is_file():
                cells[face.key] = cell_from_png(png.read_bytes(), face)
    rest = [face for face, _ in faces.values() if face.key not in cells]
    if rest:
        cells.update(cells_from_forms(rest, cache, bleed))
    return cells


class Proof(Writer[Beside[Cells]]):
    """`proof.png`, always."""

    name = "proof"

    def start(self, job: Job) -> Beside[Cells] | None:
        """Without PNGs to cut them from, the worker (if any) rasterises the cells from its forms
        while this process writes sheet PDFs: the first job it gets once the forms are drawn."""
        if job.spec.writes("png"):
            return None
        return job.beside(proof_cells, job.folder, job.kit.faces, job.spec.bleed, False)

    def write(self, job: Job, started: Beside[Cells] | None) -> Written:
        """The sheet, from the worker's cells or from cells made here."""
        kit, folder = job.kit, job.folder
        cells = started.result() if started is not None else \
            proof_cells(job.cache, folder, kit.faces, job.spec.bleed, job.spec.writes("png"))
        listed = list(kit.faces.values())
        write_bytes_atomic(folder / "proof.png", proof_png(listed, kit.title, cells))
        return Written([{"file": "proof.png", "type": "proof", "faces": len(listed),
                         "printed_faces": sum(c for _, c in listed)}],
                       [f"{folder / 'proof.png'}: proof sheet, {len(listed)} faces"])
