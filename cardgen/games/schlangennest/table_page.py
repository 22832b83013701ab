"""Schlangennest at the browser table (`cardgen play schlangennest`): the laid cards in their
owners' colours, the seat's own cards, and the clicks that make one move each.

Clicks: a card of the hand (chosen; "turn the card" turns it a quarter clockwise), then a
free cell lays it. With no card chosen, a click on one's own curve turns it (clockwise, or
counter-clockwise after "counter-clockwise"); with the tail chosen, a click on one's own straight
swaps it for the tail. "Pass" passes (the engine refuses it while a move is possible).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.moves import MoveKind, pass_move, place, swap, turn
from cardgen.games.schlangennest.render import card_svg
from cardgen.games.schlangennest.state import NestState
from cardgen.play.grid import HandItem, Laid, grid_svg, hand_svg
from cardgen.play.table import Button, Picked, Selection, Table, View, parse_cell, pick_error, turned

SIZE = 40.0
"""A card's side on the table, in the drawing's units."""


class NestTable(Table[NestSet]):
    """The table page of a Schlangennest set."""

    booklet_module = "cardgen.games.schlangennest.booklet"

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
        table = grid_svg(laid, SIZE, legal, margin=1 if state.rules.diagonal_opening else 2)
        if seat is None:
            return View(table)
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
                f"{colour}: choose a card, or click your curve to turn it")
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


def _pending(state: GameState[Any]) -> list[str]:
    """The colours of the seat to move still to play this turn."""
    assert isinstance(state, NestState)
    return [state.rules.colours[c] for c in state.pending]


def table(game_set: NestSet) -> NestTable:
    """The table of `game_set` for `cardgen play` (`Game.table_module`)."""
    return NestTable(game_set)
