"""Schlangengrube as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import Finding, GameState
from cardgen.engine.degenerate import Degenerate
from cardgen.engine.ladder import Ladder
from cardgen.engine.plan import Line
from cardgen.game import Game
from cardgen.games.schlangengrube import baseline, check, strategy
from cardgen.games.schlangengrube import variants as variant_sets
from cardgen.games.schlangengrube.components import GAME, PitSet, parse_pit_set
from cardgen.games.schlangengrube.deal import new_game
from cardgen.games.schlangengrube.options import MAX_PLAYERS, MIN_PLAYERS, Variant
from cardgen.games.schlangengrube.ruleids import Rule
from cardgen.sets import SetSource

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec


LADDER = Ladder(("sensible", "greedy", "careful", "mcts@100"), report="sensible", cheap=3, search="mcts@100")
"""Schlangengrube's players from the weakest to the strongest (docs/players.md)."""


class Schlangengrube(Game[PitSet]):
    """Tom Scutt's Snake Pit: double-sided tiles drawn from a bag, snakes scored when finished."""

    name = GAME
    title = "Schlangengrube (Snake Pit)"
    credit = "Tom Scutt 2002; German edition papierspiele.net"
    components = "54 double-sided square tiles in 4 colours, 4 snake-head markers, '2x' markers"
    variants = tuple(v.value for v in Variant)
    kit_parts = ("tiles", "booklets")
    labels = check.LABELS
    kind_noun = check.KIND_NOUN
    default_games = check.DEFAULT_GAMES
    default_skill_games = check.DEFAULT_SKILL_GAMES
    variant_options = variant_sets.OPTIONS
    baseline_module = baseline

    def parse_set(self, src: SetSource, data: dict[str, Any]) -> PitSet:
        """A validated tile set."""
        return parse_pit_set(src, data)

    def new_state(self, options: Any, set_path: str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """With a seed a dealt game; without, a record's empty table whose first move is the start."""
        return new_game(options, set_path, seed)

    def kit(self, game_set: PitSet, spec: KitSpec) -> KitPlan:
        """The 54 tiles and the markers in their layouts and the booklets."""
        from cardgen.games.schlangengrube import kit  # the art loads only for a build

        return kit.plan(game_set, spec)

    def with_card_size(self, game_set: PitSet, size: float) -> PitSet:
        """The set with its tiles and markers `size` mm square."""
        return dataclasses.replace(game_set, tile_size=size)

    def rule_ids(self) -> frozenset[str]:
        """The ids of `ruleids.Rule`."""
        return frozenset(r.value for r in Rule)

    def completeness(self, game_set: PitSet) -> list[Finding]:
        """Broken tiles and unbalanced colours (errors), differences from the default set (notes)."""
        return check.completeness(game_set)

    def default_players(self, game_set: PitSet) -> tuple[int, ...]:
        """2, 3 and 4."""
        return check.default_players(game_set)

    def player_range(self, game_set: PitSet) -> tuple[int, int]:
        """2-6: the rules are written for 2-4, the engine seats up to 6."""
        return MIN_PLAYERS, MAX_PLAYERS

    def check_lines(self, game_set: PitSet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        """Every player count in the base game and each variant, then the skill trace."""
        return check.lines(self, game_set, players, games, player, skill_games)

    def players(self) -> Mapping[str, PlayerFactory]:
        """Players that see only what their seat sees (`greedy`, `careful`, the determinized
        `mcts`) and the all-seeing `greedy-open` and `mcts-open` (cardgen.games.schlangengrube.strategy)."""
        return strategy.players()

    def ladder(self) -> Ladder:
        """sensible (the report player) < greedy < careful < mcts@100, the determinized search;
        `random` is no rung: every step is alike to `sensible` here, so it plays as `random`."""
        return LADDER

    def kind_supply(self, game_set: PitSet, options: Any) -> dict[str, int]:
        """Every tile of the set goes into the bag."""
        return check.kind_supply(game_set)

    def degenerate(self, state: GameState[Any], active: tuple[int, ...]) -> Degenerate | None:
        """Deadlocks (a full round of passes with tiles left), stalemates, dead seats."""
        return check.degenerate(state, active)

    def kinds(self, game_set: PitSet) -> list[str]:
        """The set's tile ids."""
        return check.kinds(game_set)

    def move_kind(self, state: GameState[Any], move: Any) -> str | None:
        """The tile id a step lays."""
        return check.move_kind(state, move)

    def variant_text(self, options: Mapping[str, Any]) -> str:
        """A set with other colours, tile or end counts."""
        return variant_sets.text_from_options(dict(options))
