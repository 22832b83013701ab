"""Schlangennest game options (players, area, variants) and the fixed tables a game is played with.

`NestOptions` is what a record's `"options"` says; `NestTables` turns it and a set into fast
lookup tables (parts of every card at every rotation, which rotations put the coloured part on a
given edge, crossings, pre-laid cards of the frame variants). Edges are numbered N=0 E=1 S=2
W=3, so the opposite edge of `e` is `e ^ 2` and a clockwise quarter turn is `(e + 1) % 4`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import DataError
from cardgen.games.schlangennest.components import GAME, MAX_SIDE, MIN_SIDE, NestSet, load_nest_set
from cardgen.geometry import EDGES, PartKind
from cardgen.inputs import shown
from cardgen.sets import default_set_path

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


CONTRADICTIONS: tuple[tuple[str, str], ...] = (
    ("open-area", "frame"), ("open-area", "frame-snake"), ("frame", "frame-snake"),
    ("two-snakes", "two-snakes-single"),
)
"""Pairs of variants that cannot be played together (the first needs what the second forbids)."""

FRAME_VARIANTS = ("frame-snake", "frame")
"""The variants whose pre-laid cards come from a colour nobody plays."""


def players_allowed(variant: str | Iterable[str] | None, colours: int) -> tuple[int, ...]:
    """The player counts `variant` (one name, None for the base game, or a set of names played
    together: the counts every one of them allows) is for with a set of `colours` colours:
    VARIANT_PLAYERS, and where that includes four players also every count up to the set's
    colours (variant sets with five or six colours)."""
    names: list[str | None] = [variant] if variant is None or isinstance(variant, str) else [*variant]
    names = names or [None]
    allowed: tuple[int, ...] | None = None
    for name in names:
        counts = VARIANT_PLAYERS[name]
        counts = counts + tuple(range(5, colours + 1)) if 4 in counts else counts
        allowed = counts if allowed is None else tuple(n for n in allowed if n in counts)
    return allowed or ()


def variant_label(variants: Iterable[str]) -> str:
    """The variants joined by '+' in the order of VARIANTS (e.g. "open-area+tail-first"), or
    "" for the base game."""
    chosen = set(variants)
    return "+".join(v for v in VARIANTS if v in chosen)


def check_variants(variants: Iterable[str], where: str = "options.variants") -> frozenset[str]:
    """The variants as a set; DataError (one line) for an unknown name or for two variants that
    contradict each other (CONTRADICTIONS), naming both."""
    chosen = frozenset(variants)
    for name in sorted(chosen):
        if name not in VARIANTS:
            raise DataError(where, f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    for a, b in CONTRADICTIONS:
        if a in chosen and b in chosen:
            raise DataError(where, f"the variants {a} and {b} cannot be played together")
    return chosen


PartSpec = tuple[int, tuple[int, ...], bool]
"""A part on a laid card: (BODY/HEAD/TAIL, ports as edge numbers, whether it is the coloured part)."""


@dataclass(frozen=True, slots=True)
class NestOptions:
    """The options of one game: seats (each a tuple of colour names: one, or two in the
    two-snakes variants), the agreed area (W, H) or None for the open area, the set of
    variants played together (empty for the base game), the set file and the set itself (read
    once, where the command starts; not part of the options' equality)."""

    seats: tuple[tuple[str, ...], ...]
    area: tuple[int, int] | None
    variants: frozenset[str] = frozenset()
    set_path: str = ""
    nest_set: NestSet | None = field(default=None, compare=False, repr=False)

    def has(self, variant: str) -> bool:
        """Whether `variant` is one of the variants played."""
        return variant in self.variants

    def to_json(self) -> dict[str, Any]:
        """The record's "options" for these options (the set path is the record's "set");
        variants as a list in the order of VARIANTS."""
        players: list[Any] = [list(s) if len(s) > 1 else s[0] for s in self.seats]
        out: dict[str, Any] = {"players": players, "area": list(self.area) if self.area else None}
        if self.variants:
            out["variants"] = [v for v in VARIANTS if v in self.variants]
        return out


def recommended_area(nest_set: NestSet, players: int) -> tuple[int, int] | None:
    """The second ("recommended") entry of the set's area table for `players` (the only one if
    there is one), or None."""
    areas = nest_set.areas.get(players, ())
    return areas[min(1, len(areas) - 1)] if areas else None


def options_from_json(data: Any, game_set: NestSet | str | Path | None = None) -> NestOptions:
    """Validate a record's "options" (DataError naming the key). Variants are a list,
    `"variants": ["tail-first", "open-area"]`; the single `"variant": "NAME"` (or null) of
    earlier records is read too (not both). Contradictory variants, and player counts one of
    them does not allow, are refused naming both. A missing "area" means the set's recommended
    area for the player count; `"area": null` or the open-area variant means no area. In the
    two-snakes variants a seat given as one colour gets the first unused colour of the set as
    its second snake. The frame variants need a colour nobody plays."""
    if not isinstance(data, dict):
        raise DataError("options", "must be a JSON object")
    extra = sorted(set(data) - {"players", "area", "variant", "variants"})
    if extra:
        raise DataError("options", f"unknown key '{extra[0]}' (allowed: area, players, variants)")
    nest_set = game_set if isinstance(game_set, NestSet) else load_nest_set(game_set or None)
    path = str(nest_set.path or default_set_path(GAME))
    variants = _variants_from_json(data)
    raw = data.get("players")
    if not isinstance(raw, list) or not raw:
        raise DataError("options.players", "must be a list of colour names")
    seats: list[list[str]] = []
    for item in raw:
        names = [item] if isinstance(item, str) else item
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise DataError("options.players", f"{shown(item)} is not a colour name (or a list of two)")
        seats.append(list(names))
    played: list[str | None] = [v for v in VARIANTS if v in variants] or [None]
    for vname in played:
        counts = players_allowed(vname, len(nest_set.colours))
        if len(seats) not in counts:
            what = vname or "the base game"
            if len(variants) > 1:
                what += f" (played with {'+'.join(v for v in VARIANTS if v in variants and v != vname)})"
            raise DataError("options.players", f"{len(seats)} players; {what} "
                                               f"is for {', '.join(map(str, counts))} players")
    two = bool(variants & {"two-snakes", "two-snakes-single"})
    if two:
        taken = {n for s in seats for n in s}
        spare = [c for c in nest_set.colours if c not in taken]
        for s in seats:
            if len(s) == 1 and spare:
                s.append(spare.pop(0))
    flat = [n for s in seats for n in s]
    for name in flat:
        if name not in nest_set.colours:
            raise DataError("options.players", f"{shown(name)} is not a colour of the set "
                                               f"({', '.join(nest_set.colours)})")
    if len(set(flat)) != len(flat):
        raise DataError("options.players", "a colour is listed twice")
    if any(len(s) != (2 if two else 1) for s in seats):
        raise DataError("options.players", "every seat owns two colours in the two-snakes variants, "
                                           "one colour otherwise")
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
              and all(isinstance(v, int) and not isinstance(v, bool) and MIN_SIDE <= v <= MAX_SIDE for v in value)):
            area = (value[0], value[1])
            if area[0] * area[1] < len(seats):
                raise DataError("options.area", f"a {area[0]}×{area[1]} area has fewer cells than the "
                                                f"{len(seats)} players need to start their snakes")
        else:
            raise DataError("options.area", f"must be [width, height] ({MIN_SIDE}-{MAX_SIDE}) or null, "
                                            f"not {shown(value)}")
    if "open-area" in variants:
        area = None
    for name in FRAME_VARIANTS:
        if name not in variants:
            continue
        if area is None:
            raise DataError("options.area", f"the {name} variant needs an area")
        if len(flat) >= len(nest_set.colours):
            others = [v for v in VARIANTS if v in variants and v != name]
            with_ = f" played with {'+'.join(others)}" if others else ""
            raise DataError("options.players", f"{name}{with_}: the frame is built from a colour nobody "
                                               f"plays, and all {len(nest_set.colours)} colours are taken")
    return NestOptions(tuple(tuple(s) for s in seats), area, variants, path, nest_set)


def _variants_from_json(data: dict[str, Any]) -> frozenset[str]:
    """The variants of a record's options: `"variants"` (a list) or the older `"variant"`."""
    if "variant" in data and "variants" in data:
        raise DataError("options", "give the variants as \"variants\": [...] only, not also \"variant\"")
    if "variants" in data:
        raw = data["variants"]
        if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
            raise DataError("options.variants", f"must be a list of variant names, not {shown(raw)}")
        if len(set(raw)) != len(raw):
            raise DataError("options.variants", "a variant is listed twice")
        return check_variants(raw)
    single = data.get("variant")
    if single is None:
        return frozenset()
    if not isinstance(single, str):
        raise DataError("options.variant", f"must be a variant name, not {single!r}")
    return check_variants([single], "options.variant")


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
class NestTables:
    """Everything fixed during one game: options, colours, seats, the card tables and the set's
    rule parameters (`[rules]`, docs/set-files.md), each read once into a plain field."""

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
    diagonal_opening: bool = True
    """The set's rule `diagonal_opening` (read once here): a snake's first card touches a laid
    card (true), or lies one place away from the laid cards, touching none (false)."""
    coloured_score: bool = False
    """The set's rule `snake_score` is "coloured": a snake scores its coloured parts only."""

    @property
    def area(self) -> tuple[int, int] | None:
        """The agreed area (W, H), or None for the open area."""
        return self.options.area

    @property
    def variants(self) -> frozenset[str]:
        """The variants played together (empty for the base game)."""
        return self.options.variants

    def has(self, variant: str) -> bool:
        """Whether `variant` is one of the variants played."""
        return variant in self.options.variants

    def card_index(self, card_id: str) -> int:
        """The index of the card type `card_id` (ValueError if unknown)."""
        return self.card_ids.index(card_id)


@dataclass(frozen=True, slots=True, eq=False)
class _Same:
    """A set as a cache key: the very same value (a set holds a dict, so it has no hash)."""

    value: NestSet

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)  # the key holds the value: its id is not reused while cached


def make_rules(options: NestOptions) -> NestTables:
    """The tables for `options` on their set (the set file read when the options hold none)."""
    nest_set = options.nest_set if options.nest_set is not None else load_nest_set(options.set_path or None)
    return _make_rules(options, _Same(nest_set))


@functools.lru_cache(maxsize=64)
def _make_rules(options: NestOptions, same: _Same) -> NestTables:
    """The tables for `options` on the set `same` holds (cached per process: they are immutable)."""
    from cardgen.games.schlangennest.frames import build_prelaid  # frames needs NestTables' inputs only

    nest_set = same.value
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
    try:
        prelaid, box = build_prelaid(options.variants, options.area, nest_set, unused)
    except ValueError as exc:  # the frame does not fit the agreed area: the options are wrong
        raise DataError("options.area", str(exc)) from None
    return NestTables(
        options=options, colours=colours, seats=seats, seat_of=seat_of,
        card_ids=tuple(c.id for c in cards), kinds=kinds, counts=tuple(c.count for c in cards),
        spec=spec, rots=tuple(rots), fits=tuple(fits),
        crossing=tuple(_crossings(spec[k][0]) for k in range(len(cards))),
        counted=tuple(k in ("straight", "curve") for k in kinds),
        curves=frozenset(k for k, kind in enumerate(kinds) if kind == "curve"),
        straights=frozenset(k for k, kind in enumerate(kinds) if kind == "straight"),
        tail=kinds.index("tail"), prelaid=prelaid, fixed_box=box,
        diagonal_opening=nest_set.rules.diagonal_opening, coloured_score=nest_set.rules.coloured_score)
