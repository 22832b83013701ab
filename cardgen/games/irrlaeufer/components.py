"""Irrläufer components as data: sides, groove directions, sticks and the board settings.

The board (docs/rulings.md (Irrläufer)) is 15 fields wide and `rows` fields long. Fields are `(c, r)`, both
numbered from 1: `c` is the field number across the short edge (x, growing east), `r` the row
(y, growing south). Red sets up on row 1, blue on the last row.

Groove model: vertical groove line `c` (1..14) runs between columns c and c+1, horizontal groove
line `r` (1..rows-1) between rows r and r+1. The border grooves (around the outside) are never
used, so they are not modelled at all. A unit segment is one field long; a crossing is where a
vertical and a horizontal line meet. A stick lies on one line over exactly 3 fields: it covers 3
segments and the 2 crossings inside it, its end crossings stay free.

Castles: docs/rulings.md and the original rules put red's castle chips "on the groove crossings between rows 2/3
and fields 1/2 and 14/15". A 2x2 chip centred on the crossing of horizontal line 2 and vertical
line 1 covers fields (1..2, 2..3); the one on vertical line 14 covers (14..15, 2..3). Blue's are
mirrored at the other end (rows rows-2..rows-1). A castle is named by its top-left field, so
red's are (1, 2) and (14, 2), blue's (1, rows-2) and (14, rows-2). Its interior grooves are the
two segments of each of its two centre lines plus the centre crossing; its outline is not part
of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from cardgen.errors import DataError
from cardgen.sets import (
    SetSource,
    check_keys,
    default_set_path,
    expect,
    length_mm,
    load_for,
    parse_rules,
    rule,
    rule_params,
)

GAME = "irrlaeufer"

Field = tuple[int, int]
"""A board field `(c, r)`: column 1..15 across, row 1..rows along; both from 1."""

COLUMNS = 15
"""The board is always 15 fields wide (the seed's pieces stand on fields 3..13 of 15)."""
MIN_ROWS, MAX_ROWS, DEFAULT_ROWS = 17, 31, 21
DEFAULT_STICKS = 80
MAX_STICKS = 200
"""The loader refuses more sticks than this; `check` still has to prove the count fits."""
DEFAULT_FIELD_SIZE = 18.0
PIECE_COLUMNS = (3, 5, 7, 9, 11, 13)
MAX_SLIDE_STICKS = 3
"""A turn slides at most this many different sticks, whatever its slide budget."""

@dataclass(frozen=True, slots=True)
class IrrRules:
    """The rule parameters a set plays by, each field declaring one (`cardgen.sets.rule`;
    `RULE_PARAMS`; docs/rulings.md (Irrläufer)):
    `slide_budget` fields slid per turn over 1..min(3, budget) sticks, the draw after
    `round_limit` quiet rounds, and whether `capture_own` pieces may be captured."""

    slide_budget: int = rule(3, "fields the sticks are slid per turn in all, over at most 3 different sticks",
                             1, 6)
    round_limit: int = rule(100, "rounds of phase 2 without a capture or conquest that end the game in a draw",
                            20, 500)
    capture_own: bool = rule(False, "whether a piece or castle may capture a piece of its own colour")

    @property
    def quiet_turns(self) -> int:
        """Phase-2 turns without capture or conquest that end the game in a draw."""
        return 2 * self.round_limit

    @property
    def is_default(self) -> bool:
        """Whether these are the original's rules."""
        return self == IrrRules()


RULE_PARAMS = rule_params(IrrRules)
"""The parameters of a set file's `[rules]` table (docs/set-files.md), the original's rules as
their defaults."""


class Side(Enum):
    """The two players; the value is the seat index of the GameState protocol."""

    RED = 0
    BLUE = 1

    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap and exact

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side.BLUE if self is Side.RED else Side.RED

    @property
    def label(self) -> str:
        """The name used in game records ("red", "blue")."""
        return "red" if self is Side.RED else "blue"

    @staticmethod
    def parse(text: object) -> Side:
        """The side a record names; ValueError for anything but "red" or "blue"."""
        if text == "red":
            return Side.RED
        if text == "blue":
            return Side.BLUE
        raise ValueError(f"player must be \"red\" or \"blue\", got {text!r}")


class Dir(Enum):
    """The direction of a groove line: vertical (between columns) or horizontal (between rows)."""

    V = "v"
    H = "h"

    __hash__ = object.__hash__  # as for Side: sticks are hashed often


@dataclass(frozen=True, slots=True, order=True)
class Stick:
    """Where a stick lies (docs/records.md): on groove line `line` of direction `dir`, covering the
    3 fields `start..start+2` along it.

    `Stick(Dir.V, c, r)` lies between columns c and c+1 over rows r..r+2;
    `Stick(Dir.H, r, c)` lies between rows r and r+1 over columns c..c+2.
    """

    dir: Dir
    line: int
    start: int

    def moved(self, by: int) -> Stick:
        """The same stick slid `by` fields along its line (+ towards higher numbers)."""
        return Stick(self.dir, self.line, self.start + by)

    def to_json(self) -> dict[str, Any]:
        """The record form `{"dir": "v", "line": c, "start": r}`."""
        return {"dir": self.dir.value, "line": self.line, "start": self.start}

    def __str__(self) -> str:
        return f"{self.dir.value}{self.line}@{self.start}"


@dataclass(frozen=True, slots=True)
class IrrBoard:
    """The board settings of one Irrläufer set file (or the built-in default).

    `rows` is the board length (17..31), `sticks` how many sticks phase 1 lays at most,
    `field_size` the side of one field in mm. The width is always 15 fields.
    """

    path: Path | None = None
    name: str = "Irrläufer"
    rows: int = DEFAULT_ROWS
    field_size: float = DEFAULT_FIELD_SIZE
    sticks: int = DEFAULT_STICKS
    rules: IrrRules = IrrRules()

    @property
    def game(self) -> str:
        """The registry name of the game this set is for."""
        return "irrlaeufer"

    @property
    def columns(self) -> int:
        """The board width in fields (always 15)."""
        return COLUMNS

    def home_row(self, side: Side) -> int:
        """The row a side's pieces start on: 1 for red, the last row for blue."""
        return 1 if side is Side.RED else self.rows

    def piece_fields(self, side: Side) -> tuple[Field, ...]:
        """The start fields of a side's six pieces: fields 3, 5, ..., 13 of its home row."""
        row = self.home_row(side)
        return tuple((c, row) for c in PIECE_COLUMNS)

    def castle_places(self, side: Side) -> tuple[Field, Field]:
        """The top-left fields of a side's two castles at the start (see the module text)."""
        row = 2 if side is Side.RED else self.rows - 2
        return ((1, row), (COLUMNS - 1, row))


def castle_fields(pos: Field) -> tuple[Field, Field, Field, Field]:
    """The four fields a castle with top-left field `pos` covers."""
    c, r = pos
    return ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1))


def parse_board(src: SetSource, data: dict[str, Any]) -> IrrBoard:
    """Validate a parsed Irrläufer set file into an IrrBoard.

    Keys: game, name (text), rows (17..31), field_size (a length, 10..40 mm), sticks
    (1..200), columns (optional, must be 15), and a `[rules]` table (`RULE_PARAMS`). Errors name
    the file, line and key.
    """
    check_keys(src, data, {"game", "name", "rows", "field_size", "sticks", "columns", "rules"}, {"game", "name"},
               rules=RULE_PARAMS)
    values = parse_rules(src, data, RULE_PARAMS)
    rules = IrrRules(**values)  # type: ignore[arg-type]  # parse_rules checked each value's type
    name = expect(src, data["name"], str, "a text", "name")
    if not name.strip():
        raise src.error("must not be empty", "name")
    rows = expect(src, data.get("rows", DEFAULT_ROWS), int, "a whole number", "rows")
    if not MIN_ROWS <= rows <= MAX_ROWS:
        raise src.error(f"{rows} rows is outside {MIN_ROWS}-{MAX_ROWS}", "rows")
    columns = expect(src, data.get("columns", COLUMNS), int, "a whole number", "columns")
    if columns != COLUMNS:
        raise src.error(f"the board is always {COLUMNS} fields wide, not {columns}", "columns")
    sticks = expect(src, data.get("sticks", DEFAULT_STICKS), int, "a whole number", "sticks")
    if not 1 <= sticks <= MAX_STICKS:
        raise src.error(f"{sticks} sticks is outside 1-{MAX_STICKS}", "sticks")
    size = length_mm(src, data.get("field_size", f"{DEFAULT_FIELD_SIZE:g}mm"), "field_size", 10.0, 40.0)
    return IrrBoard(src.path, name, int(rows), size, int(sticks), rules)


def board_from_options(options: Any, base: IrrBoard | None = None, where: str = "options") -> IrrBoard:
    """The board a record's `"options"` ask for: `rows` (17-31) and `sticks` override `base`."""
    base = base or IrrBoard()
    if options is None:
        return base
    if not isinstance(options, dict):
        raise DataError(where, f"expected an object, got {options!r}")
    for key in options:
        if key not in ("rows", "sticks"):
            raise DataError(where, f"unknown option {key!r} (allowed: rows, sticks)")
    rows, sticks = options.get("rows", base.rows), options.get("sticks", base.sticks)
    for key, value, low, high in (("rows", rows, MIN_ROWS, MAX_ROWS), ("sticks", sticks, 1, MAX_STICKS)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataError(f"{where}.{key}", f"expected a whole number {low}-{high}, got {value!r}")
    return IrrBoard(base.path, base.name, rows, base.field_size, sticks, base.rules)


def load_board(path: str | Path | None = None) -> IrrBoard:
    """Load an Irrläufer board file (the built-in default board when `path` is None)."""
    return load_for(default_set_path(GAME) if path is None else path, GAME, parse_board)
