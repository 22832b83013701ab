"""Schlangengrube's players see only their seat: the determinization keeps what the seat sees
and deals the rest again; a seat-view player's choice does not depend on the hidden tiles;
`careful` beats `greedy` and `thorough` beats `careful`; `thorough` judges every step, or as many as
its work allows. The whole ladder is measured in tests/test_match_cli.py (slow) and docs/players.md."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardgen.commands.match import match
from cardgen.engine.players import make_player
from cardgen.games.schlangengrube import strategy
from cardgen.games.schlangengrube.components import RULE_PARAMS
from cardgen.games.schlangengrube.moves import Pass
from cardgen.games.schlangengrube.rules import PitState, new_game
from cardgen.registry import GAMES
from cardgen.sets import default_set_path, with_rules

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


@pytest.mark.parametrize("name", ["greedy", "careful", "thorough", "mcts@10"])
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


@pytest.mark.parametrize("score", ["triangular", "square"])
def test_the_ripe_change_of_a_step_is_what_laying_it_gives(tmp_path: Path, score: str) -> None:
    # `thorough` reads the ripe snakes after a turn's last step from `ripe_changes`, without
    # laying it: on positions along seeded games, every legal step gives what laying it gives.
    path = tmp_path / "set.toml"
    path.write_text(with_rules(default_set_path("schlangengrube").read_text(encoding="utf-8"), RULE_PARAMS,
                               {"snake_score": score}), encoding="utf-8")
    checked = changed = 0
    for seed in range(6):
        state = new_game({"players": 2 + seed % 3, "variants": []}, path, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            steps = [m for m in state.legal_moves() if not isinstance(m, Pass)]
            before = strategy.ripe_points(state)
            for step, change in zip(steps, state.ripe_changes(steps)):
                child = state.clone()
                child.apply_trusted(step)
                assert strategy.ripe_points(child) == before + change, (seed, step)
                checked += 1
                changed += change != 0
            state.apply_trusted(rng.choice(state.legal_moves()))
    assert checked > 1000 and changed > 100, (checked, changed)


def test_thorough_beats_careful() -> None:
    thorough = match(GAME, ["thorough", "careful"], 24, workers=1).entries[0]
    assert thorough.low > 0.5, thorough


@pytest.mark.parametrize("work", [0, 40, strategy.WORK])
def test_thorough_ranks_every_step_whatever_its_work(monkeypatch: pytest.MonkeyPatch, work: int) -> None:
    # With less work allowed it follows fewer first steps to the end of the turn; the steps it
    # could not follow come last, so every legal step is still ranked once.
    state = _midgame([], 8)
    moves = state.legal_moves()
    monkeypatch.setattr(strategy, "WORK", work)
    ranked = strategy.ThoroughPlayer().ranked(state, moves, random.Random(3))
    assert sorted(map(repr, ranked)) == sorted(map(repr, moves)) and len(moves) > 1


def test_thorough_finishes_a_turn_of_three_tiles(tmp_path: Path) -> None:
    # A set laying three tiles a turn: the middle step is laid greedily, the last one in every way.
    path = tmp_path / "three.toml"
    path.write_text(with_rules(default_set_path("schlangengrube").read_text(encoding="utf-8"), RULE_PARAMS,
                               {"tiles_per_turn": 3}), encoding="utf-8")
    state = new_game({"players": 2, "variants": []}, path, 4)
    player = make_player("thorough", None, GAME.players())
    rng = random.Random(4)
    for _ in range(12):
        state.apply(player.choose(state, rng))
    state.verify()
    assert state.placed == 0 and len(state.log) >= 4
