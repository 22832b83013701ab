"""Irrläufer move generators against the checked path on generated positions (Hypothesis):
whatever `legal_moves()` offers is accepted by `check`, and every move `check` accepts is
offered (up to naming a piece on a castle by another of its fields)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st
from test_irr_games import check_position, cross_check

from cardgen.games.irrlaeufer.components import Dir, IrrBoard, Side, Stick
from cardgen.games.irrlaeufer.maze import legal_lays
from cardgen.games.irrlaeufer.moves import Slide
from cardgen.games.irrlaeufer.position import Castle, Position
from cardgen.games.irrlaeufer.rules import IrrState

R, B = Side.RED, Side.BLUE


@st.composite
def positions(draw: st.DrawFn, crowded: bool = False) -> IrrState:
    """A phase-2 position: castles anywhere, a few pieces, sticks laid by the phase-1 rules
    (`crowded`: on three crossing lines only, so slides get in each other's way)."""
    rows = draw(st.sampled_from([17, 21]))
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    board = IrrBoard(rows=rows)
    # castles: random non-overlapping places, random colours, sometimes a piece or a stack
    castles: list[Castle] = []
    taken: set[tuple[int, int]] = set()
    while len(castles) < 4:
        c, r = rng.randint(1, 14), rng.randint(1, rows - 1)
        if crowded:     # castles on the stick lines, to hem the sticks in
            c, r = rng.choice([(5, r), (6, r), (c, 8)])
        fields = {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)}
        if fields & taken:
            continue
        taken |= fields
        castles.append(Castle((c, r), rng.choice([R, B]), rng.random() < 0.25, None))
    if draw(st.booleans()):
        # the last castle stands on the first (a castle conquered by a castle)
        base = castles[0]
        castles[0] = Castle(base.pos, base.owner, False, None)
        castles[3] = Castle(base.pos, base.owner, False, 0)
    pieces = {}
    for side in (R, B):
        # at most 2 free pieces: with a piece on each of the 4 castles a side then has 6
        for _ in range(draw(st.integers(0, 2))):
            f = (rng.randint(1, 15), rng.randint(1, rows))
            if f not in taken:
                pieces[f] = side
    # sticks: laid by the phase-1 rules around these castles
    state = IrrState.custom(board, pieces=pieces, castles=castles, phase=1)
    pos: Position = state.pos
    lines = {(Dir.V, 5), (Dir.V, 6), (Dir.H, 8)}
    for _ in range(draw(st.integers(1, 12) if crowded else st.integers(0, 60))):
        lays = [s for s in legal_lays(pos) if not crowded or (s.dir, s.line) in lines]
        if not lays:
            break
        pos.add_stick(rng.choice(lays))
    state = IrrState.custom(board, sticks=pos.sticks, pieces=pieces, castles=castles,
                            to_move=draw(st.sampled_from([R, B])))
    if state.is_terminal():
        return state
    for _ in range(0 if crowded else draw(st.integers(0, 3))):
        if state.sliding:
            state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_generators_agree_with_check(state: IrrState) -> None:
    check_position(state)
    cross_check(state)
    while state.sliding:
        state.apply(state.legal_moves()[0])
    cross_check(state)


# --------------------------------------------------------------------------- slide totals, brute force


def _cover(state: IrrState, s: Stick) -> set[tuple[str, int]] | None:
    """The segments and crossings `s` covers, or None if it is off its line or in a castle."""
    grid = state.pos.grid
    if not grid.on_board(s):
        return None
    segs = set(grid.stick_segs(s))
    if segs & state.pos.castle_block:
        return None
    return {("s", i) for i in segs} | {("x", i) for i in grid.stick_crosses(s)}


def _fits(state: IrrState, sticks: tuple[Stick, ...], i: int, s: Stick) -> bool:
    mine = _cover(state, s)
    if mine is None:
        return False
    for j, other in enumerate(sticks):
        if j != i:
            theirs = _cover(state, other)
            assert theirs is not None
            if mine & theirs:
                return False
    return True


def _slides(state: IrrState, sticks: tuple[Stick, ...], used: frozenset[int],
            banned: dict[Stick, int], limit: int) -> list[tuple[int, int]]:
    out = []
    for i, s in enumerate(sticks):
        if i in used:
            continue
        for sign in (1, -1):
            if banned.get(s) == sign:
                continue
            for k in range(1, limit + 1):      # every place on the way must be free
                if not _fits(state, sticks, i, s.moved(sign * k)):
                    break
                out.append((i, sign * k))
    return out


def _reach(state: IrrState, sticks: tuple[Stick, ...], used: frozenset[int],
           banned: dict[Stick, int], need: int) -> bool:
    if need == 0:
        return True
    for i, by in _slides(state, sticks, used, banned, need):
        moved = sticks[:i] + (sticks[i].moved(by),) + sticks[i + 1:]
        if _reach(state, moved, used | {i}, banned, need - abs(by)):
            return True
    return False


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(crowded=True))
def test_slide_totals_and_first_slides_match_a_brute_force(state: IrrState) -> None:
    if not state.sliding or state.used:
        return
    sticks = tuple(state.pos.sticks)
    banned = {state.pos.sticks[sid]: sign for sid, sign in state.banned.items()}
    total = max(n for n in range(4) if _reach(state, sticks, frozenset(), banned, n))
    assert state.remaining == total
    firsts = {(sticks[i], by) for i, by in _slides(state, sticks, frozenset(), banned, total)
              if _reach(state, sticks[:i] + (sticks[i].moved(by),) + sticks[i + 1:],
                        frozenset({i}), banned, total - abs(by))}
    assert firsts == {(m.stick, m.by) for m in state.legal_moves() if isinstance(m, Slide)}
