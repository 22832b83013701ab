"""Irrläufer as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgen.engine.ladder import Ladder
from cardgen.engine.players import PlayerFactory
from cardgen.game import Game, GameInfo
from cardgen.games.irrlaeufer import baseline, check, generator
from cardgen.games.irrlaeufer.components import GAME, IrrBoard, parse_board
from cardgen.games.irrlaeufer.ruleids import Rule
from cardgen.games.irrlaeufer.rules import new_game
from cardgen.games.irrlaeufer.strategy import CastlePlayer

_GAME_INFO = GameInfo(
    name=GAME,
    title="Irrläufer",
    credit="Georg Rönnau",
    components="board 15 x 21 fields, 6 red and 6 blue pieces, 4 two-sided castles, 80 sticks",
    kit_parts=("board", "parts", "castles", "booklets"),
    set_options=generator.OPTIONS,
    check=check.FACTS,
)


class Irrlaeufer(Game[IrrBoard]):
    """Georg Rönnau's maze game: lay the sticks, then slide them and race for the castles."""

    info = _GAME_INFO
    checks = check
    generator = generator
    rule_enum = Rule
    baseline_module = baseline
    kit_module = "cardgen.games.irrlaeufer.kit"
    table_module = "cardgen.games.irrlaeufer.table_page"

    parse_set = staticmethod(parse_board)
    new_state = staticmethod(new_game)

    def players(self) -> Mapping[str, PlayerFactory]:
        """`castle`: plays for the castles (strategy.py)."""
        return {"castle": lambda budget: CastlePlayer()}

    def ladder(self) -> Ladder:
        """For now the sensible and the castle player (the report's: random and one-move
        players never reach a castle, so every game would end in the 100-round draw)."""
        return Ladder(("sensible", "castle"), report="castle", cheap=2, search="castle")
