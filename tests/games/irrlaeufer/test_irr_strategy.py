"""The castle player's way search (bit masks) against plain field-by-field searches."""

from __future__ import annotations

import heapq
import random
from collections import deque

from cardgen.engine.players import make_player
from cardgen.games.irrlaeufer.components import COLUMNS, Field, Side
from cardgen.games.irrlaeufer.position import Position
from cardgen.games.irrlaeufer.rules import IrrState, new_game
from cardgen.games.irrlaeufer.strategy import FAR, STICK_STEP, closeness, rook_distances, targets


def _reference(pos: Position, goals: list[Field]) -> dict[Field, int]:
    """Breadth-first over fields, one straight move at a time, stopped by sticks only."""
    grid = pos.grid
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        a = queue.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f = a
            while True:
                b = (f[0] + dx, f[1] + dy)
                if not grid.inside(b) or pos.seg[grid.between(f, b)] >= 0:
                    break
                if b not in dist:
                    dist[b] = dist[a] + 1
                    queue.append(b)
                f = b
    return dist


def _weighted(pos: Position, goals: list[Field], through: int) -> dict[Field, int]:
    """Dijkstra over fields: a straight move through open grooves costs 1 however long, a single
    step across a groove a stick lies in costs `through`."""
    grid = pos.grid
    best: dict[Field, int] = {}
    heap = [(0, g) for g in goals]
    while heap:
        d, a = heapq.heappop(heap)
        if a in best:
            continue
        best[a] = d
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f = a
            while True:
                b = (f[0] + dx, f[1] + dy)
                if not grid.inside(b):
                    break
                if pos.seg[grid.between(f, b)] >= 0:
                    if f == a:
                        heapq.heappush(heap, (d + through, b))
                    break
                heapq.heappush(heap, (d + 1, b))
                f = b
    return best


def _positions(rows: int, seed: int, every: int = 7) -> list[IrrState]:
    state = new_game({"rows": rows}, None, seed)
    rng = random.Random(seed)
    player = make_player("sensible")
    out = []
    for step in range(1200):
        if state.is_terminal():
            break
        if step % every == 0:
            out.append(state.clone())
        state.apply_trusted(player.choose(state, rng))
    return out


def test_with_sticks_as_walls_distances_match_a_plain_search() -> None:
    checked = unreachable = 0
    for rows, seed in ((21, 3), (17, 4), (31, 5)):
        for state in _positions(rows, seed):
            for side in (Side.RED, Side.BLUE):
                goals = targets(state.pos, side)
                got = rook_distances(state.pos, goals, through=0)
                assert got == _reference(state.pos, goals)
                checked += 1
                unreachable += len(got) < COLUMNS * rows
    assert checked > 300 and unreachable > 50  # sticks did wall fields off


def test_the_way_across_sticks_matches_a_plain_weighted_search() -> None:
    checked = crossed = 0
    for rows, seed in ((21, 6), (17, 7)):
        for state in _positions(rows, seed, every=13):
            for side in (Side.RED, Side.BLUE):
                goals = targets(state.pos, side)
                got = rook_distances(state.pos, goals)
                assert len(got) == COLUMNS * rows  # every field has a way
                assert got == _weighted(state.pos, goals, STICK_STEP)
                checked += 1
                crossed += got != rook_distances(state.pos, goals, through=0)
    assert checked > 100 and crossed > 50


def test_closeness_counts_the_two_nearest_pieces_and_far_for_no_way() -> None:
    for state in _positions(21, 8, every=11):
        for side in (Side.RED, Side.BLUE):
            pos = state.pos
            goals = targets(pos, side)
            for through, dist in ((0, _reference(pos, goals)), (STICK_STEP, _weighted(pos, goals, STICK_STEP))):
                near = sorted(dist.get(f, FAR) for f, s in pos.pieces.items() if s is side)[:2]
                assert closeness(pos, side, through) == sum(w / (1 + d) for w, d in zip((1.0, 0.5), near))


def test_drawn_slides_are_legal_and_every_legal_slide_can_be_drawn() -> None:
    # the castle player draws a few slides without listing them all: each must be legal, and
    # asked for all of them the draw must give exactly the listed legal slides
    from cardgen.games.irrlaeufer.strategy import draw_slides

    rng = random.Random(5)
    checked = partial = 0
    for state in _positions(21, 9, every=3):
        if not state.sliding:
            continue
        legal = state.legal_moves()
        drawn = draw_slides(state, 3, rng)
        assert len(drawn) == min(3, len(legal)) and len(set(drawn)) == len(drawn)
        assert set(drawn) <= set(legal)
        assert sorted(map(str, draw_slides(state, 10_000, rng))) == sorted(map(str, legal))
        checked += 1
        partial += state.remaining < 3 or bool(state.used)
    assert checked > 50 and partial > 10  # also in the middle of a turn's slides
