"""Seeded Irrläufer games (random and capture-seeking players) with invariants after every move,
record round trips, and a cross-check of the move generators against the checked path."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardgen.commands.replay import replay_record as replay
from cardgen.errors import IllegalMove
from cardgen.games.irrlaeufer import movement
from cardgen.games.irrlaeufer.components import COLUMNS, Dir, IrrBoard, Side, castle_fields
from cardgen.games.irrlaeufer.moves import EndTurn, Go, IrrMove, Lay, Slide, move_from_json, move_to_json
from cardgen.games.irrlaeufer.record import make_record
from cardgen.games.irrlaeufer.rules import IrrState, new_game
from cardgen.registry import GAMES

MAX_TURNS = 6000
"""Generous bound on phase-2 turns: every game here must end well before it."""


def random_player(state: IrrState, rng: random.Random) -> IrrMove:
    return rng.choice(state.legal_moves())


def hunter(state: IrrState, rng: random.Random) -> IrrMove:
    """Captures and conquers when it can, otherwise mostly heads for the other side."""
    moves = state.legal_moves()
    if state.phase == 2 and not state.sliding:
        side = state.to_move
        goes = [m for m in moves if isinstance(m, Go)]
        hits = []
        for m in goes:
            e = movement.resolve(state.pos, side, m.src, m.dst)
            if e.captures or e.conquers >= 0:
                hits.append(m)
        if hits:
            return rng.choice(hits)
        ahead = [m for m in goes if (m.dst[1] - m.src[1]) * (1 if side is Side.RED else -1) > 0]
        if ahead and rng.random() < 0.8:
            return rng.choice(ahead)
    return rng.choice(moves)


# --------------------------------------------------------------------------- invariants


def check_position(state: IrrState) -> None:
    pos, grid = state.pos, state.pos.grid
    seg = [-1] * grid.n_seg
    cross = [-1] * grid.n_cross
    for sid, s in enumerate(pos.sticks):
        assert grid.on_board(s)
        for i in grid.stick_segs(s):
            assert seg[i] < 0, f"two sticks share a segment at {s}"
            seg[i] = sid
        for i in grid.stick_crosses(s):
            assert cross[i] < 0, f"two sticks share a crossing at {s}"
            cross[i] = sid
    assert seg == pos.seg and cross == pos.cross
    for i in pos.castle_block:
        assert seg[i] < 0, "a stick lies in a castle's interior"
    for d in (Dir.V, Dir.H):
        for line in range(1, grid.line_count(d) + 1):
            assert any(seg[i] < 0 for i in grid.line_segs(d, line)), "a groove line is full"
    taken: dict[tuple[int, int], int] = {}
    for i, c in enumerate(state.castles):
        assert grid.castle_inside(c.pos)
        if c.on is not None:
            base = state.castles[c.on]
            assert base.pos == c.pos and base.on is None and base.owner is c.owner and not c.piece
            continue
        for f in castle_fields(c.pos):
            assert f not in taken, "castles overlap"
            taken[f] = i
    for f in pos.pieces:
        assert grid.inside(f) and f not in taken
    for side in (Side.RED, Side.BLUE):
        assert 0 <= pos.pieces_of(side) <= 6
    assert sum(state.scores()) == 4


def check_state(state: IrrState, rng: random.Random, laid: int | None) -> None:
    state.verify()              # check_position's twin inside the engine, kept in step by the tests
    assert sum(state.scores()) == 4
    if state.phase == 2 and laid is not None:
        assert len(state.pos.sticks) == laid
    moves = state.legal_moves()
    assert bool(moves) != state.is_terminal()
    copy = state.clone()
    assert copy == state
    before = state.to_json()
    assert IrrState.from_json(json.loads(json.dumps(before))) == state
    if moves:
        for m in rng.sample(moves, min(3, len(moves))):
            state.check(m)
            assert move_from_json(json.loads(json.dumps(move_to_json(m)))) == m
        copy.apply(rng.choice(moves))
        assert state.to_json() == before, "a clone shares data with its original"


def candidates(state: IrrState) -> list[IrrMove]:
    """Every move worth trying at this step, legal or not, for the brute-force cross-check."""
    side, pos = state.to_move, state.pos
    if state.phase == 1:
        return [Lay(side, s) for s in pos.grid.all_sticks]
    if state.sliding:
        return [Slide(side, s, by) for s in pos.sticks for by in (-3, -2, -1, 1, 2, 3)]
    srcs = [f for f, s in pos.pieces.items() if s is side]
    for c in state.castles:
        if c.owner is side:
            srcs.extend(castle_fields(c.pos))
    out: list[IrrMove] = [EndTurn(side)]
    for a in srcs:
        out.extend(Go(side, a, (c, a[1])) for c in range(1, COLUMNS + 1) if c != a[0])
        out.extend(Go(side, a, (a[0], r)) for r in range(1, state.board.rows + 1) if r != a[1])
    return out


def effect_of(state: IrrState, m: IrrMove) -> object:
    """A move's effect, so that naming a piece on a castle by another castle field compares equal."""
    if isinstance(m, Go):
        return ("go", movement.resolve(state.pos, state.to_move, m.src, m.dst), m.dst)
    return m


def cross_check(state: IrrState) -> None:
    legal = {effect_of(state, m) for m in state.legal_moves()}
    accepted = set()
    for m in candidates(state):
        try:
            state.check(m)
        except IllegalMove:
            continue
        accepted.add(effect_of(state, m))
    assert legal == accepted


def play(rows: int, seed: int, player=random_player, every: int = 1, cross_every: int = 0) -> IrrState:
    rng = random.Random(seed)
    checker = random.Random(-seed)     # its own generator: checking never changes the game
    state = IrrState(IrrBoard(rows=rows))
    laid: int | None = None
    pieces = {s: 6 for s in Side}
    steps = 0
    while not state.is_terminal():
        if state.phase == 2 and laid is None:
            laid = len(state.pos.sticks)
        if steps % every == 0:
            check_state(state, checker, laid)
        if cross_every and steps % cross_every == 0:
            cross_check(state)
        state.apply_trusted(player(state, rng))
        for s in Side:
            assert state.pos.pieces_of(s) <= pieces[s]
            pieces[s] = state.pos.pieces_of(s)
        steps += 1
        assert state.turns <= MAX_TURNS
    check_state(state, checker, laid)
    assert state.outcome is not None
    return state


@pytest.mark.parametrize("rows", [17, 21, 31])
def test_random_games_keep_invariants(rows: int) -> None:
    end = play(rows, seed=rows, every=1, cross_every=97)
    assert end.outcome is not None and end.outcome.rule in ("hundred-rounds", "repetition", "all-castles")


# two of the four in the default suite (the others are the longest games: make test-slow)
@pytest.mark.parametrize("rows,seed", [pytest.param(17, 10, marks=pytest.mark.slow),
                                       pytest.param(21, 3, marks=pytest.mark.slow), (31, 2), (21, 5)])
def test_hunting_games_keep_invariants(rows: int, seed: int) -> None:
    play(rows, seed, hunter, every=1, cross_every=101)


def test_many_games_end_and_some_are_won() -> None:
    ends: Counter[str] = Counter()
    for seed in range(8):
        end = play(21, 100 + seed, hunter, every=10 ** 9)
        ends[end.outcome.rule if end.outcome else "?"] += 1
    assert ends["all-castles"] >= 1 and ends["hundred-rounds"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("rows", range(17, 32))
def test_long_run_every_board_length(rows: int) -> None:
    for seed in range(3):
        play(rows, 1000 + seed, hunter if seed % 2 else random_player, every=5, cross_every=53)


def test_shared_simulation_and_invariant_checker() -> None:
    simulate = pytest.importorskip("cardgen.engine.simulate").simulate
    check_invariants = pytest.importorskip("cardgen.engine.invariants").check_invariants
    for rows, player in ((17, "sensible"), (31, "greedy")):
        result = simulate(lambda: new_game({"rows": rows}), player, seed=rows, after_move=check_invariants)  # noqa: B023 - called within this iteration
        assert result.ended and result.count("lay") == 80


# --------------------------------------------------------------------------- records


def played(rows: int, seed: int) -> tuple[IrrState, list[IrrMove]]:
    rng = random.Random(seed)
    state = IrrState(IrrBoard(rows=rows))
    log: list[IrrMove] = []
    while not state.is_terminal():
        m = hunter(state, rng)
        log.append(m)
        state.apply_trusted(m)
    return state, log


def test_record_round_trip() -> None:
    end, log = played(17, 7)
    record = json.loads(json.dumps(make_record(log, end.board)))
    assert record["options"] == {"rows": 17}
    assert all(set(e) <= {"player", "stick", "slide", "move"} for e in record["moves"])
    result = replay(record, GAMES)
    assert result.legal and result.applied == len(record["moves"]) and result.state == end
    report = result.to_json()
    assert report["finished"] and report["error"] is None
    assert report["scores"] == {"red": int(end.scores()[0]), "blue": int(end.scores()[1])}


def test_replay_reports_the_first_illegal_entry() -> None:
    end, log = played(21, 8)
    record = make_record(log, end.board)
    i = len(record["moves"]) - 5
    record["moves"][i] = {"player": record["moves"][i]["player"], "stick": {"dir": "v", "line": 0, "start": 1}}
    result = replay(record, GAMES)
    assert not result.legal and result.applied == i and result.error is not None
    assert result.error["move"] == i and result.error["rule"] == "wrong-phase"
    assert result.to_json()["error"]["rule"] == "wrong-phase"


def test_step_log_replays_through_apply() -> None:
    end, log = played(21, 9)
    again = IrrState(IrrBoard(rows=21))
    for m in log:
        again.apply(move_from_json(move_to_json(m)))
    assert again == end
