"""The ladder declaration and player names with a budget (`mcts@100`)."""

from __future__ import annotations

import pytest

from cardgen.engine.ladder import DEFAULT_LADDER, Ladder, PlayerSpec, parse_player
from cardgen.engine.players import make_player
from cardgen.engine.simulate import GameResult
from cardgen.errors import DataError
from cardgen.registry import GAMES


def test_a_budget_after_the_at_sign() -> None:
    assert parse_player("mcts@100") == PlayerSpec("mcts", 100)
    assert parse_player(" Sensible ") == PlayerSpec("sensible")
    assert str(PlayerSpec("mcts", 100)) == "mcts@100"
    assert make_player("mcts@7").budget == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["", "@5", "mcts@", "mcts@0", "mcts@x", "mcts@-3", "mcts@10000001"])
def test_a_bad_player_name_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(DataError, match="--player"):
        parse_player(text)


def test_an_unknown_player_with_a_budget_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known: random"):
        make_player("nosuch@5")


def test_a_ladder_checks_its_own_shape() -> None:
    with pytest.raises(ValueError):
        Ladder(("random", "random"), "random", 1, "random")
    with pytest.raises(ValueError):
        Ladder(("random", "greedy"), "sensible", 1, "greedy")
    with pytest.raises(ValueError):
        Ladder(("random", "greedy"), "random", 3, "greedy")
    assert DEFAULT_LADDER.pairs()[0] == ("sensible", "random")
    assert DEFAULT_LADDER.cheap_rungs == ("random", "sensible", "greedy")


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_every_rung_of_every_game_is_a_player(game: object) -> None:
    for rung in game.ladder().rungs:  # type: ignore[attr-defined]
        make_player(rung, None, game.players())  # type: ignore[attr-defined]


@pytest.mark.parametrize(("winners", "seats", "shares"), [
    ((0,), 2, (1.0, 0.0)), ((0, 1), 2, (0.5, 0.5)), ((), 2, (0.5, 0.5)), ((), 3, (1 / 3,) * 3),
    ((1, 2), 3, (0.0, 0.5, 0.5)),
])
def test_one_definition_of_a_seats_share(winners: tuple[int, ...], seats: int,
                                         shares: tuple[float, ...]) -> None:
    result = GameResult((0.0,) * seats, 1, True, winners, ())
    assert result.shares() == pytest.approx(shares)
    assert sum(result.shares()) == pytest.approx(1.0)
