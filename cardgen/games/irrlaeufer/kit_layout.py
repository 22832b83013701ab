"""The Irrläufer kit's sizes and its parts sheet, apart from the kit plan (`kit`), so that the
booklet can ask where the castles go without importing the plan, which imports the booklet.

- `kit_field`: the one field size of a whole kit, for the paper it is built on;
- `parts_sheets`: the parts pages, sections of like faces flowing down portrait pages;
- `castles_fit`: whether the castle chips fit on the parts sheet's last page.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.games.irrlaeufer.components import DEFAULT_ROWS, IrrBoard
from cardgen.games.irrlaeufer.render import (
    CASTLES,
    PIECES_PER_SIDE,
    board_face,
    castle_pair_face,
    gauge_face,
    standee_faces,
    stick_face,
)
from cardgen.print import Face, MarkStyle, Paper, Placement, Side, paper
from cardgen.print.geometry import Box, Mark, union
from cardgen.print.marks import cut_marks
from cardgen.print.sheets import Sheet, Text

SINGLE_PAGE = {"a4": "a3", "letter": "tabloid", "a3": "a3", "tabloid": "tabloid"}
SINGLE_MARGIN = 5.0
"""The paper edge no printer can be trusted to print on, mm: nothing of the one-page board
(neither bleed nor marks) lies there."""
MARK_ROOM = 3.0
SINGLE_FOOTER = 6.0
PARTS_MARGIN = 10.0
PARTS_BLEED = 1.0
"""The most bleed the parts sheet's fold-over pieces and castle pairs carry, mm."""


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
    footer = Box(content.x, content.bottom - 4.0, content.width, 4.0)  # its line: no mark crosses it
    pages: list[tuple[list[Placement], list[Box], list[Mark], list[Text]]] = [([], [], [], [])]
    y = content.y
    for sec in sections:
        w, h = sec.faces[0].width, sec.faces[0].height
        step_x, step_y = w + sec.gap, h + sec.gap
        cols = max(1, int((content.width - 2 * sec.bleed + sec.gap) // step_x))
        cols = math.ceil(len(sec.faces) / math.ceil(len(sec.faces) / cols))  # rows alike: 2 x 2, not 3 + 1
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
            marks += cut_marks(block, sec.marks, union(block).grown(sec.bleed + 3.5), [footer])
            left = left[n:]
            y = union(block).bottom + sec.bleed + 5.0
    out = []
    for i, (placed, trims, marks, texts) in enumerate(pages):
        line = Text(pw / 2, content.bottom - 1.5, f"{title} · page {i + 1}/{len(pages)} · single-sided, "
                    "print at 100 % (actual size)", 6.5, centred=True)
        area = union(trims)
        grown = area.grown(max(p.bleed for p in placed))
        out.append(Sheet(pw, ph, tuple(placed), area, grown, marks=tuple(marks), texts=tuple(texts) + (line,)))
    return out


def parts_sheets(board: IrrBoard, sheet: Paper, bleed: float,
                 castles: bool = False) -> tuple[list[Sheet], list[tuple[Face, int]], list[Face]]:
    """The parts pages (standees, gauge, sticks and, with `castles`, the castle chips as fold-over
    pairs), the faces on them the kit counts here with their counts (not the castles: their
    component counts them), and every face they show."""
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
    shows = [red, blue, gauge, stick]
    if castles:
        pair = castle_pair_face(board, b)
        sections.append(_Section(f"Castles / Burgen: {CASTLES} chips. Cut out each pair, fold it where red meets "
                                 "blue (colours outwards) and glue: red on one side, blue on the other.",
                                 (pair,) * CASTLES, 2 * b + 0.5, b, MarkStyle.CORNERS))
        shows.append(pair)
    pages = flow(sections, sheet, f"{board.name} – parts / Teile")
    faces = [(red, PIECES_PER_SIDE), (blue, PIECES_PER_SIDE), (gauge, 1), (stick, board.sticks)]
    return pages, faces, shows


def castles_fit(board: IrrBoard, paper_name: str, bleed: float) -> bool:
    """Whether the castle chips go on the parts sheet of a kit on `paper_name` with `bleed`: they
    do where they fit on its last page, beside the other parts, without a page of their own
    (at the kit's field size, `kit_field`)."""
    board = dataclasses.replace(board, field_size=kit_field(board, paper_name, bleed))
    sheet = paper(paper_name)
    return len(parts_sheets(board, sheet, bleed, castles=True)[0]) == len(parts_sheets(board, sheet, bleed)[0])
