"""Schlangengrube as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import GameState
from cardgen.engine.ladder import Ladder
from cardgen.game import Game, GameInfo
from cardgen.games.schlangengrube import baseline, check, generator
from cardgen.games.schlangengrube.components import GAME, RULE_PARAMS, PitSet, parse_pit_set
from cardgen.games.schlangengrube.options import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from cardgen.games.schlangengrube.ruleids import Rule
from cardgen.games.schlangengrube.rules import PitState, new_game

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec
    from cardgen.table.model import Table

_GAME_INFO = GameInfo(
    name=GAME,
    title="Schlangengrube (Snake Pit)",
    credit="Tom Scutt 2002; German edition papierspiele.net",
    components="54 double-sided square tiles in 4 colours, 4 snake-head markers, '2x' markers",
    variants=VARIANTS,
    kit_parts=("tiles", "booklets"),
    set_options=generator.OPTIONS,
    parts=generator.PARTS,
    check=check.FACTS,
    rules=RULE_PARAMS,
)

LADDER = Ladder(("sensible", "greedy", "careful", "thorough"), report="careful", cheap=3, search="thorough")
"""Schlangengrube's players from the weakest to the strongest (docs/players.md)."""


class Schlangengrube(Game[PitSet]):
    """Tom Scutt's Snake Pit: double-sided tiles drawn from a bag, snakes scored when finished."""

    info = _GAME_INFO
    checks = check
    generator = generator
    rule_enum = Rule
    baseline_module = baseline

    parse_set = staticmethod(parse_pit_set)
    new_state = staticmethod(new_game)

    def kit(self, game_set: PitSet, spec: KitSpec) -> KitPlan:
        """The kit plan of `kit.py`, imported on the first build (the art loads for a build only)."""
        from cardgen.games.schlangengrube.kit import plan

        return plan(game_set, spec)

    def table(self, game_set: PitSet) -> Table[PitSet]:
        """The table page of `table_page.py`, imported only to play."""
        from cardgen.games.schlangengrube.table_page import table

        return table(game_set)

    def play_form(self, game_set: PitSet) -> object:
        """The set with its tile kinds in the order of their ids (unique: the set file refuses an
        id used twice): the bag is shuffled before play, so the order the file lists them in
        changes which tiles a seed deals, not the game."""
        return dataclasses.replace(game_set, tiles=tuple(sorted(game_set.tiles, key=lambda k: k.id)))

    def with_card_size(self, game_set: PitSet, size: float) -> PitSet:
        """The set with its tiles and markers `size` mm square."""
        return dataclasses.replace(game_set, tile_size=size)

    def players(self) -> Mapping[str, PlayerFactory]:
        """Players that see only what their seat sees (`greedy`, `careful`, the determinized
        `mcts`) and the all-seeing `greedy-open` and `mcts-open` (cardgen.games.schlangengrube.strategy)."""
        from cardgen.games.schlangengrube import strategy  # the players load when a game is played

        return strategy.players()

    def ladder(self) -> Ladder:
        """sensible < greedy < careful (the report player) < thorough, careful over every step
        and the whole turn; `random` is no rung: every step is alike to `sensible` here, so it
        plays as `random`. The determinized search (`mcts`) is no rung either: searching
        careful's five best steps, it is not above careful (docs/players.md)."""
        return LADDER

    def player_range(self, game_set: PitSet) -> tuple[int, int]:
        """2-6: the rules are written for 2-4, the engine seats up to 6."""
        return MIN_PLAYERS, MAX_PLAYERS

    def record(self, state: GameState[Any], options: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]
               ) -> dict[str, Any]:
        """The engine's own record: the start tile, then whole turns (the secret colours named)."""
        assert isinstance(state, PitState)
        return state.record()
