"""Seeded whole games through every player count, area and variant, with the invariants checked
after every move; a Hypothesis state machine picking among the legal moves."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardgen.engine.invariants import check_invariants
from cardgen.engine.simulate import simulate
from cardgen.games.schlangennest.config import VARIANT_PLAYERS, VARIANTS, load_nest_set, recommended_area
from cardgen.games.schlangennest.rules import new_game
from cardgen.sets import default_set_path

NEST = load_nest_set(str(default_set_path("schlangennest")))
COLOURS = NEST.colours


def _options(players: int, area, variant):
    return {"players": list(COLOURS[:players]), "area": list(area) if area else None, "variant": variant}


BASE = [(p, area, None) for p in (2, 3, 4) for area in NEST.areas[p]]
VARIANT_CASES = [(p, None if v == "open-area" else recommended_area(NEST, p), v)
                 for v in VARIANTS for p in VARIANT_PLAYERS[v]]


@pytest.mark.parametrize("players,area,variant", BASE + VARIANT_CASES,
                         ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v))
@pytest.mark.parametrize("player", ["random", "sensible", "greedy"])
def test_seeded_games_keep_the_invariants(players, area, variant, player):
    for seed in range(2):
        result = simulate(lambda: new_game(_options(players, area, variant)), player, seed,
                          after_move=check_invariants)
        assert result.ended
        assert len(result.scores) == players


@pytest.mark.parametrize("variant", [v for v in VARIANTS if 4 in VARIANT_PLAYERS[v]] + [None])
def test_games_are_reproducible(variant):
    make = lambda: new_game(_options(4, None if variant == "open-area" else (7, 9), variant))  # noqa: E731
    a = simulate(make, "sensible", 11, keep_record=True)
    b = simulate(make, "sensible", 11, keep_record=True)
    assert a == b


@pytest.mark.slow
@pytest.mark.parametrize("players,area,variant", BASE + VARIANT_CASES)
def test_many_seeded_games_keep_the_invariants(players, area, variant):
    for seed in range(2, 40):
        for player in ("random", "sensible", "greedy"):
            simulate(lambda: new_game(_options(players, area, variant)), player, seed, after_move=check_invariants)


class NestMachine(RuleBasedStateMachine):
    """Any sequence of legal moves keeps every invariant."""

    def __init__(self) -> None:
        super().__init__()
        self.state = None

    @initialize(case=st.sampled_from(BASE + VARIANT_CASES))
    def start(self, case) -> None:
        self.state = new_game(_options(*case))

    @rule(pick=st.integers(min_value=0, max_value=10_000), prefer_body=st.booleans())
    def play(self, pick: int, prefer_body: bool) -> None:
        if self.state.is_terminal():
            return
        moves = self.state.legal_moves()
        if prefer_body:  # reach long games, not only the quick head-and-tail ones
            body = [m for m in moves if self.state.move_class(m) == 0]
            moves = body or moves
        move = moves[pick % len(moves)]
        self.state.check(move)
        self.state.apply(move)

    @invariant()
    def keeps_invariants(self) -> None:
        if self.state is not None:
            check_invariants(self.state)


NestMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
test_nest_state_machine = NestMachine.TestCase
