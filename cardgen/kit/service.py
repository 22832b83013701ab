"""What both kinds of print-service writer share: the kit's pieces as a service gets them, and
the files' summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgen.kit.draw import Kit
from cardgen.kit.writer import Entry, Job, Written

if TYPE_CHECKING:
    from cardgen.print.services import Piece


def pieces(kit: Kit) -> list[Piece]:
    """Every piece of the kit for a print service: the grid components' items, then the sheet
    files' faces (the board and parts too: the service prints them, or its notes say it does
    not), each with its component's sorts and whether it follows `--card-size`."""
    from cardgen.print.services import Piece  # the service data loads for a --service build only

    out = [Piece(p.component.stem, it.front, it.back, it.count, p.component.kinds, p.component.card_sized)
           for p in kit.parts for it in p.items]
    # the files' faces as the plan gives them (not redrawn for --ink low, unlike the components')
    out += [Piece(f.part, face, None, n, f.kinds) for f in kit.files for face, n in f.faces]
    return out


def written(job: Job, files: Sequence[Entry], given: Sequence[Piece]) -> Written:
    """The service's files plus its `not-covered.txt` for what it does not print (written here),
    as entries and summary lines."""
    from cardgen.print.services import write_notes

    spec = job.spec.service
    assert spec is not None
    notes = write_notes(job.folder, spec, given)
    lines = [f"{job.folder / 'service' / spec.name}/: {len(files)} files for {spec.name}",
             f"--service {spec.name}: {spec.bleed_mm:g} mm bleed and {spec.safe_mm:g} mm safe zone, as the service "
             f"asks" + ("" if abs(job.spec.bleed - spec.bleed_mm) < 1e-9 else f" (the kit: {job.spec.bleed:g} mm bleed)")]
    lines += [f"--service {spec.name}: {n}" for e in notes for n in e["notes"]]
    return Written([*files, *notes], lines)
