"""Schlangengrube tile sets: the PitTile and PitSet values and their TOML loader (docs/set-files.md).

A set file names its colours, its tile size, its markers, its tiles and, in an optional
`[rules]` table, the rules it plays by (`PitRules`: hand size, tiles per turn, scoring, the "2x"
markers; the top-level `double_markers` is the older spelling of the rules' key); every tile carries
exactly two snake parts of two different colours (docs/rulings.md, Schlangengrube). The loader refuses what
cannot be played at all (unknown keys, wrong types, unknown colours, bad parts, shared ports).
Whether the set is *complete* (every colour has as many heads as tails, every listed colour is
used) is a set-level question answered by `PitSet.problems()`, so that `cardgen check` can report
it as a finding: an unbalanced set still loads and plays, its snakes just close less often.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.geometry import Part, PartKind
from cardgen.sets import (
    RULES_TABLE,
    SetSource,
    check_keys,
    colour_list,
    default_set_path,
    expect,
    length_mm,
    load_for,
    parse_rules,
    part_list,
    rule,
    rule_params,
    whole_count,
)

GAME = "schlangengrube"
DEFAULT_TILE_SIZE = 38.0
"""Millimetres, when a set file does not say (docs/rulings.md: 38 mm; 25-60 mm must work)."""
DEFAULT_DOUBLE_MARKERS = 2
"""The German edition's two "2x" markers (the English original had four)."""

SNAKE_SCORES = ("triangular", "linear", "square")
"""How a completed snake of n tiles scores: 1 + 2 + ... + n, n, or n x n (rule `snake_score`)."""

@dataclass(frozen=True, slots=True)
class PitRules:
    """The rules a set plays by (its `[rules]` table; the original's by default). Each field
    declares a rule parameter (`cardgen.sets.rule`: name, default, help, range; `RULE_PARAMS`)."""

    hand_size: int = rule(5, "tiles each player holds (drawn at the start, refilled after a turn)", 2, 10)
    tiles_per_turn: int = rule(2, "tiles laid per turn (each one that still fits must be laid)", 1, 3)
    snake_score: str = rule("triangular", "score of a completed snake of n tiles: triangular 1+2+...+n, "
                            "linear n, square n*n", choices=SNAKE_SCORES)
    double_factor: int = rule(2, "what the score is multiplied by when one tile completes two or more snakes",
                              1, 4)
    double_markers: int = rule(DEFAULT_DOUBLE_MARKERS, "how many \"2x\" markers the kit has "
                               "(double-markers variant)", 0, 8)
    double_threshold: int = rule(6, "a snake of at least this many tiles earns a \"2x\" marker "
                                 "(double-markers variant)", 2, 20)

    @property
    def is_default(self) -> bool:
        """Whether these are the original's rules."""
        return self == PitRules()


RULE_PARAMS = rule_params(PitRules)
"""The parameters of a set file's `[rules]` table, the original's rules as defaults (docs/set-files.md)."""


_TOP_KEYS = {"game", "name", "colours", "tile_size", "double_markers", "head_markers", "tile", RULES_TABLE}
_TOP_REQUIRED = {"game", "name", "colours", "tile"}
_TILE_KEYS = {"id", "count", "parts"}
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,59}")


@dataclass(frozen=True, slots=True)
class PitTile:
    """One kind of tile: its id, how many copies the set holds and its two parts at rotation 0.

    `parts` are listed bottom to top (only the drawing cares: the upper body passes over).
    """

    id: str
    count: int
    parts: tuple[Part, ...]

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours of the tile's parts, bottom to top."""
        return tuple(p.colour for p in self.parts)

    @property
    def kind(self) -> str:
        """The tile's group, for statistics: crossing, double-curve, straight-end, curve-end,
        end-end (the groups of the default set, docs/rulings.md) or other."""
        bodies = [p for p in self.parts if p.kind is PartKind.BODY]
        ends = len(self.parts) - len(bodies)
        if ends == 0:
            if all(b.is_straight for b in bodies):
                return "crossing" if len(bodies) == 2 else "other"
            return "double-curve" if all(b.is_curve for b in bodies) and len(bodies) == 2 else "other"
        if ends == 1 and len(bodies) == 1:
            return "straight-end" if bodies[0].is_straight else "curve-end"
        return "end-end" if ends == 2 and not bodies else "other"

    def ends(self, kind: PartKind) -> tuple[str, ...]:
        """The colours of this tile's heads (or tails), one entry per end of that kind."""
        return tuple(p.colour for p in self.parts if p.kind is kind)


@dataclass(frozen=True, slots=True)
class SetProblem:
    """A completeness finding about a set that loads: where, a stable id, and why."""

    place: str
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.place}: {self.reason} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class PitSet:
    """A Schlangengrube set: colours, tile size, markers and tile kinds (with copy counts).

    `head_markers` snake-head markers exist for the first that many `colours` (default: one per
    colour); `rules` are the rules the set plays by (its `[rules]` table), among them the
    number of "2x" markers (`double_markers`, default 2).
    """

    path: Path
    name: str
    colours: tuple[str, ...]
    tile_size: float
    tiles: tuple[PitTile, ...]
    head_markers: int = 4
    rules: PitRules = PitRules()

    @property
    def double_markers(self) -> int:
        """How many "2x" markers the kit has (the rules' `double_markers`)."""
        return self.rules.double_markers

    @property
    def game(self) -> str:
        """The registry name of the game this set is for."""
        return GAME

    def tile(self, tile_id: str) -> PitTile:
        """The tile kind called `tile_id` (KeyError if none)."""
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    @property
    def total(self) -> int:
        """How many physical tiles the set holds (copies counted)."""
        return sum(t.count for t in self.tiles)

    def tiles_with(self, colour: str) -> int:
        """How many physical tiles carry a part of `colour`."""
        return sum(t.count for t in self.tiles if colour in t.colours)

    def end_counts(self, kind: PartKind) -> Counter[str]:
        """Heads (or tails) per colour over the whole set, copies counted."""
        counts: Counter[str] = Counter()
        for tile in self.tiles:
            for colour in tile.ends(kind):
                counts[colour] += tile.count
        return counts

    def problems(self) -> tuple[SetProblem, ...]:
        """Completeness findings (`heads-tails`, `unused-colour`); empty for a complete set."""
        found: list[SetProblem] = []
        heads, tails = self.end_counts(PartKind.HEAD), self.end_counts(PartKind.TAIL)
        for colour in self.colours:
            if self.tiles_with(colour) == 0:
                found.append(SetProblem(f"{self.path}: colour '{colour}'", "unused-colour",
                                        "is listed in 'colours' but no tile carries it"))
            elif heads[colour] != tails[colour]:
                found.append(SetProblem(f"{self.path}: colour '{colour}'", "heads-tails",
                                        f"has {heads[colour]} heads but {tails[colour]} tails"))
        return tuple(found)


MAX_SET_TILES = 400
"""The most tiles a set may hold (the original: 54; `cardgen variant` makes at most 400)."""


def _setting(src: SetSource, data: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    if key not in data:
        return default
    value = expect(src, data[key], int, "a whole number", key)
    if not low <= value <= high:
        raise src.error(f"{value} is outside {low}-{high}", key)
    return int(value)


def _tile(src: SetSource, table: Any, colours: set[str], index: int) -> PitTile:
    expect(src, table, dict, "a [[tile]] table", "", "tile", index)
    check_keys(src, table, _TILE_KEYS, {"parts"}, "tile", index)
    parts = part_list(src, table["parts"], colours, "tile", index)
    if len(parts) != 2:
        raise src.error(f"a tile needs exactly two parts, this one has {len(parts)}", "parts", "tile", index)
    if parts[0].colour == parts[1].colour:
        raise src.error(f"the two parts must have different colours, both are {parts[0].colour!r}",
                        "parts", "tile", index)
    count = whole_count(src, table.get("count", 1), "tile", index)
    if "id" in table:
        tile_id = expect(src, table["id"], str, "a text", "id", "tile", index)
        if not _ID.fullmatch(tile_id):
            raise src.error(f"id {tile_id!r} must be 1-60 letters, digits or '_.:@+-', "
                            "starting with a letter or digit", "id", "tile", index)
    else:
        # Derived from the faces, so it stays stable when tiles are reordered in the file.
        tile_id = "+".join(str(p) for p in parts)
    return PitTile(tile_id, count, parts)


def parse_pit_set(src: SetSource, data: dict[str, Any]) -> PitSet:
    """Validate a parsed Schlangengrube set file into a PitSet (DataError naming file:line/key)."""
    check_keys(src, data, _TOP_KEYS, _TOP_REQUIRED, rules=RULE_PARAMS)
    name = expect(src, data["name"], str, "a text", "name")
    if not name.strip():
        raise src.error("the name must not be empty", "name")
    colours = colour_list(src, data)
    size = DEFAULT_TILE_SIZE
    if "tile_size" in data:
        # type first: the shared length_mm helper assumes a text or a number
        expect(src, data["tile_size"], (str, int, float), "a length such as '38mm'", "tile_size")
        size = length_mm(src, data["tile_size"], "tile_size", 25.0, 60.0)
    rules = _rules(src, data)
    heads = _setting(src, data, "head_markers", 0, len(colours), len(colours))
    tables = expect(src, data["tile"], list, "[[tile]] tables", "tile")
    if not tables:
        raise src.error("a set needs at least one [[tile]]", "tile")
    if len(tables) > MAX_SET_TILES:
        raise src.error(f"{len(tables)} [[tile]] tables; a set has at most {MAX_SET_TILES} tiles", "tile")
    tiles: list[PitTile] = []
    first: dict[str, int] = {}
    for index, table in enumerate(tables):
        tile = _tile(src, table, set(colours), index)
        if tile.id in first:
            raise src.error(f"id {tile.id!r} is already used by [[tile]] #{first[tile.id] + 1} "
                            "(same parts? use 'count')", "id" if "id" in table else "parts", "tile", index)
        first[tile.id] = index
        tiles.append(tile)
    total = sum(t.count for t in tiles)
    if total > MAX_SET_TILES:
        raise src.error(f"{total} tiles; a set has at most {MAX_SET_TILES}", "tile")
    return PitSet(src.path, name, colours, size, tuple(tiles), heads, rules)


def _rules(src: SetSource, data: dict[str, Any]) -> PitRules:
    """The set's `[rules]` table; the top-level `double_markers` is its older spelling (a
    DataError when both are given), and a turn may not lay more tiles than a hand holds."""
    values = parse_rules(src, data, RULE_PARAMS)
    if "double_markers" in data:
        table = data.get(RULES_TABLE, {})
        if "double_markers" in table:
            raise src.error("is given twice: write it only in the [rules] table (the top-level key is "
                            "its older spelling)", "double_markers")
        (markers,) = (p for p in RULE_PARAMS if p.name == "double_markers")
        assert markers.low is not None and markers.high is not None
        values["double_markers"] = _setting(src, data, markers.name, markers.low, markers.high, int(markers.default))
    rules = PitRules(**values)  # type: ignore[arg-type]
    if rules.tiles_per_turn > rules.hand_size:
        key = "tiles_per_turn" if "tiles_per_turn" in data.get(RULES_TABLE, {}) else "hand_size"
        raise src.error(f"tiles_per_turn {rules.tiles_per_turn} is more than hand_size {rules.hand_size}: "
                        "a hand could never hold the tiles of one turn", key, f"[{RULES_TABLE}]")
    return rules


def load_pit_set(path: str | Path | None = None) -> PitSet:
    """Load a Schlangengrube set file (the built-in standard set when `path` is None)."""
    return load_for(default_set_path(GAME) if path is None else path, GAME, parse_pit_set)
