"""Irrläufer moves as values, their game-record JSON, and the table of rule ids.

The engine plays a phase-2 turn in steps (same player to move throughout): zero to three
`Slide`s, then exactly one `Go` (move a piece or castle) or `EndTurn` (no move). This keeps
`legal_moves()` small: a whole turn would be slides x moves. A record (docs/records.md) stores a whole
turn as one entry; `Turn` is that entry, and `IrrState.apply` accepts it too. `group_turns`
turns a list of played steps back into record entries.

JSON forms: `Lay` and `Turn` are exactly the phase-1 and phase-2 entries of docs/records.md. Single engine
steps (not part of the record format; for logs of simulations) are
`{"player": "red", "step": "slide", "stick": {...}, "by": 2}`,
`{"player": "red", "step": "move", "from": [c, r], "to": [c, r]}` and
`{"player": "red", "step": "end"}`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardgen.errors import DataError
from cardgen.games.irrlaeufer.components import MAX_ROWS, Dir, Field, Side, Stick
from cardgen.games.irrlaeufer.ruleids import Rule
from cardgen.inputs import shown

RULES: dict[str, str] = {r.value: r.explanation for r in Rule}
"""Every rule id an IllegalMove can carry, with its meaning in one line."""

ENDINGS: dict[str, str] = {
    "all-castles": "a player owns all four castles and wins",
    "repetition": "the same position (sticks, pieces, castles, player to move) arose a third time: draw",
    "hundred-rounds": "100 rounds of phase 2 (each player 100 turns) without capture or conquest: draw",
}
"""How a game can end, by the id an Outcome carries."""


class _Printed:
    """Moves print as their side and what they do (replay listings, messages)."""

    __slots__ = ()
    side: Side

    def __str__(self) -> str:
        return f"{self.side.label}: {describe(self)}"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Lay(_Printed):
    """Phase 1: `side` lays a stick at `stick`."""

    side: Side
    stick: Stick


@dataclass(frozen=True, slots=True)
class Slide(_Printed):
    """Phase-2 step: `side` slides the stick now at `stick` by `by` fields (signed, +/- 1..3)."""

    side: Side
    stick: Stick
    by: int


@dataclass(frozen=True, slots=True)
class Go(_Printed):
    """Phase-2 step: `side` moves the piece or castle at `src` (a castle by its top-left
    field; a piece on a castle by the castle field it leaves from) to `dst`, and ends its turn."""

    side: Side
    src: Field
    dst: Field


@dataclass(frozen=True, slots=True)
class EndTurn(_Printed):
    """Phase-2 step: `side` ends its turn after sliding without moving a piece or castle."""

    side: Side


@dataclass(frozen=True, slots=True)
class Turn(_Printed):
    """A whole phase-2 turn as a record stores it: slides in order, then an optional move."""

    side: Side
    slides: tuple[tuple[Stick, int], ...]
    go: tuple[Field, Field] | None = None

    def steps(self) -> list[Step]:
        """The engine steps this turn consists of."""
        out: list[Step] = [Slide(self.side, s, by) for s, by in self.slides]
        out.append(Go(self.side, *self.go) if self.go else EndTurn(self.side))
        return out


Step = Slide | Go | EndTurn
IrrMove = Lay | Slide | Go | EndTurn | Turn
"""Anything `IrrState.apply` accepts."""


def group_turns(moves: Iterable[IrrMove]) -> list[Lay | Turn]:
    """Played moves (steps and/or whole turns) as record entries: slides are collected until
    the `Go` or `EndTurn` closing their turn. A trailing unfinished turn is dropped."""
    out: list[Lay | Turn] = []
    pending: list[tuple[Stick, int]] = []
    for m in moves:
        if isinstance(m, (Lay, Turn)):
            out.append(m)
        elif isinstance(m, Slide):
            pending.append((m.stick, m.by))
        else:
            go = (m.src, m.dst) if isinstance(m, Go) else None
            out.append(Turn(m.side, tuple(pending), go))
            pending = []
    return out


# --------------------------------------------------------------------------- JSON


def _field_json(f: Field) -> list[int]:
    return [f[0], f[1]]


def move_to_json(move: IrrMove) -> dict[str, Any]:
    """`move` in record form (docs/records.md for Lay and Turn; the step forms otherwise)."""
    head: dict[str, Any] = {"player": move.side.label}
    if isinstance(move, Lay):
        return {**head, "stick": move.stick.to_json()}
    if isinstance(move, Turn):
        out = {**head, "slide": [{"stick": s.to_json(), "by": by} for s, by in move.slides]}
        if move.go is not None:
            out["move"] = {"from": _field_json(move.go[0]), "to": _field_json(move.go[1])}
        return out
    if isinstance(move, Slide):
        return {**head, "step": "slide", "stick": move.stick.to_json(), "by": move.by}
    if isinstance(move, Go):
        return {**head, "step": "move", "from": _field_json(move.src), "to": _field_json(move.dst)}
    return {**head, "step": "end"}


MAX_NUMBER = 99
"""Largest field, line or shift a record may give (magnitude); the board is at most 31 long."""


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(where, f"expected a whole number, got {shown(value)}")
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise DataError(where, f"{value} is outside -{MAX_NUMBER}..{MAX_NUMBER}, beyond any board "
                               f"(fields are numbered 1-{MAX_ROWS})")
    return value


def _keys(data: Any, allowed: set[str], required: set[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DataError(where, f"expected an object, got {data!r}")
    for key in data:
        if key not in allowed:
            raise DataError(where, f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")
    for key in sorted(required - data.keys()):
        raise DataError(where, f"missing key {key!r}")
    return data


def stick_from_json(data: Any, where: str = "stick") -> Stick:
    """A stick position from `{"dir": "v"|"h", "line": n, "start": n}` (DataError if malformed)."""
    data = _keys(data, {"dir", "line", "start"}, {"dir", "line", "start"}, where)
    if data["dir"] not in ("v", "h"):
        raise DataError(where, f"'dir' must be \"v\" or \"h\", got {data['dir']!r}")
    return Stick(Dir(data["dir"]), _int(data["line"], f"{where}.line"), _int(data["start"], f"{where}.start"))


def _field(value: Any, where: str) -> Field:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(where, f"expected a field [c, r], got {value!r}")
    return (_int(value[0], where), _int(value[1], where))


def move_from_json(data: Any, where: str = "move", budget: int = 3) -> IrrMove:
    """The move a record entry names (DataError if it is malformed; legality is not checked).
    A slide's `by` may be as long as the set's `slide_budget` (`budget`) lets one stick slide."""
    data = _keys(data, {"player", "stick", "slide", "move", "step", "by", "from", "to"}, {"player"}, where)
    try:
        side = Side.parse(data["player"])
    except ValueError as exc:
        raise DataError(where, str(exc)) from None
    keys = set(data) - {"player"}
    if "step" in data:
        step = data["step"]
        shapes = {"slide": {"step", "stick", "by"}, "move": {"step", "from", "to"}, "end": {"step"}}
        if step not in shapes:
            raise DataError(where, f"'step' must be slide, move or end, got {step!r}")
        if keys != shapes[step]:
            raise DataError(where, f"a {step} step has exactly the keys {', '.join(sorted(shapes[step]))}")
        if step == "slide":
            return Slide(side, stick_from_json(data["stick"], f"{where}.stick"), _by(data["by"], f"{where}.by", budget))
        if step == "move":
            return Go(side, _field(data["from"], f"{where}.from"), _field(data["to"], f"{where}.to"))
        return EndTurn(side)
    if keys == {"stick"}:
        return Lay(side, stick_from_json(data["stick"], f"{where}.stick"))
    if "slide" in keys and keys <= {"slide", "move"} or keys == {"move"}:
        raw = data.get("slide", [])
        if not isinstance(raw, list) or len(raw) > 3:
            raise DataError(f"{where}.slide", f"expected a list of at most 3 slides, got {raw!r}")
        slides = []
        for i, item in enumerate(raw):
            w = f"{where}.slide[{i}]"
            item = _keys(item, {"stick", "by"}, {"stick", "by"}, w)
            slides.append((stick_from_json(item["stick"], f"{w}.stick"), _by(item["by"], f"{w}.by", budget)))
        go = None
        if "move" in data:
            mv = _keys(data["move"], {"from", "to"}, {"from", "to"}, f"{where}.move")
            go = (_field(mv["from"], f"{where}.move.from"), _field(mv["to"], f"{where}.move.to"))
        return Turn(side, tuple(slides), go)
    raise DataError(where, "expected a phase-1 entry {player, stick} or a phase-2 entry {player, slide, move}")


def _by(value: Any, where: str, budget: int) -> int:
    by = _int(value, where)
    if by == 0 or abs(by) > budget:
        span = "-1 or 1" if budget == 1 else f"-{budget}..-1 or 1..{budget}"
        rule = "" if budget == 3 else f" (the set's slide_budget is {budget})"
        raise DataError(where, f"'by' must be {span}{rule}, got {by}")
    return by


def describe(move: IrrMove) -> str:
    """A short text of a move for messages and replay listings (each move's `str`)."""
    if isinstance(move, Lay):
        return f"lay {move.stick}"
    if isinstance(move, Slide):
        return f"slide {move.stick} by {move.by:+d}"
    if isinstance(move, Go):
        return f"move {move.src} to {move.dst}"
    if isinstance(move, EndTurn):
        return "end turn"
    parts = [f"slide {s} by {by:+d}" for s, by in move.slides]
    parts.append(f"move {move.go[0]} to {move.go[1]}" if move.go else "no move")
    return ", ".join(parts)
