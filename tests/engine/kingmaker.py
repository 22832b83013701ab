"""A synthetic three-seat game with a planted kingmaker, for the `kingmaking` criterion's tests.

Seats 0 and 1 each step once and score a point; then seat 2, which scores nothing and so can
never win, chooses between two moves. In a planted game (drawn from the seed with probability
`planted`) its moves give the point of the win to seat 0 or to seat 1: it picks the winner. In
the other games both of its moves give seat 0 the win: it picks nothing."""

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

    def __init__(self, planted: bool, steps: int = 0, gift: str = "") -> None:
        self.planted, self.steps, self.gift = planted, steps, gift

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
            to_second = self.planted and self.gift == "b"
            first, second = first + (not to_second), second + to_second
        return (first, second, 0.0)

    def clone(self) -> KingState:
        return KingState(self.planted, self.steps, self.gift)

    def to_json(self) -> dict[str, Any]:
        return {"planted": self.planted, "steps": self.steps, "gift": self.gift}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KingState:
        return cls(data["planted"], data["steps"], data["gift"])

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
