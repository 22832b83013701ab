"""Every CMYK PDF of a kit made PDF/X-4 once it is written (`cardgen.print.pdfx`): in a
`--colour cmyk` build every PDF (sheets, sheet files, calibration sheet, booklets, a print
service's files), else the files of a print service that requires CMYK."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.kit.spec import KitSpec
    from cardgen.kit.writer import Entry, Job


def streams(spec: KitSpec) -> AbstractContextManager[None]:
    """While a CMYK kit is written, reportlab stores its streams without the ASCII85 wrapping:
    `finish` reads every stream back, and pypdf's ASCII85 decoder took two thirds of that."""
    if not spec.cmyk:
        return nullcontext()
    from cardgen.booklet.pages import binary_streams

    return binary_streams()


def cmyk_pdf(entry: Entry, cmyk_build: bool) -> bool:
    """Whether the file of `entry` is a CMYK PDF of the build."""
    if not str(entry["file"]).endswith(".pdf"):
        return False
    return cmyk_build or entry.get("type") == "service" and entry.get("colour") == "cmyk"


def finish(job: Job) -> None:
    """Rewrite every CMYK PDF `job` wrote as PDF/X-4, through the build's ICC profile."""
    spec = job.spec
    if not spec.cmyk:
        return
    from cardgen.print.pdfx import Intent, make_pdfx

    conv = spec.converter()
    press = conv.press
    intent = Intent(conv.profile, conv.name, conv.colour, *((press.identifier, press.condition) if press else ()))
    for entry in job.entries:
        if cmyk_pdf(entry, spec.colour == "cmyk"):
            make_pdfx(job.folder / str(entry["file"]), intent)
