"""Schlangennest as a game of the registry: its facts and where each of its parts lives."""

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
from cardgen.games.schlangennest import baseline, check
from cardgen.games.schlangennest import variants as variant_sets
from cardgen.games.schlangennest.components import GAME, NestSet, parse_nest_set
from cardgen.games.schlangennest.config import VARIANTS
from cardgen.games.schlangennest.ruleids import Rule
from cardgen.games.schlangennest.rules import new_game
from cardgen.games.schlangennest.strategy import room
from cardgen.sets import SetSource

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec


LADDER = Ladder(("random", "sensible", "room", "mcts@100"), report="sensible", cheap=3, search="mcts@100")
"""Schlangennest's players from the weakest to the strongest (docs/players.md)."""


class Schlangennest(Game[NestSet]):
    """Günter Cornett's card game of snakes that must never join."""

    name = GAME
    title = "Schlangennest"
    credit = "Günter Cornett, Bambus Spieleverlag 1995"
    components = "72 square cards: 4 colours x (1 head, 1 tail, 7 straight, 9 curve), each with a grey part"
    variants = VARIANTS
    kit_parts = ("cards", "booklets")
    labels = check.LABELS
    kind_noun = check.KIND_NOUN
    default_games = check.DEFAULT_GAMES
    default_skill_games = check.DEFAULT_SKILL_GAMES
    variant_options = variant_sets.OPTIONS
    baseline_module = baseline

    def parse_set(self, src: SetSource, data: dict[str, Any]) -> NestSet:
        """A validated Schlangennest set."""
        return parse_nest_set(src, data)

    def new_state(self, options: Any, set_path: str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """The opening for record options (Schlangennest deals no chance: `seed` is unused)."""
        return new_game(options, set_path, seed)

    def kit(self, game_set: NestSet, spec: KitSpec) -> KitPlan:
        """The 72 cards in every layout and the booklets."""
        from cardgen.games.schlangennest import kit  # the art loads only for a build

        return kit.plan(game_set, spec)

    def with_card_size(self, game_set: NestSet, size: float) -> NestSet:
        """The set with its cards `size` mm square."""
        return dataclasses.replace(game_set, card_size=size)

    def rule_ids(self) -> frozenset[str]:
        """The ids of `ruleids.Rule`."""
        return frozenset(r.value for r in Rule)

    def completeness(self, game_set: NestSet) -> list[Finding]:
        """How the set differs from the original's 18 cards per colour."""
        return check.completeness(game_set)

    def default_players(self, game_set: NestSet) -> tuple[int, ...]:
        """2 up to the set's colours (at most 6)."""
        return check.default_players(game_set)

    def check_lines(self, game_set: NestSet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        """Every area and variant per player count, then the skill trace."""
        return check.lines(self, game_set, players, games, player, skill_games, combos)

    def variant_combos(self, text: str) -> list[frozenset[str]]:
        """`--variants tail-first+open-area,frame`: configurations of variants played together."""
        return check.parse_combos(text)

    def players(self) -> Mapping[str, PlayerFactory]:
        """`room`: values open ends and room to grow (cardgen.games.schlangennest.strategy)."""
        return {"room": room}

    def ladder(self) -> Ladder:
        """random < sensible (the report player) < room < mcts@100; `greedy`, which counts parts
        and so closes its snake early, loses to `sensible` and is no rung."""
        return LADDER

    def turn_of(self, state: GameState[Any]) -> object:
        """The state's turn counter: a seat whose rivals are finished moves turn after turn."""
        return check.turn_of(state)

    def kind_supply(self, game_set: NestSet, options: Any) -> dict[str, int]:
        """The cards of each id the seats' colours bring into a game."""
        return check.kind_supply(game_set, options)

    def degenerate(self, state: GameState[Any], active: tuple[int, ...]) -> Degenerate | None:
        """Deadlocks (a full round of passes with a snake unfinished), stalemates, dead seats."""
        return check.degenerate(state, active)

    def kinds(self, game_set: NestSet) -> list[str]:
        """The set's card ids."""
        return check.kinds(game_set)

    def move_kind(self, state: GameState[Any], move: Any) -> str | None:
        """The card id a move lays."""
        return check.move_kind(state, move)

    def variant_text(self, options: Mapping[str, Any]) -> str:
        """A set with other colours or card counts."""
        return variant_sets.text_from_options(dict(options))
