"""Irrläufer's ladder players: each heuristic rung beats the one below on a few seeded games
(the full measurement is bench/irr_ladder.py, docs/players.md), the weakest can win, and the
search plays through the shared MCTS with its cheap playouts."""

from __future__ import annotations

import random

import pytest

from cardgen.engine.mcts import MctsPlayer
from cardgen.engine.players import make_player
from cardgen.engine.policies import SensiblePlayer
from cardgen.engine.simulate import simulate
from cardgen.games.irrlaeufer.game import Irrlaeufer
from cardgen.games.irrlaeufer.players import PlayoutPlayer, threatened
from cardgen.games.irrlaeufer.rules import new_game

GAME = Irrlaeufer()


def _share(strong: str, weak: str, seeds: range) -> float:
    """The stronger rung's mean share, seated red on even seeds and blue on odd ones."""
    total = 0.0
    for seed in seeds:
        seat = seed % 2
        players = [make_player(weak, extra=GAME.players()) for _ in range(2)]
        players[seat] = make_player(strong, extra=GAME.players())
        total += simulate(new_game, players, seed).shares()[seat]
    return total / len(seeds)


def test_the_ladder_is_four_rungs_with_the_heuristics_cheap() -> None:
    ladder = GAME.ladder()
    assert ladder.rungs == ("runner", "wary", "castle", "mcts@100")
    assert ladder.cheap_rungs == ("runner", "wary", "castle") and ladder.report == "castle"
    assert isinstance(make_player("mcts@100", extra=GAME.players()), MctsPlayer)


@pytest.mark.parametrize(("strong", "weak"), [("wary", "runner"), ("castle", "wary")])
def test_each_heuristic_rung_beats_the_one_below_on_a_few_seeded_games(strong: str, weak: str) -> None:
    assert _share(strong, weak, range(1000, 1004)) > 0.5


def test_the_weakest_rung_can_win() -> None:
    endings = [simulate(new_game, make_player("runner", extra=GAME.players()), seed).ending for seed in range(3)]
    assert "all-castles" in endings, endings


def test_the_search_plays_its_playouts_with_the_cheap_policy() -> None:
    search = make_player("mcts@100", extra=GAME.players())
    assert isinstance(search, MctsPlayer) and search.budget == 100 and isinstance(search.policy, PlayoutPlayer)
    assert isinstance(MctsPlayer().policy, SensiblePlayer)  # every other game's search is unchanged
    state = new_game()
    rng = random.Random(3)
    while state.phase == 1:
        state.apply_trusted(rng.choice(state.legal_moves()))
    for _ in range(6):  # a few search decisions, each legal
        move = MctsPlayer(8, policy=PlayoutPlayer()).choose(state, rng)
        assert move in state.legal_moves()
        state.apply_trusted(move)


def test_threatened_sees_an_enemy_piece_that_can_capture() -> None:
    from cardgen.games.irrlaeufer.components import Side
    from cardgen.games.irrlaeufer.rules import IrrState

    near = IrrState.custom(pieces={(5, 5): Side.RED, (5, 9): Side.BLUE}, castles=[])
    far = IrrState.custom(pieces={(5, 5): Side.RED, (6, 9): Side.BLUE}, castles=[])
    assert threatened(near.pos, Side.RED) and threatened(near.pos, Side.BLUE)
    assert not threatened(far.pos, Side.RED)


@pytest.mark.slow
def test_the_search_beats_the_castle_player() -> None:
    assert _share("mcts@100", "castle", range(1000, 1002)) > 0.5
