"""Phase-2 step 1: sliding sticks along their grooves.

A turn slides 1-3 different sticks, 3 fields in total (the set's `slide_budget`: B fields over
at most min(3, B) sticks), each one way only; a stick the opponent
slid in their last turn may not go back the way it came (`banned`: stick id -> forbidden sign).
Slides happen one after the other, so one slide may clear or block the way of the next. Other
sticks' segments and covered crossings, castles' interior grooves and the board's edge block.

If 3 (B) fields are impossible, the turn slides the most any combination allows: `turn_total`
finds that number. Any smaller total is reachable too (shorten or drop the last slide), so
"a turn can still slide `need` more fields" is a plain yes/no search (`can_slide`).

The full-groove rule needs no check here: a slide keeps a stick on its line, so the number of
covered segments of every line stays what phase 1 left (never all of them).
"""

from __future__ import annotations

from cardgen.games.irrlaeufer.components import MAX_SLIDE_STICKS, Dir
from cardgen.games.irrlaeufer.position import Position


def free_run(pos: Position, sid: int, sign: int, limit: int) -> int:
    """How far (0..limit) stick `sid` can slide in direction `sign` (+1 or -1)."""
    seg, cross, block = pos.seg, pos.cross, pos.castle_block
    start, a, x, stride = pos.s_start[sid], pos.s_seg0[sid], pos.s_x0[sid], pos.s_stride[sid]
    if sign > 0:
        room = pos.s_len[sid] - start - 2
        for i in range(1, min(limit, room) + 1):
            k = a + 2 + i                   # the segment newly covered
            if seg[k] >= 0 or k in block or cross[x + (1 + i) * stride] >= 0:
                return i - 1
        return min(limit, room)
    room = start - 1
    for i in range(1, min(limit, room) + 1):
        k = a - i
        if seg[k] >= 0 or k in block or cross[x - i * stride] >= 0:
            return i - 1
    return min(limit, room)


def blocker(pos: Position, sid: int, sign: int, by: int) -> str:
    """What stops stick `sid` from sliding `by` fields in direction `sign`, in words."""
    s = pos.sticks[sid]
    grid = pos.grid
    run = free_run(pos, sid, sign, by)
    j = s.start + 2 + run + 1 if sign > 0 else s.start - run - 1
    if not 1 <= j <= grid.line_length(s.dir):
        return "the edge of the board"
    k = grid.seg(s.dir, s.line, j)
    if pos.seg[k] >= 0:
        return f"stick {pos.sticks[pos.seg[k]]}"
    if k in pos.castle_block:
        return "a castle"
    x = grid.cross(s.dir, s.line, j - 1 if sign > 0 else j)
    other = pos.sticks[pos.cross[x]]
    where = (s.line, j - 1 if sign > 0 else j) if s.dir is Dir.V else (j - 1 if sign > 0 else j, s.line)
    return f"stick {other} (on the crossing of lines v{where[0]} and h{where[1]})"


def can_slide(pos: Position, used: set[int], banned: dict[int, int], need: int,
              sticks: int = MAX_SLIDE_STICKS) -> bool:
    """Whether at most `sticks` more sticks not in `used` can still slide exactly `need` fields
    in total this turn (with a budget of 3 the stick limit never binds: each slide is a field)."""
    if need <= 0:
        return True
    if sticks <= 0:
        return False
    partial: list[tuple[int, int, int]] = []
    for sid in range(len(pos.sticks)):
        if sid in used:
            continue
        ban = banned.get(sid, 0)
        for sign in (1, -1):
            if sign == ban:
                continue
            run = free_run(pos, sid, sign, need)
            if run >= need:
                return True
            if run:
                partial.append((sid, sign, run))
    for sid, sign, run in partial:
        used.add(sid)
        for k in range(1, run + 1):
            pos.shift(sid, sign * k)
            ok = can_slide(pos, used, banned, need - k, sticks - 1)
            pos.shift(sid, -sign * k)
            if ok:
                used.discard(sid)
                return True
        used.discard(sid)
    return False


def turn_total(pos: Position, banned: dict[int, int], budget: int = 3) -> int:
    """The fields a turn must slide: its `budget` (3 in the original), or the most any
    combination of at most 3 sticks allows."""
    for need in range(budget, 0, -1):
        if can_slide(pos, set(), banned, need):
            return need
    return 0


def free_runs(pos: Position, used: set[int], banned: dict[int, int], limit: int) -> list[tuple[int, int, int]]:
    """(stick id, sign, fields) for every stick not in `used` and direction not banned that can
    slide at least one field now, each run counted up to `limit`, in stick order."""
    out: list[tuple[int, int, int]] = []
    for sid in range(len(pos.sticks)):
        if sid in used:
            continue
        ban = banned.get(sid, 0)
        for sign in (1, -1):
            if sign != ban:
                run = free_run(pos, sid, sign, limit)
                if run:
                    out.append((sid, sign, run))
    return out


def legal_slides(pos: Position, used: set[int], banned: dict[int, int], remaining: int) -> list[tuple[int, int]]:
    """Every slide (stick id, signed fields) allowed now when `remaining` fields are still due:
    the stick is free to go that far, and the rest of the turn can still be slid afterwards
    by the sticks the turn may still use (at most 3 in all)."""
    out: list[tuple[int, int]] = []
    after = MAX_SLIDE_STICKS - len(used) - 1   # sticks left once this one has slid
    if after < 0:
        return out
    free = free_runs(pos, used, banned, remaining)
    for sid, sign, run in free:
        used.add(sid)
        for k in range(1, run + 1):
            if k == remaining:
                out.append((sid, sign * k))
                continue
            pos.shift(sid, sign * k)
            if after and (_quick_rest(pos, free, sid, remaining - k)
                          or can_slide(pos, used, banned, remaining - k, after)):
                out.append((sid, sign * k))
            pos.shift(sid, -sign * k)
        used.discard(sid)
    return out


def _quick_rest(pos: Position, free: list[tuple[int, int, int]], moved: int, need: int) -> bool:
    """A shortcut for `can_slide`: some other stick that was free before still runs `need`."""
    for sid, sign, run in free:
        if sid != moved and run >= need and free_run(pos, sid, sign, need) >= need:
            return True
    return False
