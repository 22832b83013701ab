"""The Irrläufer print kit: the board on one big sheet and split over small ones, and the parts.

Files for `--paper a4` (Letter: `letter` and `tabloid` instead of `a4` and `a3`):
- `board-a4.pdf`: the board at full size over several A4 pages with overlap strips, glue
  strips, cut lines, registration crosses and a page map on each page;
- `board-a3.pdf`: the board on one A3 page. The kit's field size is the largest (in steps of
  0.1 mm, at most the set's) at which a board of the standard length fits that page (Tabloid and
  A3 are narrower than 15 fields of 18 mm); the footer and the manifest say so. A longer board
  keeps that field size: when it does not fit the page at it, the one-page board is left out with
  a note (the kit's `notes`), and with `--paper a3|tabloid` it is split over pages of that paper;
- `parts-a4.pdf`: 6 red and 6 blue fold-over standees, the stick length gauge, the sticks and,
  where they fit on its last page (`castles_fit`), the 4 castle chips as fold-over pairs (red
  side beside blue side, folded where they meet), single-sided, for every `--layout`;
- only where the castles do not fit there (or the build makes them without the parts, `--only
  castles`): `castles-a4-duplex-<flip>.pdf` and `castles-a4-gutterfold.pdf`, the 4 castle chips,
  red front and blue back (these need two sides: another `--layout` is refused).
With `--paper a3|tabloid` the board is the one-page version only (when it fits) and every part is
made for its field size.
"""

from __future__ import annotations

import dataclasses
from functools import partial

from cardgen.games.irrlaeufer.booklet import CONTENT
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.kit_layout import (
    SINGLE_FOOTER,
    SINGLE_MARGIN,
    SINGLE_PAGE,
    castles_fit,
    kit_field,
    mm_text,
    parts_sheets,
    single_edge,
    single_field,
)
from cardgen.games.irrlaeufer.parts_art import StandeeSize
from cardgen.games.irrlaeufer.render import (
    CASTLES,
    PIECES_PER_SIDE,
    board_face,
    board_spec,
    castle_faces,
    standee_figures,
)
from cardgen.kit.draw import pdf_name
from cardgen.kit.plan import Booklet, Component, CutPiece, KitPlan, SheetFile
from cardgen.kit.spec import KitSpec
from cardgen.print import Face, Item, MarkStyle, Paper, Placement, Side, paper
from cardgen.print.geometry import Box
from cardgen.print.marks import cut_marks
from cardgen.print.poster import PosterOptions, plan_poster, tile_sheet
from cardgen.print.sheets import Sheet, Text
from cardgen.words import count

CASTLE_CUTTING = "cut along the corner marks: each chip is red on one side and blue on the other"
PARTS_CUTTING = ("standees: cut out, fold on the dashed lines with the figures outwards, glue the two "
                 "panels together and bend the tabs outwards into a foot; sticks: cut the block along "
                 "the lines, first into columns, then each column into strips; the gauge shows the "
                 "length to cut matches or skewers to")
STANDEE_CUTTING = ("the machine cuts each standee out; fold it on its fold lines (scored where the machine "
                   "scores them) with the figures outwards, glue the two panels together and bend the tabs "
                   "outwards into a foot")
CASTLES_CUTTING = ("castles: cut out each red-and-blue pair along its corner marks, fold it where red meets "
                   "blue with the colours outwards and glue the halves together: each chip is red on one "
                   "side and blue on the other")
LAYOUTS = ("duplex", "gutterfold")
"""The layouts of the castles' own sheets (the chips need two sides)."""


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


def castle_sheets(spec: KitSpec) -> list[str]:
    """The castles' own sheet files a build with `spec` makes (none for a layout they lack)."""
    return [pdf_name("castles", spec.paper, layout, spec.flip) for layout in spec.layouts if layout in LAYOUTS]


def _castles(board: IrrBoard, bleed: float) -> list[Item]:
    red, blue = castle_faces(board, bleed)
    return [Item(red, blue, CASTLES)]


def plan(designed: IrrBoard, spec: KitSpec) -> KitPlan:
    """The board (split over pages and on one page), the parts sheet, the castles (on the parts
    sheet where they fit, `castles_fit`) and the booklet, all for one field size (`kit_field`).
    A board too long for the one large page at that size is left out there, with a note, and
    split over pages of the build's paper."""
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
    # The castles go on the parts sheet where they fit there, single-sided as fold-over pairs,
    # whatever --layout asks; else (or without the parts sheet) they keep their own two-sided sheets.
    fit = castles_fit(board, spec.paper, spec.bleed)
    on_parts = fit and spec.wants("parts")
    parts, part_faces, shows = parts_sheets(board, paper(spec.paper), spec.bleed, castles=on_parts)
    entry: dict[str, object] = {
        "paper": spec.paper, "layout": "parts", "pages": len(parts), "pieces": 2 * PIECES_PER_SIDE,
        "castles": CASTLES if on_parts else 0, "sticks": board.sticks, "field_mm": board.field_size,
        "sides": "single-sided", "colour": spec.colour,
        "print": "single-sided, at 100 % (actual size, no fit-to-page), on card if you can",
        "cutting_order": f"{PARTS_CUTTING}; {CASTLES_CUTTING}" if on_parts else PARTS_CUTTING}
    if not fit:
        entry["note"] = (f"the {CASTLES} castle chips do not fit beside the other parts on this sheet, so they "
                         f"have their own: {' or '.join(castle_sheets(spec))}")
    castle_words = f"{CASTLES} castles, " if on_parts else ""
    files.append(SheetFile(
        f"parts-{spec.paper}.pdf", "parts", f"{board.name} – parts", tuple(parts), tuple(shows), tuple(part_faces),
        entry, f"{count(len(parts), 'page')}: {2 * PIECES_PER_SIDE} standees, {castle_words}gauge, "
               f"{board.sticks} sticks",
        figures=tuple(zip(("piece-red", "piece-blue"), standee_figures(board)))))
    # On the parts sheet the castles need no sheet of their own (no layouts); on their own
    # sheets they need two sides: duplex and gutterfold only (another --layout is refused).
    castles = Component("castles", "Burgen / castles", partial(_castles, board, spec.bleed), CASTLE_CUTTING,
                        layouts=() if on_parts else LAYOUTS, kinds=("tile", "chit"))
    # The standees again for a cutting machine (`--cutter`): cut out, their three folds scored.
    size = StandeeSize.for_field(board.field_size)
    standees = CutPiece("parts", "standees", "Figuren / standees",
                        tuple(Item(face, None, n) for face, n in part_faces[:2]), STANDEE_CUTTING,
                        folds=(size.tab, size.tab + size.panel, size.tab + 2 * size.panel))
    return KitPlan(board.name, (castles,), tuple(files), Booklet(CONTENT, board), tuple(notes), (standees,))
