"""Phase-2 step 2: moving one own piece or castle in a straight line, captures and conquests.

Readings of gaps (each has a test):
- "Straight line" means along a row or a column, at least one field; any distance up to the
  first obstacle ("as far as the way is free, or as far as one likes").
- A castle with anything on it (a piece, or a castle that conquered it) is an obstacle for
  every move: it cannot be entered, and the piece on it cannot be captured. A stack of two
  castles counts as one occupied castle on the bottom castle's fields.
- A piece on a castle leaves from any of the castle's four fields, crossing the castle's own
  fields freely, and must end off the castle; a castle on top leaves the same way and must
  end with no field over the castle below (`leave-fully`).
- A castle's way: every 2x2 place it passes or lands on must have no stick in its interior
  grooves (that covers both the sticks across the 2-wide lane and the sticks under the chip).
  The fields it passes over, apart from the 2x2 it lands on, must be empty (a castle moving k
  fields enters its final 2x2 over its last two steps, so it may slide onto pieces or a castle
  standing right there). On the 2x2 it lands on, enemy pieces are captured, an own piece
  blocks, and another castle is allowed only when it is an unoccupied enemy castle exactly
  under it (conquest); a castle leaving another passes that one freely.
- A set with `capture_own` (docs/rulings.md): an own piece is captured exactly like an enemy
  one, by a piece landing on it and by a castle landing over it; a castle's move then ends at
  the first step whose 2x2 holds any piece. Pieces on castles stay out of reach as before.
- A castle never passes over a piece: its move ends at the latest at the first step whose 2x2
  holds an enemy piece (capturing it there). So an enemy piece may stand only in the row
  (column) the castle enters with its last step; one standing in the row entered the step
  before would be left in the landing 2x2 after the castle went one field past it, which is
  refused (`castle-passes-piece`). A piece the castle would leave fully behind it is a jump
  (`jumps`), as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.games.irrlaeufer import native_core
from cardgen.games.irrlaeufer.components import Field, Side, castle_fields
from cardgen.games.irrlaeufer.grid import STEPS
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.ruleids import Rule

DIRECTIONS = STEPS
CORE: Any = native_core.load()
"""The compiled core (`_core.c`: the move generation there), or None."""


class Refusal(Exception):
    """A refused move: `rule` is its rule id (moves.RULES), `reason` the explanation."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Effect:
    """What a checked move does: which castle moves (`castle` >= 0) or a piece (-1), which
    castle it leaves (`home`, -1 if none), the fields whose enemy pieces it captures, and the
    castle it conquers (-1 if none)."""

    castle: int
    home: int
    captures: tuple[Field, ...]
    conquers: int


def _f(f: Field) -> str:
    return f"({f[0]}, {f[1]})"


def mover(pos: Position, side: Side, src: Field) -> tuple[int, int]:
    """(castle index or -1 for a piece, castle it stands on or -1) of what `src` names."""
    owner = pos.pieces.get(src)
    if owner is not None:
        if owner is not side:
            raise Refusal(Rule.NO_PIECE.value, f"the piece on {_f(src)} is {owner.label}'s")
        return -1, -1
    ci = pos.castle_at.get(src)
    if ci is None:
        raise Refusal(Rule.NO_PIECE.value, f"no piece or castle stands on {_f(src)}")
    if pos.c_owner[ci] is not side:
        raise Refusal(Rule.NO_PIECE.value, f"the castle on {_f(src)} is {pos.c_owner[ci].label}'s")
    top = pos.top(ci)
    if top < 0 and pos.c_piece[ci]:
        return -1, ci
    moving = top if top >= 0 else ci
    if src != pos.c_pos[moving]:
        raise Refusal(Rule.NO_PIECE.value, f"a castle is named by its top-left field {_f(pos.c_pos[moving])}")
    return moving, (ci if top >= 0 else -1)


def _direction(src: Field, dst: Field) -> tuple[int, int]:
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    if (dx == 0) == (dy == 0):
        raise Refusal(Rule.NOT_STRAIGHT.value, f"{_f(src)} to {_f(dst)} is not a straight move along a row or column")
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def resolve(pos: Position, side: Side, src: Field, dst: Field) -> Effect:
    """Check a move of `side` from `src` to `dst` (all but must-leave) and say what it does."""
    castle, home = mover(pos, side, src)
    if castle >= 0:
        return _resolve_castle(pos, side, castle, home, dst)
    dx, dy = _direction(src, dst)
    grid = pos.grid
    if not grid.inside(dst):
        raise Refusal(Rule.OFF_BOARD.value, f"{_f(dst)} is not on the board")
    f = src
    while True:
        g = (f[0] + dx, f[1] + dy)
        if pos.seg[grid.between(f, g)] >= 0:
            raise Refusal(Rule.STICK_IN_WAY.value, f"a stick lies between {_f(f)} and {_f(g)}")
        if g == dst:
            break
        if g in pos.pieces or pos.castle_at.get(g, home) != home:
            raise Refusal(Rule.JUMPS.value, f"the way passes {_f(g)}, which is not empty")
        f = g
    if home >= 0 and pos.castle_at.get(dst) == home:
        raise Refusal(Rule.LEAVE_FULLY.value, f"{_f(dst)} is still on the castle the piece leaves")
    captures: tuple[Field, ...] = ()
    if dst in pos.pieces:
        if pos.pieces[dst] is side and not pos.capture_own:
            raise Refusal(Rule.OWN_PIECE.value, f"an own piece stands on {_f(dst)}")
        captures = (dst,)
    ci = pos.castle_at.get(dst, -1)
    if ci >= 0:
        _enterable(pos, side, ci)
    return Effect(-1, home, captures, ci)


def _enterable(pos: Position, side: Side, ci: int) -> None:
    if pos.c_owner[ci] is side:
        raise Refusal(Rule.OWN_CASTLE.value, f"the castle on {_f(pos.c_pos[ci])} is {side.label}'s own")
    if pos.occupied(ci):
        raise Refusal(Rule.OCCUPIED_CASTLE.value, f"the castle on {_f(pos.c_pos[ci])} is occupied")


def _passable(pos: Position, f: Field, i: int, base: int) -> bool:
    return f not in pos.pieces and pos.castle_at.get(f, i) in (i, base)


def _resolve_castle(pos: Position, side: Side, i: int, base: int, dst: Field) -> Effect:
    src = pos.c_pos[i]
    dx, dy = _direction(src, dst)
    grid = pos.grid
    if not grid.castle_inside(dst):
        raise Refusal(Rule.OFF_BOARD.value, f"a castle at {_f(dst)} would stick out of the board")
    steps = abs(dst[0] - src[0]) + abs(dst[1] - src[1])
    q = src
    for j in range(1, steps + 1):
        n = (q[0] + dx, q[1] + dy)
        if any(pos.seg[k] >= 0 for k in grid.castle_segs(n)):
            raise Refusal(Rule.CASTLE_LANE.value, f"a stick lies across the 2-wide lane or under the chip at {_f(n)}")
        old = castle_fields(q)
        entered = [f for f in castle_fields(n) if f not in old]
        if j <= steps - 2:     # the last two rows (columns) entered are the 2x2 it lands on
            for f in entered:
                if not _passable(pos, f, i, base):
                    raise Refusal(Rule.JUMPS.value, f"the way passes {_f(f)}, which is not empty")
        elif j == steps - 1:   # this step's 2x2 already holds the enemy piece: the move ends here
            for f in entered:
                if f in pos.pieces and (pos.pieces[f] is not side or pos.capture_own):
                    raise Refusal(Rule.CASTLE_PASSES_PIECE.value, f"the castle reaches the piece on {_f(f)} at "
                                                         f"{_f(n)}, one field before {_f(dst)}: it stops there")
        q = n
    land = _landing(pos, side, i, base, dst)
    if isinstance(land, Refusal):
        raise land
    return land


def _landing(pos: Position, side: Side, i: int, base: int, dst: Field) -> Effect | Refusal:
    """What castle `i` does when it lands on `dst` (the way there already checked)."""
    fields = castle_fields(dst)
    if base >= 0 and any(pos.castle_at.get(f) == base for f in fields):
        return Refusal(Rule.LEAVE_FULLY.value, f"a castle at {_f(dst)} still overlaps the castle it leaves")
    hit = {pos.castle_at[f] for f in fields if f in pos.castle_at} - {i}
    conquers = -1
    if hit:
        m = hit.pop()
        if hit or pos.c_pos[m] != dst:
            return Refusal(Rule.CASTLE_OVERLAP.value, f"a castle at {_f(dst)} would lie partly on another castle")
        if pos.c_owner[m] is side:
            return Refusal(Rule.OWN_CASTLE.value, f"the castle on {_f(dst)} is {side.label}'s own")
        if pos.occupied(m):
            return Refusal(Rule.OCCUPIED_CASTLE.value, f"the castle on {_f(dst)} is occupied")
        conquers = m
    captures = tuple(f for f in fields if f in pos.pieces)
    if not pos.capture_own and any(pos.pieces[f] is side for f in captures):
        return Refusal(Rule.OWN_PIECE.value, f"an own piece stands under {_f(dst)}")
    return Effect(i, base, captures, conquers)


def label(pos: Position, src: Field, dst: Field) -> str:
    """"conquest", "capture" or "move": what a legal move from `src` to `dst` does, read off
    the board without checking the way (as `resolve` would say; the players' fast path)."""
    pieces, castle_at = pos.pieces, pos.castle_at
    if src not in pieces:
        ci = castle_at[src]
        top = pos.top(ci)
        if top >= 0 or not pos.c_piece[ci]:  # a castle moves: it lands on a 2x2
            moving = top if top >= 0 else ci
            fields = castle_fields(dst)
            if any(castle_at.get(f, moving) != moving for f in fields):
                return "conquest"
            return "capture" if any(f in pieces for f in fields) else "move"
    if dst in castle_at:
        return "conquest"
    return "capture" if dst in pieces else "move"


def play(pos: Position, side: Side, src: Field, dst: Field, effect: Effect) -> bool:
    """Carry out a resolved move; True if it captured or conquered something."""
    for f in effect.captures:
        del pos.pieces[f]
    m = effect.conquers
    if m >= 0:
        pos.c_owner[m] = side
    if effect.castle < 0:
        if effect.home >= 0:
            pos.c_piece[effect.home] = False
        else:
            del pos.pieces[src]
        if m >= 0:
            pos.c_piece[m] = True
        else:
            pos.pieces[dst] = side
    else:
        pos.c_pos[effect.castle] = dst
        pos.c_on[effect.castle] = m
        pos.refresh_castles()
    return bool(effect.captures) or m >= 0


# --------------------------------------------------------------------------- generation


def piece_targets(pos: Position, side: Side, f: Field, d: int, home: int) -> list[Field]:
    """Where a piece of `side` on `f` (standing on castle `home`, or -1) may go in direction
    `d` (an index of DIRECTIONS)."""
    out: list[Field] = []
    seg, pieces, castle_at = pos.seg, pos.pieces, pos.castle_at
    for g, k in pos.grid.rays[d][f]:
        if seg[k] >= 0:
            return out
        p = pieces.get(g)
        if p is not None:
            if p is not side or pos.capture_own:
                out.append(g)
            return out
        ci = castle_at.get(g, -1)
        if ci >= 0:
            if ci == home:
                continue
            if pos.c_owner[ci] is not side and not pos.occupied(ci):
                out.append(g)
            return out
        out.append(g)
    return out


def _can_land(pos: Position, side: Side, i: int, base: int, dst: Field) -> bool:
    """Whether `_landing` allows castle `i` to land on `dst` (the same tests, no messages)."""
    castle_at, pieces = pos.castle_at, pos.pieces
    m = -1
    for f in castle_fields(dst):
        c = castle_at.get(f, -1)
        if c >= 0 and c != i:
            if c == base or (m >= 0 and c != m):
                return False
            m = c
        if pieces.get(f) is side and not pos.capture_own:
            return False
    return m < 0 or (pos.c_pos[m] == dst and pos.c_owner[m] is not side and not pos.occupied(m))


def _castle_targets(pos: Position, side: Side, i: int, d: int) -> list[Field]:
    out: list[Field] = []
    walk, seg, pieces = pos.grid.castle_walk[d], pos.seg, pos.pieces
    base = pos.c_on[i]
    q = pos.c_pos[i]
    before: tuple[Field, ...] = ()  # the row (column) entered two steps back
    last: tuple[Field, ...] = ()    # the row (column) entered one step back
    while True:
        step = walk.get(q)
        if step is None:
            return out
        n, segs, entered = step
        if seg[segs[0]] >= 0 or seg[segs[1]] >= 0 or seg[segs[2]] >= 0 or seg[segs[3]] >= 0:
            return out
        # landing on n passes the row entered two steps back: it must be empty
        if any(not _passable(pos, f, i, base) for f in before):
            return out
        # an enemy piece in the row entered one step back: the castle had to stop there
        if any(pieces.get(f, side) is not side for f in last) or (pos.capture_own and any(f in pieces for f in last)):
            return out
        if _can_land(pos, side, i, base, n):
            out.append(n)
        before, last = last, entered
        q = n


def leaving_moves(pos: Position, side: Side) -> list[tuple[Field, Field]]:
    """Every move by which a piece or castle of `side` standing on a castle leaves it. A piece
    is named by the castle field it steps off from (the one on the castle's edge)."""
    if CORE is not None:
        moves: list[tuple[Field, Field]] = CORE.field_moves(pos, side, True)
        return moves
    return leaving_moves_py(pos, side)


def leaving_moves_py(pos: Position, side: Side) -> list[tuple[Field, Field]]:
    """`leaving_moves` in Python (the reference of the compiled core)."""
    out: list[tuple[Field, Field]] = []
    for i, owner in enumerate(pos.c_owner):
        if owner is not side:
            continue
        if pos.c_piece[i]:
            own = castle_fields(pos.c_pos[i])
            for f in own:
                for d, (dx, dy) in enumerate(DIRECTIONS):
                    if (f[0] + dx, f[1] + dy) not in own:
                        out.extend((f, g) for g in piece_targets(pos, side, f, d, i))
        if pos.c_on[i] >= 0:
            for d in range(len(DIRECTIONS)):
                out.extend((pos.c_pos[i], n) for n in _castle_targets(pos, side, i, d))
    return out


def free_moves(pos: Position, side: Side) -> list[tuple[Field, Field]]:
    """Every move of a piece on a field or an unoccupied castle of `side` (no leaving moves)."""
    if CORE is not None:
        moves: list[tuple[Field, Field]] = CORE.field_moves(pos, side, False)
        return moves
    return free_moves_py(pos, side)


def free_moves_py(pos: Position, side: Side) -> list[tuple[Field, Field]]:
    """`free_moves` in Python (the reference of the compiled core)."""
    out: list[tuple[Field, Field]] = []
    for f in sorted(f for f, s in pos.pieces.items() if s is side):
        for d in range(len(DIRECTIONS)):
            out.extend((f, g) for g in piece_targets(pos, side, f, d, -1))
    for i, owner in enumerate(pos.c_owner):
        if owner is side and pos.c_on[i] < 0 and not pos.occupied(i):
            for d in range(len(DIRECTIONS)):
                out.extend((pos.c_pos[i], n) for n in _castle_targets(pos, side, i, d))
    return out
