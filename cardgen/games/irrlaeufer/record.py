"""Irrläufer game records (FORMATS.md): replaying one, and writing one from played moves.

`replay` is what `cardgen replay` drives: it never raises for a wrong move, it reports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from cardgen.errors import DataError, IllegalMove
from cardgen.games.irrlaeufer.components import IrrBoard, board_from_options
from cardgen.games.irrlaeufer.moves import IrrMove, describe, group_turns, move_from_json, move_to_json
from cardgen.games.irrlaeufer.rules import IrrState


@dataclass(slots=True)
class ReplayResult:
    """The outcome of replaying a record: the state reached, how many entries were applied,
    the first refused entry (index, IllegalMove) if any, and one text line per applied entry."""

    state: IrrState
    applied: int
    error: tuple[int, IllegalMove] | None
    lines: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """Whether every entry was applied."""
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        """The `replay --json` report of FORMATS.md."""
        err = None
        if self.error is not None:
            i, exc = self.error
            err = {"move": i, "rule": exc.rule, "message": str(exc)}
        red, blue = self.state.scores()
        out: dict[str, Any] = {"legal": self.legal, "applied": self.applied, "error": err,
                               "finished": self.state.is_terminal(),
                               "scores": {"red": int(red), "blue": int(blue)}}
        if self.state.outcome is not None:
            winner = self.state.outcome.winner
            out["outcome"] = {"winner": None if winner is None else winner.label,
                              "rule": self.state.outcome.rule}
        return out


def replay(record: Any, base: IrrBoard | None = None, where: str = "record") -> ReplayResult:
    """Replay a parsed record (`{"game": "irrlaeufer", "options": {...}, "moves": [...]}`).

    A malformed record or entry raises DataError (naming `where` and the entry); an illegal
    entry stops the replay and is reported in the result."""
    if not isinstance(record, dict):
        raise DataError(where, "a record is a JSON object")
    for key in record:
        if key not in ("game", "options", "set", "moves"):
            raise DataError(where, f"unknown key {key!r} (allowed: game, options, set, moves)")
    if record.get("game") != "irrlaeufer":
        raise DataError(f"{where}.game", f"expected \"irrlaeufer\", got {record.get('game')!r}")
    board = board_from_options(record.get("options"), base, f"{where}.options")
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise DataError(f"{where}.moves", "expected a list of moves")
    state = IrrState(board)
    result = ReplayResult(state, 0, None)
    for i, entry in enumerate(moves):
        move = move_from_json(entry, f"{where}.moves[{i}]")
        try:
            state.apply(move)
        except IllegalMove as exc:
            result.error = (i, exc)
            break
        result.applied += 1
        result.lines.append(f"{i + 1}. {move.side.label}: {describe(move)}")
    return result


def make_record(moves: Iterable[IrrMove], board: IrrBoard | None = None) -> dict[str, Any]:
    """A FORMATS.md record of played moves (engine steps are grouped into whole turns)."""
    board = board or IrrBoard()
    options: dict[str, Any] = {"rows": board.rows}
    if board.sticks != IrrBoard().sticks:
        options["sticks"] = board.sticks
    return {"game": "irrlaeufer", "options": options,
            "moves": [move_to_json(m) for m in group_turns(moves)]}
