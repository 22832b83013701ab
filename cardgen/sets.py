"""Tile-set files (TOML, FORMATS.md) loaded and validated into frozen dataclasses.

Every error is a DataError naming the file, the line (or key) and the reason. Unknown keys
are errors, never warnings.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from cardgen.colours import PALETTE
from cardgen.errors import DataError
from cardgen.geometry import Part, PartKind, parse_part
from cardgen.units import parse_length

if TYPE_CHECKING:
    from cardgen.games.schlangengrube.components import PitSet
    from cardgen.games.irrlaeufer.components import IrrBoard

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


# --------------------------------------------------------------------------- locating keys


class _Source:
    """The raw text of a set file, to turn a key path into "file:line" for error messages."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()

    def line_of(self, key: str, table: str | None = None, index: int = 0) -> int | None:
        """The 1-based line of `key = ...` in the `index`-th `[[table]]` (or at top level)."""
        start, end = 0, len(self.lines)
        if table is not None:
            heads = [i for i, ln in enumerate(self.lines) if ln.strip() == f"[[{table}]]"]
            if index >= len(heads):
                return None
            start = heads[index]
            later = [i for i, ln in enumerate(self.lines) if i > start and ln.lstrip().startswith("[")]
            end = later[0] if later else len(self.lines)
            if not key:
                return start + 1
        else:
            firsts = [i for i, ln in enumerate(self.lines) if ln.lstrip().startswith("[")]
            end = firsts[0] if firsts else len(self.lines)
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i + 1
        return start + 1 if table is not None else None

    def error(self, reason: str, key: str = "", table: str | None = None, index: int = 0) -> DataError:
        """A DataError placed at the key's line when it can be found."""
        line = self.line_of(key, table, index) if (key or table) else None
        where = str(self.path) + (f":{line}" if line else "")
        if table is not None:
            what = f"[[{table}]] #{index + 1}" + (f" key '{key}'" if key else "")
        else:
            what = f"key '{key}'" if key else ""
        return DataError(where, f"{what}: {reason}" if what else reason)


def _read(path: Path) -> tuple[dict[str, Any], _Source]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(str(path), f"cannot be read ({exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        where = f"{path}:{match.group(1)}" if match else str(path)
        raise DataError(where, f"not valid TOML: {reason}") from None
    return data, _Source(path, text)


def _check_keys(src: _Source, data: dict[str, Any], allowed: set[str], required: set[str],
                table: str | None = None, index: int = 0) -> None:
    for key in data:
        if key not in allowed:
            raise src.error(f"unknown key (allowed: {', '.join(sorted(allowed))})", key, table, index)
    for key in sorted(required - data.keys()):
        raise src.error(f"missing required key '{key}'", "", table, index) if table else \
            src.error("missing required key", key)


def _expect(src: _Source, value: Any, kind: type | tuple[type, ...], what: str, key: str,
            table: str | None = None, index: int = 0) -> Any:
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise src.error(f"expected {what}, got {value!r}", key, table, index)
    return value


def _length(src: _Source, value: Any, key: str, low: float, high: float) -> float:
    try:
        mm = parse_length(value)
    except ValueError as exc:
        raise src.error(str(exc), key) from None
    if not low <= mm <= high:
        raise src.error(f"{mm:g} mm is outside {low:g}-{high:g} mm", key)
    return mm


def _colours(src: _Source, data: dict[str, Any]) -> tuple[str, ...]:
    names = _expect(src, data["colours"], list, "a list of colour names", "colours")
    if not names:
        raise src.error("needs at least one colour", "colours")
    for name in names:
        if not isinstance(name, str) or name not in PALETTE:
            raise src.error(f"unknown colour {name!r} (known: {', '.join(PALETTE)})", "colours")
    if len(set(names)) != len(names):
        raise src.error("a colour is listed twice", "colours")
    return tuple(names)


def _parts(src: _Source, value: Any, allowed_colours: set[str], table: str, index: int) -> tuple[Part, ...]:
    items = _expect(src, value, list, "a list of parts", "parts", table, index)
    if not items:
        raise src.error("a card needs at least one part", "parts", table, index)
    parts: list[Part] = []
    used: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise src.error(f"expected a part string, got {item!r}", "parts", table, index)
        try:
            part = parse_part(item)
        except ValueError as exc:
            raise src.error(str(exc), "parts", table, index) from None
        if part.colour not in allowed_colours:
            raise src.error(f"unknown colour {part.colour!r} in part {item!r} "
                            f"(use one of: {', '.join(sorted(allowed_colours))})", "parts", table, index)
        for port in part.ports:
            if port in used:
                raise src.error(f"two parts use the {port} port", "parts", table, index)
            used.add(port)
        parts.append(part)
    return tuple(parts)


def _count(src: _Source, value: Any, table: str, index: int, high: int = 99) -> int:
    count = _expect(src, value, int, "a whole number", "count", table, index)
    if not 1 <= count <= high:
        raise src.error(f"count {count} is outside 1-{high}", "count", table, index)
    return int(count)


# --------------------------------------------------------------------------- Schlangennest

NEST_KINDS = ("straight", "curve", "head", "tail")


@dataclass(frozen=True, slots=True)
class NestCard:
    """One Schlangennest card type; every colour gets `count` of it.

    `parts` are listed bottom to top with colours "own" (the owner's) and "neutral" (grey).
    """

    id: str
    count: int
    parts: tuple[Part, ...]

    @property
    def own(self) -> Part:
        """The card's part in the owner's colour."""
        return next(p for p in self.parts if p.colour == "own")

    @property
    def kind(self) -> str:
        """straight, curve, head or tail: what the owner's part is."""
        own = self.own
        if own.kind is PartKind.BODY:
            return "straight" if own.is_straight else "curve"
        return str(own.kind.value)


@dataclass(frozen=True, slots=True)
class NestSet:
    """A Schlangennest set: colours, card size, card types and the play areas per player count."""

    path: Path
    name: str
    colours: tuple[str, ...]
    card_size: float
    cards: tuple[NestCard, ...]
    areas: dict[int, tuple[tuple[int, int], ...]]
    variant: bool = False

    @property
    def game(self) -> str:
        """The registry name of the game this set is for."""
        return "schlangennest"

    def card(self, card_id: str) -> NestCard:
        """The card type called `card_id` (KeyError if none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def cards_per_colour(self) -> int:
        """How many cards one colour's set holds."""
        return sum(c.count for c in self.cards)


def _nest(src: _Source, data: dict[str, Any]) -> NestSet:
    _check_keys(src, data, {"game", "name", "colours", "card_size", "card", "areas", "variant"},
                {"game", "name", "colours", "card_size", "card"})
    name = _expect(src, data["name"], str, "a text", "name")
    colours = _colours(src, data)
    size = _length(src, data["card_size"], "card_size", 25.0, 300.0)  # paper fit is the layout's call
    tables = _expect(src, data["card"], list, "[[card]] tables", "card")
    cards: list[NestCard] = []
    for i, table in enumerate(tables):
        _check_keys(src, table, {"id", "count", "parts"}, {"id", "count", "parts"}, "card", i)
        card_id = _expect(src, table["id"], str, "a text", "id", "card", i)
        if not re.fullmatch(r"[a-z][a-z0-9-]*", card_id):
            raise src.error(f"id {card_id!r} must be lower-case letters, digits and '-'", "id", "card", i)
        if any(c.id == card_id for c in cards):
            raise src.error(f"id {card_id!r} is used twice", "id", "card", i)
        parts = _parts(src, table["parts"], {"own", "neutral"}, "card", i)
        owns = [p for p in parts if p.colour == "own"]
        if len(owns) != 1:
            raise src.error(f"a card needs exactly one 'own' part, this one has {len(owns)}", "parts", "card", i)
        cards.append(NestCard(card_id, _count(src, table["count"], "card", i), parts))
    for kind in ("head", "tail"):
        n = sum(c.count for c in cards if c.kind == kind)
        if n != 1:
            raise src.error(f"every colour needs exactly one {kind} card, this set gives {n}", "card")
    areas: dict[int, tuple[tuple[int, int], ...]] = {}
    raw_areas = _expect(src, data.get("areas", {}), dict, "a table of player counts", "areas")
    for players, sizes in raw_areas.items():
        if not players.isdigit() or not 2 <= int(players) <= len(colours):
            raise src.error(f"player count {players!r} must be 2-{len(colours)}", "areas")
        if not isinstance(sizes, list) or not all(
            isinstance(s, list) and len(s) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                        and 1 <= v <= 40 for v in s) for s in sizes):
            raise src.error(f"areas for {players} players must be a list of [width, height] pairs of 1-40",
                            "areas")
        areas[int(players)] = tuple((int(w), int(h)) for w, h in sizes)
    variant = _expect(src, data.get("variant", False), bool, "true or false", "variant")
    return NestSet(src.path, name, colours, size, tuple(cards), areas, variant)


# --------------------------------------------------------------------------- entry point

def _pit(src: _Source, data: dict[str, Any]) -> PitSet:
    # Imported here: the Schlangengrube components module builds on this module's helpers.
    from cardgen.games.schlangengrube.components import load_pit

    return load_pit(src, data)


def _irr(src: _Source, data: dict[str, Any]) -> IrrBoard:
    # Imported here: the Irrläufer components module builds on this module's helpers.
    from cardgen.games.irrlaeufer.components import load_board

    return load_board(src, data)


_LOADERS: dict[str, Callable[[_Source, dict[str, Any]], NestSet | PitSet | IrrBoard]] = {
    "schlangennest": _nest,
    "schlangengrube": _pit,
    "irrlaeufer": _irr,
}


def load_set(path: str | Path, game: str | None = None) -> NestSet | PitSet | IrrBoard:
    """Load and validate the set file at `path`; `game`, when given, must match its `game` key."""
    path = Path(path)
    data, src = _read(path)
    name = data.get("game")
    if not isinstance(name, str) or name not in _LOADERS:
        raise src.error(f"unknown game {name!r} (known: {', '.join(_LOADERS)})", "game")
    if game is not None and name != game:
        raise src.error(f"this is a {name} set, not a {game} set", "game")
    return _LOADERS[name](src, data)


def default_set_path(game: str) -> Path:
    """Where the built-in default set of `game` lives."""
    return TEMPLATES / game / "standard.toml"
