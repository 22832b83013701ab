"""The interface between the shared play server and one game's table (its drawing and its
click handling), with the defaults a game may keep.

A game's `table_page` module subclasses `Table`; `Game.table(game_set)` returns it. The server
never looks inside a state: it asks the table what one seat sees (`view`: SVG drawn with the
kit's own art, never another seat's hidden pieces) and what a click means (`pick`: a new
selection, or one engine step that the session then lets the engine judge).

A click sends a *pick key*, a short string the table itself put on an element or a button
(`"cell:3,-1"`, `"card:curve"`, `"rot"`). A key the table does not know is a DataError (the
request's fault: a 400); a step the rules refuse is the engine's IllegalMove (a 422 with the
rule id).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from cardgen.engine.base import GameState
from cardgen.errors import DataError
from cardgen.numbers import whole

S = TypeVar("S")

Selection = Mapping[str, Any]
"""What a seat has chosen so far in its current step (a card from the hand, a rotation, a
stick): JSON-able, kept by the session, cleared after every step."""

NOTHING: Selection = {}

FAR = 5_000
"""The farthest cell (either coordinate) a click may name. A record keeps coordinates within
±10,000 (what `cardgen replay` reads), and every card or tile of a game lies within a set's
size (at most 1,200 cards) of the first: so no game started here makes a record `replay` refuses."""


@dataclass(frozen=True, slots=True)
class Button:
    """A button under the table: clicking it sends `pick`; `on` shows it highlighted (what is
    chosen, or which of several choices the rules allow now)."""

    pick: str
    label: str
    on: bool = False

    def to_json(self) -> dict[str, Any]:
        """The button as the page reads it."""
        return {"pick": self.pick, "label": self.label, "on": self.on}


@dataclass(frozen=True, slots=True)
class View:
    """What one seat sees of the table: the table SVG, its own hand (SVG, "" for none), the
    buttons it may press, a one-line hint of what to click next, and a `note` saying why the
    last click was not followed (a click the table answers itself, before any engine step)."""

    table: str
    hand: str = ""
    buttons: tuple[Button, ...] = ()
    hint: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Picked:
    """What a click meant: a new `selection`, or a `move` (one engine step) to play, or
    `hand_over`: the name of a player cardgen knows that plays the clicking seat's steps from
    now on, until the table's `hand_back` says the seat's own (Irrläufer's sticks laid for it)."""

    selection: Selection = field(default_factory=dict)
    move: Any = None
    hand_over: str | None = None


def pick_error(key: str, reason: str) -> DataError:
    """The DataError for a pick key that makes no sense here (the server answers 400)."""
    return DataError("pick", f"{key!r}: {reason}")


def turned(rot: int) -> str:
    """How far a card or tile is turned, as a player says it ("" unturned)."""
    return f", turned {rot % 360}° clockwise" if rot % 360 else ""


def cell_key(x: int, y: int) -> str:
    """The pick key of a cell or field `(x, y)`."""
    return f"cell:{x},{y}"


def parse_cell(key: str, value: str) -> tuple[int, int]:
    """The cell of `value`, the part of pick key `key` after "cell:" (DataError if malformed)."""
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = whole(parts[0], "x"), whole(parts[1], "y")
    except (ValueError, DataError):
        raise pick_error(key, "a cell is two whole numbers, 'cell:X,Y'") from None
    if max(abs(x), abs(y)) > FAR:
        raise pick_error(key, "the cell is far outside any table")
    return x, y


class Table(ABC, Generic[S]):
    """One game's table page for the set `game_set` (see the module text)."""

    def __init__(self, game_set: S) -> None:
        self.game_set = game_set

    def options(self, seats: int) -> dict[str, Any]:
        """The record options of a game of `seats` players with this set (default: `players`
        as the count)."""
        return {"players": seats}

    @abstractmethod
    def view(self, state: GameState[Any], seat: int | None, selection: Selection) -> View:
        """The table as `seat` sees it (None: a spectator, or a position of the log, which
        shows no hand), with `selection` highlighted. Only `seat`'s hidden pieces are drawn."""

    @abstractmethod
    def pick(self, state: GameState[Any], selection: Selection, key: str) -> Picked:
        """What clicking `key` means for the player to move (DataError for a key that is not
        the table's). The move returned is not judged here: the session lets the engine."""

    def words(self, move: Any) -> str:
        """One step in the players' words (the booklet's, not the engine's notation), for the
        move log and a refusal (default: the engine's text of the move)."""
        return str(move)

    def reason_words(self, reason: str) -> str:
        """The engine's reason for refusing a step, in the players' words for the page (default:
        as the engine words it; a game whose engine reasons use its record notation rewrites
        them)."""
        return reason

    def hand_back(self, state: GameState[Any]) -> bool:
        """Whether a seat that handed its steps over (`Picked.hand_over`) plays again itself
        in `state` (default: at once)."""
        return True

    def handed_over(self, player: str) -> str:
        """The hint shown while `player` plays the seat's steps for it."""
        return f"{player} plays your steps for now"

    def css(self) -> Path | None:
        """The game's own style sheet for the page (None: the frame's alone)."""
        return None

    def wording_values(self) -> Mapping[str, object]:
        """The values that fill the placeholders of the rules' wording a refusal quotes (a set's
        own hand size, slide budget…): a game gives its English booklet's `values(set, "en")`,
        importing its booklet module when a refusal is first worded. Default: none (the
        placeholders stay as written)."""
        return {}
