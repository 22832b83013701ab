"""Schlangennest rules (docs/rulings.md (Schlangennest)): `NestState`, a position with its turn
order (the GameState of cardgen.engine.base), and `new_game`, the opening the game's registry
object asks for. Rule identifiers are in `ruleids.Rule`; this module imports none of click,
reportlab, cairosvg, svgwrite, cardgen.art or cardgen.print.

The rules below the state live in a few small modules: `config` (options, variants, card
tables), `chains` (the board: laid cards, their parts and chains, kept incrementally),
`position` (the board with the hands and the seat to move, which the helpers read), `legality`
(the after-the-move rules of laying a card, on the fast path), `reopen` (loops: turns and the
tail swap; the curve guard), `verify` (the invariants checked after every move in tests) and
`frames` (the pre-laid frame variants).

Turn structure: seats move in order; a seat's turn lists its colours still to play (`pending`)
and how many cards it may still lay (`quota`: one per colour; in `two-snakes` the very first turn
lays one card, and in the first seat's second turn the card at its first tail is a straight or
curve, not a head; in `two-snakes-single` every turn lays one card for either snake). A colour with
nothing legal while the seat still has an action left ends the turn with a pass. A seat that
ends its turn having done nothing has passed; the game ends when every seat is finished, or when
all seats still playing have passed one after the other (a full round of passes).

A snake is finished when it has no open end (both ends capped by heads/tails or blocked by a
card side without a port) and is not a loop, when its owner has no card left and it is not a
loop, or when it is a loop that can be neither reopened by a turn nor by the tail swap at the
start of its owner's turn (recorded in `dead`: the rules say it is then finished for good).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.errors import DataError, IllegalMove
from cardgen.games.schlangennest import reopen
from cardgen.games.schlangennest.chains import Cell
from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.config import DX, DY, NestOptions, NestTables, make_rules, options_from_json
from cardgen.games.schlangennest.legality import Place, Problem, placed_snake_size, placement_problem, places_legal
from cardgen.games.schlangennest.moves import MoveKind, NestMove, move_from_json, move_to_json, pass_move, place
from cardgen.games.schlangennest.position import Position
from cardgen.games.schlangennest.ruleids import Rule
from cardgen.games.schlangennest.verify import verify_state

TAIL_FIRST_VARIANTS = frozenset({"tail-first", "two-snakes", "two-snakes-single"})
"""Variants in which every snake starts with its tail card."""

OPENING_TURN = 2
"""`two-snakes`: the number of the first seat's second turn (turns count from 0), in which it
lays its second tail and a straight or curve, not a head, at its first tail."""


class NestState(Position, GameState[NestMove]):
    """One Schlangennest position; mutable (`apply`), copied with `clone`."""

    __slots__ = ("pending", "quota", "acted", "passes", "dead", "terminal", "turns",
                 "moves")

    def __init__(self, rules: NestTables) -> None:
        super().__init__(rules)
        self.pending: tuple[int, ...] = rules.seats[0]
        self.quota = self._quota_for(0)
        self.acted = False
        self.passes = 0
        self.dead = [False] * len(rules.colours)
        self.terminal = False
        self.turns = 0
        self.moves = 0
        for cell, k, rot in rules.prelaid:
            self._put_card(cell, k, -1, rot)

    # ------------------------------------------------------------------ protocol basics

    @property
    def current_player(self) -> int:
        """The seat to move."""
        return self.seat

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return len(self.rules.seats)

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self.terminal

    def end_reason(self) -> str:
        """Every snake finished (see the module docstring), or a full round of passes."""
        if not self.terminal:
            return ""
        if all(self.finished(c) for c in range(len(self.rules.colours))):
            return "every snake is finished"
        return "a full round of passes: every player still playing passed in turn"

    def snake_size(self, colour: int) -> int:
        """The number of parts in `colour`'s snake (0 before its first card)."""
        sid = self.snake[colour]
        return len(self.chains[sid].parts) if sid >= 0 else 0

    def snake_score(self, colour: int) -> int:
        """What `colour`'s snake scores: its parts (the original), or with the set's rule
        snake_score = "coloured" its coloured parts only (grey parts, and the parts of a
        pre-laid frame snake, which belong to nobody, score nothing)."""
        sid = self.snake[colour]
        if sid < 0:
            return 0
        parts = self.chains[sid].parts
        if self.rules.coloured_score:
            part_colour = self.part_colour
            return sum(1 for p in parts if part_colour[p] >= 0)
        return len(parts)

    def scores(self) -> tuple[float, ...]:
        """Each seat's score summed over its snakes (`snake_score`: by default every part, grey
        parts, heads and tails included)."""
        return tuple(float(sum(self.snake_score(c) for c in seat)) for seat in self.rules.seats)

    def score_bounds(self) -> tuple[float, float]:
        """Lowest and highest score any seat can have now: 0 and every part on the board."""
        return (0.0, float(sum(1 for c in self.part_cell if c is not None)))

    def move_bound(self) -> int:
        """A bound on the number of moves a game can take, for simulation (laying uses a card;
        the few turns and passes in between are generously covered)."""
        return 4 * (sum(map(sum, self.hands)) + len(self.cells) + 2 * len(self.rules.seats)) + 40

    def verify(self) -> None:
        """AssertionError if one of Schlangennest's own invariants is broken (tests)."""
        verify_state(self)

    def score_after(self, move: NestMove) -> float:
        """The mover's seat's score right after the legal `move` (used by the greedy player)."""
        seat = self.seat
        if move.kind is MoveKind.PLACE and not self.rules.coloured_score:
            c = self.rules.colours.index(move.colour)
            others = sum(self.snake_size(o) for o in self.rules.seats[seat] if o != c)
            return float(others + placed_snake_size(self, c, self.rules.card_ids.index(move.card),
                                                    move.at, move.rot // 90 % 4))
        child = self.clone()
        child.apply_trusted(move)
        return child.scores()[seat]

    def clone(self) -> NestState:
        """An independent copy."""
        other = NestState.__new__(NestState)
        other.rules = self.rules
        self._copy_board_into(other)
        other.hands = [list(h) for h in self.hands]
        other.seat, other.pending, other.quota, other.acted = self.seat, self.pending, self.quota, self.acted
        other.passes, other.dead, other.terminal = self.passes, list(self.dead), self.terminal
        other.turns, other.moves = self.turns, self.moves
        return other

    # ------------------------------------------------------------------ finished snakes and turns

    def finished(self, c: int) -> bool:
        """Whether colour c's snake is finished (see the module docstring)."""
        if self.dead[c]:
            return True
        sid = self.snake[c]
        has_cards = any(self.hands[c])
        if sid < 0:
            return not has_cards
        ch = self.chains[sid]
        if ch.is_loop:
            return False
        if not has_cards:
            return True
        cells = self.cells
        return all((x + DX[e], y + DY[e]) in cells for x, y, e in ch.free)

    def _quota_for(self, seat: int) -> int:
        rules = self.rules
        if rules.has("two-snakes-single") or (rules.has("two-snakes") and getattr(self, "turns", 0) == 0):
            return 1
        return len(self.rules.seats[seat])

    def _ready(self, seat: int) -> tuple[int, ...]:
        """The seat's colours still playing; loops that cannot be reopened are marked finished."""
        out = []
        for c in self.rules.seats[seat]:
            if self.finished(c):
                continue
            if self.is_loop(c) and not reopen.reopen_moves(self, c):
                self.dead[c] = True
                continue
            out.append(c)
        return tuple(out)

    def _next_turn(self) -> None:
        self.passes = 0 if self.acted else self.passes + 1
        n = len(self.rules.seats)
        for i in range(1, n + 1):
            s = (self.seat + i) % n
            ready = self._ready(s)
            if ready:
                active = sum(1 for t in range(n) if any(not self.finished(c) for c in self.rules.seats[t]))
                if self.passes >= active:
                    break
                self.seat, self.pending, self.acted = s, ready, False
                self.turns += 1
                self.quota = self._quota_for(s)
                return
        self.terminal = True
        self.pending = ()

    def _after_action(self, c: int) -> None:
        self.acted = True
        self.moves += 1
        self.quota -= 1
        self.pending = tuple(p for p in self.pending if p != c and not self.finished(p))
        if self.quota <= 0 or not self.pending:
            self._next_turn()

    # ------------------------------------------------------------------ move generation

    def _start_cells(self) -> list[Cell]:
        """Where a snake's first card may go: touching a laid card, at a corner too; with the
        rule diagonal_opening = false one place away instead (near a laid card, touching none)."""
        cells = self.cells
        if not cells:
            return [(0, 0)]  # the first card may go anywhere; all cells are alike
        if self._first_card():
            return self._first_cells()
        if not self.rules.diagonal_opening:
            return sorted({(x + dx, y + dy) for (x, y) in cells for dx in range(-2, 3) for dy in range(-2, 3)
                           if max(abs(dx), abs(dy)) == 2 and not self._touches((x + dx, y + dy))})
        out = set()
        for (x, y) in cells:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    cell = (x + dx, y + dy)
                    if cell not in cells:
                        out.add(cell)
        return sorted(out)

    def _first_card(self) -> bool:
        """Whether the next card is the game's very first player card, which may go anywhere
        (cards laid before play, the frame variants' frames, do not make it a later one)."""
        return all(s < 0 for s in self.snake)

    def _first_cells(self) -> list[Cell]:
        """The cells a generated first card goes to beside a frame variant's pre-laid cards:
        every empty cell of the fixed box and every one touching a laid card (a head or tail
        outside the box). A record may lay it farther out, a lone head or tail; the generated
        moves leave those out, as they leave out every cell but (0, 0) on an empty table."""
        cells, box = self.cells, self.rules.fixed_box
        out = {(x + dx, y + dy) for (x, y) in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        if box is not None:
            out.update((x, y) for x in range(box[0], box[2] + 1) for y in range(box[1], box[3] + 1))
        return sorted(out - cells.keys())

    def _touches(self, cell: Cell, reach: int = 1) -> bool:
        """Whether a laid card lies within `reach` places of `cell` (at an edge or a corner)."""
        x, y = cell
        cells = self.cells
        return any((x + dx, y + dy) in cells for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))

    def _must_start(self, c: int) -> bool:
        """two-snakes-single: a seat lays both tails before anything else."""
        if not self.rules.has("two-snakes-single") or self.snake[c] < 0:
            return False
        return any(self.snake[o] < 0 for o in self.rules.seats[self.seat])

    def _opening_body(self, c: int) -> bool:
        """`two-snakes`: whether colour c's card this turn is the one the first seat lays at its
        first tail in its second turn (a straight or curve: no head). The seat's other colour
        lays its tail in the same turn (tail-first). If the first snake can take no straight or
        curve then, it lays nothing this turn; the rest of the game allows heads again."""
        return (self.rules.has("two-snakes") and self.turns == OPENING_TURN and self.seat == 0
                and self.snake[c] >= 0)

    def colour_candidates(self, c: int) -> list[NestMove]:
        """Moves for colour c that fit geometrically (cell, hand, open end); the after-the-move
        rules are not checked yet. Rotations giving the same picture appear once."""
        rules, name, hand = self.rules, self.rules.colours[c], self.hands[c]
        if self.snake[c] < 0:
            cards = [rules.tail] if rules.variants & TAIL_FIRST_VARIANTS else range(len(rules.card_ids))
            return [place(name, rules.card_ids[k], cell, r * 90)
                    for cell in self._start_cells() for k in cards if hand[k] for r in rules.rots[k]]
        if self._must_start(c):
            return []
        if self.is_loop(c):
            return reopen.reopen_candidates(self, c)
        seen: set[tuple[int, Cell, int]] = set()
        out = []
        body_only = self._opening_body(c)
        for x, y, e in self.open_ends(self.snake[c]):
            cell = (x + DX[e], y + DY[e])
            f = e ^ 2
            for k, count in enumerate(hand):
                if count and not (body_only and not rules.counted[k]):
                    for r in rules.fits[k][f]:
                        key = (k, cell, r)
                        if key not in seen:
                            seen.add(key)
                            out.append(place(name, rules.card_ids[k], cell, r * 90))
        return out

    def candidate_moves(self) -> list[NestMove]:
        """A superset of the legal moves other than passing, cheap to list (engine fast path)."""
        if self.terminal:
            return []
        return [m for c in self.pending for m in self.colour_candidates(c)]

    def _place_of(self, move: NestMove) -> Place:
        rules = self.rules
        return (rules.colours.index(move.colour), rules.card_ids.index(move.card), move.at, move.rot // 90)

    def candidate_is_legal(self, move: NestMove) -> bool:
        """Whether a move from `candidate_moves()` is legal (trusts what generation checked)."""
        if move.kind is MoveKind.PLACE:
            return places_legal(self, [self._place_of(move)])[0]
        return self._problem(move) is None

    def legal_moves(self) -> list[NestMove]:
        """Every legal move, in a fixed order; [pass] when nothing else is legal."""
        if self.terminal:
            return []
        cands = self.candidate_moves()
        fits = iter(places_legal(self, [self._place_of(m) for m in cands if m.kind is MoveKind.PLACE]))
        moves = [m for m in cands if (next(fits) if m.kind is MoveKind.PLACE else self._problem(m) is None)]
        return moves or [pass_move(self.rules.colours[self.rules.seats[self.seat][0]])]

    def move_class(self, move: NestMove) -> int:
        """The `sensible` player's preference: 0 body cards, turns and swaps; 1 heads and tails."""
        if move.kind is MoveKind.PLACE and self.rules.kinds[self.rules.card_ids.index(move.card)] in ("head", "tail"):
            return 1
        return 0

    def move_label(self, move: NestMove) -> str:
        """What kind of move it is, for statistics: the card kind laid, or turn/swap/pass."""
        if move.kind is MoveKind.PLACE:
            return self.rules.kinds[self.rules.card_ids.index(move.card)]
        return move.kind.name.lower()

    def move_cells(self, move: NestMove) -> tuple[tuple[int, int], ...]:
        """The cell of the card laid, turned or swapped (a pass: none), for the heatmap."""
        return () if move.kind is MoveKind.PASS else (move.at,)

    # ------------------------------------------------------------------ checking

    def _problem(self, move: NestMove) -> Problem:
        """The first rule `move` breaks here, or None."""
        rules = self.rules
        if self.terminal:
            return (Rule.GAME_OVER, "the game is over")
        if move.colour not in rules.colours:
            return (Rule.WRONG_PLAYER, f"{move.colour!r} does not play in this game")
        c = rules.colours.index(move.colour)
        if c not in rules.seats[self.seat]:
            return (Rule.WRONG_PLAYER, f"it is {self.seat_name(self.seat)}'s turn, not {move.colour}'s")
        if move.kind is MoveKind.PASS:
            if any(self.candidate_is_legal(m) for m in self.candidate_moves()):
                return (Rule.PASS_NOT_ALLOWED, f"{move.colour} has a legal move")
            return None
        if c not in self.pending:
            if self.finished(c):
                return (Rule.SNAKE_FINISHED, f"the {move.colour} snake is finished")
            return (Rule.WRONG_PLAYER, f"{move.colour} has already played this turn")
        if move.kind is not MoveKind.PLACE:
            return reopen.reopen_problem(self, c, move)
        if move.card not in rules.card_ids:
            return (Rule.UNKNOWN_CARD, f"the set has no card {move.card!r} ({', '.join(rules.card_ids)})")
        k = rules.card_ids.index(move.card)
        if move.rot % 90:
            raise DataError("", f"rotation {move.rot} is not a multiple of 90")
        r = move.rot // 90 % 4
        if not self.hands[c][k]:
            return (Rule.NO_CARD_LEFT, f"{move.colour} has no {move.card} card left")
        if move.at in self.cells:
            return (Rule.OCCUPIED, f"({move.at[0]},{move.at[1]}) already holds a card")
        if self.snake[c] < 0:
            if rules.variants & TAIL_FIRST_VARIANTS and k != rules.tail:
                return (Rule.TAIL_FIRST, f"the {move.colour} snake must start with its tail card")
            if not self._first_card():
                at = f"({move.at[0]},{move.at[1]})"
                if rules.diagonal_opening:
                    if not self._touches(move.at):
                        return (Rule.NOT_TOUCHING, f"{at} touches no laid card")
                elif self._touches(move.at):
                    return (Rule.OPENING_TOUCHES, (f"{at} touches a laid card; under this set's rules a "
                                                   "snake's first card touches none, not even at a corner"))
                elif not self._touches(move.at, 2):
                    return (Rule.NOT_TOUCHING, f"{at} is more than one place away from every laid card")
        else:
            if self._must_start(c):
                return (Rule.TAIL_FIRST, "both tails are laid before any other card")
            if self.is_loop(c):
                return (Rule.NOT_OWN_END, f"the {move.colour} snake is a loop: turn one of its curve cards")
            if not self._faces_own_end(c, k, move.at, r):
                return (Rule.NOT_OWN_END, f"the {move.card}'s coloured part faces no open end "
                                          f"of the {move.colour} snake")
            if self._opening_body(c) and not rules.counted[k]:
                return (Rule.OPENING_BODY, f"in this turn the {move.colour} snake's second card is a "
                                           "straight or curve, not a head")
        return placement_problem(self, c, k, move.at, r)

    def _faces_own_end(self, c: int, k: int, cell: Cell, r: int) -> bool:
        x, y = cell
        sid = self.snake[c]
        for _, ports, own in self.rules.spec[k][r]:
            if own:
                for e in ports:
                    other = self.port_at.get((x + DX[e], y + DY[e], e ^ 2))
                    if other is not None and self.chain_of[other] == sid:
                        return True
        return False

    def check(self, move: NestMove) -> None:
        """Raise IllegalMove (with its rule id) if `move` is not legal here."""
        problem = self._problem(move)
        if problem:
            rule, reason = problem
            raise IllegalMove(str(move), rule.value, reason)

    # ------------------------------------------------------------------ playing

    def apply(self, move: NestMove) -> None:
        """Check `move` and play it."""
        self.check(move)
        self.apply_trusted(move)

    def apply_trusted(self, move: NestMove) -> None:
        """Play a legal move without checking it."""
        rules = self.rules
        c = rules.colours.index(move.colour)
        if move.kind is MoveKind.PASS:
            self.moves += 1
            self._next_turn()
            return
        if move.kind is MoveKind.PLACE:
            k = rules.card_ids.index(move.card)
            self._put_card(move.at, k, c, move.rot // 90 % 4)
            self.hands[c][k] -= 1
        else:
            reopen.apply_reopen(self, c, move)
        self._after_action(c)

    # ------------------------------------------------------------------ JSON and equality

    def move_to_json(self, move: NestMove) -> dict[str, Any]:
        """`move` as a record entry."""
        return move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> NestMove:
        """The move a record entry names (DataError if malformed)."""
        return move_from_json(data)

    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON data."""
        rules = self.rules
        names = rules.colours
        return {
            "game": "schlangennest", "options": rules.options.to_json(), "set": rules.options.set_path,
            "cards": [[x, y, rules.card_ids[k], names[col], rot * 90]
                      for (x, y), (k, col, rot, _) in sorted(self.cells.items()) if col >= 0],
            "hands": {names[c]: dict(zip(rules.card_ids, h)) for c, h in enumerate(self.hands)},
            "seat": self.seat, "pending": [names[c] for c in self.pending], "quota": self.quota,
            "acted": self.acted, "passes": self.passes, "dead": [names[c] for c, d in enumerate(self.dead) if d],
            "terminal": self.terminal, "turns": self.turns, "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], nest_set: NestSet | None = None) -> NestState:
        """The position `to_json` described (on `nest_set` when given, else the set file the
        data names)."""
        rules = make_rules(options_from_json(data["options"], nest_set or data.get("set") or None))
        state = cls(rules)
        names = rules.colours
        for x, y, card, col, rot in data["cards"]:
            state._put_card((x, y), rules.card_ids.index(card), names.index(col), rot // 90)
        state._rebuild()
        state.hands = [[data["hands"][n][cid] for cid in rules.card_ids] for n in names]
        state.seat, state.quota, state.acted = data["seat"], data["quota"], data["acted"]
        state.pending = tuple(names.index(n) for n in data["pending"])
        state.passes, state.terminal = data["passes"], data["terminal"]
        state.dead = [n in data["dead"] for n in names]
        state.turns, state.moves = data["turns"], data["moves"]
        return state

    def restore(self, data: dict[str, Any]) -> NestState:
        """The position `to_json` described, on this state's set when the data names its file."""
        options = self.rules.options
        same = options.nest_set is not None and data.get("set") == options.set_path
        return type(self).from_json(data, options.nest_set if same else None)

    def key(self) -> tuple[Any, ...]:
        """Everything rule-relevant, for equality."""
        return (self.rules.options, frozenset((cell, v[:3]) for cell, v in self.cells.items()),
                tuple(map(tuple, self.hands)), self.seat, self.pending, self.quota, self.acted,
                self.passes, tuple(self.dead), self.terminal, self.turns, self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NestState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


def new_game(options: dict[str, Any] | NestOptions, game_set: NestSet | str | Path | None = None,
             seed: int | None = None) -> NestState:
    """The opening position for record-style `options` (or a NestOptions), with the set
    `game_set` (a set value, or the file to read; the built-in standard set when None).
    DataError if the options are wrong.
    `seed` is accepted for the shared interface and unused: Schlangennest deals no chance."""
    if not isinstance(options, NestOptions):
        options = options_from_json(options, game_set)
    return NestState(make_rules(options))
