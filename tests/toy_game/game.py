"""Toy row as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import Finding, GameState
from cardgen.engine.plan import Line
from cardgen.game import Game
from cardgen.sets import SetSource

from . import check
from . import variants as variant_sets
from .components import GAME, ToySet, parse_toy_set
from .ruleids import Rule
from .rules import PLAYERS, new_game

if TYPE_CHECKING:
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec


class Toy(Game[ToySet]):
    """A row of numbered tiles; two players take a tile from either end; the sum is the score."""

    name = GAME
    title = "Toy row (Zahlenreihe)"
    credit = "the cardgen tests"
    components = "a row of numbered square tiles"
    kit_parts = ("tiles", "booklets")
    labels = check.LABELS
    kind_noun = check.KIND_NOUN
    variant_options = variant_sets.OPTIONS

    def parse_set(self, src: SetSource, data: dict[str, Any]) -> ToySet:
        """A validated row."""
        return parse_toy_set(src, data)

    def new_state(self, options: Any, set_path: str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """With a seed the row shuffled; without, as the set file lists it (a record's opening)."""
        return new_game(options, self.load_set(set_path), seed)

    def kit(self, game_set: ToySet, spec: KitSpec) -> KitPlan:
        """The tiles and the booklets."""
        from . import kit  # the art loads only for a build

        return kit.plan(game_set, spec)

    def with_card_size(self, game_set: ToySet, size: float) -> ToySet:
        """The set with its tiles `size` mm square."""
        return dataclasses.replace(game_set, tile_size=size)

    def rule_ids(self) -> frozenset[str]:
        """The ids of `ruleids.Rule`."""
        return frozenset(r.value for r in Rule)

    def completeness(self, game_set: ToySet) -> list[Finding]:
        """An empty row (error), another length than the default set's (note)."""
        return check.completeness(game_set)

    def player_range(self, game_set: ToySet) -> tuple[int, int]:
        """Two players only."""
        return PLAYERS, PLAYERS

    def check_lines(self, game_set: ToySet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        """The two-player game, then the skill trace."""
        return check.lines(self, game_set, games, player, skill_games)

    def kind_supply(self, game_set: ToySet, options: Any) -> dict[str, int]:
        """Every tile is in play."""
        return check.kind_supply(game_set)

    def kinds(self, game_set: ToySet) -> list[str]:
        """The numbers on the tiles."""
        return check.kinds(game_set)

    def move_kind(self, state: GameState[Any], move: Any) -> str | None:
        """The number a move takes."""
        return check.move_kind(state, move)

    def variant_text(self, options: Mapping[str, Any]) -> str:
        """A row of `--tiles` tiles."""
        return variant_sets.text_from_options(dict(options))
