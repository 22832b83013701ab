"""A synthetic game with known win and draw rates, for the verdict's own tests: each seat steps
once, then the game is over; the first seat wins with probability `win`, nobody wins with probability
`draw`, else the second seat. Played through the check's rounds and verdict in this process."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.check.plan import MAIN, Line
from cardgen.engine.base import GameState
from cardgen.game import Game, GameInfo


@dataclass(frozen=True, slots=True)
class CoinSet:
    path: Path | None
    name: str


class CoinState(GameState[str]):
    """Each seat moves once; the outcome was drawn from the seed when the game was set up."""

    def __init__(self, outcome: int | None, steps: int = 0) -> None:
        self.outcome, self.steps = outcome, steps

    current_player = property(lambda self: self.steps % 2)
    num_players = property(lambda self: 2)

    @property
    def done(self) -> bool:
        return self.steps >= 2

    def legal_moves(self) -> list[str]:
        return [] if self.done else ["play"]

    def check(self, move: str) -> None:
        pass

    def apply_trusted(self, move: str) -> None:
        self.steps += 1

    def is_terminal(self) -> bool:
        return self.done

    def scores(self) -> tuple[float, ...]:
        if not self.done or self.outcome is None:
            return (0.0, 0.0)
        return (1.0, 0.0) if self.outcome == 0 else (0.0, 1.0)

    def clone(self) -> CoinState:
        return CoinState(self.outcome, self.steps)

    def to_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "steps": self.steps}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoinState:
        return cls(data["outcome"], data["steps"])

    def move_to_json(self, move: str) -> dict[str, Any]:
        return {"move": move}

    def move_from_json(self, data: dict[str, Any]) -> str:
        return str(data["move"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CoinState) and (self.outcome, self.steps) == (other.outcome, other.steps)


class CoinGame(Game[CoinSet]):
    """The synthetic game: `win` and `draw` are the first seat's win rate and the draw rate."""

    info = GameInfo("coin", "Coin", "the tests", "none")

    def __init__(self, win: float = 0.5, draw: float = 0.0) -> None:
        self.win, self.draw = win, draw

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.win, self.draw))

    def parse_set(self, src: Any, data: dict[str, Any]) -> CoinSet:
        return CoinSet(None, "coin")

    def default_set_path(self) -> Path:
        return Path(__file__).with_name("coin.toml")

    def load_set(self, path: str | Path | None = None) -> CoinSet:
        return CoinSet(None, "coin")

    def new_state(self, options: Any, game_set: Any = None, seed: int | None = None) -> CoinState:
        u = random.Random(seed).random()
        return CoinState(None if u < self.draw else 0 if u < self.draw + self.win else 1)

    def check_lines(self, game_set: CoinSet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        return [Line(self, 0, "2p", player, MAIN, 2, {}, None, games, {"variant": None})]
