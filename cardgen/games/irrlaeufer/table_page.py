"""Irrläufer at the browser table (`cardgen play irrlaeufer`): the grooved board, its sticks,
the pieces and the castles, drawn with the kit's own art, and the clicks that make one engine
step each.

Phase 1: a click anywhere near a groove lays a stick there (over that field and the next two,
or the last three of the line; the stick shows under the pointer first, green where it fits),
or a button hands the rest of the seat's sticks to chance or to the castle player. Phase 2: a
click on a stick (green: it may slide) chooses it, and an arrow drawn on the board (or a slide
button) slides it; then a click on one of one's pieces or castles (ringed: it can move) and one
on a marked field moves it, or "End turn" ends the turn without a move. A click that cannot be
followed says why under the hint.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.errors import DataError
from cardgen.games.irrlaeufer.board_art import BLUE, RED, BoardSpec, board_svg
from cardgen.games.irrlaeufer.components import COLUMNS, Dir, Field, IrrBoard, Side, Stick, castle_fields
from cardgen.games.irrlaeufer.moves import EndTurn, Go, Lay, Slide
from cardgen.games.irrlaeufer.parts_art import castle_size, castle_svg, piece_panel_svg, stick_svg
from cardgen.games.irrlaeufer.render import board_spec
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.numbers import whole
from cardgen.table.model import Button, Picked, Selection, Table, View, cell_key, parse_cell, pick_error
from cardgen.table.svg import document, embed, fmt, pick, target

COLOURS = {"red": RED, "blue": BLUE}
SLIDES = (-3, -2, -1, 1, 2, 3)
"""The slide buttons under the original's budget of 3 fields."""
STAND_INS = {"random": "at random", "castle": "by the castle player"}
"""Who may lay the rest of a seat's sticks (`lay-rest:NAME`), as the buttons say it."""
WAYS = {Dir.V: ("up", "down"), Dir.H: ("left", "right")}
"""Which way a slide by a negative and a positive number of fields goes, by the stick's groove."""


_OWN_STICK = re.compile(r"^stick [vh]\d+@\d+ (?=would |was )")
_NO_STICK = re.compile(r"no stick lies at ([vh])(\d+)@(\d+)")
_STICK = re.compile(r"\b(?:stick )?([vh])(\d+)@(\d+)\b")
_NO_LINE = re.compile(r"no ([vh]) groove line (\d+) \(lines 1-(\d+)\)")
_LINE = re.compile(r"\bgroove line ([vh])(\d+)\b")
_CROSSING = re.compile(r"on the crossing of lines v(\d+) and h(\d+)")
_SOME = re.compile(r"\b(\d+) (more |other )?(field|slide)\(s\)")
"""The engine's record notation in its refusals: a stick `v3@5` (its groove, that groove's line
and its first field), a groove line `h4`, "field(s)"."""


def _stick_words(d: Dir, line: int, start: int) -> str:
    across, along = ("columns", "rows") if d is Dir.V else ("rows", "columns")
    return f"stick between {across} {line} and {line + 1}, {along} {start}-{start + 2}"


def _groove_words(d: Dir, line: int) -> str:
    return f"groove between {'columns' if d is Dir.V else 'rows'} {line} and {line + 1}"


def slide_buttons(budget: int) -> tuple[int, ...]:
    """The slide buttons of a set whose turns slide `budget` fields in all (`slide_budget`)."""
    return tuple(range(-budget, 0)) + tuple(range(1, budget + 1))


def _stick_key(s: Stick) -> str:
    return f"stick:{s.dir.value},{s.line},{s.start}"


def _way(stick: Stick, by: int) -> str:
    return WAYS[stick.dir][by > 0]


def _fields(n: int) -> str:
    return f"{n} field{'s' if n != 1 else ''}"


def _where(f: Field) -> str:
    return f"column {f[0]}, row {f[1]}"


def _segment(sp: BoardSpec, d: Dir, line: int, at: int) -> tuple[float, float]:
    """The middle of groove segment `at` (a field's length) of groove line `line`."""
    if d is Dir.V:
        return sp.line_x(line), sp.line_y(at - 1) + sp.field / 2
    return sp.line_x(at - 1) + sp.field / 2, sp.line_y(line)


def _stick_box(sp: BoardSpec, s: Stick, width: float) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) of stick `s` drawn `width` wide across its groove."""
    length = 3 * sp.field - sp.groove
    if s.dir is Dir.V:
        return sp.line_x(s.line) - width / 2, sp.line_y(s.start - 1) + sp.groove / 2, width, length
    return sp.line_x(s.start - 1) + sp.groove / 2, sp.line_y(s.line) - width / 2, length, width


class IrrTable(Table[IrrBoard]):
    """The table page of an Irrläufer board."""

    def wording_values(self) -> Mapping[str, object]:
        """The English booklet's values for this set (its booklet imported when a refusal is
        first worded)."""
        from cardgen.games.irrlaeufer.booklet import values

        return values(self.game_set, "en")

    def __init__(self, game_set: IrrBoard) -> None:
        super().__init__(game_set)
        self.spec = board_spec(game_set)
        self.board = board_svg(self.spec, 0.0)

    def options(self, seats: int) -> dict[str, Any]:
        """The board of the set as it is (two seats, always)."""
        return {}

    def words(self, move: Any) -> str:
        """"red: stick laid between columns 3 and 4, rows 5-7", "… slid 2 down", "red: moves (3, 1)
        to (3, 4)", "red: ends the turn"."""
        if isinstance(move, (Lay, Slide)):
            s = move.stick
            where = _stick_words(s.dir, s.line, s.start)
            if isinstance(move, Lay):
                return f"{move.side.label}: {where} laid"
            return f"{move.side.label}: {where} slid {_fields(abs(move.by))} {_way(s, move.by)}"
        if isinstance(move, Go):
            return f"{move.side.label}: moves ({move.src[0]}, {move.src[1]}) to ({move.dst[0]}, {move.dst[1]})"
        if isinstance(move, EndTurn):
            return f"{move.side.label}: ends the turn"
        return str(move)

    def reason_words(self, reason: str) -> str:
        """The engine's reason with its record notation in the players' words: "stick v3@6 would
        overlap stick v3@5" reads "it would overlap the stick between columns 3 and 4, rows
        5-7" (the step's own stick is named before it), "groove line h4" "the groove between
        rows 4 and 5", "2 field(s)" "2 fields"."""
        text = _OWN_STICK.sub("it ", reason)
        text = _NO_STICK.sub(lambda m: "no stick lies " + _stick_words(Dir(m[1]), int(m[2]), int(m[3]))
                             .removeprefix("stick "), text)
        text = _STICK.sub(lambda m: "the " + _stick_words(Dir(m[1]), int(m[2]), int(m[3])), text)
        text = _NO_LINE.sub(lambda m: f"no {_groove_words(Dir(m[1]), int(m[2]))} (the board's grooves are "
                                      f"1-{m[3]})", text)
        text = _LINE.sub(lambda m: "the " + _groove_words(Dir(m[1]), int(m[2])), text)
        text = _CROSSING.sub(lambda m: f"where the {_groove_words(Dir.V, int(m[1]))} crosses the "
                                       f"{_groove_words(Dir.H, int(m[2]))}", text)
        return _SOME.sub(lambda m: f"{m[1]} {m[2] or ''}{m[3]}{'' if m[1] == '1' else 's'}", text)

    def hand_back(self, state: GameState[Any]) -> bool:
        """A seat that handed its sticks over plays again itself once they are laid (phase 2)."""
        assert isinstance(state, IrrState)
        return state.phase != 1

    def handed_over(self, player: str) -> str:
        return f"your sticks are being laid {STAND_INS.get(player, 'by ' + player)}; phase 2 is yours again"

    def _stick(self, s: Stick, chosen: bool, movable: bool = False) -> str:
        sp = self.spec
        # the kit's stick, drawn half as wide again as its groove so that it shows on a screen
        g, length = sp.groove * 1.5, 3 * sp.field - sp.groove
        art = stick_svg(length, g)
        if s.dir is Dir.V:
            x, y = sp.line_x(s.line), sp.line_y(s.start - 1) + sp.groove / 2
            body = (f'<g transform="translate({fmt(x + g / 2)},{fmt(y)}) rotate(90)">'
                    f'{embed(art, 0, 0, length, g)}</g>')
        else:
            x, y = sp.line_x(s.start - 1) + sp.groove / 2, sp.line_y(s.line)
            body = embed(art, x, y - g / 2, length, g)
        css = "target stick" + (" chosen-stick" if chosen else " legal" if movable else "")
        return body + target(*_stick_box(sp, s, sp.field * 0.5), _stick_key(s), css)

    def _grooves(self, state: IrrState, legal: set[Stick]) -> str:
        """Phase 1: every groove segment clickable over the diamond around it (the diamonds
        tile the board: a click anywhere picks the nearest groove), with the stick it would
        lay shown under the pointer, green where it fits and red where the rules refuse it."""
        sp, out = self.spec, []
        h = sp.field / 2
        segments = [("v", c, r) for c in range(1, COLUMNS) for r in range(1, sp.rows + 1)]
        segments += [("h", r, c) for r in range(1, sp.rows) for c in range(1, COLUMNS + 1)]
        for d, line, at in segments:
            x, y = _segment(sp, Dir(d), line, at)
            stick = self._laid(d, line, at)
            fits = stick in legal
            box = _stick_box(sp, stick, sp.groove * 1.5)
            out.append(f'<g class="groove {"fits" if fits else "refused"}" data-pick="groove:{d},{line},{at}">'
                       f'<polygon class="diamond" points="{fmt(x)},{fmt(y - h)} {fmt(x + h)},{fmt(y)} '
                       f'{fmt(x)},{fmt(y + h)} {fmt(x - h)},{fmt(y)}"/>'
                       f'<rect class="preview" x="{fmt(box[0])}" y="{fmt(box[1])}" width="{fmt(box[2])}" '
                       f'height="{fmt(box[3])}"/></g>')
        return "".join(out)

    def _laid(self, d: str, line: int, at: int) -> Stick:
        """The stick a click on groove segment `at` of line `line` lays: from there over the next
        two fields, or the last three of the line."""
        top = (self.spec.rows if d == "v" else COLUMNS) - 2
        return Stick(Dir(d), line, max(1, min(at, top)))

    def _arrows(self, stick: Stick, allowed: set[int]) -> str:
        """For the chosen stick, one arrow per slide the rules allow now: from the stick's end to
        the field its end reaches, labelled with the slide (`+2`), clickable as that slide."""
        sp, out = self.spec, []
        r = sp.field * 0.3
        for by in sorted(allowed, key=lambda b: -abs(b)):  # the shorter arrows' badges on top
            end = stick.start + 2 if by > 0 else stick.start
            x0, y0 = _segment(sp, stick.dir, stick.line, end)
            x1, y1 = _segment(sp, stick.dir, stick.line, end + by)
            dx, dy = (x1 - x0, y1 - y0)
            length = max(abs(dx), abs(dy))
            ux, uy = dx / length, dy / length
            tip = (x1 - ux * r, y1 - uy * r)
            head = sp.field * 0.18
            out.append(f'<g class="slide-arrow" data-pick="by:{by}">'
                       f'<line x1="{fmt(x0 + ux * sp.field * 0.5)}" y1="{fmt(y0 + uy * sp.field * 0.5)}" '
                       f'x2="{fmt(tip[0])}" y2="{fmt(tip[1])}"/>'
                       f'<polygon points="{fmt(tip[0])},{fmt(tip[1])} '
                       f'{fmt(tip[0] - ux * head - uy * head * 0.6)},{fmt(tip[1] - uy * head + ux * head * 0.6)} '
                       f'{fmt(tip[0] - ux * head + uy * head * 0.6)},{fmt(tip[1] - uy * head - ux * head * 0.6)}"/>'
                       f'<circle cx="{fmt(x1)}" cy="{fmt(y1)}" r="{fmt(r)}"/>'
                       f'<text x="{fmt(x1)}" y="{fmt(y1 + r * 0.38)}" text-anchor="middle" '
                       f'font-size="{fmt(r * 1.05)}">{by:+d}</text></g>')
        return "".join(out)

    def view(self, state: GameState[Any], seat: int | None, selection: Selection) -> View:
        assert isinstance(state, IrrState)
        data = state.to_json()
        sp = self.spec
        mover = seat is not None and not state.is_terminal() and seat == state.current_player
        chosen_stick = selection.get("stick")
        parts = [embed(self.board, 0, 0, sp.width, sp.height)]
        if mover and data["phase"] == 2:  # every field a target: the piece to move, then where to
            parts += [target(sp.line_x(c - 1), sp.line_y(r - 1), sp.field, sp.field, cell_key(c, r))
                      for c in range(1, COLUMNS + 1) for r in range(1, sp.rows + 1)]
        legal = state.legal_moves() if mover else []
        goes = [m for m in legal if isinstance(m, Go)]
        sources = {m.src for m in goes}
        cs = castle_size(sp.field, sp.groove)
        for castle in data["castles"]:
            c, r = castle["at"]
            x, y = sp.line_x(c) - cs / 2, sp.line_y(r) - cs / 2
            css = "castle can-move" if (c, r) in sources else "castle"
            parts.append(embed(castle_svg(cs, COLOURS[castle["owner"]], 0), x, y, cs, cs,
                               f'{pick(cell_key(c, r))} class="{css}"'))
        frm = selection.get("from")
        if isinstance(frm, list):
            near = self._near(state, (frm[0], frm[1]))
            for m in goes:
                if m.src in near:
                    c, r = m.dst
                    parts.append(target(sp.line_x(c - 1), sp.line_y(r - 1), sp.field, sp.field, cell_key(c, r),
                                        "target legal"))
        for c, r, side in data["pieces"]:
            w, h = sp.field * 0.62, sp.field * 0.8
            cx, cy = sp.centre(c, r)
            css = "piece chosen" if frm == [c, r] else "piece can-move" if self._near(state, (c, r)) & sources else "piece"
            parts.append(embed(piece_panel_svg(COLOURS[side], h), cx - w / 2, cy - h / 2, w, h,
                               f'{pick(cell_key(c, r))} class="{css}"'))
        for c, r in [tuple(frm)] if isinstance(frm, list) else []:
            parts.append(f'<rect class="chosen-field" x="{fmt(sp.line_x(c - 1))}" y="{fmt(sp.line_y(r - 1))}" '
                         f'width="{fmt(sp.field)}" height="{fmt(sp.field)}" fill="none" stroke="#ffd54f" stroke-width="1.2" '
                         'pointer-events="none"/>')
        slides = [m for m in legal if isinstance(m, Slide)]
        slidable = {_stick_key(m.stick) for m in slides}
        chosen: Stick | None = None
        for s in data["sticks"]:
            stick = Stick(Dir(s["dir"]), s["line"], s["start"])
            key = _stick_key(stick)
            chosen = stick if chosen_stick == key else chosen
            parts.append(self._stick(stick, chosen_stick == key, key in slidable))
        allowed = {m.by for m in slides if chosen is not None and m.stick == chosen}
        if chosen is not None:
            parts.append(self._arrows(chosen, allowed))
        if mover and data["phase"] == 1:
            parts.append(self._grooves(state, {m.stick for m in legal if isinstance(m, Lay)}))
        table = document(sp.width, sp.height, "".join(parts))
        if not mover:
            return View(table)
        note = str(selection.get("note", ""))
        side = Side(state.current_player).label
        if data["phase"] == 1:
            left = data["stick_count"] - len(data["sticks"])
            rest = tuple(Button(f"lay-rest:{name}", f"Lay the rest of my sticks {words}")
                         for name, words in STAND_INS.items())
            return View(table, buttons=rest, note=note,
                        hint=f"{side}: click a groove to lay a stick over it and the next two fields; the stick "
                             f"shows under the pointer, green where it fits ({left} sticks still to lay, "
                             "one each in turn)")
        buttons = ([Button(f"by:{b}", f"slide {b:+d} ({_way(chosen, b)})", b in allowed)
                    for b in slide_buttons(state.budget)] if chosen is not None else [])
        buttons.append(Button("end", "End turn", not data["remaining"] and any(isinstance(m, EndTurn) for m in legal)))
        due = data["remaining"]
        if due:
            hint = (f"{side}: slide sticks {_fields(due)} more this turn ({state.budget} in all, at most 3 sticks): "
                    + ("click an arrow on the board or a lit slide button" if chosen is not None
                       else "click a green stick"))
        elif isinstance(frm, list):
            hint = f"{side}: click a marked field to move there, or the chosen piece again to put it down"
        else:
            hint = f"{side}: click a ringed piece or castle of yours, then a field; or end the turn"
        return View(table, buttons=tuple(buttons), hint=hint, note=note)

    def pick(self, state: GameState[Any], selection: Selection, key: str) -> Picked:
        assert isinstance(state, IrrState)
        side = Side(state.current_player)
        kind, _, value = key.partition(":")
        if kind == "groove":
            d, line, at = _triple(key, value)
            return Picked(move=Lay(side, self._laid(d, line, at)))
        if kind == "lay-rest":
            if value not in STAND_INS:
                raise pick_error(key, f"the rest is laid by {' or '.join(STAND_INS)}")
            if state.phase != 1:
                return Picked({"note": "Every stick is laid already: phase 2 has begun."})
            return Picked(hand_over=value)
        if kind == "stick":
            d, line, at = _triple(key, value)
            if state.phase == 1:
                return Picked({"note": "That groove holds a stick already: click a free groove."})
            if not state.remaining:
                return Picked({"note": "This turn's sticks are slid: move a piece or castle, or end the turn."})
            can = any(isinstance(m, Slide) and m.stick == Stick(Dir(d), line, at) for m in state.legal_moves())
            note = "" if can else ("That stick cannot slide now (blocked, slid already this turn, or your "
                                   "opponent just slid it towards you): choose a green one.")
            return Picked({"stick": f"stick:{d},{line},{at}", "note": note})
        if kind == "by":
            stick = selection.get("stick")
            slides = slide_buttons(state.budget)
            if not isinstance(stick, str) or value not in {str(b) for b in slides} | {f"+{b}" for b in slides}:
                raise pick_error(key, f"choose a stick first; a slide is by -{state.budget}..-1 or 1..{state.budget}")
            d, line, at = _triple(stick, stick.partition(":")[2])
            return Picked(move=Slide(side, Stick(Dir(d), line, at), int(value)))
        if kind == "end":
            return Picked(move=EndTurn(side))
        if kind == "cell":
            return self._cell(state, side, selection, parse_cell(key, value))
        raise pick_error(key, "not an Irrläufer click")

    def _cell(self, state: IrrState, side: Side, selection: Selection, field: Field) -> Picked:
        """A click on a field: choose the piece or castle there, put it down again, choose
        another, or move the chosen one there (the engine judges the move)."""
        if state.phase == 1:
            return Picked({"note": "Phase 1 lays sticks: click a groove between the fields."})
        if state.remaining:
            return Picked({**selection, "note": f"Slide the sticks first: {_fields(state.remaining)} more this turn, "
                                                "then a piece or castle moves."})
        goes = [m for m in state.legal_moves() if isinstance(m, Go)]
        mine = bool(self._near(state, field) & {m.src for m in goes})
        frm = selection.get("from")
        if not isinstance(frm, list):
            if mine:
                return Picked({"from": list(field)})
            return Picked({"note": f"Nothing of yours that can move stands on {_where(field)}: click a ringed "
                                   "piece or castle of yours."})
        src: Field = (frm[0], frm[1])
        near = self._near(state, src)
        if not any(m.dst == field and m.src in near for m in goes):  # not a marked field
            if field in near:
                return Picked({"note": f"Put down again: the piece or castle on {_where(src)} stays. Click a "
                                       "ringed one to move it."})
            if mine:
                return Picked({"from": list(field)})
        return Picked(move=self._go(state, side, src, field))

    def _near(self, state: IrrState, src: Field) -> set[Field]:
        """`src`, and where it lies on a castle every field of that castle: a click anywhere on
        a castle names that castle (or the piece on it), as the engine names it."""
        near = {src}
        for castle in state.to_json()["castles"]:
            fields = castle_fields((castle["at"][0], castle["at"][1]))
            if src in fields:
                near.update(fields)
        return near

    def _go(self, state: IrrState, side: Side, src: Field, dst: Field) -> Go:
        """The move from `src` to `dst` (see `_near`)."""
        near = self._near(state, src)
        found = [m for m in state.legal_moves() if isinstance(m, Go) and m.dst == dst and m.src in near]
        found.sort(key=lambda m: m.src != src)
        return found[0] if found else Go(side, src, dst)

    def css(self) -> Path | None:
        return Path(__file__).with_name("static") / "table.css"


def _triple(key: str, value: str) -> tuple[str, int, int]:
    d, *rest = value.split(",")
    try:
        if d not in ("v", "h") or len(rest) != 2:
            raise ValueError
        return d, whole(rest[0], "line", 0, 999), whole(rest[1], "start", 0, 999)
    except (ValueError, DataError):
        raise pick_error(key, "a groove or stick is 'v|h,LINE,START'") from None


def table(game_set: IrrBoard) -> IrrTable:
    """The table of `game_set` for `cardgen play` (`Game.table`)."""
    return IrrTable(game_set)
