"""Schlangengrube's players see only their seat: the determinization keeps what the seat sees
and deals the rest again; a seat-view player's choice does not depend on the hidden tiles;
`careful` beats `greedy`. The ladder with the search is measured in tests/test_match_cli.py
(slow) and docs/players.md."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgen.commands.match import match
from cardgen.engine.players import make_player
from cardgen.games.schlangengrube.rules import PitState, new_game
from cardgen.registry import GAMES

GAME = GAMES.get("schlangengrube")


def _midgame(variants: list[str], seed: int, steps: int = 9) -> PitState:
    state = new_game({"players": 3, "variants": variants}, None, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_trusted(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("variants", [[], ["secret-colour"]])
def test_a_determinization_keeps_what_the_seat_sees_and_deals_the_rest_again(variants: list[str]) -> None:
    state = _midgame(variants, 5)
    seat = state.current_player
    others = [p for p in range(3) if p != seat]
    unseen = Counter(t for p in others for t in state.hands[p]) + Counter(state.bag)
    changed = False
    for draw in range(10):
        view = state.determinize(seat, random.Random(draw))
        view.verify()
        assert view.hands[seat] == state.hands[seat] and view.board.cells == state.board.cells
        assert [len(view.hands[p]) for p in others] == [len(state.hands[p]) for p in others]
        assert len(view.bag) == len(state.bag) and view.points == state.points
        assert Counter(t for p in others for t in view.hands[p]) + Counter(view.bag) == unseen
        assert view.legal_moves() == state.legal_moves()
        if state.secret is not None:
            assert view.secret is not None and view.secret[seat] == state.secret[seat]
            assert len(set(view.secret)) == 3
        changed |= view.hands != state.hands or view.secret != state.secret
    assert changed


@pytest.mark.parametrize("name", ["greedy", "careful", "mcts@10"])
def test_a_seat_view_player_ignores_the_hidden_tiles(name: str) -> None:
    # The same seat's view with the other hands and the bag dealt otherwise: the same choice.
    state = _midgame([], 8)
    seat = state.current_player
    player = make_player(name, None, GAME.players())
    other = state.determinize(seat, random.Random(99))
    other.bag.reverse()
    assert other.hands != state.hands
    assert player.choose(state.clone(), random.Random(1)) == player.choose(other, random.Random(1))


def test_the_all_seeing_players_keep_their_names() -> None:
    assert {"greedy-open", "mcts-open", "careful"} <= set(GAME.players())
    assert make_player("mcts-open@5", None, GAME.players()).name == "mcts-open"


def test_careful_beats_greedy() -> None:
    careful = match(GAME, ["careful", "greedy"], 24, workers=1).entries[0]
    assert careful.low > 0.5, careful
