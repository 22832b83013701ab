"""`cardgen check schlangengrube`: is the tile set complete, and does it play?

Completeness: every tile carries two parts of two different colours with valid, unshared ports
(the loader refuses anything else), every listed colour is used, and each colour has as many
heads as tails (`PitSet.problems()`); the counts of the default set (54 tiles, every colour on
27 tiles with 6 heads and 6 tails) are compared as notes, since a variant may differ.

Playability: `games` seeded games for every player count asked for, in the base game and with
each variant; every game must end by the rules within its move bound. Each player count's *main*
configuration is the base game; the skill trace plays it with each cheap rung of the ladder
against the one below, in both seat orders. Legal moves are counted in every game: the players
list them anyway.
"""

from __future__ import annotations

from typing import Any

from cardgen.check.plan import MAIN, Line, rules_label, skill_lines
from cardgen.engine.base import Finding
from cardgen.engine.degenerate import DEADLOCK, Degenerate, generic
from cardgen.game import CheckFacts, Game
from cardgen.games.schlangengrube.components import PitSet
from cardgen.games.schlangengrube.moves import Place
from cardgen.games.schlangengrube.options import MAX_PLAYERS, VARIANTS
from cardgen.geometry import PartKind

LABELS = ("crossing", "double-curve", "straight-end", "curve-end", "end-end", "other", "pass")
"""What the report counts per game: tiles laid by group, and passes."""

KIND_NOUN = "tile kind"
"""What the report calls the kinds whose use it counts."""
DEFAULT_GAMES = 400
"""The ceiling of the check (games per configuration) when `check` is not told."""
DEFAULT_SKILL_GAMES = 30
"""Games per line of the skill trace when `check` is not told: greedy beats sensible in
nearly every game, so 60 games per player count put the 95% interval far above the fair share."""


FACTS = CheckFacts(LABELS, KIND_NOUN, DEFAULT_GAMES, DEFAULT_SKILL_GAMES, players="2,3,4")
"""The check's facts of this game (`GameInfo.check`)."""


def _cost(lineup: str) -> float:
    """Rough milliseconds per game, so the pool starts the longest tasks first: greedy scores
    every legal tile (`PitState.score_after`, without a copy), about 1.5 times a random game."""
    return 3.0 if "greedy" in lineup else 2.0


STANDARD_TILES = 54
STANDARD_PER_COLOUR = 27
STANDARD_ENDS = 6


def completeness(pit: PitSet) -> list[Finding]:
    """Every way the set is broken (errors) or differs from the default set (notes)."""
    out = [Finding(True, f"{p.reason} [{p.rule}] ({p.place})") for p in pit.problems()]
    if pit.total != STANDARD_TILES:
        out.append(Finding(False, f"{pit.total} tiles; the default set has {STANDARD_TILES}"))
    heads = pit.end_counts(PartKind.HEAD)
    for name in pit.colours:
        on = pit.tiles_with(name)
        if on and (on != STANDARD_PER_COLOUR or heads[name] != STANDARD_ENDS):
            out.append(Finding(False, f"{name} is on {on} tiles with {heads[name]} heads; the default "
                                      f"set has {STANDARD_PER_COLOUR} and {STANDARD_ENDS}"))
    return out


def default_players(pit: PitSet) -> tuple[int, ...]:
    """The player counts `check` plays unless told: 2, 3 and 4 (the rules are written for them)."""
    return (2, 3, 4)


def kinds(pit: PitSet) -> list[str]:
    """The tile kinds whose use the report counts: the set's tile ids."""
    return [tile.id for tile in pit.tiles]


def move_kind(state: Any, move: Any) -> str | None:
    """The tile id a step lays (None for a pass)."""
    return move.tile if isinstance(move, Place) else None


def kind_supply(pit: PitSet, options: Any) -> dict[str, int]:
    """How many tiles of each id one game brings into play: every tile of the set goes into the
    bag, whatever the configuration `options`."""
    return {tile.id: tile.count for tile in pit.tiles}


def degenerate(state: Any, active: tuple[int, ...]) -> Degenerate | None:
    """Schlangengrube's degenerate games: a *deadlock* when the game ended by a full round of
    passes while tiles were still in a hand or the bag (those tile ids are named), else the
    generic stalemate (the move bound) and dead seat."""
    if state.is_terminal():
        left = [i for hand in state.hands for i in hand] + list(state.bag)
        if left:
            tiles = state.game.set.tiles
            return Degenerate(DEADLOCK, tuple(sorted({tiles[i].id for i in left})))
    return generic(state, active)


def configs(pit: PitSet, players: tuple[int, ...]) -> list[tuple[int, str | None]]:
    """(player count, variant) pairs `check` plays: each count in the base game and each variant
    (secret-colour only while there is a snake-head marker per player)."""
    counts = [p for p in players if p <= MAX_PLAYERS]
    return [(p, v) for v in (None, *VARIANTS) for p in counts
            if v != "secret-colour" or p <= min(pit.head_markers, len(pit.colours))]




def lines(game: Game[Any], pit: PitSet, players: tuple[int, ...], games: int, player: str, skill_games: int = 0,
          combos: list[frozenset[str]] | None = None) -> list[Line]:
    """The report's lines: every configuration with `player`, then the skill trace (the
    variants are played one at a time: `combos` is always None, see `Game.variant_combos`)."""
    main: list[Line] = []
    for key, (p, variant) in enumerate(configs(pit, players)):
        options = {"players": p, "variants": [variant] if variant else []}
        label = f"{p}p" + (f" {variant}" if variant else "") + rules_label(game, pit)
        main.append(Line(game, key, label, player, MAIN, p, options, pit, games,
                         {"variant": variant, "main": variant is None}, cost=_cost(player)))
    return main + [s for line in main if line.info["main"] for s in skill_lines(game, line, skill_games)]
