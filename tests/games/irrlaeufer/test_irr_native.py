"""Irrläufer's compiled core (`_core.c`) gives exactly the results of the pure-Python code.

Two kinds of evidence, neither within a tolerance:
- decisions: seeded games between the ladder's heuristic players, and at every step the pure
  code and the compiled core asked the same question on the same position with generators in
  the same state: the same move, the generator left in the same state, the same way search
  (`closeness` of both sides for several stick steps, the distances to the targets), the
  same phase-1 lays and the same expansion order of the search;
- whole commands: `cardgen check irrlaeufer --json` with its saved game records, and the
  replays of the project's example records, run once with `CARDGEN_PURE=1` and once with the
  compiled core, byte for byte, for the original set and for sets at both ends of every rule
  parameter.

Skipped where the core is not built (no compiler at install time); the pure side is
reached by switching the modules' `CORE` off (`cores.switched`), so the tests run under
`CARDGEN_PURE=1` too.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgen.engine.mcts import _playout
from cardgen.games.irrlaeufer import maze, movement, runs, strategy
from cardgen.games.irrlaeufer.components import IrrBoard, IrrRules, Side
from cardgen.games.irrlaeufer.cores import switched
from cardgen.games.irrlaeufer.moves import Go, Slide
from cardgen.games.irrlaeufer.native_core import compiled
from cardgen.games.irrlaeufer.players import PlayoutPlayer, RunnerPlayer, search, wary
from cardgen.games.irrlaeufer.record import make_record
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.games.irrlaeufer.sliding import free_run
from cardgen.games.irrlaeufer.strategy import CastlePlayer

CORE: Any = compiled()

pytestmark = pytest.mark.skipif(CORE is None, reason="Irrläufer's compiled core is not built here")

ROOT = Path(__file__).resolve().parents[3]
CARDGEN = [sys.executable, "-m", "cardgen"]


def _same_evaluation(state: IrrState) -> None:
    pos = state.pos
    for side in (Side.RED, Side.BLUE):
        for through in (0, 1, 2, 3):
            assert CORE.closeness(pos, side, through) == strategy.closeness_py(pos, side, through), (side, through)
        goals = strategy.targets(pos, side)
        if goals:
            for through in (0, 2):
                assert CORE.flat_distances(pos, goals, through) == strategy.flat_distances_py(pos, goals, through)
        for leaving in (True, False):
            pure = (movement.leaving_moves_py if leaving else movement.free_moves_py)(pos, side)
            assert CORE.field_moves(pos, side, leaving) == pure, (side, leaving)
    if pos.runs is not None:  # the run table the compiled core keeps up to date, measured afresh
        assert pos.runs == [free_run(pos, i >> 1, -1 if i & 1 else 1, runs.REACH) for i in range(len(pos.runs))]
    if state.phase == 2 and not state.is_terminal():  # the slides listed (runs.slide_moves), the moves
        with switched(False):
            pure_moves = state.legal_moves()
        with switched(True):
            assert state.legal_moves() == pure_moves
        with switched(False):  # the search's expansion order: the same shuffle and sort
            pure_order = state.expansion_order(random.Random(len(pure_moves)))
        with switched(True):
            assert state.expansion_order(random.Random(len(pure_moves))) == pure_order
    if state.phase == 1:
        assert CORE.legal_lays(pos, pos.grid.all_sticks, False) == maze.legal_lays_py(pos)
        assert CORE.legal_lays(pos, pos.grid.all_sticks, True) == maze.legal_lays_py(pos, True)


def _follow(board: IrrBoard, players: tuple[Any, Any], seed: int, steps: int, evaluate_every: int) -> int:
    """Play a seeded game for up to `steps` phase-2 steps with the compiled core, asking the
    pure code every phase-2 decision and every `evaluate_every`-th lay first (on a copy, with a
    copy of the generator); returns the phase-2 steps played."""
    state = IrrState(board)
    rngs = [random.Random(seed * 2 + seat) for seat in (0, 1)]
    played = lays = 0
    while not state.is_terminal() and played < steps:
        seat = state.current_player
        rng = rngs[seat]
        if state.phase == 1:
            lays += 1
            if lays % evaluate_every:
                with switched(True):
                    state.apply(players[seat].choose(state, rng))
                continue
            _same_evaluation(state)
        twin = random.Random()
        twin.setstate(rng.getstate())
        with switched(False):
            pure = players[seat].choose(state.clone(), twin)
        with switched(True):
            native = players[seat].choose(state, rng)
        assert native == pure, f"seed {seed}, step {played}: {native} vs {pure}"
        assert rng.getstate() == twin.getstate(), f"seed {seed}, step {played}: the generators part"
        if played % evaluate_every == 0:
            _same_evaluation(state)
        state.apply(native)
        played += state.phase == 2
    return played


PLAYERS = {
    "castle": (CastlePlayer(), CastlePlayer()),
    "castle-wary": (CastlePlayer(), wary()),
    "runner-castle": (RunnerPlayer(), CastlePlayer()),
}


def test_fifty_games_decide_alike() -> None:
    """50 seeded games (the castle player against itself, `wary` and `runner`, on the original
    board and on sets at both ends of every rule parameter), each followed for its first 400
    phase-2 steps: every decision and every evaluation the same."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(6, 500, False))]
    names = list(PLAYERS)
    total = 0
    for seed in range(50):
        total += _follow(boards[seed % 3], PLAYERS[names[seed % len(names)]], seed, 40, 5)
    assert total == 50 * 40


def _playouts_alike(board: IrrBoard, seed: int, every: int) -> int:
    """Play a seeded game between castle players and, at every `every`-th step (phase 1 and
    2), a search playout from there with each core (the compiled one plays it whole, the pure one
    step by step): the same values and the generator left in the same state. Returns the
    playouts compared."""
    state = IrrState(board)
    rngs = [random.Random(seed * 2 + seat) for seat in (0, 1)]
    player, policy = CastlePlayer(), PlayoutPlayer()
    compared = step = 0
    while not state.is_terminal():
        with switched(True):
            state.apply_trusted(player.choose(state, rngs[state.current_player]))
        step += 1
        if step % every == 0 and not state.is_terminal():
            seen = {}
            for on in (False, True):
                rng = random.Random(seed * 1000 + step)
                with switched(on):
                    seen[on] = (_playout(state.clone(), rng, policy), rng.getstate())
            assert seen[True] == seen[False], f"seed {seed}, step {step}"
            compared += 1
    return compared


def test_playouts_alike() -> None:
    """The search's playouts, whole in the compiled core, against the pure step-by-step loop
    along 6 seeded games on the original board and on sets at the ends of the rule
    parameters the run table serves (slide budget 1 to 3, the shortest round limit, capturing
    own pieces): the same values, the same draws."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(2, 20, False))]
    compared = sum(_playouts_alike(boards[seed % 3], seed, 9) for seed in range(6))
    assert compared > 100


def test_search_decisions_alike() -> None:
    """The search (`mcts`, whole playouts and its move order in the compiled core) decides as
    the pure code along seeded games, in phase 1 and phase 2, on the original board and at the
    ends of the run table's rule parameters: the same move, the generator in the same state."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(2, 20, False))]
    compared = 0
    for seed in range(3):
        state, rng, player = IrrState(boards[seed]), random.Random(seed), CastlePlayer()
        step = 0
        while not state.is_terminal() and step < 400:
            if step % 23 == 0:
                seen = {}
                for on in (False, True):
                    search_rng = random.Random(seed * 1000 + step)
                    with switched(on):
                        seen[on] = (search(25).choose(state.clone(), search_rng), search_rng.getstate())
                assert seen[True] == seen[False], f"seed {seed}, step {step}"
                compared += 1
            with switched(True):
                state.apply_trusted(player.choose(state, rng))
            step += 1
    assert compared > 30


def _random_games_alike(board: IrrBoard, seed: int) -> None:
    """Phase 2 of a seeded random game (phase 1 played at random first) played whole by the
    compiled core (`random_game`) and step by step by the pure code: the same length, ending,
    winner and turns, the generator left in the same state."""
    state, rng = IrrState(board), random.Random(seed)
    while state.phase == 1:
        moves = state.legal_moves()
        state.apply_trusted(moves[rng.randrange(len(moves))])
    twin = random.Random()
    twin.setstate(rng.getstate())
    native = CORE.random_game(state, twin.getrandbits, runs.tables_for(board.rows))
    steps = 0
    with switched(False):
        while not state.is_terminal():
            moves = state.legal_moves()
            state.apply_trusted(moves[rng.randrange(len(moves))])
            steps += 1
    assert state.outcome is not None
    winner = -1 if state.outcome.winner is None else state.outcome.winner.value
    assert native == (steps, winner, state.outcome.rule, state.turns), f"seed {seed}"
    assert twin.getstate() == rng.getstate(), f"seed {seed}"


def test_random_games_alike() -> None:
    """Whole random phase-2 games in the compiled core against the pure loop, on the original
    board and on sets at the ends of the run table's rule parameters."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(2, 20, False))]
    for seed in range(9):
        _random_games_alike(boards[seed % 3], seed)


@pytest.mark.slow
def test_a_thousand_playouts_games_alike() -> None:
    """As above along 60 games, a playout every third step, and 200 random games."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(2, 20, False)),
              IrrBoard(rows=19, rules=IrrRules(3, 20, True))]
    assert sum(_playouts_alike(boards[seed % 4], seed, 3) for seed in range(60)) > 1000
    for seed in range(200):
        _random_games_alike(boards[seed % 4], seed)


@pytest.mark.slow
def test_a_thousand_games_decide_alike() -> None:
    """1,000 seeded games as above, each followed for its first 60 phase-2 steps."""
    boards = [IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(6, 500, False)),
              IrrBoard(rules=IrrRules(2, 100, True)), IrrBoard(rows=19, rules=IrrRules(4, 50, False))]
    names = list(PLAYERS)
    for seed in range(1000):
        _follow(boards[seed % len(boards)], PLAYERS[names[seed % len(names)]], seed, 60, 11)


WHOLE_LINEUPS = ((CastlePlayer, CastlePlayer), (wary, RunnerPlayer), (CastlePlayer, wary))
WHOLE_BOARDS = (IrrBoard(), IrrBoard(rows=17, rules=IrrRules(1, 20, True)), IrrBoard(rows=31, rules=IrrRules(6, 50, False)),
                IrrBoard(rows=19, rules=IrrRules(2, 100, True)))
"""The lineups and boards of the whole games below: the castle player, `wary` and `runner`; the
original board, the shortest and the longest, each slide budget end and both `capture_own`."""


def _whole_record(board: IrrBoard, lineup: tuple[Any, Any], seed: int, native: bool) -> str:
    """A seeded game played whole (both phases) by one core alone, as its record's JSON."""
    players = [make() for make in lineup]
    state, rngs, moves = IrrState(board), [random.Random(seed * 2 + seat) for seat in (0, 1)], []
    with switched(native):
        while not state.is_terminal():
            move = players[state.current_player].choose(state, rngs[state.current_player])
            moves.append(move)
            state.apply(move)
    assert state.outcome is not None
    return json.dumps({**make_record(moves, board), "outcome": [state.outcome.rule, str(state.outcome.winner)]})


@pytest.mark.slow
@pytest.mark.parametrize("hundred", range(10))
def test_a_thousand_whole_games_give_the_same_records(hundred: int) -> None:
    """1,000 seeded games (a hundred a test, for the workers to share) played whole by each core
    alone: the same record, move for move, and the same ending, byte for byte."""
    for seed in range(hundred * 100, hundred * 100 + 100):
        board, lineup = WHOLE_BOARDS[seed % len(WHOLE_BOARDS)], WHOLE_LINEUPS[seed % len(WHOLE_LINEUPS)]
        assert _whole_record(board, lineup, seed, True) == _whole_record(board, lineup, seed, False), f"seed {seed}"


def test_evaluations_of_hand_made_positions_agree() -> None:
    """Positions no game reaches soon: no sticks, every stick place filled in turn, and a
    side left without targets."""
    state = IrrState(IrrBoard(rows=17))
    _same_evaluation(state)
    pos = state.pos
    for stick in maze.legal_lays_py(pos)[::3]:
        if maze.lay_error(pos, stick) is None:
            pos.add_stick(stick)
    _same_evaluation(state)
    pos.pieces = {f: s for f, s in pos.pieces.items() if s is Side.RED}
    pos.c_owner = [Side.RED] * len(pos.c_owner)
    pos.refresh_castles()
    assert strategy.targets(pos, Side.RED) == [] and CORE.closeness(pos, Side.RED, 2) == 0.0
    _same_evaluation(state)


def test_expansion_order_of_captures_and_conquests_agrees() -> None:
    """The search's expansion order where plain moves, a capture, conquests and EndTurn mix
    (seeded games rarely offer all at once): the same stable sort for many shuffles."""
    state = IrrState.custom(pieces={(5, 19): Side.RED, (8, 10): Side.RED, (8, 5): Side.BLUE, (12, 12): Side.BLUE})
    moves = state.legal_moves()
    labels = {movement.label(state.pos, m.src, m.dst) for m in moves if isinstance(m, Go)}
    assert labels == {"move", "capture", "conquest"} and not isinstance(moves[-1], Go)
    for seed in range(20):
        with switched(False):
            pure = state.expansion_order(random.Random(seed))
        with switched(True):
            assert state.expansion_order(random.Random(seed)) == pure, seed


def test_slides_played_alike() -> None:
    """`runs.slid` (a stick slid, its Zobrist code and the run table around it) leaves the
    same position with either core, slide after slide of seeded random games."""
    fields = ("sticks", "seg", "cross", "s_start", "s_seg0", "s_x0", "s_len", "s_stride", "runs", "zob")
    for seed in range(6):
        state, rng = IrrState(IrrBoard(rows=(17, 21, 31)[seed % 3])), random.Random(seed)
        slides = 0
        while not state.is_terminal() and slides < 60:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if isinstance(move, Slide):
                if state.pos.zob is None:  # the compiled core's keys leave it unset: any code is updated alike
                    state.pos.zob = 2**63 + seed
                twin = state.clone()
                sid = state.pos.stick_id(move.stick)
                with switched(False):
                    runs.slid(twin.pos, sid, move.by)
                with switched(True):
                    runs.slid(state.pos, sid, move.by)
                assert [getattr(state.pos, f) for f in fields] == [getattr(twin.pos, f) for f in fields], (seed, slides)
                slides += 1
                state.used.append((sid, 1 if move.by > 0 else -1))
                state.remaining -= abs(move.by)
            else:
                state.apply_trusted(move)
        assert slides == 60


def test_bad_input_is_an_error_not_a_crash() -> None:
    """The core refuses what is not a position, as Python would, instead of crashing."""
    with pytest.raises(AttributeError):
        CORE.closeness(object(), Side.RED, 2)
    with pytest.raises(ValueError):
        CORE.closeness(IrrState().pos, Side.RED, -1)
    with pytest.raises(ValueError):
        CORE.legal_lays(IrrState().pos, (), False)
    tables = runs.tables_for(21)
    with pytest.raises(AttributeError):
        CORE.playout(object(), random.Random(0).getrandbits, 12, tables)
    with pytest.raises(ValueError):
        CORE.measure(IrrState().pos, [0])
    with pytest.raises(TypeError):
        CORE.shuffle((1, 2), random.Random(0).getrandbits)
    with pytest.raises(ValueError):  # no slide is due
        CORE.draw_slides(IrrState().pos, set(), {}, 0, 3, random.Random(0).getrandbits)


# --------------------------------------------------------------------------- whole commands


def _run(args: list[str], cwd: Path, pure: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("CARDGEN_PURE", None)
    if pure:
        env["CARDGEN_PURE"] = "1"
    return subprocess.run(CARDGEN + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def _outputs(tmp_path: Path, args: list[str], pure: bool) -> tuple[str, int, dict[str, bytes]]:
    where = tmp_path / ("pure" if pure else "native")
    where.mkdir()
    done = _run([*args, "--save-games", "games"], where, pure)
    assert "Traceback" not in done.stderr, done.stderr
    saved = {str(p.relative_to(where)): p.read_bytes() for p in sorted(where.rglob("*.json"))}
    return done.stdout, done.returncode, saved


SETS = {
    "original": "",
    "low-ends": 'game = "irrlaeufer"\nname = "Low"\nrows = 17\n[rules]\nslide_budget = 1\nround_limit = 20\n'
                "capture_own = true\n",
    "high-ends": 'game = "irrlaeufer"\nname = "High"\nrows = 31\n[rules]\nslide_budget = 6\nround_limit = 500\n'
                 "capture_own = false\n",
}


def _check_alike(tmp_path: Path, text: str, games: int, skill: int = 1) -> None:
    args = ["check", "irrlaeufer", "--json", "--quiet", "--no-chart", "--no-recommend", "--workers", "1",
            "--games", str(games), "--skill-games", str(skill), "--seed", "7"]
    if text:
        path = tmp_path / "set.toml"
        path.write_text(text, encoding="utf-8")
        args += ["--set", str(path)]
    pure, native = _outputs(tmp_path, args, True), _outputs(tmp_path, args, False)
    assert pure[0] and pure[0] == native[0], "check --json differs between the cores"
    assert pure[1] == native[1]
    assert pure[2] == native[2], "the saved game records differ between the cores"


@pytest.mark.parametrize("name, games, skill", [("original", 2, 0), ("low-ends", 3, 1),
                                                pytest.param("high-ends", 3, 1, marks=pytest.mark.slow)])
def test_check_json_and_records_alike(tmp_path: Path, name: str, games: int, skill: int) -> None:
    """`check --json` and its saved records, pure and compiled, byte for byte (the sets at the
    high ends play long games with the plain slide search: slow)."""
    _check_alike(tmp_path, SETS[name], games, skill)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["slide_budget = 1", "slide_budget = 6", "round_limit = 20", "round_limit = 500",
                                   "capture_own = true", "capture_own = false"])
def test_check_json_alike_at_each_end(tmp_path: Path, rules: str) -> None:
    """Every rule parameter at each end of its range on its own: 20 games."""
    _check_alike(tmp_path, f'game = "irrlaeufer"\nname = "End"\n[rules]\n{rules}\n', 20)


def test_example_records_replay_alike(tmp_path: Path) -> None:
    """The project's Irrläufer records (examples/, tests/records/) replay to the same report."""
    records = sorted([*ROOT.glob("examples/irr-*.json"), *ROOT.glob("tests/records/irr-*.json")])
    assert len(records) >= 4
    for record in records:
        pure, native = (_run(["replay", str(record)], tmp_path, p) for p in (True, False))
        assert pure.stdout and (pure.stdout, pure.returncode) == (native.stdout, native.returncode), record.name


def test_version_names_the_core(tmp_path: Path) -> None:
    """`cardgen --version` names the compiled core where it is built, the pure one when forced."""
    native, pure = (_run(["--version"], tmp_path, p) for p in (False, True))
    assert "core: native (C: " in native.stdout and "irrlaeufer" in native.stdout.split("core:")[1], native.stdout
    assert "core: pure Python (CARDGEN_PURE is set)" in pure.stdout, pure.stdout
