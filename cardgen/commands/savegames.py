"""`cardgen check --save-games DIR`: game records of the games a check's verdict points at, for
the designer to open (`cardgen replay`, `cardgen play --replay`).

Every game of a check is fixed by its seed, so a flagged game is played again from its seed by
the same players, this time keeping its moves: the record is the very game the report counted.
Saved for each main configuration: its degenerate games (deadlocks, stalemates, dead seats; at
most `PER_KIND` of each kind) and its shortest and longest game.

A set file other than the built-in one is copied beside the records under a name made from its
content (`mine-<12 hex digits>.toml`), so a later run with another set of the same name writes
another copy and never changes the one an earlier run's records name. A folder a `build`
replaces (a kit, with its manifest.json) is refused before any game is played: the next build
would delete the records.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.check.batch import BatchTask, game_seed, play_seed, task_players
from cardgen.check.plan import MAIN, Played, seats_of
from cardgen.engine.simulate import GameResult
from cardgen.errors import DataError
from cardgen.print.files import names_target, write_bytes_atomic

if TYPE_CHECKING:
    from cardgen.engine.base import GameState
    from cardgen.game import Game

PER_KIND = 3
"""The most records saved of one kind of degenerate game in one configuration."""


def flagged(results: Sequence[GameResult]) -> list[tuple[int, str]]:
    """The games of one configuration worth a look, as (index in seed order, why): each kind
    of degenerate game (its first `PER_KIND`), then the shortest and the longest game."""
    out: list[tuple[int, str]] = []
    kinds: dict[str, int] = {}
    for i, result in enumerate(results):
        if result.degenerate and kinds.get(result.degenerate, 0) < PER_KIND:
            kinds[result.degenerate] = kinds.get(result.degenerate, 0) + 1
            out.append((i, result.degenerate))
    if results:
        lengths = [r.moves for r in results]
        shortest, longest = lengths.index(min(lengths)), lengths.index(max(lengths))
        out.append((shortest, "shortest"))
        if longest != shortest:  # games all of one length: one of them says it
            out.append((longest, "longest"))
    return out


def replay_seed(game: Game[Any], played: Played, seed: int, index: int) -> tuple[GameResult, dict[str, Any]]:
    """Game `index` of the line of `played` (a check seeded `seed`) played again, with its
    record."""
    line = played.line
    task = BatchTask(line.key, game, line.options, line.game_set, seats_of(line.lineup, line.players, line.strong),
                     (game_seed(seed, line.key, index),), (index % line.measure_every == 0,), budget=line.budget)
    end: list[GameState[Any]] = []
    result = play_seed(task, task_players(task), 0, keep_record=True, at_end=end.append)
    return result, game.record(end[0], line.options, result.record)


KIT_MARK = "manifest.json"
"""The file every kit folder holds (cardgen.kit.manifest): a folder `build` replaces whole."""


def check_folder(folder: Path, games: Sequence[Game[Any]]) -> None:
    """DataError naming `--save-games` when the records would go into a kit folder (the
    folder of a game, or one of the folders above it, holds a kit's manifest.json)."""
    for game in games:
        target = (folder / game.name).resolve()
        for above in (target, *target.parents):
            if (above / KIT_MARK).is_file():
                raise DataError("--save-games", f"{folder / game.name} is inside the print kit {above} "
                                                f"(it has {KIT_MARK}), which the next `cardgen build` replaces "
                                                "whole; save the games in another folder")


def set_copy_name(set_path: str) -> str:
    """The name of the copy of the set file at `set_path` beside the records: its name and the
    start of its content's SHA-256 (`mine-0123456789ab.toml`)."""
    path = Path(set_path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return f"{path.stem}-{digest}{path.suffix or '.toml'}"


def save_games(game: Game[Any], set_path: str, custom_set: bool, played: Sequence[Played], seed: int,
               folder: Path) -> list[Path]:
    """Write the records of the flagged games of `played` (the main lines of one game's check)
    into `folder/<game>/`, one file each, `<config>-<why>-<index>.json`; a set file other
    than the built-in one is copied beside them under a name made from its content (a record
    names its set in its own folder). The paths written."""
    out = folder / game.name
    with names_target(out):
        out.mkdir(parents=True, exist_ok=True)
    set_name = None
    if custom_set:
        set_name = set_copy_name(set_path)
        write_bytes_atomic(out / set_name, Path(set_path).read_bytes())
    written = []
    for p in played:
        if p.line.section != MAIN:
            continue
        for index, why in flagged(p.results):
            again, record = replay_seed(game, p, seed, index)
            first = p.results[index]
            if (again.scores, again.moves, again.degenerate) != (first.scores, first.moves, first.degenerate):
                raise RuntimeError(f"{game.name} {p.line.config}: game {index} played again from its seed "
                                   f"went otherwise ({again.moves} steps, not {first.moves})")
            if set_name is not None:
                record = {"game": record["game"], "set": set_name, **{k: v for k, v in record.items() if k != "game"}}
            path = out / f"{_slug(p.line.config)}-{why}-{index}.json"
            write_bytes_atomic(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"))
            written.append(path)
    return written


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "config"
