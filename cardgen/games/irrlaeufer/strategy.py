"""Playing Irrläufer for the castles: a position evaluation and the `castle` player.

The game is won by owning all four castles, and a castle is taken by a piece landing on it, so
what matters is how many straight moves ("rook moves" along rows and columns, blocked by sticks
in the grooves) each piece needs to reach an enemy castle it can take, and whether the enemy can
take a piece or a castle next turn. `rook_distances` measures the first as a *way*: a search
over the grooves (sticks only: pieces move and sticks slide every turn, so the maze is what
lasts) where a straight move counts 1 and a step across a stick `STICK_STEP`, since sticks slide
and a walled-off piece is not lost. Counting sticks as walls left most pieces with no way at
all in a laid maze, so every slide looked alike and a third of the games ran into the 100-round
draw; with the way, the player opens the maze towards the castles.

The `castle` player takes a conquest or a capture when it has one, and otherwise picks, among
its moves, the one that brings a piece closest to a takeable enemy castle without leaving it
where an enemy piece could take it at once; it slides sticks to shorten its own way or lengthen
the enemy's (judged on a few sampled slides, since every judgement is a search of the board).
It lays sticks at random. Everything random comes from the generator it is handed.

The way search and the move values have a compiled twin (`_core.c`, see cardgen.native): where
it is built, `closeness`, `_flat_distances`, `best_go` and the castle player's slide judgement
run there, with exactly the results of the Python code below, which stays the reference (and
runs under `CARDGEN_PURE=1` or where no compiler was found).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.irrlaeufer import movement, native_core
from cardgen.games.irrlaeufer.components import COLUMNS, MAX_SLIDE_STICKS, Field, Side, castle_fields
from cardgen.games.irrlaeufer.grid import grid_for
from cardgen.games.irrlaeufer.moves import EndTurn, Go, Lay, Slide
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.runs import free_runs as table_runs, slide_leaves_rest
from cardgen.games.irrlaeufer.sliding import can_slide, free_runs as plain_runs

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
FAR = 9
"""The distance counted for a piece with no way to a takeable castle."""
SLIDE_SAMPLES = 3
"""How many slides the `castle` player judges per slide step ..."""
STICK_STEP = 2
"""What a step across a groove a stick lies in adds to a way (0: sticks are walls): about the
moves it takes until the stick has slid out of the way."""
STUCK_SAMPLES, STUCK_TURNS = 10, 30
"""... and how many once `STUCK_TURNS` turns went by without a capture or conquest (the maze
has to be opened before the 100-round draw)."""
CORE: Any = native_core.load()
"""The compiled core (`_core.c`), or None: the pure-Python code below runs."""


def targets(pos: Position, side: Side) -> list[Field]:
    """The fields of the enemy castles `side` could take (unoccupied, not stacked); when there
    is none (a piece sits on each), the enemy pieces on fields, whose capture is the way on."""
    out: list[Field] = []
    for i, owner in enumerate(pos.c_owner):
        if owner is not side and pos.c_on[i] < 0 and not pos.occupied(i):
            out.extend(castle_fields(pos.c_pos[i]))
    return out or [f for f, s in pos.pieces.items() if s is not side]


@dataclass(frozen=True, slots=True)
class _Lines:
    """The groove network of one board length as bit masks over the fields (bit (r-1)·15 + c-1
    for field (c, r)), for the distance search: per direction the fields a straight step may
    enter when no stick lies in the groove crossed, and per segment the bits a stick covering it
    (with the next two) takes out of those masks."""

    rows: int
    east: int   # fields (c, r), c > 1: entered from (c-1, r)
    west: int   # fields (c, r), c < 15: entered from (c+1, r)
    south: int  # fields (c, r), r > 1: entered from (c, r-1)
    north: int  # fields (c, r), r < rows: entered from (c, r+1)
    sticks: tuple[tuple[bool, int, int], ...]
    """Per first segment of a stick: (on a vertical line, bits of the fields left of / above
    its three segments, bits of the fields right of / below them); only the segments a stick
    can start on (two more follow on its line) have a meaningful entry."""


@cache
def _lines(rows: int) -> _Lines:
    """The masks of a board `rows` long, built once."""
    grid = grid_for(rows)
    lo = [0] * grid.n_seg
    hi = [0] * grid.n_seg
    vertical = [False] * grid.n_seg
    for r in range(1, rows + 1):
        for c in range(1, COLUMNS + 1):
            bit = 1 << ((r - 1) * COLUMNS + c - 1)
            if c < COLUMNS:
                s = grid.between((c, r), (c + 1, r))
                lo[s] |= bit
                hi[s] |= bit << 1
                vertical[s] = True
            if r < rows:
                s = grid.between((c, r), (c, r + 1))
                lo[s] |= bit
                hi[s] |= bit << COLUMNS
    east = west = south = north = 0
    for s in range(grid.n_seg):
        if vertical[s]:
            east, west = east | hi[s], west | lo[s]
        else:
            south, north = south | hi[s], north | lo[s]
    covered = tuple((vertical[s], lo[s] | lo[min(s + 1, grid.n_seg - 1)] | lo[min(s + 2, grid.n_seg - 1)],
                     hi[s] | hi[min(s + 1, grid.n_seg - 1)] | hi[min(s + 2, grid.n_seg - 1)])
                    for s in range(grid.n_seg))
    return _Lines(rows, east, west, south, north, covered)


def _levels(pos: Position, goals: list[Field], pieces: int = 0, through: int = STICK_STEP) -> list[int]:
    """The fields at way `k` from the nearest of `goals` as one mask per `k` (index 0: the
    goals): a straight move through grooves no stick blocks adds 1, a step across a groove a
    stick lies in adds `through` (0: sticks are walls). With a mask of `pieces` the search
    stops once two of them are reached (all `closeness` needs: any other piece is as far), when
    sticks are walls only within `FAR` (a piece with no way counts `FAR`)."""
    lines = _lines(pos.board.rows)
    east, west, south, north = lines.east, lines.west, lines.south, lines.north
    covered = lines.sticks
    for a in pos.s_seg0:  # every stick takes the grooves it lies in out of the masks
        vertical, low, high = covered[a]
        if vertical:
            east &= ~high
            west &= ~low
        else:
            south &= ~high
            north &= ~low
    # the fields entered only across a stick
    b_east, b_west, b_south, b_north = (lines.east & ~east, lines.west & ~west, lines.south & ~south,
                                        lines.north & ~north)
    frontier = 0
    for c, r in goals:
        frontier |= 1 << ((r - 1) * COLUMNS + c - 1)
    seen = frontier
    out = [frontier]
    later: dict[int, int] = {}  # way -> fields reached across a stick, not yet taken
    assert pos.board.rows <= 32, "the unrolled fills below run at most 31 fields"
    found = (frontier & pieces).bit_count()
    while not (found >= 2 and (through or len(out) <= FAR + 1)):
        # one straight move in each direction from every frontier field, as chess programs
        # slide their rooks (Kogge-Stone fills): `g` holds the fields reached, `q` the fields a
        # run may enter; each stage doubles the run. Unrolled: this is the players' hot path
        reach = frontier
        g, q = frontier, east  # east: runs of up to 15 fields
        g |= q & (g << 1); q &= q << 1; g |= q & (g << 2); q &= q << 2; g |= q & (g << 4); q &= q << 4
        reach |= g | (q & (g << 8))
        g, q = frontier, west
        g |= q & (g >> 1); q &= q >> 1; g |= q & (g >> 2); q &= q >> 2; g |= q & (g >> 4); q &= q >> 4
        reach |= g | (q & (g >> 8))
        g, q = frontier, south  # south and north: runs of up to 31 fields
        g |= q & (g << 15); q &= q << 15; g |= q & (g << 30); q &= q << 30; g |= q & (g << 60)
        q &= q << 60; g |= q & (g << 120); q &= q << 120
        reach |= g | (q & (g << 240))
        g, q = frontier, north
        g |= q & (g >> 15); q &= q >> 15; g |= q & (g >> 30); q &= q >> 30; g |= q & (g >> 60)
        q &= q >> 60; g |= q & (g >> 120); q &= q >> 120
        reach |= g | (q & (g >> 240))
        if through and frontier:
            way = len(out) - 1 + through
            later[way] = later.get(way, 0) | (b_east & (frontier << 1)) | (b_west & (frontier >> 1)) | (
                b_south & (frontier << 15)) | (b_north & (frontier >> 15))
        frontier = (reach | later.pop(len(out), 0)) & ~seen
        if not frontier and not any(m & ~seen for m in later.values()):
            break
        seen |= frontier
        out.append(frontier)
        if pieces:
            found += (frontier & pieces).bit_count()
    return out


def _flat_distances(pos: Position, goals: list[Field], through: int = STICK_STEP) -> list[int]:
    """The way to the nearest of `goals` by flat field index (r-1)·15 + c-1 (-1: no way)."""
    if CORE is not None:
        flat: list[int] = CORE.flat_distances(pos, goals, through)
        return flat
    return flat_distances_py(pos, goals, through)


def flat_distances_py(pos: Position, goals: list[Field], through: int = STICK_STEP) -> list[int]:
    """`_flat_distances` in Python (the reference of the compiled core)."""
    dist = [-1] * (COLUMNS * pos.board.rows)
    for d, mask in enumerate(_levels(pos, goals, through=through)):
        while mask:
            low = mask & -mask
            dist[low.bit_length() - 1] = d
            mask ^= low
    return dist


def rook_distances(pos: Position, goals: list[Field], through: int = STICK_STEP) -> dict[Field, int]:
    """The way from each field to the nearest of `goals`: 1 per straight move through grooves no
    stick blocks, `through` per step across a stick; with `through` 0 sticks are walls and the
    fields that cannot reach a goal are missing."""
    flat = _flat_distances(pos, goals, through)
    return {((i % COLUMNS) + 1, (i // COLUMNS) + 1): d for i, d in enumerate(flat) if d >= 0}


def closeness(pos: Position, side: Side, through: int = STICK_STEP) -> float:
    """How near `side`'s pieces are to a castle they could take: 1/(1+d) of the nearest piece
    plus half that of the second nearest (two attackers are better than one), d the way of
    `rook_distances` (`FAR` for a piece with none)."""
    if CORE is not None:
        value: float = CORE.closeness(pos, side, through)
        return value
    return closeness_py(pos, side, through)


def closeness_py(pos: Position, side: Side, through: int = STICK_STEP) -> float:
    """`closeness` in Python (the reference of the compiled core)."""
    goals = targets(pos, side)
    if not goals:
        return 0.0
    mine = 0
    count = 0
    for (c, r), s in pos.pieces.items():
        if s is side:
            mine |= 1 << ((r - 1) * COLUMNS + c - 1)
            count += 1
    near: list[int] = []
    for d, mask in enumerate(_levels(pos, goals, mine, through)):
        near.extend([d] * (mask & mine).bit_count())
    if not through:  # sticks as walls: the search ran out, the pieces not reached have no way
        near = sorted(near + [FAR] * (count - len(near)))
    near = near[:2]  # with ways across sticks every piece has one: those not reached are farther
    weights = (1.0, 0.5)
    return sum(w / (1 + d) for w, d in zip(weights, near))


def evaluate(state: Any, seat: int) -> float:
    """`seat`'s prospects from 0 (lost) to 1 (won): castles owned count most, then pieces, then
    how near each side's pieces are to a castle they could take."""
    if state.outcome is not None:
        winner = state.outcome.winner
        return 0.5 if winner is None else float(winner.value == seat)
    pos: Position = state.pos
    me = Side(seat)
    op = me.other
    raw = (2.0 * (pos.castles_of(me) - pos.castles_of(op))
           + 0.4 * (pos.pieces_of(me) - pos.pieces_of(op))
           + 1.5 * (closeness(pos, me) - closeness(pos, op)))
    return 1.0 / (1.0 + math.exp(-raw))


def _attacked(pos: Position, side: Side, f: Field) -> bool:
    """Whether an enemy piece could land on `f` with one straight move now."""
    grid, seg, pieces = pos.grid, pos.seg, pos.pieces
    for dx, dy in DIRECTIONS:
        a = f
        while True:
            b = (a[0] + dx, a[1] + dy)
            if not grid.inside(b) or seg[grid.between(a, b)] >= 0:
                break
            owner = pieces.get(b)
            if owner is not None:
                if owner is not side:
                    return True
                break
            if b in pos.castle_at:
                break
            a = b
    return False


def _wanted(state: Any) -> int:
    """How many slides the castle player judges now (more once the game is stuck)."""
    return STUCK_SAMPLES if state.quiet >= STUCK_TURNS else SLIDE_SAMPLES


def draw_slides(state: Any, wanted: int, rng: random.Random) -> list[Slide]:
    """Up to `wanted` different legal slides of a turn's slide step, drawn uniformly at random:
    every slide whose stick runs free that far is a candidate, and a drawn candidate is kept
    when the rest of the turn's total can still be slid after it (the test of
    `sliding.legal_slides`, made for the drawn ones only)."""
    pos: Position = state.pos
    used = {sid for sid, _ in state.used}
    banned: dict[int, int] = state.banned
    remaining: int = state.remaining
    if CORE is not None and state.table and type(rng) is random.Random:
        pairs: list[tuple[int, int]] = CORE.draw_slides(pos, used, banned, remaining, wanted, rng.getrandbits)
        return [Slide(state.to_move, pos.sticks[sid], by) for sid, by in pairs]
    # the candidates are numbered run by run: (stick, sign) with `run` free fields gives `run`
    runs: list[tuple[int, int]] = []
    ends: list[int] = []
    total = 0
    free_runs = table_runs if state.table else plain_runs
    for sid, sign, run in free_runs(pos, used, banned, remaining):
        runs.append((sid, sign))
        total += run
        ends.append(total)
    picks: list[Slide] = []
    drawn: set[int] = set()
    while len(drawn) < total and len(picks) < wanted:
        j = rng.randrange(total)
        if j in drawn:
            continue
        drawn.add(j)
        r = bisect_right(ends, j)
        sid, sign = runs[r]
        by = sign * (j - (ends[r - 1] if r else 0) + 1)
        rest = remaining - abs(by)
        if rest and state.table:
            if not slide_leaves_rest(pos, used, banned, remaining, sid, by):
                continue
        elif rest:
            used.add(sid)
            pos.shift(sid, by)  # occupancy only, undone below
            try:
                ok = can_slide(pos, used, banned, rest, MAX_SLIDE_STICKS - len(used))
            finally:
                pos.shift(sid, -by)
                used.discard(sid)
            if not ok:
                continue
        picks.append(Slide(state.to_move, pos.sticks[sid], by))
    return picks


@dataclass(frozen=True, slots=True)
class CastlePlayer:
    """Plays for the castles (see the module text)."""

    name: str = "castle"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A move of the castle strategy. A slide is judged among a few legal slides drawn at
        random without listing them all: listing checks for every slide that the rest of the
        turn can still be slid, the costliest part of a game (the draw is as uniform as
        `choose_from`'s sample of the listed slides)."""
        if state.sliding:
            if CORE is not None and state.table and type(rng) is random.Random:  # both steps in one call
                pos, side = state.pos, state.to_move
                pair = CORE.castle_slide(pos, side, {sid for sid, _ in state.used}, state.banned, state.remaining,
                                         _wanted(state), rng.getrandbits)
                if pair is not None:
                    return Slide(side, pos.sticks[pair[0]], pair[1])
                return self.choose_from(state, state.legal_moves(), rng)
            picks = draw_slides(state, _wanted(state), rng)
            if picks:
                return self._best_slide(state, picks)
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The castle strategy's pick among `moves` (the legal moves)."""
        if len(moves) == 1 or isinstance(moves[0], Lay):
            return moves[rng.randrange(len(moves))]
        if isinstance(moves[0], Slide):
            return self._best_slide(state, rng.sample(moves, min(_wanted(state), len(moves))))
        return self._go(state, moves, rng)

    @staticmethod
    def _best_slide(state: Any, picks: list[Slide]) -> Slide:
        """The slide of `picks` that brings the own pieces nearest and the enemy's farthest."""
        side: Side = state.to_move
        pos: Position = state.pos
        if CORE is not None:
            index: int = CORE.best_slide(pos, side, side.other, [pos.stick_id(m.stick) for m in picks],
                                         [m.by for m in picks], STICK_STEP)
            return picks[index]
        best, best_value = picks[0], -math.inf
        for move in picks:
            sid = pos.stick_id(move.stick)
            pos.shift(sid, move.by)  # occupancy only, undone below: no copy of the position
            try:
                value = closeness(pos, side) - 0.8 * closeness(pos, side.other)
            finally:
                pos.shift(sid, -move.by)
            if value > best_value:
                best, best_value = move, value
        return best

    def _go(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        return best_go(state, moves, rng, wary=True)


def best_go(state: Any, moves: list[Any], rng: random.Random, wary: bool) -> Any:
    """The move step of the castle strategy: a conquest, else a capture, else the move that
    brings a piece nearest a takeable castle; `wary`: not onto a field an enemy piece could
    take at once, and away from one (ties in a seeded random order)."""
    pos: Position = state.pos
    side: Side = state.to_move
    if CORE is not None:  # the shuffle too, with the generator's own bits (random.shuffle's draws)
        if type(rng) is random.Random:
            return CORE.best_go(pos, side, moves, wary, STICK_STEP, rng.getrandbits)
        order = list(moves)
        rng.shuffle(order)
        return order[CORE.best_go(pos, side, order, wary, STICK_STEP)]
    goals = targets(pos, side)
    dist = rook_distances(pos, goals) if goals else {}
    order = list(moves)
    rng.shuffle(order)
    best, best_value = order[0], -math.inf
    for move in order:
        value = _value(pos, side, move, dist, wary)
        if value > best_value:
            best, best_value = move, value
    return best


def _value(pos: Position, side: Side, move: Any, dist: dict[Field, int], wary: bool) -> float:
    """How good a move step is for `best_go`."""
    if isinstance(move, EndTurn):
        return 0.0
    assert isinstance(move, Go)
    label = movement.label(pos, move.src, move.dst)
    if label == "conquest":
        return 100.0
    value = 5.0 if label == "capture" else 0.0
    if move.src in pos.pieces:  # a piece: nearer a castle, and not where it can be taken
        before = dist.get(move.src, FAR)
        after = dist.get(move.dst, FAR)
        value += before - after
        if not wary:
            return value
        del pos.pieces[move.src]  # the piece leaves its field: put back below
        try:
            taken = _attacked(pos, side, move.dst)
        finally:
            pos.pieces[move.src] = side
        if taken:
            value -= 3.0
        elif _attacked(pos, side, move.src):
            value += 2.0  # out of reach of the enemy
    return value
