"""The Irrläufer rules engine (docs/rulings.md (Irrläufer)) on the shared GameState protocol.

Phase 1: the players alternately `Lay` sticks (maze.py) until all are laid or the player to
move cannot lay one; that player then starts phase 2 (with 80 sticks: red). Phase 2: a turn is
played in engine steps by the same player: the `Slide`s that make up the turn's total
(sliding.py, searched fast from the run table of runs.py), then one `Go` or `EndTurn`
(movement.py), which passes the turn. `apply` also takes a whole `Turn` (the record form) and
plays it all or nothing.

Readings of gaps (each has a test):
- The slide total of a turn is fixed when the turn starts: 3 (the set's `slide_budget`), or
  the most any sequence of slides of at most 3 sticks allows then. Each slide must leave the rest of that total still possible.
- "Slid back the way it came" forbids sliding that stick in the opposite direction at all in
  the next turn; further in the same direction is allowed.
- "Must leave if any leaving move exists" is judged when the move is made, after the slides.
- The repetition rule counts the positions at the start of phase 2 and after every phase-2
  turn (by 64-bit Zobrist keys, runs.py; the plain path of reference.py by their full text). "100 rounds" (the set's `round_limit` N) is 2N phase-2 turns in a row without a capture or
  conquest. A win is
  checked before the draws.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from cardgen.errors import DataError, IllegalMove
from cardgen.games.irrlaeufer import maze, movement, runs, sliding
from cardgen.games.irrlaeufer.components import (
    MAX_SLIDE_STICKS,
    Field,
    IrrBoard,
    IrrRules,
    Side,
    Stick,
    board_from_options,
    load_board,
)
from cardgen.games.irrlaeufer.hooks import Outcome, SimulationHooks
from cardgen.games.irrlaeufer.moves import (
    EndTurn,
    Go,
    IrrMove,
    Lay,
    Slide,
    Turn,
    describe,
    move_from_json,
    move_to_json,
)
from cardgen.games.irrlaeufer.position import Castle, Position
from cardgen.games.irrlaeufer.ruleids import Rule

_GOS: dict[tuple[Side, Field, Field], Go] = {}
_END = {side: EndTurn(side) for side in Side}


def _go(side: Side, src: Field, dst: Field) -> Go:
    """The move `Go(side, src, dst)`, made once and then shared (moves are values)."""
    key = (side, src, dst)
    move = _GOS.get(key)
    if move is None:
        move = _GOS[key] = Go(side, src, dst)
    return move


class IrrState(SimulationHooks):
    """An Irrläufer game in progress; see the module text for how a turn is split into steps."""

    __slots__ = ("board", "pos", "to_move", "phase", "remaining", "used", "banned", "quiet",
                 "seen", "outcome", "turns", "budget", "quiet_limit", "table")
    FAST: ClassVar[bool] = True
    """Slide search from the run table and Zobrist keys (runs.py); `reference.PlainState` turns
    it off for the plain search of sliding.py and text keys, which the tests compare."""

    def __init__(self, board: IrrBoard | None = None) -> None:
        self.board = board or IrrBoard()
        self.pos = Position.initial(self.board)
        self.to_move = Side.RED
        self.phase = 1
        self.remaining = 0              # fields still to slide in this phase-2 turn
        self.used: list[tuple[int, int]] = []       # (stick id, sign) slid this turn
        self.banned: dict[int, int] = {}            # stick id -> sign it may not slide now
        self.quiet = 0                  # phase-2 turns since the last capture or conquest
        self.seen: dict[int | str, int] = {}  # repetition counts of phase-2 positions by key
        self.outcome: Outcome | None = None
        self.turns = 0                  # completed phase-2 turns
        rules = self.board.rules        # read once: the engine never looks them up per move
        self.budget = rules.slide_budget            # fields slid per turn in all
        self.quiet_limit = rules.quiet_turns        # quiet phase-2 turns that draw
        self.table = self.FAST and self.budget <= runs.REACH  # the run table lists the slides

    @classmethod
    def custom(cls, board: IrrBoard | None = None, *, sticks: Iterable[Stick] = (),
               pieces: Mapping[Field, Side] | None = None, castles: Iterable[Castle] | None = None,
               to_move: Side = Side.RED, phase: int = 2,
               last_slides: Iterable[tuple[Stick, int]] = ()) -> IrrState:
        """A hand-built position (for tests, diagrams and puzzles), not checked against the
        rules: `sticks` lie as given, `pieces` and `castles` replace the set-up when given,
        `last_slides` are the opponent's slides of the turn before (stick where it lies now,
        signed fields it came). In phase 2 the turn of `to_move` starts as in a game."""
        state = cls(board)
        pos = state.pos
        if pieces is not None:
            pos.pieces = dict(pieces)
        if castles is not None:
            cs = list(castles)
            pos.c_pos = [c.pos for c in cs]
            pos.c_owner = [c.owner for c in cs]
            pos.c_piece = [c.piece for c in cs]
            pos.c_on = [-1 if c.on is None else c.on for c in cs]
            pos.refresh_castles()
        for s in sticks:
            pos.add_stick(s)
        state.to_move = to_move
        if phase == 2:
            state.banned = {pos.stick_id(s): (-1 if by > 0 else 1) for s, by in last_slides}
            state._start_phase_2()
        return state

    # ------------------------------------------------------------------ protocol: queries

    @property
    def current_player(self) -> int:
        """0 for red, 1 for blue."""
        return self.to_move.value

    @property
    def num_players(self) -> int:
        """Always 2."""
        return 2

    @property
    def sliding(self) -> bool:
        """Whether the player to move is still in the slide step of a phase-2 turn."""
        return self.phase == 2 and self.remaining > 0

    @property
    def castles(self) -> tuple[Castle, ...]:
        """The four castles (top-left field, colour, what stands on them)."""
        return self.pos.castles

    @property
    def sticks(self) -> tuple[Stick, ...]:
        """Where every laid stick lies, in the order they were laid."""
        return tuple(self.pos.sticks)

    def is_terminal(self) -> bool:
        """Whether a side owns all four castles or a draw rule has ended the game."""
        return self.outcome is not None

    def scores(self) -> tuple[float, ...]:
        """The castles each side owns (red, blue), as docs/records.md says for records."""
        return float(self.pos.castles_of(Side.RED)), float(self.pos.castles_of(Side.BLUE))

    def legal_moves(self) -> list[IrrMove]:
        """Lays in phase 1; in phase 2 the allowed slides while some are due, then every
        allowed move plus `EndTurn` (unless a piece or castle must leave a castle)."""
        if self.outcome is not None:
            return []
        side = self.to_move
        if self.phase == 1:
            if maze.CORE is not None:  # the same list from the compiled core, each Lay made once
                lays: list[IrrMove] = maze.CORE.legal_lays(self.pos, self.pos.grid.all_sticks, False, Lay, side,
                                                           side.value)
                return lays
            return [Lay(side, s) for s in maze.legal_lays(self.pos)]
        if self.remaining > 0:
            used = {sid for sid, _ in self.used}
            if self.table:
                return runs.slide_moves(self.pos, side, used, self.banned, self.remaining)
            sticks = self.pos.sticks
            slides = sliding.legal_slides(self.pos, used, self.banned, self.remaining)
            return [Slide(side, sticks[sid], by) for sid, by in slides]
        if movement.CORE is not None:  # the same list from the compiled core (_core.c)
            moves: list[IrrMove] = movement.CORE.go_moves(self.pos, side, side.value, _END[side])
            return moves
        leave = movement.leaving_moves(self.pos, side)
        if leave:
            return [_go(side, a, b) for a, b in leave]
        out: list[IrrMove] = [_go(side, a, b) for a, b in movement.free_moves(self.pos, side)]
        out.append(_END[side])
        return out

    # ------------------------------------------------------------------ protocol: playing

    def check(self, move: IrrMove) -> None:
        """Raise IllegalMove (with its rule id) if `move` is not legal now."""
        if isinstance(move, Turn):
            self.clone().apply(move)
            return
        self._check(move)

    def apply(self, move: IrrMove) -> None:
        """Check and play `move`; a whole `Turn` is played all or nothing."""
        if isinstance(move, Turn):
            trial = self.clone()
            if trial.outcome is None and trial.phase == 2 and trial.used:
                raise self._illegal(move, Rule.WRONG_PHASE.value, "a whole turn cannot start in the middle of a turn")
            for step in move.steps():
                trial._check(step)
                trial._play(step)
            self._take(trial)
            return
        self._check(move)
        self._play(move)

    def apply_trusted(self, move: IrrMove) -> None:
        """Play a move from `legal_moves()` without checking it."""
        if isinstance(move, Turn):
            for step in move.steps():
                self._play(step)
        else:
            self._play(move)

    def _illegal(self, move: IrrMove, rule: str, reason: str) -> IllegalMove:
        return IllegalMove(f"{self.to_move.label}, {describe(move)}", rule, reason)

    def _check(self, move: IrrMove) -> None:
        if self.outcome is not None:
            raise self._illegal(move, Rule.GAME_OVER.value, f"the game is over ({self.outcome.rule})")
        if move.side is not self.to_move:
            raise self._illegal(move, Rule.WRONG_PLAYER.value, f"it is {self.to_move.label}'s turn")
        if isinstance(move, Lay):
            if self.phase != 1:
                raise self._illegal(move, Rule.WRONG_PHASE.value, "phase 1 is over: sticks are slid now, not laid")
            error = maze.lay_error(self.pos, move.stick)
            if error:
                raise self._illegal(move, *error)
            return
        if self.phase != 2:
            raise self._illegal(move, Rule.WRONG_PHASE.value, "phase 1: lay a stick")
        if isinstance(move, Slide):
            self._check_slide(move)
            return
        if self.remaining > 0:
            raise self._illegal(move, Rule.SLIDE_TOTAL.value, f"{self.remaining} more field(s) must be slid "
                                f"first ({len(self.used)} slide(s) so far)")
        try:
            if isinstance(move, Go):
                effect = movement.resolve(self.pos, self.to_move, move.src, move.dst)
                leaving = effect.home >= 0
            else:
                leaving = False
            if not leaving and movement.leaving_moves(self.pos, self.to_move):
                raise movement.Refusal(Rule.MUST_LEAVE.value, "a piece or castle on a castle must leave it, and it can")
        except movement.Refusal as exc:
            raise self._illegal(move, exc.rule, exc.reason) from None

    def _check_slide(self, move: Slide) -> None:
        pos = self.pos
        sid = pos.stick_id(move.stick)
        if sid < 0:
            raise self._illegal(move, Rule.NO_STICK.value, f"no stick lies at {move.stick}")
        if any(sid == u for u, _ in self.used):
            raise self._illegal(move, Rule.SLIDE_TWICE.value, f"stick {move.stick} was already slid this turn")
        sign = 1 if move.by > 0 else -1
        if self.banned.get(sid) == sign:
            raise self._illegal(move, Rule.SLIDE_BACK.value, f"{self.to_move.other.label} just slid stick "
                                f"{move.stick} the other way; it may not go back now")
        if len(self.used) >= MAX_SLIDE_STICKS:
            raise self._illegal(move, Rule.SLIDE_TOTAL.value, f"{MAX_SLIDE_STICKS} sticks were slid this turn "
                                "already: no more may slide")
        if move.by == 0 or abs(move.by) > self.remaining:
            raise self._illegal(move, Rule.SLIDE_TOTAL.value, f"{abs(move.by)} field(s) given, "
                                f"but {self.remaining} remain of this turn's total")
        if sliding.free_run(pos, sid, sign, abs(move.by)) < abs(move.by):
            raise self._illegal(move, Rule.SLIDE_BLOCKED.value,
                                f"{sliding.blocker(pos, sid, sign, abs(move.by))} is in the way")
        rest = self.remaining - abs(move.by)
        if rest:
            used = {u for u, _ in self.used} | {sid}
            pos.shift(sid, move.by)
            ok = sliding.can_slide(pos, used, self.banned, rest, MAX_SLIDE_STICKS - len(used))
            pos.shift(sid, -move.by)
            if not ok:
                raise self._illegal(move, Rule.SLIDE_TOTAL.value, f"after it the other {rest} field(s) "
                                    "of this turn's total could not be slid")

    def _play(self, move: IrrMove) -> None:
        side = self.to_move
        pos = self.pos
        if isinstance(move, Lay):
            pos.add_stick(move.stick)
            self.to_move = side.other
            if len(pos.sticks) >= self.board.sticks or not maze.legal_lays(pos, first_only=True):
                self._start_phase_2()
            return
        if isinstance(move, Slide):
            sid = pos.stick_id(move.stick)
            if self.FAST:
                runs.slid(pos, sid, move.by)
            else:
                pos.move_stick(sid, move.by)
            self.used.append((sid, 1 if move.by > 0 else -1))
            self.remaining -= abs(move.by)
            return
        event = False
        if isinstance(move, Go):
            effect = movement.resolve(pos, side, move.src, move.dst)
            block = pos.castle_block
            event = movement.play(pos, side, move.src, move.dst, effect)
            runs.castles_moved(pos, block)
            if pos.castles_of(side) == len(pos.c_owner):
                self.outcome = Outcome(side, "all-castles")
        self._end_turn(event)

    def _start_phase_2(self) -> None:
        self.phase = 2
        self.seen = {self._key(): 1}
        self._start_turn()

    def _start_turn(self) -> None:
        self.used = []
        self.remaining = (runs.turn_total if self.FAST else sliding.turn_total)(self.pos, self.banned, self.budget)

    def _key(self) -> int | str:
        """The position's key for the repetition rule (a Zobrist key; the text of
        `Position.key` on the plain path)."""
        return runs.zobrist(self.pos, self.to_move) if self.FAST else self.pos.key(self.to_move)

    def _end_turn(self, event: bool) -> None:
        self.turns += 1
        self.banned = {sid: -sign for sid, sign in self.used}
        self.to_move = self.to_move.other
        self.quiet = 0 if event else self.quiet + 1
        key = self._key()
        self.seen[key] = self.seen.get(key, 0) + 1
        if self.outcome is None:
            if self.seen[key] >= 3:
                self.outcome = Outcome(None, "repetition")
            elif self.quiet >= self.quiet_limit:
                self.outcome = Outcome(None, "hundred-rounds")
        if self.outcome is None:
            self._start_turn()
        else:
            self.used, self.remaining = [], 0

    def _take(self, other: IrrState) -> None:
        for name in IrrState.__slots__:
            setattr(self, name, getattr(other, name))

    # ------------------------------------------------------------------ protocol: copies, JSON

    def clone(self) -> IrrState:
        """An independent copy."""
        new = self.__class__.__new__(self.__class__)
        new.board, new.pos, new.to_move, new.phase = self.board, self.pos.clone(), self.to_move, self.phase
        new.remaining, new.used, new.banned = self.remaining, list(self.used), dict(self.banned)
        new.quiet, new.seen, new.outcome, new.turns = self.quiet, dict(self.seen), self.outcome, self.turns
        new.budget, new.quiet_limit, new.table = self.budget, self.quiet_limit, self.table
        return new

    def _by_place(self, marks: Any) -> set[tuple[Stick, int]]:
        return {(self.pos.sticks[sid], sign) for sid, sign in marks}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IrrState):
            return NotImplemented
        return (self.board.rows == other.board.rows and self.board.sticks == other.board.sticks
                and self.pos.same_as(other.pos) and self.to_move is other.to_move
                and self.phase == other.phase and self.remaining == other.remaining
                and self._by_place(self.used) == other._by_place(other.used)
                and self._by_place(self.banned.items()) == other._by_place(other.banned.items())
                and self.quiet == other.quiet and self.seen == other.seen
                and self.outcome == other.outcome and self.turns == other.turns)

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-able data (`from_json` gives an equal state)."""
        out = self.pos.to_json()
        out.update({
            "game": "irrlaeufer", "rows": self.board.rows, "stick_count": self.board.sticks,
            **({} if self.board.rules.is_default else {"rules": dataclasses.asdict(self.board.rules)}),
            "to_move": self.to_move.label, "phase": self.phase, "remaining": self.remaining,
            "used": [list(u) for u in self.used], "banned": sorted([sid, s] for sid, s in self.banned.items()),
            "quiet": self.quiet, "turns": self.turns, "seen": sorted([k, n] for k, n in self.seen.items()),
            "outcome": None if self.outcome is None else {
                "winner": None if self.outcome.winner is None else self.outcome.winner.label,
                "rule": self.outcome.rule},
        })
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any], board: IrrBoard | None = None) -> IrrState:
        """The state `to_json` wrote (DataError if it is malformed)."""
        try:
            if board is None:
                raw_rules = data.get("rules") or {}
                rules = IrrRules(**raw_rules)  # its defaults for the rules a default board leaves out
                board = IrrBoard(rows=int(data["rows"]), sticks=int(data["stick_count"]), rules=rules)
            state = cls.__new__(cls)
            state.board = board
            state.budget, state.quiet_limit = board.rules.slide_budget, board.rules.quiet_turns
            state.table = state.FAST and state.budget <= runs.REACH
            state.pos = Position.from_json(board, data)
            state.to_move = Side.parse(data["to_move"])
            state.phase = int(data["phase"])
            state.remaining = int(data["remaining"])
            state.used = [(int(a), int(b)) for a, b in data["used"]]
            state.banned = {int(a): int(b) for a, b in data["banned"]}
            state.quiet, state.turns = int(data["quiet"]), int(data["turns"])
            state.seen = {k if isinstance(k, (int, str)) else str(k): int(n) for k, n in data["seen"]}
            raw = data["outcome"]
            state.outcome = None if raw is None else Outcome(
                None if raw["winner"] is None else Side.parse(raw["winner"]), str(raw["rule"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("state", f"malformed Irrläufer state ({exc})") from None
        return state

    def move_to_json(self, move: IrrMove) -> dict[str, Any]:
        """`move` in record form (see moves.py)."""
        return move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> IrrMove:
        """The move a record entry names (DataError if it is malformed); a slide's `by` up to
        the set's `slide_budget`."""
        return move_from_json(data, budget=self.budget)


def new_game(options: Mapping[str, Any] | None = None, game_set: IrrBoard | str | Path | None = None,
             seed: int | None = None) -> IrrState:
    """A new game for a record's `options` (`rows`, `sticks`) on the board `game_set` (a board
    value, or the file to read; the built-in default board when None); the registry's entry
    point. DataError if wrong. `seed` is accepted for the shared interface and unused:
    Irrläufer deals no chance."""
    base = game_set if isinstance(game_set, IrrBoard) or game_set is None else load_board(game_set)
    return IrrState(board_from_options(dict(options) if options is not None else None, base))
