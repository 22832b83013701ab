"""Irrläufer as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgen.engine.ladder import Ladder
from cardgen.game import Game, GameInfo
from cardgen.games.irrlaeufer import baseline, check, generator
from cardgen.games.irrlaeufer.components import GAME, RULE_PARAMS, IrrBoard, parse_board
from cardgen.games.irrlaeufer.ruleids import Rule
from cardgen.games.irrlaeufer.rules import new_game

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec
    from cardgen.table.model import Table

_GAME_INFO = GameInfo(
    name=GAME,
    title="Irrläufer",
    credit="Georg Rönnau",
    components="board 15 x 21 fields, 6 red and 6 blue pieces, 4 two-sided castles, 80 sticks",
    kit_parts=("board", "parts", "castles", "booklets"),
    set_options=generator.OPTIONS,
    parts=generator.PARTS,
    check=check.FACTS,
    rules=RULE_PARAMS,
)


class Irrlaeufer(Game[IrrBoard]):
    """Georg Rönnau's maze game: lay the sticks, then slide them and race for the castles."""

    info = _GAME_INFO
    checks = check
    generator = generator
    rule_enum = Rule
    baseline_module = baseline

    parse_set = staticmethod(parse_board)
    new_state = staticmethod(new_game)

    def kit(self, game_set: IrrBoard, spec: KitSpec) -> KitPlan:
        """The kit plan of `kit.py`, imported on the first build (the art loads for a build only)."""
        from cardgen.games.irrlaeufer.kit import plan

        return plan(game_set, spec)

    def table(self, game_set: IrrBoard) -> Table[IrrBoard]:
        """The table page of `table_page.py`, imported only to play."""
        from cardgen.games.irrlaeufer.table_page import table

        return table(game_set)

    def players(self) -> Mapping[str, PlayerFactory]:
        """The ladder's own players (players.py): `runner`, `wary`, `castle` and `mcts` with
        cheap playouts."""
        # the players load when a game is played
        from cardgen.games.irrlaeufer.players import RunnerPlayer, search, wary
        from cardgen.games.irrlaeufer.strategy import CastlePlayer

        return {"runner": lambda budget: RunnerPlayer(), "wary": lambda budget: wary(),
                "castle": lambda budget: CastlePlayer(), "mcts": search}

    def ladder(self) -> Ladder:
        """runner < wary < castle < mcts@100 (players.py; docs/players.md has the shares each
        wins against the one below). The report plays `castle`; the skill criterion the three
        heuristics; a person plays against the search."""
        return Ladder(("runner", "wary", "castle", "mcts@100"), report="castle", cheap=3, search="mcts@100")
