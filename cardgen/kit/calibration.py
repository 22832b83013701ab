"""The duplex calibration sheets in every kit with a duplex file, one for each orientation its
duplex sheets have (a printer may shift the back of a turned sheet differently): the booklets
send duplex printers to them (`calibration-a4-long.pdf`, `calibration-a4-long-landscape.pdf`)."""

from __future__ import annotations

from cardgen.kit.draw import Kit
from cardgen.kit.writer import Entry, Job, Writer, Written
from cardgen.print.calibration import calibration_pdf


def calibration_name(paper_name: str, flip: str, landscape: bool = False) -> str:
    """The calibration sheet's file name for a paper, flip edge and orientation
    (`calibration-a4-long.pdf`, `calibration-a4-long-landscape.pdf`)."""
    return f"calibration-{paper_name}-{flip}{'-landscape' if landscape else ''}.pdf"


def orientations(kit: Kit) -> list[bool]:
    """The orientations of the kit's duplex sheets (landscape or not), portrait first."""
    return sorted({sheet.imposition.landscape for sheet in kit.sheets if sheet.layout == "duplex"})


class Calibration(Writer[None]):
    """The two-page sheet to measure a printer's back-side shift, for the build's paper and flip,
    in each orientation of the kit's duplex sheets."""

    name = "calibration"
    option = "pdf"

    def write(self, job: Job, started: None) -> Written:
        """Written when the kit has a duplex sheet PDF: one per orientation they have."""
        spec = job.spec
        out = Written()
        for landscape in orientations(job.kit):
            name = calibration_name(spec.paper, spec.flip, landscape)
            calibration_pdf(job.folder / name, spec.paper, spec.flip, landscape)
            turned = " landscape" if landscape else ""
            entry: Entry = {
                "file": name, "type": "pdf", "component": "calibration", "paper": spec.paper,
                "layout": "calibration", "pages": 2, "sides": "double-sided", "flip": spec.flip,
                "landscape": landscape,
                "print": f"double-sided, flip on the {spec.flip} edge, at 100 % (actual size); "
                         "read the back's offset off the scales (or scan both sides: cardgen calibrate) "
                         "and pass it as --back-offset X,Y"
                         + (f" (for the{turned} duplex sheets)" if landscape else ""),
                "cutting_order": "none: a test sheet, not cut"}
            out.entries.append(entry)
            out.lines.append(f"{job.folder / name}: duplex calibration sheet{turned and ', landscape'}")
        return out
