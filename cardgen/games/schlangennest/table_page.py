"""Schlangennest at the browser table (`cardgen play schlangennest`): the laid cards in their
owners' colours, the seat's own cards, and the clicks that make one move each.

Clicks: a card of the hand (chosen; "turn the card" turns it a quarter clockwise), then a
free cell lays it. With no card chosen, a click on one's own curve turns it (clockwise, or
counter-clockwise after "counter-clockwise"); with the tail chosen, a click on one's own straight
swaps it for the tail. "Pass" passes (the engine refuses it while a move is possible).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.moves import MoveKind, pass_move, place, swap, turn
from cardgen.games.schlangennest.render import card_svg
from cardgen.games.schlangennest.rules import NestState
from cardgen.table.grid import HandItem, Laid, grid_svg, hand_svg
from cardgen.table.model import Button, Picked, Selection, Table, View, parse_cell, pick_error, turned

SIZE = 40.0
"""A card's side on the table, in the drawing's units."""


class NestTable(Table[NestSet]):
    """The table page of a Schlangennest set."""

    def wording_values(self) -> Mapping[str, object]:
        """The English booklet's values for this set (its booklet imported when a refusal is
        first worded)."""
        from cardgen.games.schlangennest.booklet import values

        return values(self.game_set, "en")

    def options(self, seats: int) -> dict[str, Any]:
        """The set's first colours, one per seat, on the set's recommended area."""
        return {"players": list(self.game_set.colours[:seats])}

    def _colour(self, state: GameState[Any], selection: Selection) -> str:
        """The colour the move is for: the chosen one, else the first still to play."""
        pending = _pending(state)
        chosen = str(selection.get("colour"))
        return chosen if chosen in pending else (pending[0] if pending else "")

    def view(self, state: GameState[Any], seat: int | None, selection: Selection) -> View:
        data = state.to_json()
        card = selection.get("card")
        rot = int(selection.get("rot", 0))
        colour = self._colour(state, selection) if seat is not None else ""
        laid = [Laid((x, y), card_svg(self.game_set.card(cid), col, SIZE, rot=r)) for x, y, cid, col, r in data["cards"]]
        legal = set()
        if card is not None and not state.is_terminal():
            legal = {m.at for m in state.legal_moves() if m.kind is MoveKind.PLACE and m.card == card and m.rot == rot}
        assert isinstance(state, NestState)
        # with diagonal_opening = false a snake's first card lies two cells from the laid ones
        area, outside, box = _area(state, [(x, y) for x, y, *_ in data["cards"]])
        table = grid_svg(laid, SIZE, legal, margin=1 if state.rules.diagonal_opening else 2, outside=outside, box=box)
        if seat is None:
            return View(table, hint=area)
        hand_colours = [state.rules.colours[c] for c in state.rules.seats[seat]]
        own = colour if colour in hand_colours else hand_colours[0]
        counts = data["hands"][own]
        items = [HandItem(f"card:{c.id}", card_svg(c, own, SIZE, rot=rot if c.id == card else 0),
                          f"{c.id} ×{counts.get(c.id, 0)}", c.id == card)
                 for c in self.game_set.cards if counts.get(c.id, 0)]
        buttons = [Button("rot", "Turn the card ↻"), Button("ccw", "Counter-clockwise", bool(selection.get("ccw"))),
                   Button("pass", "Pass")]
        pending = _pending(state)
        if len(pending) > 1:
            buttons += [Button(f"colour:{c}", f"Play {c}", c == colour) for c in pending]
        hint = (f"{colour}: lay the {card} on a marked cell" if card else
                f"{colour}: choose a card, or click your curve to turn it") + f". {area}"
        return View(table, hand_svg(items, SIZE), tuple(buttons), hint)

    def pick(self, state: GameState[Any], selection: Selection, key: str) -> Picked:
        colour = self._colour(state, selection)
        kind, _, value = key.partition(":")
        if kind == "card":
            if not any(c.id == value for c in self.game_set.cards):
                raise pick_error(key, "no such card in the set")
            return Picked({**selection, "card": value, "rot": 0})
        if kind == "rot":
            return Picked({**selection, "rot": (int(selection.get("rot", 0)) + 90) % 360})
        if kind == "ccw":
            return Picked({**selection, "ccw": not selection.get("ccw")})
        if kind == "colour":
            return Picked({"colour": value})
        if kind == "pass":
            return Picked(move=pass_move(colour))
        if kind == "cell":
            at = parse_cell(key, value)
            card = selection.get("card")
            occupied = any((x, y) == at for x, y, *_ in state.to_json()["cards"])
            if occupied and card == "tail":
                return Picked(move=swap(colour, at, int(selection.get("rot", 0))))
            if occupied or card is None:
                return Picked(move=turn(colour, at, not selection.get("ccw")))
            return Picked(move=place(colour, str(card), at, int(selection.get("rot", 0))))
        raise pick_error(key, "not a Schlangennest click")

    def words(self, move: Any) -> str:
        """"red curve at (0,0), turned 180° clockwise"; the other moves as the engine says them."""
        if move.kind is MoveKind.PLACE:
            return f"{move.colour} {move.card} at ({move.at[0]},{move.at[1]}){turned(move.rot)}"
        if move.kind is MoveKind.SWAP:
            return f"{move.colour} swaps the straight at ({move.at[0]},{move.at[1]}) for the tail{turned(move.rot)}"
        return str(move).replace(" cw", " clockwise").replace(" ccw", " counter-clockwise")

    def css(self) -> Path | None:
        return Path(__file__).with_name("static") / "table.css"


Box = tuple[int, int, int, int]


def _area(state: NestState, cells: list[tuple[int, int]]) -> tuple[str, set[tuple[int, int]], Box | None]:
    """The nest's limit as the table shows it: which one is in force (in words), the cells near
    the laid cards where no straight or curve may lie any more (shaded), and the box outlined
    once the area is fixed (a frame variant's, or the agreed one once the cards fill it)."""
    rules = state.rules
    fixed, size = rules.fixed_box, rules.options.area
    if fixed is None and size is None:
        return "No area limit: the straights and curves may spread as far as they like.", set(), None
    xs, ys = [c[0] for c in cells] or [0], [c[1] for c in cells] or [0]
    near = {(x, y) for x in range(min(xs) - 3, max(xs) + 4) for y in range(min(ys) - 3, max(ys) + 4)}
    if fixed is not None:
        x0, y0, x1, y1 = fixed
        outside = {(x, y) for x, y in near if not (x0 <= x <= x1 and y0 <= y <= y1)}
        return (f"The area is fixed: straights and curves lie inside the outlined {x1 - x0 + 1}×{y1 - y0 + 1} box "
                "(heads and tails may lie outside).", outside, fixed)
    assert size is not None
    w_max, h_max = size
    bbox = state.bbox
    if bbox is None:
        return (f"The area is still open: the straights and curves must fit in {w_max}×{h_max} cells, either way "
                "round; none lies yet.", set(), None)
    bx0, by0, bx1, by1 = bbox

    def fits(x: int, y: int) -> bool:
        w, h = max(bx1, x) - min(bx0, x) + 1, max(by1, y) - min(by0, y) + 1
        return (w <= w_max and h <= h_max) or (w <= h_max and h <= w_max)

    outside = {cell for cell in near if not fits(*cell)}
    w, h = bx1 - bx0 + 1, by1 - by0 + 1
    if {w, h} == {w_max, h_max} or (w == h == w_max == h_max):
        return (f"The area is fixed: the straights and curves fill {w}×{h} cells, the whole {w_max}×{h_max} "
                "area (outlined); heads and tails may lie outside.", outside, bbox)
    return (f"The area is still open: the straights and curves span {w}×{h} cells of at most {w_max}×{h_max}, "
            "either way round (cells beyond it are shaded; heads and tails may lie there).", outside, None)


def _pending(state: GameState[Any]) -> list[str]:
    """The colours of the seat to move still to play this turn."""
    assert isinstance(state, NestState)
    return [state.rules.colours[c] for c in state.pending]


def table(game_set: NestSet) -> NestTable:
    """The table of `game_set` for `cardgen play` (`Game.table`)."""
    return NestTable(game_set)
