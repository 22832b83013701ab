"""Toy row as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import GameState
from cardgen.game import Game, GameInfo

from . import check, generator
from .components import GAME, ToySet, parse_toy_set
from .position import PLAYERS
from .ruleids import Rule
from .rules import ToyState, new_game

if TYPE_CHECKING:
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec

_GAME_INFO = GameInfo(
    name=GAME,
    title="Toy row (Zahlenreihe)",
    credit="the cardgen tests",
    components="a row of numbered square tiles",
    kit_parts=("tiles", "booklets"),
    set_options=generator.OPTIONS,
    check=check.FACTS,
)


class Toy(Game[ToySet]):
    """A row of numbered tiles; two players take a tile from either end; the sum is the score."""

    info = _GAME_INFO
    checks = check
    generator = generator
    rule_enum = Rule

    parse_set = staticmethod(parse_toy_set)

    def kit(self, game_set: ToySet, spec: KitSpec) -> KitPlan:
        """The kit plan of `kit.py` (imported relatively: the same files serve as tests/toy_game
        and as cardgen/games/toy)."""
        from .kit import plan

        return plan(game_set, spec)

    def new_state(self, options: Any, game_set: ToySet | str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """With a seed the row shuffled; without, as the set file lists it (a record's opening)."""
        return new_game(options, self.set_value(game_set), seed)

    def record(self, state: GameState[Any], options: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]
               ) -> dict[str, Any]:
        """The record with the opening row in its options (a seeded game shuffled it)."""
        assert isinstance(state, ToyState)
        return super().record(state, {**options, "row": list(state.tiles)}, moves)

    def with_card_size(self, game_set: ToySet, size: float) -> ToySet:
        """The set with its tiles `size` mm square."""
        return dataclasses.replace(game_set, tile_size=size)

    def player_range(self, game_set: ToySet) -> tuple[int, int]:
        """Two players only."""
        return PLAYERS, PLAYERS
