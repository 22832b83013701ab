"""The fast engine (run table, Zobrist keys) against the plain reference path: seeded games
played by both side by side must list the same moves in the same order, reach the same state
after every step and end the same way; on the way, the players' fast move labels must agree
with the checked path's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgen.games.irrlaeufer import movement
from cardgen.games.irrlaeufer.components import IrrBoard, IrrRules
from cardgen.games.irrlaeufer.moves import Go
from cardgen.games.irrlaeufer.reference import PlainState, new_plain_game
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.games.irrlaeufer.sliding import free_run
from cardgen.games.irrlaeufer.strategy import CastlePlayer

ROWS = (17, 21, 31)


def _state(state: IrrState) -> dict[str, Any]:
    """The state's JSON without its repetition keys (Zobrist on one side, text on the other),
    with their counts instead."""
    data = state.to_json()
    data["seen"] = sorted(n for _, n in data["seen"])
    return data


ORIGINAL = IrrRules()
"""The original's rules."""


def play_both(seed: int, rows: int, rules: IrrRules = ORIGINAL) -> tuple[int, Any]:
    """One seeded game on both paths, compared after every step: phase 1 and half the phase-2
    choices at random, the other half by the castle player (it captures and conquers, so
    castles move). Returns the steps played and the outcome. `rules`: the set's rule parameters."""
    board = IrrBoard(rows=rows, rules=rules)
    fast, plain = IrrState(board), PlainState(board)
    rng, castle = random.Random(seed), CastlePlayer()
    steps = 0
    while not fast.is_terminal():
        moves = fast.legal_moves()
        assert moves == plain.legal_moves(), (seed, steps)
        for m in moves:  # the label read off the board is what the checked path says
            if isinstance(m, Go):
                effect = movement.resolve(fast.pos, fast.to_move, m.src, m.dst)
                said = "conquest" if effect.conquers >= 0 else "capture" if effect.captures else "move"
                assert movement.label(fast.pos, m.src, m.dst) == said, (seed, steps, m)
        if fast.phase == 2 and rng.random() < 0.5:
            move = castle.choose_from(fast, moves, rng)
        else:
            move = moves[rng.randrange(len(moves))]
        fast.apply_trusted(move)
        plain.apply_trusted(move)
        steps += 1
        if fast.phase == 2:
            assert _state(fast) == _state(plain), (seed, steps)
            assert fast.pos.runs is None or fast.pos.runs == [
                free_run(fast.pos, sid, sign, 3) for sid in range(len(fast.pos.sticks)) for sign in (1, -1)]
    assert plain.is_terminal() and fast.outcome == plain.outcome
    return steps, fast.outcome


def test_fast_and_plain_agree_on_a_few_seeded_games() -> None:
    for seed in (1, 2):  # a 100-round draw and a win
        steps, _ = play_both(seed, ROWS[seed % 3])
        assert steps > 200  # into phase 2 and on to an ending, the same on both paths


@pytest.mark.slow
def test_fast_and_plain_agree_on_many_seeded_games() -> None:
    outcomes = [play_both(seed, ROWS[seed % 3])[1] for seed in range(100, 130)]
    assert any(o.winner is not None for o in outcomes), "no game was won: castles never changed hands"


def test_the_plain_path_is_the_plain_search() -> None:
    plain = new_plain_game({"rows": 17})
    assert isinstance(plain, PlainState) and not plain.FAST and IrrState.FAST
    rng = random.Random(1)
    while plain.phase == 1:
        plain.apply_trusted(rng.choice(plain.legal_moves()))
    plain.apply_trusted(rng.choice(plain.legal_moves()))
    assert plain.pos.runs is None and plain.pos.zob is None  # no table, no Zobrist key kept
    assert all(isinstance(k, str) for k in plain.seen)


EXTREMES = (IrrRules(slide_budget=1), IrrRules(slide_budget=6), IrrRules(slide_budget=2, round_limit=20),
            IrrRules(capture_own=True, round_limit=20))


@pytest.mark.parametrize("rules", [EXTREMES[0], pytest.param(EXTREMES[1], marks=pytest.mark.slow), EXTREMES[3]],
                         ids=["budget1", "budget6", "own"])
def test_fast_and_plain_agree_under_other_rules(rules: IrrRules) -> None:
    steps, outcome = play_both(3, 17, rules)
    assert steps > 100 and outcome is not None


@pytest.mark.slow
@pytest.mark.parametrize("rules", EXTREMES)
def test_fast_and_plain_agree_on_more_games_under_other_rules(rules: IrrRules) -> None:
    for seed in range(40, 44):
        play_both(seed, ROWS[seed % 3], rules)
