"""Replaying a game record (docs/records.md) move by move, for any game of the registry."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.commands.outcome import Say, err, out
from cardgen.engine.base import GameState
from cardgen.errors import DataError, IllegalMove
from cardgen.inputs import PARSE_ERRORS, inside_folder, read_json, shown
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Registry

RECORD_KEYS = {"game", "options", "set", "moves"}


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of a replay: one text line per applied move, whether every move was legal,
    how many were applied, the refusal (move index, rule id, message) if any, whether the game
    has ended, the scores by seat name, the state reached and the set it was played on (read
    once, here)."""

    lines: tuple[str, ...]
    legal: bool
    applied: int
    error: dict[str, Any] | None
    finished: bool
    scores: dict[str, float | int]
    final: str
    state: GameState[Any] | None = field(default=None, repr=False, compare=False)
    ending: str | None = None
    winners: tuple[str, ...] = ()
    game_set: Any = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Exactly the `replay --json` object of docs/records.md."""
        return {"legal": self.legal, "applied": self.applied, "error": self.error,
                "finished": self.finished, "ending": self.ending, "winners": list(self.winners),
                "scores": self.scores}


def _check_record(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DataError(where, "a record is a JSON object with \"game\", \"options\" and \"moves\"")
    extra = sorted(set(data) - RECORD_KEYS)
    if extra:
        raise DataError(where, f"unknown key {shown(extra[0])} (allowed: {', '.join(sorted(RECORD_KEYS))})")
    for key in ("game", "options", "moves"):
        if key not in data:
            raise DataError(where, f"missing key '{key}'")
    if not isinstance(data["options"], dict):
        raise DataError(f"{where}: options", f"must be a JSON object, not {shown(data['options'])}")
    if not isinstance(data["moves"], list):
        raise DataError(where, "'moves' must be a list")
    return data


def load_record(path: str | Path) -> dict[str, Any]:
    """The record at `path` as JSON data, checked for its keys (DataError naming the file).
    Read through the untrusted-input boundary (`cardgen.inputs`)."""
    path = Path(path)
    return _check_record(read_json(path), str(path))


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def move_place(index: int) -> str:
    """Where a move is in a record, for messages: its index in the JSON list `moves` (from 0)
    and its number in the replay's listing (from 1), `moves[9] (move 10)`."""
    return f"moves[{index}] (move {index + 1})"


def replay(path: str | Path, games: Registry) -> ReplayResult:
    """Replay the record file at `path` (see `replay_record`); `"set"` is relative to its folder."""
    path = Path(path)
    return replay_record(load_record(path), games, path.parent, str(path))


def replay_record(data: Any, games: Registry, base: Path | None = None, where: str = "record") -> ReplayResult:
    """Replay a parsed game record of any game of `games`, move by move through the game's
    checked `apply`. A malformed record or entry raises DataError naming `where` and the
    place; an illegal move stops the replay and is reported in the result, not raised."""
    data = _check_record(data, where)
    game = games.get(data["game"], f"{where}: game")
    set_path = data.get("set")
    if set_path is not None:
        if not isinstance(set_path, str):
            raise DataError(f"{where}: set", "must be a file path")
        # A record file is untrusted: its set must lie in its own folder tree. Data handed in
        # by code (no base folder) is the caller's own and may name any file.
        set_path = str(inside_folder(base, set_path, f"{where}: set") if base is not None
                       else Path(set_path).resolve())
    try:
        game_set = game.load_set(set_path)  # the record's set (else the built-in one), read once
        state = game.new_state(data["options"], game_set)
    except DataError as exc:
        raise DataError(f"{where}: {exc.place}", exc.reason) from None
    except PARSE_ERRORS as exc:  # a shape the options' checks overlooked: still the record's fault
        raise DataError(f"{where}: options", f"a value of an unexpected kind ({type(exc).__name__})") from None
    lines: list[str] = []
    error: dict[str, Any] | None = None
    applied = 0
    for i, entry in enumerate(data["moves"]):
        try:
            move = state.move_from_json(entry)
        except DataError as exc:
            raise DataError(f"{where}: {move_place(i)}", exc.reason) from None
        except PARSE_ERRORS as exc:
            raise DataError(f"{where}: {move_place(i)}", f"a value of an unexpected kind ({type(exc).__name__})") from None
        seat = state.current_player
        before = state.scores()
        try:
            state.apply(move)
        except IllegalMove as exc:
            reason = exc.reason.removesuffix(f" [{exc.rule}]")
            error = {"move": i, "rule": exc.rule, "message": f"{move}: {reason}"}
            break
        except DataError as exc:
            raise DataError(f"{where}: {move_place(i)}", exc.reason) from None
        applied += 1
        gain = state.scores()[seat] - before[seat] if 0 <= seat < len(before) else 0
        lines.append(f"{i + 1:3d}. {move}" + (f" (+{_number(gain)})" if gain > 0 else ""))
    names = [state.seat_name(s) for s in range(state.num_players)]
    scores = {n: _number(s) for n, s in zip(names, state.scores())}
    listed = ", ".join(f"{n} {v}" for n, v in scores.items())
    ending, winners = _result(state, names)
    if ending is not None:
        final = f"finished after {count(applied, 'move')}: {ending}; {_won(winners)}; scores: {listed}"
    else:
        final = (f"not finished after {count(applied, 'move')} ({names[state.current_player]} to move); "
                 f"scores: {listed}")
    return ReplayResult(tuple(lines), error is None, applied, error, state.is_terminal(), scores, final, state,
                        ending, winners, game_set)


def _result(state: GameState[Any], names: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """How the game ended (None: it has not) and who won: every seat sharing the top score,
    all of them in a tie (ties share the win); no one for a draw (a game's `winners` is empty
    then, as in Irrläufer's repetition and round limit)."""
    if not state.is_terminal():
        return None, ()
    return state.end_reason(), tuple(names[s] for s in state.winners())


def _won(winners: tuple[str, ...]) -> str:
    if not winners:
        return "a draw"
    if len(winners) == 1:
        return f"{winners[0]} won"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win (tied)"


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """`cardgen replay`'s options: the `record` file, and whether to say the result as JSON."""

    record: str
    as_json: bool = False


def run(request: ReplayRequest, registry: Registry, say: Say) -> int:
    """`cardgen replay RECORD`: the game's steps and result as text, or the result as JSON;
    exit 1 at the first move the rules refuse."""
    import json

    result = replay(request.record, registry)
    if request.as_json:
        say(out(json.dumps(result.to_json()), raw=True))  # ASCII only: json escapes every control
    else:
        for line in result.lines:
            say(out(line))
        say(out(result.final))
    if result.error is None:
        return 0
    error = result.error
    say(err(f"cardgen: {request.record}: {move_place(error['move'])}: {error['message']} [{error['rule']}]"))
    return 1
