"""Schlangennest moves as small frozen values, and their game-record form (docs/records.md).

Record forms: `{"player": "red", "card": "curve", "at": [x, y], "rot": 90}` (lay a card),
`{"player": "red", "turn": [x, y], "dir": "cw"}` (reopen a loop), `{"player": "red", "swap":
[x, y], "rot": 0}` (a straight in the loop for the tail card), `{"player": "red", "pass": true}`.
`player` names the colour whose snake the move is for (in the two-snakes variants a seat owns
two colours and names the one it plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardgen.errors import DataError
from cardgen.inputs import shown


class MoveKind(Enum):
    """The four things a player can do on a turn."""

    PLACE = "card"
    TURN = "turn"
    SWAP = "swap"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class NestMove:
    """One move: `colour` is the snake it is for; `card`/`rot` for PLACE (rot in degrees,
    the tail card's rotation for SWAP); `at` the cell; `cw` the direction of a TURN."""

    kind: MoveKind
    colour: str
    card: str = ""
    at: tuple[int, int] = (0, 0)
    rot: int = 0
    cw: bool = True

    def __str__(self) -> str:
        x, y = self.at
        if self.kind is MoveKind.PLACE:
            return f"{self.colour} {self.card} at ({x},{y}) rot {self.rot}"
        if self.kind is MoveKind.TURN:
            return f"{self.colour} turns the curve at ({x},{y}) {'cw' if self.cw else 'ccw'}"
        if self.kind is MoveKind.SWAP:
            return f"{self.colour} swaps the straight at ({x},{y}) for the tail, rot {self.rot}"
        return f"{self.colour} passes"


def place(colour: str, card: str, at: tuple[int, int], rot: int = 0) -> NestMove:
    """Lay the card `card` of `colour` on `at`, turned clockwise by `rot` degrees."""
    return NestMove(MoveKind.PLACE, colour, card, at, rot)


def turn(colour: str, at: tuple[int, int], cw: bool = True) -> NestMove:
    """Turn `colour`'s curve card on `at` by 90° (clockwise unless `cw` is False)."""
    return NestMove(MoveKind.TURN, colour, "", at, 0, cw)


def swap(colour: str, at: tuple[int, int], rot: int) -> NestMove:
    """Replace `colour`'s straight on `at` by its tail card turned by `rot` degrees."""
    return NestMove(MoveKind.SWAP, colour, "", at, rot)


def pass_move(colour: str) -> NestMove:
    """`colour`'s player passes."""
    return NestMove(MoveKind.PASS, colour)


def move_to_json(move: NestMove) -> dict[str, Any]:
    """The record entry of `move`."""
    out: dict[str, Any] = {"player": move.colour}
    if move.kind is MoveKind.PLACE:
        out.update(card=move.card, at=list(move.at), rot=move.rot)
    elif move.kind is MoveKind.TURN:
        out.update(turn=list(move.at), dir="cw" if move.cw else "ccw")
    elif move.kind is MoveKind.SWAP:
        out.update(swap=list(move.at), rot=move.rot)
    else:
        out["pass"] = True
    return out


MAX_COORD = 10_000
"""Largest coordinate a record may give: a set has at most 6 × 200 cards, so no game gets near."""


def _cell(data: dict[str, Any], key: str) -> tuple[int, int]:
    value = data[key]
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise DataError("", f"'{key}' must be a cell [x, y] of two whole numbers, not {shown(value)}")
    if any(abs(v) > MAX_COORD for v in value):
        raise DataError("", f"'{key}' {shown(value)} is outside -{MAX_COORD}..{MAX_COORD}, beyond any card "
                            "a set can reach")
    return (value[0], value[1])


def _rot(data: dict[str, Any]) -> int:
    value = data.get("rot", 0)
    if isinstance(value, bool) or value not in (0, 90, 180, 270):
        raise DataError("", f"'rot' must be 0, 90, 180 or 270, not {value!r}")
    return int(value)


def _keys(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise DataError("", f"unknown key '{extra[0]}' (allowed here: {', '.join(sorted(allowed))})")


def move_from_json(data: Any) -> NestMove:
    """The move a record entry names; DataError (without a place) if it is malformed."""
    if not isinstance(data, dict):
        raise DataError("", f"a move must be a JSON object, not {data!r}")
    colour = data.get("player")
    if not isinstance(colour, str):
        raise DataError("", "a move needs \"player\": the colour name of the snake it is for")
    if "card" in data:
        _keys(data, {"player", "card", "at", "rot"})
        if not isinstance(data["card"], str):
            raise DataError("", f"'card' must be a card name, not {data['card']!r}")
        if "at" not in data:
            raise DataError("", "a card move needs 'at': [x, y]")
        return place(colour, data["card"], _cell(data, "at"), _rot(data))
    if "turn" in data:
        _keys(data, {"player", "turn", "dir"})
        direction = data.get("dir", "cw")
        if direction not in ("cw", "ccw"):
            raise DataError("", f"'dir' must be \"cw\" or \"ccw\", not {direction!r}")
        return turn(colour, _cell(data, "turn"), direction == "cw")
    if "swap" in data:
        _keys(data, {"player", "swap", "rot"})
        return swap(colour, _cell(data, "swap"), _rot(data))
    if "pass" in data:
        _keys(data, {"player", "pass"})
        if data["pass"] is not True:
            raise DataError("", "'pass' must be true")
        return pass_move(colour)
    raise DataError("", "a move needs one of 'card', 'turn', 'swap' or 'pass'")
