"""Replaying a Schlangengrube game record (FORMATS.md) move by move, for `cardgen replay`.

Hands and the bag are not in a record, so they are not replayed (see rules.PitGame.replay_state);
the board, every rule that depends on it and the scores are. The front end prints `lines` and
the final result, or `to_json()` with `--json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import DataError, IllegalMove

from .components import GAME, PitSet, load_pit_set
from .game import PitGame
from .moves import Pass, Start, Turn, move_from_json
from .options import PitOptions, Variant
from .rules import PitState


@dataclass(frozen=True, slots=True)
class ReplayError:
    """Where a replay stopped: the index in `moves`, the rule id and the message."""

    move: int
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of a replay: how many entries applied, the first error, the final scores."""

    applied: int
    error: ReplayError | None
    finished: bool
    scores: tuple[int, ...]
    lines: tuple[str, ...]
    state: PitState | None

    @property
    def legal(self) -> bool:
        """Whether every entry of the record was legal."""
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        """The `--json` report of FORMATS.md (scores keyed by seat number)."""
        return {
            "legal": self.legal,
            "applied": self.applied,
            "error": None if self.error is None else
            {"move": self.error.move, "rule": self.error.rule, "message": self.error.message},
            "finished": self.finished,
            "scores": {str(i): s for i, s in enumerate(self.scores)},
        }


def _describe(move: Turn | Pass, before: tuple[int, ...], after: tuple[int, ...]) -> str:
    if isinstance(move, Pass):
        return f"player {move.player} passes"
    gained = after[move.player] - before[move.player]
    laid = ", ".join(str(p) for p in move.places)
    return f"player {move.player} lays {laid}" + (f" (+{gained})" if gained else "")


def replay_moves(moves: Any, pit_set: PitSet, options: PitOptions) -> ReplayResult:
    """Replay a record's `moves` list; stops at the first illegal or malformed entry.

    DataError if the options do not fit the set (that is the record's fault, not a move's)."""
    game = PitGame(pit_set, options)  # DataError: the options do not fit the set
    if options.has(Variant.SECRET_COLOUR) and options.secret is None:
        raise DataError("options.secret", "a secret-colour record must give each player's colour")
    lines: list[str] = []
    if not isinstance(moves, list) or not moves:
        return ReplayResult(0, ReplayError(0, "start-missing", "the record has no moves"), False, (), (), None)
    try:
        first = move_from_json(moves[0])
    except DataError as exc:
        return ReplayResult(0, ReplayError(0, "malformed-move", str(exc)), False, (), (), None)
    if not isinstance(first, Start):
        return ReplayResult(0, ReplayError(0, "start-missing", "the first move must be {\"start\": ...}"),
                            False, (), (), None)
    try:
        state = game.replay_state(first.place)
    except IllegalMove as exc:
        return ReplayResult(0, ReplayError(0, exc.rule, str(exc)), False, (), (), None)
    lines.append(f"start: {first.place}")
    for index, entry in enumerate(moves[1:], start=1):
        try:
            move = move_from_json(entry)
            before = state.scores()
            state.apply(move)
        except DataError as exc:
            error = ReplayError(index, "malformed-move", str(exc))
        except IllegalMove as exc:
            error = ReplayError(index, exc.rule, str(exc))
        else:
            assert isinstance(move, (Turn, Pass))
            lines.append(_describe(move, before, state.scores()))
            continue
        return ReplayResult(index, error, state.is_terminal(), state.scores(), tuple(lines), state)
    return ReplayResult(len(moves), None, state.is_terminal(), state.scores(), tuple(lines), state)


def replay_record(record: Any, pit_set: PitSet | None = None, base: Path | None = None) -> ReplayResult:
    """Replay a whole record (the parsed JSON). The set is `pit_set`, else the record's `"set"`
    (relative to `base`, the record's folder), else the standard set. DataError if the record
    itself (not one of its moves) is malformed."""
    if not isinstance(record, dict):
        raise DataError("record", f"expected a JSON object, got {type(record).__name__}")
    unknown = set(record) - {"game", "options", "set", "moves"}
    if unknown:
        raise DataError("record", f"unknown key {sorted(unknown)[0]!r} (allowed: game, moves, options, set)")
    if record.get("game") != GAME:
        raise DataError("record.game", f"expected {GAME!r}, got {record.get('game')!r}")
    if "moves" not in record:
        raise DataError("record", "missing key 'moves'")
    options = PitOptions.from_json(record.get("options", {}))
    if pit_set is None:
        name = record.get("set")
        if name is not None and not isinstance(name, str):
            raise DataError("record.set", f"expected a file name, got {name!r}")
        pit_set = load_pit_set(None if name is None else (base or Path(".")) / name)
    return replay_moves(record["moves"], pit_set, options)
