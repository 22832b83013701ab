"""Replaying a game record (FORMATS.md) move by move, for any game of the registry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.engine.registry import game_spec
from cardgen.errors import DataError, IllegalMove

RECORD_KEYS = {"game", "options", "set", "moves"}


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of a replay: one text line per applied move, whether every move was legal,
    how many were applied, the refusal (move index, rule id, message) if any, whether the game
    has ended, and the scores by seat name."""

    lines: tuple[str, ...]
    legal: bool
    applied: int
    error: dict[str, Any] | None
    finished: bool
    scores: dict[str, float | int]
    final: str

    def to_json(self) -> dict[str, Any]:
        """Exactly the `replay --json` object of FORMATS.md."""
        return {"legal": self.legal, "applied": self.applied, "error": self.error,
                "finished": self.finished, "scores": self.scores}


def load_record(path: str | Path) -> dict[str, Any]:
    """The record at `path` as JSON data, checked for its keys (DataError naming the file)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(str(path), f"cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}", f"not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise DataError(str(path), "a record is a JSON object with \"game\", \"options\" and \"moves\"")
    extra = sorted(set(data) - RECORD_KEYS)
    if extra:
        raise DataError(str(path), f"unknown key '{extra[0]}' (allowed: {', '.join(sorted(RECORD_KEYS))})")
    for key in ("game", "options", "moves"):
        if key not in data:
            raise DataError(str(path), f"missing key '{key}'")
    if not isinstance(data["moves"], list):
        raise DataError(str(path), "'moves' must be a list")
    return data


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def replay(path: str | Path) -> ReplayResult:
    """Replay the record at `path`. Malformed input raises DataError (file and place named);
    an illegal move stops the replay and is reported in the result, not raised."""
    path = Path(path)
    data = load_record(path)
    spec = game_spec(data["game"], f"{path}: game")
    set_path = data.get("set")
    if set_path is not None:
        if not isinstance(set_path, str):
            raise DataError(f"{path}: set", "must be a file path")
        set_path = str((path.parent / set_path).resolve())
    try:
        state = spec.new_game(data["options"], set_path)
    except DataError as exc:
        raise DataError(f"{path}: {exc.place}", exc.reason) from None
    lines: list[str] = []
    error: dict[str, Any] | None = None
    applied = 0
    for i, entry in enumerate(data["moves"]):
        try:
            move = state.move_from_json(entry)
        except DataError as exc:
            raise DataError(f"{path}: moves[{i}]", exc.reason) from None
        try:
            state.apply(move)
        except IllegalMove as exc:
            reason = exc.reason.removesuffix(f" [{exc.rule}]")
            error = {"move": i, "rule": exc.rule, "message": f"{move}: {reason}"}
            break
        except DataError as exc:
            raise DataError(f"{path}: moves[{i}]", exc.reason) from None
        applied += 1
        lines.append(f"{i + 1:3d}. {move}")
    names = [state.seat_name(s) if hasattr(state, "seat_name") else str(s) for s in range(state.num_players)]
    scores = {n: _number(s) for n, s in zip(names, state.scores())}
    listed = ", ".join(f"{n} {v}" for n, v in scores.items())
    if state.is_terminal():
        final = f"finished after {applied} moves; scores: {listed}"
    else:
        final = f"not finished after {applied} moves ({names[state.current_player]} to move); scores: {listed}"
    return ReplayResult(tuple(lines), error is None, applied, error, state.is_terminal(), scores, final)
