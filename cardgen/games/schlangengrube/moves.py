"""Schlangengrube moves, their game-record JSON (docs/records.md) and the table of rule ids.

The engine steps one tile at a time (`Place`, and `Pass` when nothing fits): after the first
tile of a turn the same player is still to move, for the second. A whole turn as written in a
game record is a `Turn` (one or two placements); `apply(Turn)` plays it atomically. The record's
first entry is a `Start`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.errors import DataError
from cardgen.games.schlangengrube.ruleids import Rule
from cardgen.geometry import ROTATIONS
from cardgen.inputs import shown

RULES: dict[str, str] = {
    "game-over": "the game has ended; no move is possible",
    "wrong-player": "the move names a player who is not the one to move",
    "unknown-tile": "the tile id is not in the tile set",
    "bad-orientation": "rot must be 0, 90, 180 or 270 and flip true or false",
    "not-in-hand": "the player does not hold that tile",
    "no-tile-left": "(replay, hands unknown) every copy of that tile is already on the table",
    "occupied": "the cell already holds a tile",
    "not-touching": "the tile touches no laid tile orthogonally",
    "edge-mismatch": "a shared edge does not match: ports of different colours, or a port against a blank side",
    "two-heads": "the tile would make a snake (finished or not) with two heads",
    "two-tails": "the tile would make a snake (finished or not) with two tails",
    "must-place-second": "another tile can be laid and the turn has not laid its tiles_per_turn (2), so it must lay it",
    "pass-not-allowed": "a tile can be laid, so the player may not pass",
    "empty-turn": "a turn lays no tile (write a pass instead)",
    "too-many-tiles": "a turn lays more tiles than the rules' tiles_per_turn (2)",
    "mid-turn": "a whole turn was given while the first tile of the turn is already laid",
    "start-again": "the start tile is already on the table (only the record's first entry is a start)",
    "start-missing": "a record's first entry must be the start tile",
    "malformed-move": "the record entry is not a move of this game (bad keys or types)",
}
"""Every rule id with its one-line meaning (the `rule` of IllegalMove and of replay errors)."""
assert set(RULES) == {r.value for r in Rule}


@dataclass(frozen=True, slots=True)
class Place:
    """Lay `tile` (a tile id) at cell `at`, flipped east-west first if `flip`, then turned `rot`°."""

    tile: str
    at: tuple[int, int]
    rot: int = 0
    flip: bool = False

    def to_json(self) -> dict[str, Any]:
        """The placement as a record entry's `place` item."""
        return {"tile": self.tile, "at": [self.at[0], self.at[1]], "rot": self.rot, "flip": self.flip}

    def __str__(self) -> str:
        return f"{self.tile} at ({self.at[0]}, {self.at[1]}) rot {self.rot}" + (" flipped" if self.flip else "")


@dataclass(frozen=True, slots=True)
class Pass:
    """`player` lays nothing and draws nothing (only when no tile of the hand fits)."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player + 1} passes"  # printed from 1, like every seat


@dataclass(frozen=True, slots=True)
class Turn:
    """A whole turn as a game record writes it: `player` lays one or two tiles in order."""

    player: int
    places: tuple[Place, ...]

    def __str__(self) -> str:
        return f"player {self.player + 1} lays " + (", ".join(str(p) for p in self.places) or "nothing")


@dataclass(frozen=True, slots=True)
class Start:
    """The start tile, laid before anyone's turn (the first entry of a record)."""

    place: Place

    def __str__(self) -> str:
        return f"start tile {self.place}"


PitMove = Place | Pass | Turn | Start
"""Anything `PitState.check`/`apply` accepts; `legal_moves()` yields only Place and Pass."""


def _bad(reason: str) -> DataError:
    return DataError("move", reason)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"{what} must be a whole number, got {value!r}")
    return value


MAX_COORD = 10_000
"""Largest coordinate a record may give: a set has at most 400 tiles, so no game gets near."""


def place_from_json(data: Any) -> Place:
    """A `{"tile": ID, "at": [x, y], "rot": 0, "flip": false}` item (rot and flip optional)."""
    if not isinstance(data, dict):
        raise _bad(f"a placement must be an object, got {data!r}")
    unknown = set(data) - {"tile", "at", "rot", "flip"}
    if unknown:
        raise _bad(f"unknown key {sorted(unknown)[0]!r} in a placement (allowed: at, flip, rot, tile)")
    if not isinstance(data.get("tile"), str):
        raise _bad(f"a placement needs 'tile', a tile id, got {data.get('tile')!r}")
    at = data.get("at")
    if not isinstance(at, list) or len(at) != 2:
        raise _bad(f"'at' must be [x, y], got {at!r}")
    x, y = _int(at[0], "x"), _int(at[1], "y")
    if abs(x) > MAX_COORD or abs(y) > MAX_COORD:
        raise _bad(f"'at' {shown(at)} is outside -{MAX_COORD}..{MAX_COORD}, beyond any tile a set can reach")
    rot = _int(data.get("rot", 0), "rot")
    if rot not in ROTATIONS:
        raise _bad(f"'rot' must be 0, 90, 180 or 270, got {rot}")
    flip = data.get("flip", False)
    if not isinstance(flip, bool):
        raise _bad(f"'flip' must be true or false, got {flip!r}")
    return Place(data["tile"], (x, y), rot, flip)


def move_from_json(data: Any) -> Turn | Pass | Start:
    """The move a game-record entry names; DataError (place "move") if it is malformed."""
    if not isinstance(data, dict):
        raise _bad(f"a move must be an object, got {data!r}")
    if "start" in data:
        if set(data) != {"start"}:
            raise _bad("a start entry has only the key 'start'")
        return Start(place_from_json(data["start"]))
    keys = set(data)
    if keys == {"player", "pass"}:
        if data["pass"] is not True:
            raise _bad(f"'pass' must be true, got {data['pass']!r}")
        return Pass(_int(data["player"], "player"))
    if keys == {"player", "place"}:
        items = data["place"]
        if not isinstance(items, list):
            raise _bad(f"'place' must be a list of placements, got {items!r}")
        return Turn(_int(data["player"], "player"), tuple(place_from_json(i) for i in items))
    raise _bad(f"a move is {{'player', 'place'}}, {{'player', 'pass'}} or {{'start'}}, got keys {sorted(keys)}")


def move_to_json(move: PitMove, player: int) -> dict[str, Any]:
    """`move` as a record entry; a lone `Place` becomes a one-placement turn of `player`."""
    if isinstance(move, Start):
        return {"start": move.place.to_json()}
    if isinstance(move, Pass):
        return {"player": move.player, "pass": True}
    if isinstance(move, Turn):
        return {"player": move.player, "place": [p.to_json() for p in move.places]}
    return {"player": player, "place": [move.to_json()]}
