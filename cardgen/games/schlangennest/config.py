"""Schlangennest game options (players, area, variant) and the fixed tables a game is played with.

`NestOptions` is what a record's `"options"` says; `NestRules` turns it and a set into fast
lookup tables (parts of every card at every rotation, which rotations put the coloured part on a
given edge, crossings, pre-laid cards of the frame variants). Edges are numbered N=0 E=1 S=2
W=3, so the opposite edge of `e` is `e ^ 2` and a clockwise quarter turn is `(e + 1) % 4`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import DataError
from cardgen.geometry import EDGES, PartKind
from cardgen.games.schlangennest.components import GAME, NestSet, parse_nest_set
from cardgen.sets import default_set_path, load_for

DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
EDGE_NAMES = "NESW"
BODY, HEAD, TAIL = 0, 1, 2

VARIANTS = ("open-area", "tail-first", "two-snakes", "two-snakes-single", "frame-snake", "frame")
"""The rule variants of docs/rulings.md (Schlangennest), by their option names."""

VARIANT_PLAYERS: dict[str | None, tuple[int, ...]] = {
    None: (2, 3, 4), "open-area": (2, 3, 4), "tail-first": (2, 3, 4), "two-snakes": (2,),
    "two-snakes-single": (2,), "frame-snake": (2, 3), "frame": (2,),
}
"""Which player counts each variant is for (with the original's four colour sets)."""


def players_allowed(variant: str | None, colours: int) -> tuple[int, ...]:
    """The player counts `variant` is for with a set of `colours` colours: VARIANT_PLAYERS, and
    where that includes four players also every count up to the set's colours (variant sets
    with five or six colours)."""
    counts = VARIANT_PLAYERS[variant]
    return counts + tuple(range(5, colours + 1)) if 4 in counts else counts


PartSpec = tuple[int, tuple[int, ...], bool]
"""A part on a laid card: (BODY/HEAD/TAIL, ports as edge numbers, whether it is the coloured part)."""


@dataclass(frozen=True, slots=True)
class NestOptions:
    """The options of one game: seats (each a tuple of colour names: one, or two in the
    two-snakes variants), the agreed area (W, H) or None for the open area, the variant and
    the set file."""

    seats: tuple[tuple[str, ...], ...]
    area: tuple[int, int] | None
    variant: str | None = None
    set_path: str = ""

    def to_json(self) -> dict[str, Any]:
        """The record's "options" for these options (the set path is the record's "set")."""
        players: list[Any] = [list(s) if len(s) > 1 else s[0] for s in self.seats]
        out: dict[str, Any] = {"players": players, "area": list(self.area) if self.area else None}
        if self.variant:
            out["variant"] = self.variant
        return out


def recommended_area(nest_set: NestSet, players: int) -> tuple[int, int] | None:
    """The second ("recommended") entry of the set's area table for `players` (the only one if
    there is one), or None."""
    areas = nest_set.areas.get(players, ())
    return areas[min(1, len(areas) - 1)] if areas else None


def options_from_json(data: Any, set_path: str | Path | None = None) -> NestOptions:
    """Validate a record's "options" (DataError naming the key). A missing "area" means the
    set's recommended area for the player count; `"area": null` or the open-area variant means
    no area. In the two-snakes variants a seat given as one colour gets the first unused colour
    of the set as its second snake."""
    if not isinstance(data, dict):
        raise DataError("options", "must be a JSON object")
    extra = sorted(set(data) - {"players", "area", "variant"})
    if extra:
        raise DataError("options", f"unknown key '{extra[0]}' (allowed: area, players, variant)")
    path = str(Path(set_path) if set_path else default_set_path(GAME))
    nest_set = load_nest_set(path)
    variant = data.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise DataError("options.variant", f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    raw = data.get("players")
    if not isinstance(raw, list) or not raw:
        raise DataError("options.players", "must be a list of colour names")
    seats: list[list[str]] = []
    for item in raw:
        names = [item] if isinstance(item, str) else item
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise DataError("options.players", f"{item!r} is not a colour name (or a list of two)")
        seats.append(list(names))
    two = variant in ("two-snakes", "two-snakes-single")
    if two:
        taken = {n for s in seats for n in s}
        spare = [c for c in nest_set.colours if c not in taken]
        for s in seats:
            if len(s) == 1 and spare:
                s.append(spare.pop(0))
    flat = [n for s in seats for n in s]
    for name in flat:
        if name not in nest_set.colours:
            raise DataError("options.players", f"{name!r} is not a colour of the set "
                                               f"({', '.join(nest_set.colours)})")
    if len(set(flat)) != len(flat):
        raise DataError("options.players", "a colour is listed twice")
    if any(len(s) != (2 if two else 1) for s in seats):
        raise DataError("options.players", "every seat owns two colours in the two-snakes variants, "
                                           "one colour otherwise")
    if len(seats) not in players_allowed(variant, len(nest_set.colours)):
        allowed = ", ".join(map(str, players_allowed(variant, len(nest_set.colours))))
        raise DataError("options.players", f"{len(seats)} players; {variant or 'the base game'} "
                                           f"is for {allowed} players")
    if len(seats) < 2:
        raise DataError("options.players", "at least two players")
    area: tuple[int, int] | None
    if "area" not in data:
        area = recommended_area(nest_set, len(seats))
    else:
        value = data["area"]
        if value is None:
            area = None
        elif (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 40 for v in value)):
            area = (value[0], value[1])
        else:
            raise DataError("options.area", f"must be [width, height] (1-40) or null, not {value!r}")
    if variant == "open-area":
        area = None
    if variant in ("frame-snake", "frame") and area is None:
        raise DataError("options.area", f"the {variant} variant needs an area")
    return NestOptions(tuple(tuple(s) for s in seats), area, variant, path)


@functools.lru_cache(maxsize=32)
def load_nest_set(path: str) -> NestSet:
    """The set at `path`, loaded once per process (sets are immutable values)."""
    return load_for(path, GAME, parse_nest_set)


def _spec(parts: Any, rot: int) -> tuple[PartSpec, ...]:
    kinds = {PartKind.BODY: BODY, PartKind.HEAD: HEAD, PartKind.TAIL: TAIL}
    return tuple((kinds[p.kind], tuple((EDGES.index(e) + rot) % 4 for e in p.ports), p.colour == "own")
                 for p in parts)


def _signature(spec: tuple[PartSpec, ...]) -> frozenset[tuple[int, frozenset[int], bool]]:
    return frozenset((k, frozenset(ports), own) for k, ports, own in spec)


def _crossings(spec: tuple[PartSpec, ...]) -> tuple[tuple[int, int], ...]:
    """Pairs of parts that cross: two straight bodies on perpendicular axes."""
    out = []
    for i, (ki, pi, _) in enumerate(spec):
        for j in range(i + 1, len(spec)):
            kj, pj, _ = spec[j]
            if (ki == kj == BODY and len(pi) == len(pj) == 2 and pi[0] ^ 2 == pi[1] and pj[0] ^ 2 == pj[1]
                    and pi[0] % 2 != pj[0] % 2):
                out.append((i, j))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class NestRules:
    """Everything fixed during one game: options, colours, seats and the card tables."""

    options: NestOptions
    colours: tuple[str, ...]
    seats: tuple[tuple[int, ...], ...]
    seat_of: tuple[int, ...]
    card_ids: tuple[str, ...]
    kinds: tuple[str, ...]
    counts: tuple[int, ...]
    spec: tuple[tuple[tuple[PartSpec, ...], ...], ...]
    rots: tuple[tuple[int, ...], ...]
    fits: tuple[tuple[tuple[int, ...], ...], ...]
    crossing: tuple[tuple[tuple[int, int], ...], ...]
    counted: tuple[bool, ...]
    curves: frozenset[int]
    straights: frozenset[int]
    tail: int
    prelaid: tuple[tuple[tuple[int, int], int, int], ...]
    fixed_box: tuple[int, int, int, int] | None

    @property
    def area(self) -> tuple[int, int] | None:
        """The agreed area (W, H), or None for the open area."""
        return self.options.area

    @property
    def variant(self) -> str | None:
        """The variant name, or None for the base game."""
        return self.options.variant

    def card_index(self, card_id: str) -> int:
        """The index of the card type `card_id` (ValueError if unknown)."""
        return self.card_ids.index(card_id)


@functools.lru_cache(maxsize=64)
def make_rules(options: NestOptions) -> NestRules:
    """The tables for `options` (cached per process: they are immutable)."""
    from cardgen.games.schlangennest.frames import build_prelaid  # frames needs NestRules' inputs only

    nest_set = load_nest_set(options.set_path or str(default_set_path(GAME)))
    colours = tuple(n for s in options.seats for n in s)
    seats = tuple(tuple(colours.index(n) for n in s) for s in options.seats)
    seat_of = tuple(next(i for i, s in enumerate(seats) if c in s) for c in range(len(colours)))
    cards = nest_set.cards
    spec = tuple(tuple(_spec(c.parts, r) for r in range(4)) for c in cards)
    rots: list[tuple[int, ...]] = []
    fits: list[tuple[tuple[int, ...], ...]] = []
    for k in range(len(cards)):
        seen: set[Any] = set()
        distinct = []
        for r in range(4):
            sig = _signature(spec[k][r])
            if sig not in seen:
                seen.add(sig)
                distinct.append(r)
        rots.append(tuple(distinct))
        fits.append(tuple(tuple(r for r in distinct if any(own and e in ports for _, ports, own in spec[k][r]))
                          for e in range(4)))
    kinds = tuple(c.kind for c in cards)
    unused = [c for c in nest_set.colours if c not in colours]
    prelaid, box = build_prelaid(options.variant, options.area, nest_set, unused)
    return NestRules(
        options=options, colours=colours, seats=seats, seat_of=seat_of,
        card_ids=tuple(c.id for c in cards), kinds=kinds, counts=tuple(c.count for c in cards),
        spec=spec, rots=tuple(rots), fits=tuple(fits),
        crossing=tuple(_crossings(spec[k][0]) for k in range(len(cards))),
        counted=tuple(k in ("straight", "curve") for k in kinds),
        curves=frozenset(k for k, kind in enumerate(kinds) if kind == "curve"),
        straights=frozenset(k for k, kind in enumerate(kinds) if kind == "straight"),
        tail=kinds.index("tail"), prelaid=prelaid, fixed_box=box)
