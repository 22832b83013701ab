"""The generic engine: players, simulation, invariant checker, Wilson interval, registry."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgen.check.stats import wilson
from cardgen.engine.invariants import InvariantError, check_invariants
from cardgen.engine.players import GreedyPlayer, RandomPlayer, SensiblePlayer, make_player
from cardgen.engine.simulate import seat_rng, simulate
from cardgen.errors import DataError
from cardgen.games.schlangennest.rules import new_game
from cardgen.registry import GAMES


def _opening():
    state = new_game({"players": ["red", "blue"], "area": [5, 7]})
    state.apply(state.legal_moves()[0])
    return state


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-3) and high == pytest.approx(0.7634, abs=1e-3)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(2.5, 5)[0] < 0.5 < wilson(2.5, 5)[1]  # shared wins count as shares


def test_random_player_is_uniform_over_the_legal_moves():
    state = _opening()
    legal = state.legal_moves()
    rng = random.Random(3)
    counts = Counter(RandomPlayer().choose(state, rng) for _ in range(100 * len(legal)))
    assert set(counts) == set(legal)
    assert min(counts.values()) > 50 and max(counts.values()) < 150


def test_sensible_player_prefers_body_cards():
    state = _opening()
    rng = random.Random(1)
    for _ in range(200):
        move = SensiblePlayer().choose(state, rng)
        assert state.move_class(move) == 0
    assert any(state.move_class(m) == 1 for m in state.legal_moves())


def test_greedy_player_takes_the_best_score_now():
    state = _opening()
    move = GreedyPlayer().choose(state, random.Random(0))
    best = max(state.score_after(m) for m in state.legal_moves())
    assert state.score_after(move) == best
    child = state.clone()
    child.apply(move)
    assert child.scores()[state.current_player] == best


def test_simulation_is_seeded_and_per_seat():
    make = lambda: new_game({"players": ["red", "blue", "green"], "area": [6, 8]})  # noqa: E731
    a = simulate(make, ["sensible", "random", "greedy"], 4, keep_record=True)
    b = simulate(make, ["sensible", "random", "greedy"], 4, keep_record=True)
    c = simulate(make, ["sensible", "random", "greedy"], 5, keep_record=True)
    assert a == b and a.record != c.record
    assert seat_rng(1, 0).random() != seat_rng(1, 1).random()
    with pytest.raises(KeyError, match="unknown player"):
        make_player("clever")


def test_simulation_respects_the_move_bound():
    result = simulate(lambda: new_game({"players": ["red", "blue"], "area": None}), "sensible", 0, max_moves=3)
    assert result.moves == 3 and not result.ended


def test_invariant_checker_catches_a_broken_state():
    state = _opening()
    check_invariants(state)
    state.hands[0][0] += 5  # a card out of nowhere
    with pytest.raises(InvariantError, match="lost"):
        check_invariants(state)
    state = _opening()
    state.chains[state.snake[0]].parts.append(999)
    with pytest.raises((InvariantError, IndexError)):
        check_invariants(state)


def test_registry_is_explicit():
    assert "schlangennest" in GAMES.names
    assert GAMES.get("schlangennest").new_state({"players": ["red", "blue"]}).num_players == 2
    with pytest.raises(DataError, match="unknown game"):
        GAMES.get("chess")


def test_rules_modules_import_no_rendering_or_cli_library(modules_loaded_by):
    loaded = modules_loaded_by("cardgen.games.schlangennest.rules", "cardgen.engine.simulate", "cardgen.check.batch")
    assert "cardgen.games.schlangennest.legality" in loaded
    assert sorted(loaded & {"click", "reportlab", "cairosvg", "svgwrite", "cardgen.art", "cardgen.print", "rich"}) == []
