"""Schlangengrube variant sets: the tile groups of docs/rulings.md (Schlangengrube) generated for any 3 to 6
colours, any tile count and any number of heads (= tails) per colour, as set-file text.

The default set is built from balanced units, which this module reuses for every size:

- an *end unit* of colour B with partner A: the straight + end tile and the curve + end tile of
  the ordered pair (A, B); one of the two ends is B's head and the other B's tail (the straight's
  end is a head iff (idx A − idx B) mod k ≤ k // 2, the curve's the other way round: for four
  colours exactly the rule of docs/rulings.md);
- an *end-end unit* of the pair {A, B}: head A + tail B, and tail A + head B;
- *body tiles*: crossings and double curves, one third crossings.

Units never unbalance a colour, so every generated set has as many heads as tails per colour.
With the default counts (k colours: 4.5·k·(k−1) tiles, 2·(k−1) heads per colour) the generator
gives exactly the default set's tiles for red, green, yellow and purple.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardgen.colours import PALETTE, parse_colour_option
from cardgen.errors import DataError
from cardgen.sets import SetOption, SetPart, toml_string

DEFAULT_ORDER = ("red", "green", "yellow", "purple", "blue", "orange", "teal", "pink")
"""The colours a variant of k colours takes when only their number is given."""
LETTERS = {"red": "R", "green": "G", "yellow": "Y", "purple": "P", "blue": "B", "orange": "O",
           "teal": "T", "pink": "K"}
MIN_COLOURS, MAX_COLOURS = 3, 6
MAX_TILES = 400


@dataclass(frozen=True, slots=True)
class PitVariant:
    """What a Schlangengrube variant asks for: its colours, tiles (None: the default count for
    the colours, or as the heads ask), heads (= tails) per colour (None: in proportion to the
    tiles) and name."""

    colours: tuple[str, ...]
    tiles: int | None = None
    heads: int | None = None
    name: str | None = None


def default_tiles(k: int) -> int:
    """The tile count of the default groups for k colours (54 for four)."""
    return 9 * k * (k - 1) // 2


def _pairs(k: int) -> list[tuple[int, int]]:
    """Unordered pairs ordered so that any prefix spreads the colours evenly: by distance."""
    out = []
    for d in range(1, k // 2 + 1):
        for i in range(k if 2 * d != k else k // 2):
            a, b = i, (i + d) % k
            out.append((min(a, b), max(a, b)))
    return out


def check_request(v: PitVariant) -> None:
    """DataError (one line) for a request no set can meet."""
    k = len(v.colours)
    if not MIN_COLOURS <= k <= MAX_COLOURS:
        raise DataError("--colours", f"Schlangengrube variants have {MIN_COLOURS}-{MAX_COLOURS} colours, not {k}")
    for c in v.colours:
        if c not in PALETTE:
            raise DataError("--colours", f"unknown colour {c!r} (known: {', '.join(PALETTE)})")
    if len(set(v.colours)) != k:
        raise DataError("--colours", "a colour is listed twice")
    if v.tiles is not None and not k <= v.tiles <= MAX_TILES:
        raise DataError("--tiles", f"{v.tiles} tiles is outside {k}-{MAX_TILES}")
    if v.heads is not None and not 1 <= v.heads <= MAX_TILES // k:
        # Bounded before any work: a head lies on a tile of its own, so k colours' heads fill
        # MAX_TILES tiles long before a count like 10**9 (which would fill the memory first).
        raise DataError("--heads", f"{v.heads} heads per colour is outside 1-{MAX_TILES // k} "
                                   f"({k} colours; a set has at most {MAX_TILES} tiles)")


def tile_counts(v: PitVariant) -> Counter[tuple[str, ...]]:
    """The tiles of the variant: (id, part, part) → copies (DataError if impossible)."""
    check_request(v)
    k = len(v.colours)
    tiles = v.tiles
    heads = v.heads if v.heads is not None else max(1, round(4 * (tiles or default_tiles(k)) / (9 * k)))
    pairs = _pairs(k)
    ee = [pairs[i % len(pairs)] for i in range(round(k * heads / 4))]
    degree = Counter(c for pair in ee for c in pair)
    se = [(b, max(0, heads - degree[b])) for b in range(k)]
    end_tiles = 2 * len(ee) + 2 * sum(n for _, n in se)
    if tiles is None:
        tiles = round(end_tiles * 1.5)
    body = tiles - end_tiles
    if body < 0:
        raise DataError("--tiles", f"{tiles} tiles cannot carry {heads} heads and {heads} tails per colour "
                                   f"(that needs at least {end_tiles} tiles)")
    names, letter = v.colours, [LETTERS.get(c, c[0].upper()) for c in v.colours]
    out: Counter[tuple[str, ...]] = Counter()

    def pid(prefix: str, a: int, b: int) -> str:
        return f"{prefix}-{letter[a]}{letter[b]}"

    for a, b in ee:
        out[(pid("HT", a, b), f"{names[a]}:head@N", f"{names[b]}:tail@S")] += 1
        out[(pid("TH", a, b), f"{names[a]}:tail@N", f"{names[b]}:head@E")] += 1
    for b, n in se:
        for i in range(n):
            a = (b + 1 + i % (k - 1)) % k
            straight_head = (a - b) % k <= k // 2
            s_end, c_end = ("head", "tail") if straight_head else ("tail", "head")
            out[(pid("S" + s_end[0].upper(), a, b), f"{names[a]}:N-S", f"{names[b]}:{s_end}@E")] += 1
            out[(pid("C" + c_end[0].upper(), a, b), f"{names[a]}:N-E", f"{names[b]}:{c_end}@S")] += 1
    crossings = round(body / 3)
    for i in range(crossings):
        a, b = pairs[i % len(pairs)]
        out[(pid("X", a, b), f"{names[a]}:N-S", f"{names[b]}:E-W")] += 1
    for i in range(body - crossings):
        a, b = pairs[i % len(pairs)]
        out[(pid("CC", a, b), f"{names[a]}:N-E", f"{names[b]}:S-W")] += 1
    return out


_ORDER = ("X", "CC", "SH", "ST", "CH", "CT", "HT", "TH")


def set_text(v: PitVariant) -> str:
    """The variant as a set file (docs/set-files.md), tiles grouped as in the default set."""
    counts = tile_counts(v)
    k, total = len(v.colours), sum(counts.values())
    heads = Counter(part.split(":")[0] for key, n in counts.items() for part in key[1:] for _ in range(n)
                    if "head@" in part)
    name = v.name or f"Schlangengrube, {k} colours, {total} tiles"
    lines = [
        "# Schlangengrube variant set, generated by `cardgen variant schlangengrube`: the tile groups of",
        "# docs/rulings.md (Schlangengrube) for these colours, heads equal to tails for every colour",
        f"# ({', '.join(f'{c} {heads[c]}' for c in v.colours)} heads).",
        'game = "schlangengrube"',
        f"name = {toml_string(name)}",
        "colours = [" + ", ".join(toml_string(c) for c in v.colours) + "]",
        'tile_size = "38mm"',  # the "2x" markers: the rules' default (a [rules] table sets them)
        f"head_markers = {k}",
    ]
    for key in sorted(counts, key=lambda t: (_ORDER.index(t[0].split("-")[0]), t[0])):
        lines += ["", "[[tile]]", f'id = "{key[0]}"']
        if counts[key] > 1:
            lines.append(f"count = {counts[key]}")
        lines.append(f'parts = ["{key[1]}", "{key[2]}"]')
    return "\n".join(lines) + "\n"


OPTIONS = (
    SetOption("colours", f"{MIN_COLOURS}-{MAX_COLOURS} colours: a number (the default set's tile groups for "
                         "that many colours) or the names", metavar="N|NAME,…"),
    SetOption("tiles", "tiles in the set (the groups scaled, heads = tails)", MIN_COLOURS, MAX_TILES,
              default="54 for 4 colours, 4.5·k·(k−1) for k"),
    SetOption("heads", "heads per colour (tails are the same)", 1, MAX_TILES),
    SetOption("tails", "tails per colour (must equal --heads)", 1, MAX_TILES, tunable=False),
    SetOption("name", "The set's name (printed on the kit).", metavar="TEXT"),
)
"""The options of `cardgen variant schlangengrube`."""


def text_from_options(options: dict[str, Any]) -> str:
    """The set file for the command line's options: `colours` (a number or names), `tiles`,
    `heads` and `tails` per colour (refused unless equal), `name`."""

    heads, tails = options.get("heads"), options.get("tails")
    if heads is not None and tails is not None and heads != tails:
        raise DataError("--heads/--tails", f"{heads} heads but {tails} tails per colour: a snake needs one "
                                           "of each, so they must be equal")
    ends = heads if heads is not None else tails
    colours = parse_colour_option(options.get("colours"), DEFAULT_ORDER, 4)
    tiles, name = options.get("tiles"), options.get("name")
    return set_text(PitVariant(colours, None if tiles is None else int(tiles),
                               None if ends is None else int(ends),
                               None if name is None else str(name)))


@dataclass(frozen=True, slots=True)
class TilesPart(SetPart):
    """The tiles of the set, counted: another count makes the generator's tile groups for the
    set's colours anew (what else the set says is kept)."""

    def read(self, data: dict[str, Any]) -> int:
        return sum(int(t.get("count", 1)) for t in data.get("tile", []))

    def write(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        if value == self.read(data):
            return data
        made = tomllib.loads(text_from_options({"colours": ",".join(data.get("colours", DEFAULT_ORDER[:4])),
                                                "tiles": value}))
        return {**data, "tile": made["tile"]}


@dataclass(frozen=True, slots=True)
class CopiesPart(SetPart):
    """How many copies of the set's own tile list the bag holds (1: as the set says)."""

    def read(self, data: dict[str, Any]) -> int:
        return 1

    def write(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        return {**data, "tile": [{**t, "count": int(t.get("count", 1)) * value} for t in data.get("tile", [])]}


PARTS = (
    TilesPart("tiles", "tiles in the set (the generator's tile groups for its colours)", MIN_COLOURS, 120),
    CopiesPart("copies", "copies of the set's own tiles in the bag", 1, 4),
)
"""What `cardgen tune` searches of a Schlangengrube set besides its rules."""
