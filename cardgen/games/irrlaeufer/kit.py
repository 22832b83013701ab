"""The Irrläufer print kit: the board on one big sheet and split over small ones, and the parts.

Files for `--paper a4` (Letter: `letter` and `tabloid` instead of `a4` and `a3`):
- `board-a4.pdf`: the board at full size over several A4 pages with overlap strips, glue
  strips, cut lines, registration crosses and a page map on each page;
- `board-a3.pdf`: the board on one A3 page. The kit's field size is the largest (in steps of
  0.1 mm, at most the set's) at which a board of the standard length fits that page (Tabloid and
  A3 are narrower than 15 fields of 18 mm); the footer and the manifest say so. A longer board
  keeps that field size: when it does not fit the page at it, the one-page board is left out with
  a note (the kit's `notes`), and with `--paper a3|tabloid` it is split over pages of that paper;
- `parts-a4.pdf`: 6 red and 6 blue fold-over standees, the stick length gauge and the sticks,
  single-sided;
- `castles-a4-duplex-<flip>.pdf` and `castles-a4-gutterfold.pdf`: the 4 castle chips, red front and
  blue back (the castles need two sides: another `--layout` is refused).
With `--paper a3|tabloid` the board is the one-page version only (when it fits) and every part is
made for its field size.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from cardgen.games.irrlaeufer.booklet import CONTENT
from cardgen.games.irrlaeufer.components import DEFAULT_ROWS, IrrBoard
from cardgen.games.irrlaeufer.render import (CASTLES, PIECES_PER_SIDE, board_face, board_spec, castle_faces,
                                             gauge_face, standee_faces, standee_figures, stick_face)
from cardgen.kit.plan import Booklet, Component, KitPlan, SheetFile
from cardgen.kit.spec import KitSpec
from cardgen.print import Face, Item, MarkStyle, Paper, Placement, Side, paper
from cardgen.print.geometry import Box, Mark, union
from cardgen.print.marks import cut_marks
from cardgen.print.poster import PosterOptions, plan_poster, tile_sheet
from cardgen.print.sheets import Sheet, Text
from cardgen.words import count

SINGLE_PAGE = {"a4": "a3", "letter": "tabloid", "a3": "a3", "tabloid": "tabloid"}
SINGLE_MARGIN = 5.0
"""The paper edge no printer can be trusted to print on, mm: nothing of the one-page board
(neither bleed nor marks) lies there."""
MARK_ROOM = 3.0
SINGLE_FOOTER = 6.0
PARTS_MARGIN = 10.0
PARTS_BLEED = 1.0
CASTLE_CUTTING = "cut along the corner marks: each chip is red on one side and blue on the other"
PARTS_CUTTING = ("standees: cut out, fold on the dashed lines with the figures outwards, glue the two "
                 "panels together and bend the tabs outwards into a foot; sticks: cut the block along "
                 "the lines, first into columns, then each column into strips; the gauge shows the "
                 "length to cut matches or skewers to")


def single_edge(bleed: float) -> float:
    """Paper edge to the one-page board's trim, mm: the margin no printer prints, then room for
    the bleed and for the corner marks (at least MARK_ROOM long), so both stay printable."""
    return SINGLE_MARGIN + max(bleed, MARK_ROOM)


def single_field(board: IrrBoard, sheet: Paper, bleed: float = 3.0) -> float:
    """The largest field size (0.1 mm steps, at most the board's) whose board fits on `sheet`
    with its bleed and marks inside the printable area (`single_edge`)."""
    probe = board_face(board, 0.0, 10.0)
    per_w, per_h = probe.width / 10.0, probe.height / 10.0  # board size grows linearly
    edge = single_edge(bleed)
    aw = sheet.width - 2 * edge
    ah = sheet.height - 2 * edge - SINGLE_FOOTER
    fit = math.floor(min(aw / per_w, ah / per_h) * 10 + 1e-9) / 10
    return min(board.field_size, fit)


def kit_field(board: IrrBoard, paper_name: str, bleed: float) -> float:
    """The one field size of a whole kit: the one-page board's for a board of at most the
    standard length (`single_field` on the big sheet that goes with `paper_name`), so a longer
    board keeps the standard board's field size instead of shrinking every part. The split
    board, the castles, standees, sticks and gauge are all made for it, so every board of the
    kit takes every part of it."""
    standard = dataclasses.replace(board, rows=min(board.rows, DEFAULT_ROWS))
    return single_field(standard, paper(SINGLE_PAGE[paper_name]), bleed)


def mm_text(value: float) -> str:
    """A length for footers and headings: to 0.1 mm, trailing zeros dropped ("17.7", "48.2", "18")."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def single_sheet(board: IrrBoard, sheet: Paper, bleed: float,
                 designed: float | None = None) -> tuple[Sheet, Face, str]:
    """The board on one portrait page, scaled down if needed; the sheet, its face and its note.
    `designed` is the field size of the set file, when `board` was already scaled from it."""
    field = single_field(board, sheet, bleed)
    designed = max(designed or board.field_size, board.field_size)
    face = board_face(board, bleed, field)
    pw, ph = sheet.width, sheet.height
    edge = single_edge(bleed)
    trim = Box((pw - face.width) / 2, edge + (ph - 2 * edge - SINGLE_FOOTER - face.height) / 2,
               face.width, face.height)
    content = Box(SINGLE_MARGIN, SINGLE_MARGIN, pw - 2 * SINGLE_MARGIN, ph - 2 * SINGLE_MARGIN)
    band = Box(content.x, content.bottom - SINGLE_FOOTER, content.width, SINGLE_FOOTER)
    marks = cut_marks([trim], MarkStyle.CORNERS, content, [band])
    if field < designed:
        note = (f"fields {mm_text(field)} mm (scaled down from {mm_text(designed)} mm to fit {sheet.label} "
                "inside its printable area; the kit's parts match)")

    else:
        note = f"fields {mm_text(field)} mm"

    text = (f"{board.name} board, {board.rows} x {board.columns} fields, {note} · single-sided, "
            "print at 100 % (actual size) · cut along the corner marks")
    bleed_box = trim.grown(bleed)
    bleed_box = Box(max(bleed_box.x, 0), max(bleed_box.y, 0), min(bleed_box.right, pw) - max(bleed_box.x, 0),
                    min(bleed_box.bottom, ph) - max(bleed_box.y, 0))
    out = Sheet(pw, ph, (Placement(face.key, trim, bleed, Side.FRONT),), trim, bleed_box,
                clip=Box(0, 0, pw, ph), marks=marks,
                texts=(Text(pw / 2, band.bottom - 1.5, text, 6.5, centred=True),))
    return out, face, note


def cut_places(board: IrrBoard) -> tuple[list[float], list[float]]:
    """Where the tiled board's cut lines should go: the middle of an inner groove, so the cut
    lands in the groove and the seam hides in it; the registration crosses then sit on the
    other grooves where they cross the seam, under the glued strip (`plan_poster`)."""
    spec = board_spec(board)
    return ([spec.line_x(i) for i in range(1, spec.columns)], [spec.line_y(j) for j in range(1, spec.rows)])


@dataclass(frozen=True, slots=True)
class _Section:
    heading: str
    faces: tuple[Face, ...]
    gap: float
    bleed: float
    marks: MarkStyle


def flow(sections: Sequence[_Section], sheet: Paper, title: str) -> list[Sheet]:
    """Grids of equal faces, section after section down portrait pages, each with its heading."""
    pw, ph = sheet.width, sheet.height
    m = PARTS_MARGIN
    content = Box(m, m, pw - 2 * m, ph - 2 * m)
    bottom = content.bottom - 6.0
    pages: list[tuple[list[Placement], list[Box], list[Mark], list[Text]]] = [([], [], [], [])]
    y = content.y
    for sec in sections:
        w, h = sec.faces[0].width, sec.faces[0].height
        step_x, step_y = w + sec.gap, h + sec.gap
        cols = max(1, int((content.width - 2 * sec.bleed + sec.gap) // step_x))
        left = sec.faces
        while left:
            if y + 8 + sec.bleed + h > bottom:
                pages.append(([], [], [], []))
                y = content.y
            placed, trims, marks, texts = pages[-1]
            texts.append(Text(content.x, y + 3.5, sec.heading, 7))
            y += 8 + sec.bleed
            rows = min(math.ceil(len(left) / cols), int((bottom - y - sec.bleed + sec.gap) // step_y))
            n = min(len(left), rows * cols)
            used = min(cols, n)
            x0 = content.x + (content.width - used * w - (used - 1) * sec.gap) / 2
            block = [Box(x0 + (k % cols) * step_x, y + (k // cols) * step_y, w, h) for k in range(n)]
            placed += [Placement(f.key, b, sec.bleed, Side.FRONT) for f, b in zip(left, block)]
            trims += block
            marks += cut_marks(block, sec.marks, union(block).grown(sec.bleed + 3.5))
            left = left[n:]
            y = union(block).bottom + sec.bleed + 5.0
    out = []
    for i, (placed, trims, marks, texts) in enumerate(pages):
        footer = Text(pw / 2, content.bottom - 1.5, f"{title} · page {i + 1}/{len(pages)} · single-sided, "
                      "print at 100 % (actual size)", 6.5, centred=True)
        area = union(trims)
        grown = area.grown(max(p.bleed for p in placed))
        out.append(Sheet(pw, ph, tuple(placed), area, grown, marks=tuple(marks), texts=tuple(texts) + (footer,)))
    return out


def parts_sheets(board: IrrBoard, sheet: Paper, bleed: float) -> tuple[list[Sheet], list[tuple[Face, int]]]:
    """The parts pages (standees, gauge, sticks) and the faces on them with their counts."""
    red, blue = standee_faces(board, min(bleed, PARTS_BLEED))
    gauge, stick = gauge_face(board), stick_face(board)
    b = min(bleed, PARTS_BLEED)
    sections = [
        _Section(f"Pieces / Figuren: {PIECES_PER_SIDE} red, {PIECES_PER_SIDE} blue. Cut out, fold on the "
                 "dashed lines (figures outwards), glue the panels together, bend the tabs out as a foot.",
                 (red,) * PIECES_PER_SIDE + (blue,) * PIECES_PER_SIDE, 2 * b + 0.5, b, MarkStyle.CORNERS),
        _Section(f"Length gauge / Längenmaß: a stick covers 3 fields = {mm_text(stick.width)} mm "
                 f"(fields {mm_text(board.field_size)} mm). Using matches or "
                 "skewers instead? Cut them to the bar between the stops.", (gauge,), 0.0, 0.0, MarkStyle.CORNERS),
        _Section(f"Sticks / Stäbchen: {board.sticks} strips of 3 fields. Cut along the lines: first the "
                 "columns, then the strips.", (stick,) * board.sticks, 0.0, 0.0, MarkStyle.LINES),
    ]
    pages = flow(sections, sheet, f"{board.name} – parts / Teile")
    faces = [(red, PIECES_PER_SIDE), (blue, PIECES_PER_SIDE), (gauge, 1), (stick, board.sticks)]
    return pages, faces


def _castles(board: IrrBoard, bleed: float) -> list[Item]:
    red, blue = castle_faces(board, bleed)
    return [Item(red, blue, CASTLES)]


def plan(designed: IrrBoard, spec: KitSpec) -> KitPlan:
    """The board (split over pages and on one page), the parts sheet, the castles and the
    booklet, all for one field size (`kit_field`). A board too long for the one large page at
    that size is left out there, with a note, and split over pages of the build's paper."""
    big = paper(SINGLE_PAGE[spec.paper])
    # one field size for the whole kit, so the parts fit whichever board is printed
    board = dataclasses.replace(designed, field_size=kit_field(designed, spec.paper, spec.bleed))
    fits = single_field(board, big, spec.bleed) >= board.field_size - 1e-9
    files: list[SheetFile] = []
    notes: list[str] = []
    name = f"{board.name} board {board.rows} x {board.columns}"
    scaled_from = designed.field_size if board.field_size < designed.field_size else None
    if spec.paper in ("a4", "letter") or not fits:
        face = board_face(board, spec.bleed)
        poster = plan_poster(face.width, face.height, face.bleed, PosterOptions(paper(spec.paper)),
                             *cut_places(board))
        sheets = tuple(tile_sheet(poster, t, face.key, f"{name}, {mm_text(board.field_size)} mm fields")
                       for t in poster.tiles)
        files.append(SheetFile(
            f"board-{spec.paper}.pdf", "board", name, sheets, (face,), ((face, 1),),
            {"paper": spec.paper, "layout": "poster", "pages": len(sheets),
             "grid": [poster.rows, poster.columns], "landscape": poster.landscape,
             "overlap_mm": poster.options.overlap, "field_mm": board.field_size, "scaled_from_mm": scaled_from,
             "board_mm": [round(face.width, 2), round(face.height, 2)], "sides": "single-sided",
             "colour": spec.colour, "print": "single-sided, at 100 % (actual size, no fit-to-page)",
             "cutting_order": ("cut each page along the solid line at its top and left edge (not the first "
                               "page): the cut runs in a groove; lay it on the grey glue strip of the page "
                               "before it, its cut edge on the strip's edge and the grooves ending there "
                               "pointing at the registration crosses, which it then covers, and glue; first "
                               "each row left to right, then the rows top to bottom; the page map on each "
                               "page shows where it goes; finally trim the outer edge at the marks")},
            f"{count(len(sheets), 'page')} ({poster.rows} x {poster.columns}), glue together", ("board",)))
    if fits:
        single, single_face, note = single_sheet(board, big, spec.bleed, designed.field_size)
        files.append(SheetFile(
            f"board-{big.name}.pdf", "board", name, (single,), (single_face,),
            () if any(single_face.key == f.key for x in files for f, _ in x.faces) else ((single_face, 1),),
            {"paper": big.name, "layout": "single-page", "pages": 1, "field_mm": board.field_size,
             "scaled_from_mm": scaled_from, "note": note,
             "board_mm": [round(single_face.width, 2), round(single_face.height, 2)], "sides": "single-sided",
             "colour": spec.colour, "print": "single-sided, at 100 % (actual size, no fit-to-page)",
             "cutting_order": "cut along the corner marks (or leave the margin)"},
            f"1 page ({note})", ("board",)))
    else:
        face = board_face(board, spec.bleed)
        notes.append(f"no one-page board: the {board.rows}-row board at {mm_text(board.field_size)} mm fields "
                     f"({mm_text(face.width)} x {mm_text(face.height)} mm) does not fit on {big.label}; "
                     f"print board-{spec.paper}.pdf, the board over {count(len(files[0].sheets), 'page')}")
    parts, part_faces = parts_sheets(board, paper(spec.paper), spec.bleed)
    files.append(SheetFile(
        f"parts-{spec.paper}.pdf", "parts", f"{board.name} – parts", tuple(parts), tuple(f for f, _ in part_faces),
        tuple(part_faces),
        {"paper": spec.paper, "layout": "parts", "pages": len(parts),
         "pieces": 2 * PIECES_PER_SIDE, "sticks": board.sticks, "field_mm": board.field_size,
         "sides": "single-sided", "colour": spec.colour,
         "print": "single-sided, at 100 % (actual size, no fit-to-page), on card if you can",
         "cutting_order": PARTS_CUTTING},
        f"{count(len(parts), 'page')}: {2 * PIECES_PER_SIDE} standees, gauge, {board.sticks} sticks",
        figures=tuple(zip(("piece-red", "piece-blue"), standee_figures(board)))))
    # The castles need two sides: duplex and gutterfold only (another --layout is refused).
    castles = Component("castles", "Burgen / castles", partial(_castles, board, spec.bleed), CASTLE_CUTTING,
                        layouts=("duplex", "gutterfold"), kinds=("tile", "chit"))
    return KitPlan(board.name, (castles,), tuple(files), Booklet(CONTENT, board), tuple(notes))
