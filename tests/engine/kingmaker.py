"""A synthetic three-seat game with a planted kingmaker, for the `kingmaking` criterion's tests.

Seats 0 and 1 each step once and score a point; then seat 2, which scores nothing and so can
never win, chooses between two moves. In a planted game (drawn from the seed with probability
`planted`) its moves give the point of the win to seat 0 or to seat 1: it picks the winner. In
the other games both of its moves give seat 0 the win: it picks nothing.

In a game with a hidden coin (`HiddenKingGame`) seat 2's move and a coin it cannot see decide
together: "a" gives the win to seat 0 on heads and to seat 1 on tails, "b" the other way. Its
move changes the winner with the coin fixed, yet it cannot pick one: as seat 2 sees it
(`determinize`: the coin tossed again) either move is a toss-up. No kingmaking, only noise."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.check.plan import MAIN, Line
from cardgen.engine.base import GameState
from cardgen.game import Game, GameInfo


@dataclass(frozen=True, slots=True)
class KingSet:
    path: Path | None
    name: str


class KingState(GameState[str]):
    """Two steps that score, then seat 2's choice ("a" or "b")."""

    def __init__(self, planted: bool, steps: int = 0, gift: str = "", coin: bool | None = None) -> None:
        self.planted, self.steps, self.gift, self.coin = planted, steps, gift, coin

    current_player = property(lambda self: self.steps)
    num_players = property(lambda self: 3)

    def legal_moves(self) -> list[str]:
        return [] if self.steps >= 3 else ["a", "b"] if self.steps == 2 else ["score"]

    def check(self, move: str) -> None:
        pass

    def apply_trusted(self, move: str) -> None:
        self.gift = move if self.steps == 2 else ""
        self.steps += 1

    def is_terminal(self) -> bool:
        return self.steps >= 3

    def scores(self) -> tuple[float, ...]:
        first, second = float(self.steps > 0), float(self.steps > 1)
        if self.steps >= 3:
            if self.coin is None:
                to_second = self.planted and self.gift == "b"
            else:  # heads (True): "a" gives seat 0 the win
                to_second = (self.gift == "a") != self.coin
            first, second = first + (not to_second), second + to_second
        return (first, second, 0.0)

    def clone(self) -> KingState:
        return KingState(self.planted, self.steps, self.gift, self.coin)

    def determinize(self, seat: int, rng: random.Random) -> KingState:
        return KingState(self.planted, self.steps, self.gift, None if self.coin is None else rng.random() < 0.5)

    def to_json(self) -> dict[str, Any]:
        return {"planted": self.planted, "steps": self.steps, "gift": self.gift, "coin": self.coin}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KingState:
        return cls(data["planted"], data["steps"], data["gift"], data["coin"])

    def move_to_json(self, move: str) -> dict[str, Any]:
        return {"move": move}

    def move_from_json(self, data: dict[str, Any]) -> str:
        return str(data["move"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KingState) and self.to_json() == other.to_json()


class KingGame(Game[KingSet]):
    """The synthetic game: a game is planted with probability `planted`."""

    info = GameInfo("king", "King", "the tests", "none")

    def __init__(self, planted: float = 1.0) -> None:
        self.planted = planted

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.planted,))

    def parse_set(self, src: Any, data: dict[str, Any]) -> KingSet:
        return KingSet(None, "king")

    def default_set_path(self) -> Path:
        return Path(__file__).with_name("king.toml")

    def load_set(self, path: str | Path | None = None) -> KingSet:
        return KingSet(None, "king")

    def new_state(self, options: Any, game_set: Any = None, seed: int | None = None) -> KingState:
        return KingState(random.Random(seed).random() < self.planted)

    def check_lines(self, game_set: KingSet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        return [Line(self, 0, "3p", player, MAIN, 3, {}, None, games, {"variant": None})]


class HiddenKingGame(KingGame):
    """The game with a hidden coin (see the module text): seat 2's move changes the winner only
    together with the coin, drawn from the seed."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def __init__(self) -> None:
        super().__init__(0.0)

    def new_state(self, options: Any, game_set: Any = None, seed: int | None = None) -> KingState:
        return KingState(False, coin=random.Random(seed).random() < 0.5)
