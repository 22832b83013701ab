"""Print sheets: pure sheet geometry (placements, marks, layouts) and the PDF/PNG/SVG writers.

Typical use::

    imp = impose(items, LayoutOptions(paper=paper("a4"), layout=Layout.DUPLEX))
    write_pdf("out/cards-a4.pdf", imp, title="My cards", cache=cache)
"""

from cardgen.print.calibration import calibration_pdf, calibration_sides
from cardgen.print.faces import Face, Item
from cardgen.print.geometry import Box, Mark, MarkKind, Placement, Side
from cardgen.print.impose import Flip, Imposition, Layout, LayoutOptions, Page, impose
from cardgen.print.marks import MarkStyle, mark_style
from cardgen.print.paper import PAPERS, Paper, paper
from cardgen.print.pdf import FaceCache, how_to_print, write_pdf
from cardgen.print.png import render_png, write_png
from cardgen.print.svg import write_svg

__all__ = [
    "PAPERS", "Box", "Face", "FaceCache", "Flip", "Imposition", "Item", "Layout", "LayoutOptions",
    "Mark", "MarkKind", "MarkStyle", "Page", "Paper", "Placement", "Side", "calibration_pdf",
    "calibration_sides", "how_to_print", "impose", "mark_style", "paper", "render_png",
    "write_pdf", "write_png", "write_svg",
]
