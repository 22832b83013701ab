"""Schlangengrube through the shared engine's hooks: new_game, from_json, verify, move_bound."""

from __future__ import annotations

import random

import pytest

from cardgen.games.schlangengrube.moves import Place, Start
from cardgen.games.schlangengrube.rules import PitState, new_game


def _random_record(players: int, seed: int, variants: list[str]) -> tuple[dict, tuple[int, ...]]:  # type: ignore[type-arg]
    state = new_game({"players": players, "variants": variants}, None, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_trusted(rng.choice(state.legal_moves()))
        state.verify()
    return state.record(), state.scores()


@pytest.mark.parametrize(("players", "variants"), [(2, []), (3, ["double-markers"]), (4, ["secret-colour"])])
def test_a_record_replays_move_by_move_from_an_empty_table(players: int, variants: list[str]) -> None:
    record, scores = _random_record(players, 9, variants)
    state = new_game(record["options"])  # no seed: an empty table awaiting the start entry
    assert all(isinstance(m, Start) for m in state.legal_moves()) and not state.is_terminal()
    for entry in record["moves"]:
        state.apply(state.move_from_json(entry))
        state.verify()
    assert state.is_terminal() and state.scores() == scores
    assert state.record() == record


def test_the_empty_table_wants_the_start_first_and_only_once() -> None:
    state = new_game({"players": 2})
    with pytest.raises(Exception) as info:
        state.apply(state.move_from_json({"player": 0, "pass": True}))
    assert getattr(info.value, "rule", None) == "start-missing"
    state.apply(Start(Place("X-RG", (0, 0))))
    with pytest.raises(Exception) as again:
        state.apply(Start(Place("X-RY", (0, 0))))
    assert getattr(again.value, "rule", None) == "start-again"


def test_from_json_move_bound_and_labels() -> None:
    state = new_game({"players": 3}, None, 4)
    assert PitState.from_json(state.to_json()) == state
    assert state.move_bound() >= 53
    first = state.legal_moves()[0]
    assert state.move_label(first) == state.game.set.tile(first.tile).kind  # the tile's group
    steps = 0
    rng = random.Random(4)
    bound = state.move_bound()
    while not state.is_terminal():
        state.apply_trusted(rng.choice(state.legal_moves()))
        steps += 1
    assert steps <= bound


def test_the_shared_invariant_checker_and_simulator_accept_the_engine() -> None:
    invariants = pytest.importorskip("cardgen.engine.invariants")
    simulate = pytest.importorskip("cardgen.engine.simulate")
    result = simulate.simulate(lambda: new_game({"players": 2}, None, 3), "random", 3,
                               after_move=invariants.check_invariants)
    assert result.ended and len(result.scores) == 2 and 0 < sum(n for label, n in result.labels if label != "pass") <= 53


@pytest.mark.parametrize(("players", "variants"), [(2, []), (3, ["double-markers"]), (2, ["secret-colour"])])
def test_score_after_reads_the_points_a_copy_would_score(players: int, variants: list[str]) -> None:
    # score_after skips the copy: it must give what laying the tile on a copy gives, for every
    # legal tile of whole games (snakes completed, two at once, the 2x marker, the last tile)
    from cardgen.engine.base import GameState

    compared = scoring = 0
    for seed in range(4):
        state = new_game({"players": players, "variants": variants}, None, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            moves = state.legal_moves()
            now = state.scores()[state.current_player]
            for move in moves:
                fast = state.score_after(move)
                assert fast == GameState.score_after(state, move), move
                compared += 1
                scoring += fast > now
            state.apply_trusted(max(moves, key=state.score_after) if rng.random() < 0.5 else rng.choice(moves))
    assert compared > 1000 and scoring > 50  # the games did complete snakes
