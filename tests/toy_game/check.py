"""`cardgen check toy`: is the row complete, and does it play?

Completeness: a row needs a tile (an empty row is an error); a row other than the default
set's eight tiles, or an odd one (the first player then takes one tile more), is a note.
Playability: seeded games of two players, the row shuffled for each; the skill trace plays the
cheap rungs of the ladder against each other. The kinds the report counts are the numbers on
the tiles: every tile is taken by the end of a game, so each number is played as often as the
row holds it. A game cannot lock up, so the generic degenerate games (the move bound, dead
seats) are all there is.
"""

from __future__ import annotations

from typing import Any

from cardgen.check.plan import MAIN, Line, skill_lines
from cardgen.engine.base import Finding
from cardgen.engine.degenerate import Degenerate, generic
from cardgen.game import CheckFacts, Game

from .components import ToySet
from .moves import Take
from .position import PLAYERS

LABELS = ("left", "right")
"""What the report counts per game: tiles taken at each end."""
KIND_NOUN = "number"
FACTS = CheckFacts(LABELS, KIND_NOUN)
"""The check's facts of the toy (`GameInfo.check`)."""
STANDARD_TILES = 8


def completeness(toy: ToySet) -> list[Finding]:
    """An empty row (error); a row of another length than the default set's, or an odd one (notes)."""
    if not toy.tiles:
        return [Finding(True, "the row is empty: there is no tile to take")]
    out = []
    if len(toy.tiles) != STANDARD_TILES:
        out.append(Finding(False, f"{len(toy.tiles)} tiles; the default set has {STANDARD_TILES}"))
    if len(toy.tiles) % 2:
        out.append(Finding(False, "an odd number of tiles: the first player takes one tile more"))
    return out


def kinds(toy: ToySet) -> list[str]:
    """The numbers on the set's tiles."""
    return [str(n) for n in toy.counts()]


def move_kind(state: Any, move: Any) -> str | None:
    """The number of the tile a move takes."""
    return str(state.row[move.position - 1]) if isinstance(move, Take) else None


def kind_supply(toy: ToySet, options: Any) -> dict[str, int]:
    """Every tile of the row is in play."""
    return {str(n): count for n, count in toy.counts().items()}


def lines(game: Game[Any], toy: ToySet, players: tuple[int, ...], games: int, player: str, skill_games: int = 0,
          combos: list[frozenset[str]] | None = None) -> list[Line]:
    """The one configuration (two players), then its skill trace (no rule variants: `combos` is
    always None)."""
    main = Line(game, 0, f"{PLAYERS}p", player, MAIN, PLAYERS, {"players": PLAYERS}, toy, games,
                {"main": True}, cost=0.1)
    return [main, *skill_lines(game, main, skill_games)]


def default_players(toy: ToySet) -> tuple[int, ...]:
    """Two: the toy is a game for two."""
    return (PLAYERS,)


def degenerate(state: Any, active: tuple[int, ...]) -> Degenerate | None:
    """The shared part only (the move bound, dead seats): a toy game cannot lock up."""
    return generic(state, active)
