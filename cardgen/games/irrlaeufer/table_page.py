"""Irrläufer at the browser table (`cardgen play irrlaeufer`): the grooved board, its sticks,
the pieces and the castles, drawn with the kit's own art, and the clicks that make one engine
step each.

Phase 1: a click on a groove lays a stick there (over that field and the next two, or the last
three of the line). Phase 2: a click on a stick chooses it and a "slide" button slides it (each
slide one step); then a click on one of one's pieces or castles and one on a field moves it, or
"End turn" ends the turn without a move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.irrlaeufer.board_art import BLUE, RED, board_svg
from cardgen.games.irrlaeufer.components import COLUMNS, Dir, Field, IrrBoard, Side, Stick, castle_fields
from cardgen.games.irrlaeufer.moves import EndTurn, Go, Lay, Slide
from cardgen.games.irrlaeufer.parts_art import castle_size, castle_svg, piece_panel_svg, stick_svg
from cardgen.games.irrlaeufer.render import board_spec
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.play.svg import document, embed, fmt, pick, target
from cardgen.play.table import Button, Picked, Selection, Table, View, cell_key, parse_cell, pick_error

COLOURS = {"red": RED, "blue": BLUE}
SLIDES = (-3, -2, -1, 1, 2, 3)
"""The slide buttons under the original's budget of 3 fields."""


def slide_buttons(budget: int) -> tuple[int, ...]:
    """The slide buttons of a set whose turns slide `budget` fields in all (`slide_budget`)."""
    return tuple(range(-budget, 0)) + tuple(range(1, budget + 1))


def _stick_key(s: Stick) -> str:
    return f"stick:{s.dir.value},{s.line},{s.start}"


class IrrTable(Table[IrrBoard]):
    """The table page of an Irrläufer board."""

    booklet_module = "cardgen.games.irrlaeufer.booklet"

    def __init__(self, game_set: IrrBoard) -> None:
        super().__init__(game_set)
        self.spec = board_spec(game_set)
        self.board = board_svg(self.spec, 0.0)

    def options(self, seats: int) -> dict[str, Any]:
        """The board of the set as it is (two seats, always)."""
        return {}

    def _stick(self, s: Stick, chosen: bool, movable: bool = False) -> str:
        sp = self.spec
        # the kit's stick, drawn half as wide again as its groove so that it shows on a screen
        g, length = sp.groove * 1.5, 3 * sp.field - sp.groove
        art = stick_svg(length, g)
        if s.dir is Dir.V:
            x, y = sp.line_x(s.line), sp.line_y(s.start - 1) + sp.groove / 2
            body = (f'<g transform="translate({fmt(x + g / 2)},{fmt(y)}) rotate(90)">'
                    f'{embed(art, 0, 0, length, g)}</g>')
            hit = (x - g * 1.2, y, g * 2.4, length)
        else:
            x, y = sp.line_x(s.start - 1) + sp.groove / 2, sp.line_y(s.line)
            body = embed(art, x, y - g / 2, length, g)
            hit = (x, y - g * 1.2, length, g * 2.4)
        css = "target stick" + (" chosen-stick" if chosen else " legal" if movable else "")
        return body + target(*hit, _stick_key(s), css)

    def _grooves(self) -> str:
        """Phase 1: a target on every groove segment (a stick laid from there)."""
        sp, out = self.spec, []
        g = sp.groove * 2.4
        for c in range(1, COLUMNS):
            for r in range(1, sp.rows + 1):
                out.append(target(sp.line_x(c) - g / 2, sp.line_y(r - 1), g, sp.field, f"groove:v,{c},{r}", "target groove"))
        for r in range(1, sp.rows):
            for c in range(1, COLUMNS + 1):
                out.append(target(sp.line_x(c - 1), sp.line_y(r) - g / 2, sp.field, g, f"groove:h,{r},{c}", "target groove"))
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
        cs = castle_size(sp.field, sp.groove)
        for castle in data["castles"]:
            c, r = castle["at"]
            x, y = sp.line_x(c) - cs / 2, sp.line_y(r) - cs / 2
            parts.append(embed(castle_svg(cs, COLOURS[castle["owner"]], 0), x, y, cs, cs,
                               f'{pick(cell_key(c, r))} class="castle"'))
        frm = selection.get("from")
        legal = state.legal_moves() if mover and data["phase"] == 2 else []
        if isinstance(frm, list):
            near = self._near(state, (frm[0], frm[1]))
            for m in legal:
                if isinstance(m, Go) and m.src in near:
                    c, r = m.dst
                    parts.append(target(sp.line_x(c - 1), sp.line_y(r - 1), sp.field, sp.field, cell_key(c, r),
                                        "target legal"))
        for c, r, side in data["pieces"]:
            w, h = sp.field * 0.62, sp.field * 0.8
            cx, cy = sp.centre(c, r)
            css = "piece chosen" if frm == [c, r] else "piece"
            parts.append(embed(piece_panel_svg(COLOURS[side], h), cx - w / 2, cy - h / 2, w, h,
                               f'{pick(cell_key(c, r))} class="{css}"'))
        for c, r in [tuple(frm)] if isinstance(frm, list) else []:
            parts.append(f'<rect class="chosen-field" x="{fmt(sp.line_x(c - 1))}" y="{fmt(sp.line_y(r - 1))}" '
                         f'width="{fmt(sp.field)}" height="{fmt(sp.field)}" fill="none" stroke="#ffd54f" stroke-width="1.2"/>')
        slidable = {_stick_key(m.stick) for m in legal if isinstance(m, Slide)}
        for s in data["sticks"]:
            stick = Stick(Dir(s["dir"]), s["line"], s["start"])
            key = _stick_key(stick)
            parts.append(self._stick(stick, chosen_stick == key, key in slidable))
        if mover and data["phase"] == 1:
            parts.append(self._grooves())
        table = document(sp.width, sp.height, "".join(parts))
        if not mover:
            return View(table)
        side = Side(state.current_player).label
        if data["phase"] == 1:
            return View(table, hint=f"{side}: click a groove to lay a stick there ({data['stick_count'] - len(data['sticks'])} to lay)")
        allowed = {m.by for m in legal if isinstance(m, Slide) and _stick_key(m.stick) == chosen_stick}
        buttons = ([Button(f"by:{b}", f"slide {b:+d}", b in allowed) for b in slide_buttons(state.budget)]
                   if chosen_stick else [])
        buttons.append(Button("end", "End turn"))
        due = data["remaining"]
        hint = (f"{side}: slide a stick ({due} field{'s' if due != 1 else ''} due of {state.budget} a turn): "
                "click it, then a slide button"
                if due else f"{side}: click your piece or castle, then a field, or end the turn")
        return View(table, buttons=tuple(buttons), hint=hint)

    def pick(self, state: GameState[Any], selection: Selection, key: str) -> Picked:
        assert isinstance(state, IrrState)
        side = Side(state.current_player)
        kind, _, value = key.partition(":")
        if kind == "groove":
            d, line, at = _triple(key, value)
            top = (self.spec.rows if d == "v" else COLUMNS) - 2
            return Picked(move=Lay(side, Stick(Dir(d), line, max(1, min(at, top)))))
        if kind == "stick":
            d, line, at = _triple(key, value)
            return Picked({"stick": f"stick:{d},{line},{at}"})
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
            field = parse_cell(key, value)
            frm = selection.get("from")
            if not isinstance(frm, list):
                return Picked({"from": list(field)})
            src: Field = (frm[0], frm[1])
            if src == field:
                return Picked({})
            return Picked(move=self._go(state, side, src, field))
        raise pick_error(key, "not an Irrläufer click")

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
    if d not in ("v", "h") or len(rest) != 2 or not all(x.isdigit() and len(x) < 4 for x in rest):
        raise pick_error(key, "a groove or stick is 'v|h,LINE,START'")
    return d, int(rest[0]), int(rest[1])


def table(game_set: IrrBoard) -> IrrTable:
    """The table of `game_set` for `cardgen play` (`Game.table_module`)."""
    return IrrTable(game_set)
