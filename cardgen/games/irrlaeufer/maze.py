"""Phase 1 (the maze): where a stick may be laid.

A stick lies on an inner groove line over exactly 3 fields (the border grooves are never used),
shares no segment and no covered crossing with another stick, keeps out of every castle's
interior grooves (along a castle's outline is fine) and must not complete its line.

Reading of a gap: "its end crossings stay free" means the stick does not cover them; another
stick may cover such a crossing (a T-junction: one stick passes the point where the other
ends), since no crossing is then covered twice.
"""

from __future__ import annotations

from typing import Any

from cardgen.games.irrlaeufer import native_core
from cardgen.games.irrlaeufer.components import COLUMNS, Dir, Stick
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.ruleids import Rule


def lay_error(pos: Position, s: Stick) -> tuple[str, str] | None:
    """Why `s` cannot be laid now, as (rule id, reason), or None if it can."""
    grid = pos.grid
    count = grid.line_count(s.dir)
    if s.line in (0, count + 1):
        edge = "left or right edge" if s.dir is Dir.V else "top or bottom edge"
        return Rule.BORDER_GROOVE.value, f"groove line {s.line} runs along the {edge}; border grooves stay unused"
    if not grid.on_board(s):
        length = grid.line_length(s.dir)
        if not 1 <= s.line <= count:
            return Rule.OFF_BOARD.value, f"there is no {s.dir.value} groove line {s.line} (lines 1-{count})"
        return Rule.OFF_BOARD.value, f"a stick from field {s.start} over 3 fields leaves the line (fields 1-{length})"
    segs = grid.stick_segs(s)
    if any(i in pos.castle_block for i in segs):
        return Rule.CASTLE_AREA.value, f"stick {s} would lie in a castle's interior grooves"
    for i in segs:
        if pos.seg[i] >= 0:
            return Rule.OVERLAPS_STICK.value, f"stick {s} would overlap stick {pos.sticks[pos.seg[i]]}"
    for i in grid.stick_crosses(s):
        if pos.cross[i] >= 0:
            return Rule.CROSSES_STICK.value, f"stick {s} would cross stick {pos.sticks[pos.cross[i]]}"
    line = grid.line_segs(s.dir, s.line)
    filled = sum(1 for i in line if pos.seg[i] >= 0)
    if filled + 3 >= len(line):
        return Rule.FULL_GROOVE.value, f"stick {s} would cover groove line {s.dir.value}{s.line} completely"
    return None


CORE: Any = native_core.load()
"""The compiled core (`_core.c`: `legal_lays` there), or None."""


def legal_lays(pos: Position, first_only: bool = False) -> list[Stick]:
    """Every stick place that is legal now, in the fixed order of `Grid.all_sticks`."""
    if CORE is not None:
        lays: list[Stick] = CORE.legal_lays(pos, pos.grid.all_sticks, first_only)
        return lays
    return legal_lays_py(pos, first_only)


def legal_lays_py(pos: Position, first_only: bool = False) -> list[Stick]:
    """`legal_lays` in Python (the reference of the compiled core)."""
    grid, seg, cross, block = pos.grid, pos.seg, pos.cross, pos.castle_block
    fill: dict[tuple[Dir, int], int] = {}
    for d in (Dir.V, Dir.H):
        for line in range(1, grid.line_count(d) + 1):
            fill[(d, line)] = sum(1 for i in grid.line_segs(d, line) if seg[i] >= 0)
    out: list[Stick] = []
    for s in grid.all_sticks:
        a, b, c = grid.stick_segs(s)
        if seg[a] >= 0 or seg[b] >= 0 or seg[c] >= 0:
            continue
        x, y = grid.stick_crosses(s)
        if cross[x] >= 0 or cross[y] >= 0:
            continue
        if a in block or b in block or c in block:
            continue
        if fill[(s.dir, s.line)] + 3 >= grid.line_length(s.dir):
            continue
        out.append(s)
        if first_only:
            break
    return out


def fit_construction(rows: int) -> list[Stick]:
    """A fixed list of stick places that are legal all together on a board of `rows` rows (and
    so in any order and any prefix: every phase-1 rule only forbids conflicts).

    Horizontal sticks: on every horizontal line, columns 1-3, 4-6, 7-9 and 10-12; on the two
    castle lines (2 and rows-2) only 4-6, 7-9, 10-12. Vertical sticks: on vertical lines 3, 6,
    9, 12 and 13 from row 1 in steps of 3, and on line 14 from row 4 up to row rows-3.
    Why it obeys phase 1: every line index lies in 1..14 or 1..rows-1 (no border groove);
    sticks on one line start 3 apart (no shared segment); horizontal sticks cover crossings only
    on vertical lines 1, 2, 4, 5, 7, 8, 10, 11, vertical sticks only lie on 3, 6, 9, 12, 13, 14
    (no crossing covered twice); horizontal lines keep columns 13-15 free and a vertical line
    drops its last stick when rows is a multiple of 3 (no full line); castle interiors are the
    segments of lines 1 and 14 (vertical) and 2 and rows-2 (horizontal) next to the castles,
    which the gaps above avoid. For 17 rows this gives 90 places, for 31 rows 176.
    """
    out: list[Stick] = []
    castle_lines = {2, rows - 2}
    for r in range(1, rows):
        across = (4, 7, 10) if r in castle_lines else (1, 4, 7, 10)
        out.extend(Stick(Dir.H, r, c) for c in across)
    for c in (3, 6, 9, 12, 13, COLUMNS - 1):
        low, high = (4, rows - 3) if c == COLUMNS - 1 else (1, rows)
        starts = list(range(low, high - 1, 3))
        if c != COLUMNS - 1 and rows % 3 == 0:
            starts = starts[:-1]
        out.extend(Stick(Dir.V, c, r) for r in starts)
    return out
