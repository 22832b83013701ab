"""`cardgen check schlangengrube`: is the tile set complete, and does it play?

Completeness: every tile carries two parts of two different colours with valid, unshared ports
(the loader refuses anything else), every listed colour is used, and each colour has as many
heads as tails (`PitSet.problems()`); the counts of the default set (54 tiles, every colour on
27 tiles with 6 heads and 6 tails) are compared as notes, since a variant may differ.

Playability: `games` seeded games for every player count asked for, in the base game and with
each variant; every game must end by the rules within its move bound.
"""

from __future__ import annotations

from typing import Any

from cardgen.engine.batch import BatchTask, Finding, game_seed, run_tasks, summarise
from cardgen.games.schlangengrube.components import PitSet
from cardgen.games.schlangengrube.options import MAX_PLAYERS, Variant
from cardgen.geometry import PartKind

LABELS = ("crossing", "double-curve", "straight-end", "curve-end", "end-end", "other", "pass")
"""What the report counts per game: tiles laid by group, and passes."""

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


def configs(pit: PitSet, players: tuple[int, ...]) -> list[tuple[int, str | None]]:
    """(player count, variant) pairs `check` plays: each count in the base game and each variant."""
    counts = [p for p in players if p <= MAX_PLAYERS]
    return [(p, v) for v in (None, *(x.value for x in Variant)) for p in counts]


def total_games(pit: PitSet, players: tuple[int, ...], games: int) -> int:
    """How many games `playability` will play."""
    return games * len(configs(pit, players))


def playability(pit: PitSet, players: tuple[int, ...], games: int, seed: int, player: str,
                workers: int | None = None, on_done: Any = None, chunk: int = 50) -> list[dict[str, Any]]:
    """Play every configuration and summarise each (rows as cardgen.engine.batch.summarise)."""
    confs = configs(pit, players)
    tasks = []
    for key, (p, variant) in enumerate(confs):
        options = {"players": p, "variants": [variant] if variant else []}
        seeds = [game_seed(seed, key, i) for i in range(games)]
        for start in range(0, games, chunk):
            tasks.append(BatchTask(key, "schlangengrube", options, str(pit.path), player,
                                   tuple(seeds[start:start + chunk])))
    outcomes = run_tasks(tasks, workers, on_done)
    rows = []
    for key, (p, variant) in enumerate(confs):
        mine = [o for o in outcomes if o.key == key]
        row: dict[str, Any] = {"config": f"{p}p" + (f" {variant}" if variant else ""), "players": p,
                               "variant": variant}
        row.update(summarise([r for o in mine for r in o.results], LABELS))
        row["problems"] = [x for o in mine for x in o.problems]
        rows.append(row)
    return rows
