"""The duplex calibration sheet in every kit with a duplex file: the booklets send duplex
printers to it (`calibration-a4-long.pdf`)."""

from __future__ import annotations

from cardgen.kit.writer import Job, Writer, Written
from cardgen.print.calibration import calibration_pdf


def calibration_name(paper_name: str, flip: str) -> str:
    """The calibration sheet's file name for a paper and flip edge (`calibration-a4-long.pdf`)."""
    return f"calibration-{paper_name}-{flip}.pdf"


class Calibration(Writer[None]):
    """The two-page sheet to measure a printer's back-side shift, for the build's paper and flip."""

    name = "calibration"
    option = "pdf"

    def write(self, job: Job, started: None) -> Written:
        """Written when the kit has a duplex sheet PDF."""
        spec = job.spec
        if not any(sheet.layout == "duplex" for sheet in job.kit.sheets):
            return Written()
        name = calibration_name(spec.paper, spec.flip)
        calibration_pdf(job.folder / name, spec.paper, spec.flip)
        return Written(
            [{"file": name, "type": "pdf", "component": "calibration", "paper": spec.paper,
              "layout": "calibration", "pages": 2, "sides": "double-sided", "flip": spec.flip,
              "print": f"double-sided, flip on the {spec.flip} edge, at 100 % (actual size); "
                       "read the back's offset off the scales and pass it as --back-offset X,Y",
              "cutting_order": "none: a test sheet, not cut"}],
            [f"{job.folder / name}: duplex calibration sheet"])
