"""Schlangengrube at the browser table (`cardgen play schlangengrube`): the laid tiles, the
seat's own hand (never another seat's, never the bag) and the clicks that lay one tile each.

Clicks: a tile of the hand (chosen), "turn" and "flip" (the back, its mirror image) as often as
wanted, then a free cell lays it; the engine keeps the seat to move for its second tile. "Pass"
passes (refused while a tile fits). The record leaves out a half-played turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.errors import DataError
from cardgen.games.schlangengrube.components import PitSet
from cardgen.games.schlangengrube.moves import Pass, Place
from cardgen.games.schlangengrube.render import tile_art
from cardgen.games.schlangengrube.rules import PitState
from cardgen.numbers import whole
from cardgen.table.grid import HandItem, Laid, grid_svg, hand_svg
from cardgen.table.model import Button, Picked, Selection, Table, View, parse_cell, pick_error, turned

SIZE = 40.0
"""A tile's side on the table, in the drawing's units."""


class PitTable(Table[PitSet]):
    """The table page of a Schlangengrube set."""

    def wording_values(self) -> Mapping[str, object]:
        """The English booklet's values for this set (its booklet imported when a refusal is
        first worded)."""
        from cardgen.games.schlangengrube.booklet import values

        return values(self.game_set, "en")

    def _art(self, tile: str, rot: int = 0, flip: bool = False) -> str:
        return tile_art(self.game_set.tile(tile), SIZE, rot=rot, flip=flip)

    def view(self, state: GameState[Any], seat: int | None, selection: Selection) -> View:
        assert isinstance(state, PitState)
        data = state.to_json()
        laid = [Laid((p["at"][0], p["at"][1]), self._art(p["tile"], p["rot"], p["flip"])) for p in data["board"]]
        if seat is None:
            return View(grid_svg(laid, SIZE))
        hand: list[str] = data["hands"][seat]
        slot = selection.get("slot")
        rot, flip = int(selection.get("rot", 0)), bool(selection.get("flip", False))
        chosen = hand[slot] if isinstance(slot, int) and 0 <= slot < len(hand) else None
        legal = set()
        if chosen is not None and state.current_player == seat and not state.is_terminal():
            legal = {m.at for m in state.legal_moves()
                     if isinstance(m, Place) and (m.tile, m.rot, m.flip) == (chosen, rot, flip)}
        items = [HandItem(f"tile:{i}", self._art(t, rot, flip) if i == slot else self._art(t), t, i == slot)
                 for i, t in enumerate(hand)]
        buttons = (Button("rot", "Turn ↻"), Button("flip", "Flip (back side)", flip), Button("pass", "Pass"))
        placed, per_turn = data["placed"], state.game.per_turn  # the set's rules: tiles a turn
        second = "" if not placed else " (second tile)" if per_turn == 2 else f" (tile {placed + 1} of {per_turn})"
        hint = f"lay the {chosen} on a marked cell{second}" if chosen else f"choose a tile of your hand{second}"
        if state.secret is not None:
            hint += f"; your secret colour: {self.game_set.colours[state.secret[seat]]}"
        return View(grid_svg(laid, SIZE, legal), hand_svg(items, SIZE), buttons, hint)

    def pick(self, state: GameState[Any], selection: Selection, key: str) -> Picked:
        assert isinstance(state, PitState)
        kind, _, value = key.partition(":")
        hand = state.to_json()["hands"][state.current_player]
        if kind == "tile":
            try:
                chosen = whole(value, "tile", 0, len(hand) - 1)
            except DataError:
                raise pick_error(key, f"the hand has tiles 0-{len(hand) - 1}") from None
            return Picked({**selection, "slot": chosen})
        if kind == "rot":
            return Picked({**selection, "rot": (int(selection.get("rot", 0)) + 90) % 360})
        if kind == "flip":
            return Picked({**selection, "flip": not selection.get("flip", False)})
        if kind == "pass":
            return Picked(move=Pass(state.current_player))
        if kind == "cell":
            at = parse_cell(key, value)
            slot = selection.get("slot")
            if not isinstance(slot, int) or not 0 <= slot < len(hand):
                raise pick_error(key, "choose a tile of your hand first")
            return Picked(move=Place(hand[slot], at, int(selection.get("rot", 0)), bool(selection.get("flip", False))))
        raise pick_error(key, "not a Schlangengrube click")

    def words(self, move: Any) -> str:
        """"HT-GY at (0, -1), turned 90° clockwise, back side up"; a pass as the engine says it."""
        if isinstance(move, Place):
            return (f"{move.tile} at ({move.at[0]}, {move.at[1]}){turned(move.rot)}"
                    + (", back side up" if move.flip else ""))
        return str(move)

    def css(self) -> Path | None:
        return Path(__file__).with_name("static") / "table.css"


def table(game_set: PitSet) -> PitTable:
    """The table of `game_set` for `cardgen play` (`Game.table`)."""
    return PitTable(game_set)
