"""The kit's output formats, in the order their files are listed in the manifest. A new format
is a `Writer` in a module of its own and one entry here."""

from __future__ import annotations

from typing import Any

from cardgen.kit.booklets import Booklets
from cardgen.kit.calibration import Calibration
from cardgen.kit.cutfiles import CutFiles
from cardgen.kit.cutterimages import CutterImages
from cardgen.kit.howto import HowToPrint
from cardgen.kit.manifest import Manifest
from cardgen.kit.png import Png
from cardgen.kit.proof import Proof
from cardgen.kit.service_images import ServiceImages
from cardgen.kit.service_pdf import ServicePdfs
from cardgen.kit.sheetfiles import SheetFiles
from cardgen.kit.sheets import GridSheets
from cardgen.kit.svg import Svg
from cardgen.kit.tts import Tts
from cardgen.kit.writer import Writer

WRITERS: tuple[Writer[Any], ...] = (
    GridSheets(), CutFiles(), CutterImages(), Calibration(), SheetFiles(), Svg(), Png(), Proof(), Tts(), ServicePdfs(), ServiceImages(),
    Booklets(), HowToPrint(), Manifest(),
)
"""Every format a kit build may write; HOW-TO-PRINT.txt and the manifest last, as they tell of the
files of the others."""
