"""The fast slide search: a table of every stick's free run, kept up to date around the stick
that moved, and Zobrist keys for the repetition rule.

`sliding.py` is the plain reference: it measures each stick's free run afresh whenever it is
asked (about 160 runs for one listing of the slides). Here a position keeps `runs` (per stick
and direction, how far it could slide now, at most 3), computed once when phase 2 needs it and
then only re-measured for the sticks near a stick that really moved (or near a castle's
grooves that changed). Whether the rest of a turn's total can still be slid after a slide is
answered from the table without moving anything: some other stick that runs far enough now
still does unless the slid stick's new place lies on its way (bit masks of the segments and
crossings a stick covers and a run would cover); only when no such stick is left does the plain
search of `sliding.can_slide` decide. Both give the same slides in the same order (a
differential test plays many seeded games with both).

Zobrist keys: every stick place, piece on a field and castle state has a fixed random 64-bit
code; a position's key is the exclusive or of its codes and the player to move. The sticks'
part (`Position.zob`) is updated with each slide; stick ids play no part, as the repetition rule wants.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardgen.games.irrlaeufer import native_core
from cardgen.games.irrlaeufer.components import COLUMNS, Dir, Side
from cardgen.games.irrlaeufer.grid import Grid, grid_for
from cardgen.games.irrlaeufer.moves import IrrMove, Slide
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.sliding import can_slide, free_run, turn_total as plain_turn_total

CORE: Any = native_core.load()
"""The compiled core (`_core.c`: the table measured, the slides listed there), or None."""

REACH = 3
"""The longest slide: runs are counted up to it."""
ZOBRIST_SEED = 20
"""Seeds the fixed Zobrist codes (any value will do; it must never change between versions
that share saved states)."""


@dataclass(frozen=True, slots=True)
class Tables:
    """What the fast search precomputes for one board length, indexed by a stick's first
    segment (`Position.s_seg0`): `body` the bits of the segments and crossings a stick there
    covers; `ahead[need][0]` / `ahead[need][1]` the bits a run of `need` fields forward /
    backward newly covers; `near` the segments whose sticks may run differently once a stick
    lies there or leaves; `seg_near` the same per single segment (for castles). Bits: segment k
    is bit k, crossing c bit n_seg + c. And the Zobrist codes."""

    body: tuple[int, ...]
    ahead: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    near: tuple[tuple[int, ...], ...]
    seg_near: tuple[tuple[int, ...], ...]
    z_stick: tuple[int, ...]
    z_piece: tuple[int, ...]
    z_castle: tuple[int, ...]
    z_blue: int
    sweep: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """`sweep[0][m]` / `sweep[1][m]`: the bits of every place a stick reaches sliding 1..m
    fields forward / backward."""
    slides: tuple[list[tuple[Slide, ...] | None], list[tuple[Slide, ...] | None]]
    """Per side, by 8·first segment + 4·backward + run: the slides of that stick by 1..run
    fields, made once (moves are values: one object serves every listing)."""


def _line_window(grid: Grid, d: Dir, line: int, lo: int, hi: int) -> list[int]:
    """The segments lo..hi of a line, clipped to it."""
    return [grid.seg(d, line, j) for j in range(max(1, lo), min(grid.line_length(d), hi) + 1)]


def _body(grid: Grid, d: Dir, line: int, start: int) -> int:
    """The bits of the segments and crossings a stick at `start` of a line covers."""
    a = grid.seg(d, line, start)
    return ((1 << a) | (1 << (a + 1)) | (1 << (a + 2)) | (1 << (grid.n_seg + grid.cross(d, line, start)))
            | (1 << (grid.n_seg + grid.cross(d, line, start + 1))))


@cache
def tables_for(rows: int) -> Tables:
    """The tables of a board `rows` long, built once."""
    grid = grid_for(rows)
    n_seg = grid.n_seg
    body = [0] * n_seg
    ahead = [([0] * n_seg, [0] * n_seg) for _ in range(REACH + 1)]
    sweep = [[[0] * n_seg for _ in range(REACH)] for _ in range(2)]
    near: list[tuple[int, ...]] = [()] * n_seg
    seg_near: list[tuple[int, ...]] = [()] * n_seg
    for d in (Dir.V, Dir.H):
        length = grid.line_length(d)
        for line in range(1, grid.line_count(d) + 1):
            for j in range(1, length + 1):
                seg_near[grid.seg(d, line, j)] = tuple(_line_window(grid, d, line, j - REACH, j + REACH))
            for start in range(1, length - 1):
                a = grid.seg(d, line, start)
                body[a] = _body(grid, d, line, start)
                for need in range(1, REACH + 1):
                    if start + 2 + need <= length:
                        bits = 0
                        for i in range(1, need + 1):
                            bits |= (1 << grid.seg(d, line, start + 2 + i)) | (
                                1 << (n_seg + grid.cross(d, line, start + 1 + i)))
                        ahead[need][0][a] = bits
                    if start - need >= 1:
                        bits = 0
                        for i in range(1, need + 1):
                            bits |= (1 << grid.seg(d, line, start - i)) | (1 << (n_seg + grid.cross(d, line, start - i)))
                        ahead[need][1][a] = bits
                for back, sign in ((0, 1), (1, -1)):
                    for m in range(1, REACH):
                        if 1 <= start + sign * m <= length - 2:
                            sweep[back][m][a] = sweep[back][m - 1][a] | _body(grid, d, line, start + sign * m)
                # sticks on this line within reach, and on the lines crossing it at its two
                # covered crossings within reach of them
                window = set(_line_window(grid, d, line, start - REACH, start + 2 + REACH))
                other = Dir.H if d is Dir.V else Dir.V
                for j in (start, start + 1):   # the crossing after segment j lies on line j of `other`
                    window.update(_line_window(grid, other, j, line + 1 - REACH, line + REACH))
                near[a] = tuple(sorted(window))
    rng = random.Random(ZOBRIST_SEED)
    fields = COLUMNS * rows
    return Tables(
        body=tuple(body), ahead=tuple((tuple(f), tuple(b)) for f, b in ahead), near=tuple(near),
        seg_near=tuple(seg_near),
        z_stick=tuple(rng.getrandbits(64) for _ in range(n_seg)),
        z_piece=tuple(rng.getrandbits(64) for _ in range(2 * fields)),
        z_castle=tuple(rng.getrandbits(64) for _ in range(8 * fields)),
        z_blue=rng.getrandbits(64), sweep=(tuple(tuple(m) for m in sweep[0]), tuple(tuple(m) for m in sweep[1])),
        slides=([None] * (8 * n_seg), [None] * (8 * n_seg)))


# --------------------------------------------------------------------------- the run table


def run_table(pos: Position) -> list[int]:
    """`pos.runs`, measured in full the first time (phase 1 keeps none): entry 2·id is how far
    stick `id` runs forward, 2·id + 1 backward, each at most `REACH`."""
    if pos.runs is None and CORE is not None:
        pos.runs = CORE.measure(pos)
    if pos.runs is None:
        runs = [0] * (2 * len(pos.sticks))
        for sid in range(len(pos.sticks)):
            runs[2 * sid] = free_run(pos, sid, 1, REACH)
            runs[2 * sid + 1] = free_run(pos, sid, -1, REACH)
        pos.runs = runs
    return pos.runs


def remeasure(pos: Position, segments: tuple[int, ...] | set[int], more: tuple[int, ...] = ()) -> None:
    """Measure again the runs of the sticks lying on `segments` and `more` (after a change
    near them)."""
    if CORE is not None:  # the compiled core measures every stick: the same table, the runs being exact
        if pos.runs is not None:
            CORE.measure(pos, pos.runs)
        return
    runs, seg = pos.runs, pos.seg
    if runs is None:
        return
    for sid in {seg[k] for k in segments}.union([seg[k] for k in more]):
        if sid >= 0:
            runs[2 * sid] = free_run(pos, sid, 1, REACH)
            runs[2 * sid + 1] = free_run(pos, sid, -1, REACH)


def slid(pos: Position, sid: int, by: int) -> None:
    """Slide stick `sid` by `by` fields (unchecked, as `Position.move_stick`) and bring the
    run table and the sticks' Zobrist code up to date around its old and new place."""
    if CORE is not None:  # all of it in the compiled core, with the same window
        CORE.slid(pos, sid, by, tables_for(pos.board.rows))
        return
    old = pos.s_seg0[sid]
    pos.move_stick(sid, by)
    new = pos.s_seg0[sid]
    tables = tables_for(pos.board.rows)
    if pos.zob is not None:
        pos.zob ^= tables.z_stick[old] ^ tables.z_stick[new]
    if pos.runs is not None:
        remeasure(pos, tables.near[old], tables.near[new])


def castles_moved(pos: Position, before: frozenset[int]) -> None:
    """Bring the run table up to date after the castles' interior grooves changed from
    `before` to `pos.castle_block`."""
    if pos.runs is not None and before != pos.castle_block:
        seg_near = tables_for(pos.board.rows).seg_near
        remeasure(pos, {k for c in before ^ pos.castle_block for k in seg_near[c]})


def free_runs(pos: Position, used: set[int], banned: dict[int, int], limit: int) -> list[tuple[int, int, int]]:
    """`sliding.free_runs` from the table: (stick id, sign, fields up to `limit`) for every
    stick not in `used` and direction not banned that can slide now, in stick order."""
    skip = _skipped(used, banned)
    return [(i >> 1, -1 if i & 1 else 1, run if run < limit else limit)
            for i, run in enumerate(run_table(pos)) if run and i not in skip]


def _skipped(used: set[int], banned: dict[int, int]) -> set[int]:
    """The table entries a turn may not use: both directions of a stick slid this turn, the
    direction back of one the opponent just slid."""
    skip = {2 * sid + (sign < 0) for sid, sign in banned.items()}
    for sid in used:
        skip.add(2 * sid)
        skip.add(2 * sid + 1)
    return skip


def slide_moves(pos: Position, side: Side, used: set[int], banned: dict[int, int],
                remaining: int) -> list[IrrMove]:
    """The moves of `sliding.legal_slides` (the same slides in the same order) from the table.
    A slide of k < `remaining` fields is allowed when some other stick that runs the rest now
    still does after it: the first stick that runs `remaining` - 1 (the witness) does unless
    the slid stick's new place lies on the witness's way; for a stick whose every shorter slide
    keeps off that way, all its slides are allowed at once. Otherwise each slide is judged by
    the other sticks that run far enough, and failing them by the plain search."""
    tables = tables_for(pos.board.rows)
    if CORE is not None:  # the same list from the compiled core (_core.c), with the same cache
        listed: list[IrrMove] = CORE.slide_moves(pos, side, used, banned, remaining, tables.slides[side.value], Slide)
        return listed
    body, ahead, sweep, seg0 = tables.body, tables.ahead, tables.sweep, pos.s_seg0
    skip = _skipped(used, banned)
    free = [(i, run if run < remaining else remaining) for i, run in enumerate(run_table(pos))
            if run and i not in skip]
    witness, way = -1, 0
    if remaining > 1:
        for j, o_run in free:
            if o_run >= remaining - 1:
                witness, way = j >> 1, ahead[remaining - 1][j & 1][seg0[j >> 1]]
                break
    cache = tables.slides[side.value]
    out: list[IrrMove] = []
    for i, run in free:
        sid = i >> 1
        first = seg0[sid]
        moves = cache[8 * first + 4 * (i & 1) + run]
        if moves is None:
            moves = _moves(tables, pos, side, i, run)
        if remaining == 1 or (sid != witness and witness >= 0
                              and not sweep[i & 1][run if run < remaining else remaining - 1][first] & way):
            out.extend(moves)
            continue
        sign = -1 if i & 1 else 1
        for k, move in enumerate(moves, 1):
            if k < remaining and not _rest_after(pos, free, used, banned, sid, sign * k, remaining - k,
                                                  body[first + sign * k]):
                continue
            out.append(move)
    return out


def _moves(tables: Tables, pos: Position, side: Side, i: int, run: int) -> tuple[Slide, ...]:
    """The slides of table entry `i` by 1..`run` fields, made and kept for the next listing."""
    sid = i >> 1
    sign = -1 if i & 1 else 1
    stick = pos.sticks[sid]
    moves = tuple(Slide(side, stick, sign * k) for k in range(1, run + 1))
    tables.slides[side.value][8 * pos.s_seg0[sid] + 4 * (i & 1) + run] = moves
    return moves


def slide_leaves_rest(pos: Position, used: set[int], banned: dict[int, int], remaining: int,
                      sid: int, by: int) -> bool:
    """Whether after sliding `sid` (free to go) by `by` of the `remaining` fields the rest can
    still be slid by sticks not in `used` (the test of `slide_moves` for one slide)."""
    if abs(by) == remaining:
        return True
    skip = _skipped(used, banned)
    free = [(i, run) for i, run in enumerate(run_table(pos)) if run and i not in skip]
    body = tables_for(pos.board.rows).body
    return _rest_after(pos, free, used, banned, sid, by, remaining - abs(by), body[pos.s_seg0[sid] + by])


def random_slide(pos: Position, side: Side, used: set[int], banned: dict[int, int], remaining: int,
                 rng: random.Random, tries: int = 64) -> Slide | None:
    """A legal slide drawn cheaply for playouts (not uniformly: a random free stick and
    direction, then a random length), or None after `tries` misses. The rest of the turn is
    checked as in `slide_moves`, the other sticks scanned from the table's start."""
    table = run_table(pos)
    skip = _skipped(used, banned)
    tables = tables_for(pos.board.rows)
    for _ in range(tries):
        i = rng.randrange(len(table))
        run = table[i]
        if not run or i in skip:
            continue
        k = 1 + rng.randrange(run if run < remaining else remaining)
        sid = i >> 1
        by = -k if i & 1 else k
        if k < remaining and not _rest_after(pos, _Entries(table, skip), used, banned, sid, by,
                                             remaining - k, tables.body[pos.s_seg0[sid] + by]):
            continue
        return _moves(tables, pos, side, i, run if run < remaining else remaining)[k - 1]
    return None


class _Entries:
    """The table's entries not in `skip`, as (entry, run) pairs, read lazily (a scan that
    stops at the first witness reads only a few)."""

    __slots__ = ("table", "skip")

    def __init__(self, table: list[int], skip: set[int]) -> None:
        self.table, self.skip = table, skip

    def __iter__(self) -> Iterator[tuple[int, int]]:
        skip = self.skip
        return ((j, r) for j, r in enumerate(self.table) if r and j not in skip)


def _rest_after(pos: Position, free: Iterable[tuple[int, int]], used: set[int], banned: dict[int, int],
                sid: int, by: int, need: int, there: int) -> bool:
    """Whether after sliding `sid` by `by` (its new place's bits `there`) sticks not in
    `used` can still slide `need` fields: one that runs that far now and whose way misses the
    new place does, else the plain search decides."""
    seg0 = pos.s_seg0
    ways = tables_for(pos.board.rows).ahead[need]
    for j, o_run in free:
        if o_run >= need and j >> 1 != sid and not ways[j & 1][seg0[j >> 1]] & there:
            return True
    return plain_rest(pos, used, banned, sid, by, need)


def plain_rest(pos: Position, used: set[int], banned: dict[int, int], sid: int, by: int, need: int) -> bool:
    """Whether after sliding `sid` by `by` sticks not in `used` can still slide `need` fields,
    by the plain search (`sliding.can_slide`)."""
    used.add(sid)
    pos.shift(sid, by)  # occupancy only, undone below
    ok = can_slide(pos, used, banned, need)
    pos.shift(sid, -by)
    used.discard(sid)
    return ok


def turn_total(pos: Position, banned: dict[int, int], budget: int = REACH) -> int:
    """`sliding.turn_total` from the table: the `budget` (3) when a stick runs it, 0 when none
    runs at all (directions banned aside), else the plain search (always above a budget of 3,
    longer than the table's runs)."""
    table = run_table(pos)
    back = [table[2 * sid + (sign < 0)] for sid, sign in banned.items()]
    if budget == REACH:
        if table.count(REACH) > back.count(REACH):
            return REACH
    elif budget < REACH:
        if sum(r >= budget for r in table) > sum(r >= budget for r in back):
            return budget
    else:
        return plain_turn_total(pos, banned, budget)
    if len(table) - table.count(0) == len(back) - back.count(0):
        return 0
    return plain_turn_total(pos, banned, budget)


# --------------------------------------------------------------------------- Zobrist keys


def zobrist(pos: Position, to_move: Side) -> int:
    """The position's key for the repetition rule: `pos.zob` (its sticks) with its pieces,
    castles and the player to move."""
    tables = tables_for(pos.board.rows)
    if CORE is not None:  # the same key from the compiled core
        key: int = CORE.zobrist(pos, to_move.value, tables)
        return key
    z_piece, z_castle = tables.z_piece, tables.z_castle
    if pos.zob is None:
        pos.zob = 0
        for a in pos.s_seg0:
            pos.zob ^= tables.z_stick[a]
    key = pos.zob ^ (tables.z_blue if to_move is Side.BLUE else 0)
    for (c, r), side in pos.pieces.items():
        key ^= z_piece[2 * ((r - 1) * COLUMNS + c - 1) + (side is Side.BLUE)]
    c_on, c_piece, c_owner = pos.c_on, pos.c_piece, pos.c_owner
    for i, (c, r) in enumerate(pos.c_pos):
        code = 4 * (c_owner[i] is Side.BLUE) + 2 * c_piece[i] + (i in c_on)
        key ^= z_castle[8 * ((r - 1) * COLUMNS + c - 1) + code]
    return key
