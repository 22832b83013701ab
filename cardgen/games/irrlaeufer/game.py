"""Irrläufer as a game of the registry: its facts and where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import Finding, GameState
from cardgen.engine.degenerate import Degenerate
from cardgen.engine.ladder import Ladder
from cardgen.engine.plan import Line
from cardgen.engine.players import PlayerFactory
from cardgen.game import Game
from cardgen.games.irrlaeufer import baseline, check
from cardgen.games.irrlaeufer import variants as variant_sets
from cardgen.games.irrlaeufer.components import GAME, IrrBoard, parse_board
from cardgen.games.irrlaeufer.ruleids import Rule
from cardgen.games.irrlaeufer.rules import new_game
from cardgen.games.irrlaeufer.players import RunnerPlayer, search, wary
from cardgen.games.irrlaeufer.strategy import CastlePlayer
from cardgen.sets import SetSource

if TYPE_CHECKING:
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec


class Irrlaeufer(Game[IrrBoard]):
    """Georg Rönnau's maze game: lay the sticks, then slide them and race for the castles."""

    name = GAME
    title = "Irrläufer"
    credit = "Georg Rönnau"
    components = "board 15 x 21 fields, 6 red and 6 blue pieces, 4 two-sided castles, 80 sticks"
    kit_parts = ("board", "parts", "castles", "booklets")
    labels = check.LABELS
    kind_noun = check.KIND_NOUN
    default_games = check.DEFAULT_GAMES
    default_skill_games = check.DEFAULT_SKILL_GAMES
    check_looks = check.LOOKS
    pass_labels = check.PASS_LABELS
    points = False  # the scores are castles: they say who won, not by how much
    variant_options = variant_sets.OPTIONS
    baseline_module = baseline

    def parse_set(self, src: SetSource, data: dict[str, Any]) -> IrrBoard:
        """Validated board settings."""
        return parse_board(src, data)

    def new_state(self, options: Any, set_path: str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """The set-up position (Irrläufer deals no chance: `seed` is unused)."""
        return new_game(options, set_path, seed)

    def kit(self, game_set: IrrBoard, spec: KitSpec) -> KitPlan:
        """The board (one big page and tiled), parts, castles and the booklets."""
        from cardgen.games.irrlaeufer import kit  # the art loads only for a build

        return kit.plan(game_set, spec)

    def rule_ids(self) -> frozenset[str]:
        """The ids of `ruleids.Rule`."""
        return frozenset(r.value for r in Rule)

    def completeness(self, game_set: IrrBoard) -> list[Finding]:
        """The board's consistency statements, the stick count proven by laying the sticks."""
        return check.completeness(game_set)

    def default_players(self, game_set: IrrBoard) -> tuple[int, ...]:
        """Two."""
        return check.default_players(game_set)

    def check_lines(self, game_set: IrrBoard, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        """The board with `player`, then the skill trace."""
        return check.lines(self, game_set, players, games, player, skill_games)

    def players(self) -> Mapping[str, PlayerFactory]:
        """The ladder's own players (players.py): `runner`, `wary`, `castle` and `mcts` with
        cheap playouts."""
        return {"runner": lambda budget: RunnerPlayer(), "wary": lambda budget: wary(),
                "castle": lambda budget: CastlePlayer(), "mcts": search}

    def ladder(self) -> Ladder:
        """runner < wary < castle < mcts@100 (players.py; docs/players.md has the shares each
        wins against the one below). The report plays `castle`; the skill criterion the three
        heuristics; a person plays against the search."""
        return Ladder(("runner", "wary", "castle", "mcts@100"), report="castle", cheap=3, search="mcts@100")

    def degenerate(self, state: GameState[Any], active: tuple[int, ...]) -> Degenerate | None:
        """Deadlocks (the third repetition), stalemates (100 rounds, the move bound), dead seats."""
        return check.degenerate(state, active)

    def kinds(self, game_set: IrrBoard) -> list[str]:
        """The kinds of step."""
        return check.kinds(game_set)

    def move_kind(self, state: GameState[Any], move: Any) -> str | None:
        """The kind of step a move is."""
        return check.move_kind(state, move)

    def variant_text(self, options: Mapping[str, Any]) -> str:
        """A board of another length or stick count."""
        return variant_sets.text_from_options(dict(options))
