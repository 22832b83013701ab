"""One game played in the browser, in memory: its seats, the steps played, undo, the bots'
moves and the record of the game so far. No web code here: the server (`cardgen.commands.play.server`)
turns requests into these calls, and the tests call them directly.

The game is the list of engine steps played from a seeded opening, so any earlier position is
the opening with the first k steps played again (the seeded bag deals the same tiles): undo
cuts the list, the log shows position k. A bot's choice is seeded by the game's seed, its seat
and the step number, so the same game played again gets the same replies.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.ladder import parse_player
from cardgen.engine.players import PLAYERS, Player, make_player
from cardgen.errors import CardgenError, DataError, IllegalMove
from cardgen.game import Game
from cardgen.table.model import NOTHING, Picked, Selection, Table
from cardgen.table.wording import wording
from cardgen.words import count

HUMAN = "human"
"""The seat name of a person at the screen."""


class Refused(CardgenError):
    """A request the game cannot follow now (a bot's turn, nothing to undo, …): a 409."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A step the rules refused: its rule id, the engine's reason and the booklet's wording."""

    rule: str
    message: str
    wording: str

    def to_json(self) -> dict[str, str]:
        """As the page reads it."""
        return {"rule": self.rule, "message": self.message, "wording": self.wording}


def parse_seats(text: str, game: Game[Any], limits: tuple[int, int]) -> tuple[str, ...]:
    """`--seats human,mcts@100` checked: each `human`, a rung of the game's ladder or another
    player cardgen knows for it (`random`, `mcts@500`), as many as the set seats (DataError)."""
    known = {**PLAYERS, **game.players()}
    seats = tuple(s.strip().lower() for s in text.split(","))
    for seat in seats:
        if seat != HUMAN and parse_player(seat, "--seats").name not in known:
            rungs = game.ladder().rungs
            others = sorted(set(known) - {r.split("@")[0] for r in rungs})  # each player named once
            raise DataError("--seats", f"{seat!r} is neither 'human' nor a player of {game.name} "
                                       f"(its ladder: {', '.join(rungs)}" + (f"; also {', '.join(others)})" if others else ")"))
    low, high = limits
    if not low <= len(seats) <= high:
        raise DataError("--seats", f"{text!r}: {game.name} seats {low}-{high} players, not {len(seats)}")
    return seats


class Session:
    """One game (see the module text). Every public method takes the lock: the server's
    requests and its bot thread share the session."""

    def __init__(self, game: Game[Any], table: Table[Any], options: Mapping[str, Any], seats: Sequence[str],
                 set_path: str | Path | None = None, seed: int | None = 0,
                 moves: Sequence[dict[str, Any]] = (), replay: bool = False) -> None:
        self.game, self.table, self.options = game, table, dict(options)
        self.set_path = None if set_path is None else str(set_path)
        self.seed = seed
        self.seats = tuple(seats)
        self.replay = replay
        extra = game.players()
        self.players: tuple[Player | None, ...] = tuple(
            None if s == HUMAN or replay else make_player(s, None, extra) for s in self.seats)
        self.lock = threading.RLock()
        self.steps: list[Any] = []
        self.movers: list[int] = []
        self.entries: list[dict[str, Any]] = []
        self.lines: list[str] = []
        self.state = self._opening()
        if self.state.num_players != len(self.seats):
            raise DataError("--seats", f"the game has {self.state.num_players} seats, not {len(self.seats)}")
        self.selection: Selection = NOTHING
        self.refusal: Refusal | None = None
        self.stand_ins: dict[int, tuple[str, Player]] = {}
        """Human seats that handed their steps over (`Picked.hand_over`): the player's name and it."""
        self.version = 0
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.humans = tuple(humans)
        self.screen: int | None = humans[0] if len(humans) == 1 else None
        for entry in moves:  # a record's moves (already replayed once: known to be legal)
            self._play(self.state.move_from_json(entry))

    # ---- reading ------------------------------------------------------------------------------

    def _opening(self) -> GameState[Any]:
        # the table's set, read once when the session was made (the file is not read again)
        return self.game.new_state(self.options, self.table.game_set, None if self.replay else self.seed)

    def position(self, at: int) -> GameState[Any]:
        """The position after the first `at` steps."""
        state = self._opening()
        for move in self.steps[:at]:
            state.apply_trusted(move)
        return state

    def _player(self, seat: int) -> Player | None:
        """Who chooses `seat`'s steps: its bot, a stand-in it handed them to, or None (a person)."""
        stand_in = self.stand_ins.get(seat)
        return self.players[seat] if stand_in is None else stand_in[1]

    def bot_due(self) -> bool:
        """Whether a bot (or a human seat's stand-in) is to move now."""
        with self.lock:
            return not self.state.is_terminal() and self._player(self.state.current_player) is not None

    def _viewer(self) -> int | None:
        """The human seat whose hand is on the screen: the only human seat, or on a hot-seat
        screen the seat to move once it has taken the screen (None before: pass the screen)."""
        if len(self.humans) == 1:
            return self.humans[0]
        seat = self.state.current_player
        if self.state.is_terminal() or seat not in self.humans:
            return None
        return seat if self.screen == seat else None

    def _pass_to(self) -> str | None:
        """On a hot-seat screen: the seat that has to take the screen before it is shown."""
        if len(self.humans) < 2 or self.state.is_terminal():
            return None
        seat = self.state.current_player
        return self.state.seat_name(seat) if seat in self.humans and self.screen != seat else None

    def status(self, state: GameState[Any]) -> str:
        """Whose turn, or how the game ended."""
        if not state.is_terminal():
            return f"{state.seat_name(state.current_player)} to move"
        winners = state.winners()
        ending = state.ending()
        names = " and ".join(state.seat_name(s) for s in winners)
        result = "a draw" if len(winners) in (0, state.num_players) else f"{names} {'wins' if len(winners) == 1 else 'win'}"
        # counted as `cardgen replay` counts the record (a Schlangengrube turn is one move of it)
        moves = len(self.game.record(self.state, self.options, self.entries)["moves"])
        steps = "" if moves == len(self.steps) else f" ({count(len(self.steps), 'step')} in the log)"
        return f"game over after {count(moves, 'move')}{steps}: {result}" + (f" ({ending})" if ending else "")

    def view(self, at: int | None = None) -> dict[str, Any]:
        """What the page shows: the live table for the seat on the screen, or (with `at`) the
        position after `at` steps of the log, with no hand."""
        with self.lock:
            live = at is None or at == len(self.steps)
            if not 0 <= (len(self.steps) if at is None else at) <= len(self.steps):
                raise DataError("at", f"{at}: the log has steps 0-{len(self.steps)}")
            state = self.state if live else self.position(at or 0)
            pass_to = self._pass_to() if live else None
            viewer = self._viewer() if live and pass_to is None else None
            stand_in = self.stand_ins.get(viewer) if live and viewer is not None else None
            mover = (not state.is_terminal() and viewer == state.current_player and not self.replay
                     and stand_in is None)
            shown = self.table.view(state, viewer, self.selection if mover else NOTHING)
            scores = state.scores()
            return {
                "game": self.game.name, "title": self.game.title, "version": self.version,
                "at": len(self.steps) if at is None else at, "steps": len(self.steps), "live": live,
                "replay": self.replay, "status": self.status(state), "finished": state.is_terminal(),
                "seats": [{"name": state.seat_name(i), "player": s, "score": _number(scores[i]),
                           "to_move": not state.is_terminal() and state.current_player == i}
                          for i, s in enumerate(self.seats)],
                "table": shown.table, "hand": shown.hand if viewer is not None else "",
                "buttons": [b.to_json() for b in shown.buttons] if mover else [],
                "hint": (shown.hint if mover or viewer is None  # a viewer sees what the table says of the position
                         else self.table.handed_over(stand_in[0]) if stand_in else ""),
                "note": shown.note if mover else "",
                "pass_to": pass_to, "can_undo": self._undo_seat() is not None and not self.replay,
                "refusal": None if self.refusal is None else self.refusal.to_json(),
                "log": list(self.lines),
            }

    def record(self) -> dict[str, Any]:
        """The game so far as a game record (docs/records.md), as `cardgen replay` reads it."""
        with self.lock:
            body = self.game.record(self.state, self.options, self.entries)
            out: dict[str, Any] = {"game": self.game.name, "options": body["options"]}
            if self.set_path is not None:
                out["set"] = Path(self.set_path).name  # the record is saved beside its set
            out["moves"] = body["moves"]
            return out

    # ---- acting -------------------------------------------------------------------------------

    def _play(self, move: Any) -> None:
        """Judge `move` by the engine and play it (IllegalMove if refused; the state unchanged)."""
        seat = self.state.current_player
        name = self.state.seat_name(seat)
        entry = self.state.move_to_json(move)
        self.state.move_from_json(entry)  # what `cardgen replay` reads back: a step it would refuse is refused here
        before = self.state.scores()
        self.state.apply(move)
        gain = self.state.scores()[seat] - before[seat] if 0 <= seat < len(before) else 0
        self.steps.append(move)
        self.movers.append(seat)
        self.entries.append(entry)
        text = self.table.words(move)
        text = text if text.startswith(name) else f"{name}: {text}"  # every line names the player
        self.lines.append(text + (f" (+{_number(gain)})" if gain > 0 else ""))
        self.selection = NOTHING
        self.refusal = None
        if self.stand_ins and self.table.hand_back(self.state):
            self.stand_ins.clear()
        self.version += 1

    def play(self, move: Any) -> None:
        """Play `move` for the seat to move, judged by the engine (IllegalMove if refused)."""
        with self.lock:
            self._play(move)

    def _human_to_move(self) -> int:
        if self.replay:
            raise Refused("pick", "a replayed record is only stepped through")
        if self.state.is_terminal():
            raise Refused("pick", "the game is over")
        seat = self.state.current_player
        if seat not in self.humans:
            raise Refused("pick", f"it is {self.state.seat_name(seat)}'s turn ({self.seats[seat]})")
        if self._viewer() != seat:
            raise Refused("pick", f"pass the screen to {self.state.seat_name(seat)} first")
        if seat in self.stand_ins:
            raise Refused("pick", self.table.handed_over(self.stand_ins[seat][0]))
        return seat

    def pick(self, key: str) -> Refusal | None:
        """A click of the human to move: a new selection, or a step the engine judges (the
        Refusal returned, and kept for the page, when the rules refuse it). DataError for a
        key the table does not know, Refused when no human may click now."""
        with self.lock:
            self._human_to_move()
            picked: Picked = self.table.pick(self.state, self.selection, key)
            if picked.hand_over is not None:
                seat = self.state.current_player
                self.stand_ins[seat] = (picked.hand_over, make_player(picked.hand_over, None, self.game.players()))
                self.selection = NOTHING
                self.refusal = None
                self.version += 1
                return None
            if picked.move is None:
                self.selection = picked.selection
                self.refusal = None
                self.version += 1
                return None
            try:
                self._play(picked.move)
            except IllegalMove as exc:
                reason = exc.reason.removesuffix(f" [{exc.rule}]")
                said = f"{self.table.words(picked.move)}: {self.table.reason_words(reason)}"
                self.refusal = Refusal(exc.rule, said, wording(self.game.name, exc.rule, self.table.wording_values()))
                self.version += 1
                return self.refusal
            return None

    def reveal(self) -> None:
        """On a hot-seat screen: the seat to move takes the screen (its hand is shown)."""
        with self.lock:
            if self._pass_to() is None:
                raise Refused("reveal", "there is no screen to pass now")
            self.screen = self.state.current_player
            self.version += 1

    def _undo_seat(self) -> int | None:
        seat = self._viewer() if len(self.humans) == 1 else (
            self.state.current_player if self.state.current_player in self.humans else None)
        if seat is None or seat not in self.movers:
            return None
        return seat

    def undo(self) -> None:
        """Back to the last step of the human seat on the screen, the bots' replies after it
        included (Refused when it has played none)."""
        with self.lock:
            seat = self._undo_seat()
            if seat is None or self.replay:
                raise Refused("undo", "there is no step of a human seat on the screen to take back")
            last = max(i for i, m in enumerate(self.movers) if m == seat)
            state = self.position(last)  # first: should it fail, nothing is cut
            del self.steps[last:], self.movers[last:], self.entries[last:], self.lines[last:]
            self.state = state
            self.selection = NOTHING
            self.refusal = None
            self.stand_ins.clear()
            self.screen = seat
            self.version += 1

    def bot_step(self) -> bool:
        """Let the bot to move choose and play one step; False when no bot is to move. The
        choice is made outside the lock on a copy, and dropped if the game changed meanwhile."""
        with self.lock:
            if not self.bot_due():
                return False
            seat, version = self.state.current_player, self.version
            player = self._player(seat)
            state = self.state.clone()
            rng = random.Random(f"{self.seed}/{seat}/{len(self.steps)}")
        assert player is not None
        move = player.choose(state, rng)
        with self.lock:
            if self.version == version:
                self._play(move)
        return True


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value
