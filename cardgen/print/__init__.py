"""Print sheets: pure sheet geometry (placements, marks, layouts) and the PDF/PNG/SVG writers.

Typical use::

    imp = impose(items, LayoutOptions(paper=paper("a4"), layout=Layout.DUPLEX))
    write_pdf("out/cards-a4.pdf", imp, title="My cards", cache=cache)

The PDF writer's names (`write_pdf`, `FaceCache`, `how_to_print`, `calibration_pdf`,
`calibration_sides`) load reportlab and svglib, so they are imported when first asked for:
what uses only the geometry, the faces or the SVG and PNG writers does not wait for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardgen.print.faces import Face, Item
from cardgen.print.geometry import Box, Mark, MarkKind, Placement, Side
from cardgen.print.impose import Flip, Imposition, Layout, LayoutOptions, Page, impose
from cardgen.print.marks import MarkStyle, mark_style
from cardgen.print.paper import PAPERS, Paper, paper
from cardgen.print.png import render_png, write_png
from cardgen.print.svg import write_svg

if TYPE_CHECKING:
    from cardgen.print.calibration import calibration_pdf, calibration_sides
    from cardgen.print.pdf import FaceCache, how_to_print, write_pdf

_WITH_REPORTLAB = {"calibration_pdf": "calibration", "calibration_sides": "calibration",
                   "FaceCache": "pdf", "how_to_print": "pdf", "write_pdf": "pdf"}
"""The names above that are loaded when first asked for, and their modules."""


def __getattr__(name: str) -> Any:
    module = _WITH_REPORTLAB.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = [
    "PAPERS", "Box", "Face", "FaceCache", "Flip", "Imposition", "Item", "Layout", "LayoutOptions",
    "Mark", "MarkKind", "MarkStyle", "Page", "Paper", "Placement", "Side", "calibration_pdf",
    "calibration_sides", "how_to_print", "impose", "mark_style", "paper", "render_png",
    "write_pdf", "write_png", "write_svg",
]
