"""Schlangennest as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import GameState
from cardgen.engine.ladder import Ladder
from cardgen.game import Game, GameInfo
from cardgen.games.schlangennest import baseline, check, generator
from cardgen.games.schlangennest.components import GAME, RULE_PARAMS, NestSet, parse_nest_set
from cardgen.games.schlangennest.config import VARIANTS
from cardgen.games.schlangennest.ruleids import Rule
from cardgen.games.schlangennest.rules import new_game

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec
    from cardgen.table.model import Table

_GAME_INFO = GameInfo(
    name=GAME,
    title="Schlangennest",
    credit="Günter Cornett, Bambus Spieleverlag 1995",
    components="72 square cards: 4 colours x (1 head, 1 tail, 7 straight, 9 curve), each with a grey part",
    variants=VARIANTS,
    kit_parts=("cards", "booklets"),
    set_options=generator.OPTIONS,
    parts=generator.PARTS,
    check=check.FACTS,
    rules=RULE_PARAMS,
)

LADDER = Ladder(("random", "sensible", "room", "mcts@100"), report="room", cheap=3, search="mcts@100")
"""Schlangennest's players from the weakest to the strongest (docs/players.md)."""


class Schlangennest(Game[NestSet]):
    """Günter Cornett's card game of snakes that must never join."""

    info = _GAME_INFO
    checks = check
    generator = generator
    rule_enum = Rule
    baseline_module = baseline
    optional_actions = ("turn", "swap")
    """Turning a snake and swapping cards are never forced: `check --worth` bars each as a kind."""

    parse_set = staticmethod(parse_nest_set)
    new_state = staticmethod(new_game)

    def kit(self, game_set: NestSet, spec: KitSpec) -> KitPlan:
        """The kit plan of `kit.py`, imported on the first build (the art loads for a build only)."""
        from cardgen.games.schlangennest.kit import plan

        return plan(game_set, spec)

    def table(self, game_set: NestSet) -> Table[NestSet]:
        """The table page of `table_page.py`, imported only to play."""
        from cardgen.games.schlangennest.table_page import table

        return table(game_set)

    def with_card_size(self, game_set: NestSet, size: float) -> NestSet:
        """The set with its cards `size` mm square."""
        return dataclasses.replace(game_set, card_size=size)

    def variant_combos(self, text: str) -> list[frozenset[str]]:
        """`--variants tail-first+open-area,frame`: configurations of variants played together."""
        return check.parse_combos(text)

    def players(self) -> Mapping[str, PlayerFactory]:
        """`room`: values open ends and room to grow (cardgen.games.schlangennest.strategy)."""
        from cardgen.games.schlangennest.strategy import room  # the players load when a game is played

        return {"room": room}

    def ladder(self) -> Ladder:
        """random < sensible < room (the report player) < mcts@100; `greedy`, which counts parts
        and so closes its snake early, loses to `sensible` and is no rung."""
        return LADDER

    def turn_of(self, state: GameState[Any]) -> object:
        """The state's turn counter: a seat whose rivals are finished moves turn after turn."""
        return check.turn_of(state)

    def record_variants(self, options: Mapping[str, Any]) -> frozenset[str]:
        """Besides the named variants, `open-area`: a record whose `area` is null plays without one."""
        found = super().record_variants(options)
        return found | {"open-area"} if "area" in options and options["area"] is None else found
