"""Schlangengrube rules: the bag, hands of 5, two tiles a turn, scoring, variants (docs/rulings.md, Schlangengrube).

The numbers are the set's rules (its `[rules]` table, `components.PitRules`), read once into the
game's `PitSetup`: hand size, tiles per turn, the snake score, the double factor, the "2x"
markers and their threshold. The text below names the original's values.

`PitState` is one position (cardgen.engine.base.GameState). States are made by `PitGame` (a
set with options, below): `new_initial_state(seed)` shuffles the bag, lays the start tile at
(0, 0) (rotation 0, not flipped) and deals 5 tiles to each seat in seat order; seat 0 moves
first. `new_game` (below) is the entry point the game's registry object calls.

A step is one tile: `legal_moves()` lists `Place`s for the player to move (or just `Pass` when
no tile of their hand fits at the start of their turn). After the first tile of a turn the same
player moves again if a second tile fits, otherwise the turn ends at once (the only-one-tile
case, which is not a pass). Stepping per tile keeps the branching at hand x cells x faces instead
of its square, and a random playout at ~55 steps. `apply(Turn)` plays a whole record turn.

Rulings the seed leaves open, decided here (and tested):
- the start tile counts as laid by nobody; it never scores;
- refills happen only after a turn that laid a tile; a pass draws nothing;
- the game ends after a turn when every hand is empty, or when every player in a row has passed
  (a full round of passes);
- a turn lays up to `tiles_per_turn` tiles: after each tile, the same player lays another while
  one fits and the turn has not laid them all; a turn that laid fewer ends when none fits;
- `double-markers`: a player who completes a snake of 6 (`double_threshold`) or more tiles takes a "2x" marker if the
  supply (the set's `double_markers`) has one and they never took one; the marker doubles the
  whole score of that player's next placement that completes any snake, and is then spent;
- `secret-colour`: the bonus (the same points again for every snake of the secret colour the
  player completed, each counted with every doubling it got) is added only once the game is over,
  since the markers stay secret until then;
- doublings multiply: a tile completing two snakes (x2) played with a "2x" marker scores x4.
- Replay mode (`PitGame.replay_state`): hands and bag are unknown, so a tile is refused only when
  all its copies are on the table (`no-tile-left`), `pass-not-allowed` and `must-place-second`
  are not checked, and the game is over when every tile is laid or after a full round of passes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.errors import DataError, IllegalMove
from cardgen.geometry import ROTATIONS

from .components import GAME, PitSet, load_pit_set
from .moves import Pass, PitMove, Place, Start, Turn, move_from_json, move_to_json
from .options import PitOptions
from .position import PitPosition
from .scoring import SNAKE_SCORE, Completion, factor
from .setup import PitSetup
from .state_json import state_from_json, state_to_json, verify_state
from .table import CORE, DX, DY, Board, PartSpec


class PitState(PitPosition, GameState[PitMove]):
    """One position of Schlangengrube (cardgen.engine.base.GameState); mutable, see `clone`."""

    __slots__ = ("_cache", "_scores")

    def __init__(self, game: PitSetup, start: Place | None, replaying: bool) -> None:
        """An initial position with `start` laid (if any) and empty hands (use PitGame's
        constructors or `new_game`)."""
        super().__init__(game, replaying)
        self._cache: list[Place] | None = None
        self._scores: list[int] | None = None
        if start is not None:
            self.apply_trusted(Start(self._checked_start(Start(start))))

    # ------------------------------------------------------------------ protocol: reading

    @property
    def current_player(self) -> int:
        """The seat to move (the same seat for both tiles of a turn)."""
        return self.player

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return self.game.options.players

    def is_terminal(self) -> bool:
        """Whether the game is over (every hand empty, or a full round of passes)."""
        return self.over

    def end_reason(self) -> str:
        """Every tile laid, or a full round of passes."""
        if not self.over:
            return ""
        return "a full round of passes" if self.passes >= self.num_players else "every tile is laid"

    def scores(self) -> tuple[int, ...]:
        """Each seat's points; the secret-colour bonus is included once the game is over."""
        if self.over:
            return tuple(p + b for p, b in zip(self.points, self.bonus))
        return tuple(self.points)

    def _kinds(self) -> list[int]:
        if self.replaying:
            tiles = self.game.set.tiles
            return [t for t in range(len(tiles)) if self.laid[t] < tiles[t].count]
        return sorted(set(self.hands[self.player]))

    def _placements(self) -> list[Place]:
        if self._cache is None:
            if CORE is not None and not self.replaying:  # the compiled core scores them in the same call
                game, player = self.game, self.player
                self._cache, self._scores = CORE.placements(
                    self.board, self._kinds(),
                    (self.points[player], self.ready[player], game.double_factor, SCORE_RULES[game.snake_score]))
            else:
                self._cache, self._scores = self.board.placements(self._kinds()), None
        return self._cache

    def legal_moves(self) -> list[PitMove]:
        """Every legal step: the placements (hand kinds in set order, then by cell key and face),
        or `[Pass]` when none exists at the start of a turn; empty once the game is over;
        before the start tile (an empty replay table) one `Start` per tile kind."""
        if self.over:
            return []
        if not self.board.cells:
            return [Start(Place(t.id, (0, 0))) for t in self.game.set.tiles]
        moves: list[PitMove] = list(self._placements())
        if not moves and self.placed == 0:
            moves.append(Pass(self.player))
        return moves

    # ------------------------------------------------------------------ protocol: checking

    def _illegal(self, what: object, rule: str, reason: str) -> IllegalMove:
        return IllegalMove(f"player {self.player + 1}: {what}", rule, reason)  # seats print from 1

    def _resolve(self, place: Place, check: bool = False) -> tuple[int, int]:
        t = self.game.cat.ids.get(place.tile)
        if t is None:
            raise self._illegal(place, "unknown-tile", f"there is no tile {place.tile!r} in the set")
        if check and (place.rot not in ROTATIONS or not isinstance(place.flip, bool)
                      or not isinstance(place.at, tuple) or len(place.at) != 2
                      or not all(isinstance(v, int) and not isinstance(v, bool) for v in place.at)):
            raise self._illegal(place, "bad-orientation", "rot must be 0, 90, 180 or 270, flip a bool, "
                                                           "at two whole numbers")
        return t, self.game.cat.orient_of[(t, place.rot, place.flip)]

    def _check_place(self, place: Place) -> tuple[int, int]:
        if self.over:
            raise self._illegal(place, "game-over", "the game is over")
        t, oi = self._resolve(place, check=True)
        if self.replaying:
            if self.laid[t] >= self.game.set.tiles[t].count:
                raise self._illegal(place, "no-tile-left", f"every copy of {place.tile} is already laid")
        elif t not in self.hands[self.player]:
            raise self._illegal(place, "not-in-hand", f"{place.tile} is not in the player's hand")
        problem = self.board.problem(t, oi, place.at)
        if problem is not None:
            raise self._illegal(place, *problem)
        return t, oi

    def _check_pass(self, move: Pass) -> None:
        if self.over:
            raise self._illegal("pass", "game-over", "the game is over")
        if move.player != self.player:
            raise self._illegal("pass", "wrong-player", f"player {move.player + 1} is not to move")
        if self.placed:
            raise self._illegal("pass", "must-place-second", "a second tile fits after the first")
        if not self.replaying and self._placements():
            raise self._illegal("pass", "pass-not-allowed",
                                f"a tile can be laid, e.g. {self._placements()[0]}")

    def _check_turn_shape(self, move: Turn) -> None:
        if self.over:
            raise self._illegal("turn", "game-over", "the game is over")
        if move.player != self.player:
            raise self._illegal("turn", "wrong-player", f"player {move.player + 1} is not to move")
        if self.placed:
            raise self._illegal("turn", "mid-turn", "the first tile of this turn is already laid")
        most = self.game.per_turn
        if not move.places:
            raise self._illegal("turn", "empty-turn", f"a turn lays 1 to {most} tiles")
        if len(move.places) > most:
            raise self._illegal("turn", "too-many-tiles", f"a turn lays at most {most} tiles, not {len(move.places)}")

    def _play_turn_checked(self, move: Turn) -> None:
        self._check_turn_shape(move)
        for place in move.places:
            self._lay(place, *self._check_place(place))
            self.placed += 1
        if len(move.places) < self.game.per_turn and not self.replaying and self._placements():
            raise self._illegal(move.places[0], "must-place-second",
                                f"a second tile fits after the first, e.g. {self._placements()[0]}")
        self._end_turn()

    def _checked_start(self, move: Start) -> Place:
        if self.board.cells:
            raise self._illegal("start", "start-again", "the start tile is already laid")
        self._resolve(move.place, check=True)
        return move.place

    def check(self, move: PitMove) -> None:
        """Raise IllegalMove (rule id in `.rule`, see moves.RULES) unless `move` is legal here."""
        if not self.board.cells and not isinstance(move, Start):
            raise self._illegal(move, "start-missing", "the start tile must be laid first")
        if isinstance(move, Place):
            self._check_place(move)
        elif isinstance(move, Pass):
            self._check_pass(move)
        elif isinstance(move, Turn):
            self.clone()._play_turn_checked(move)
        elif isinstance(move, Start):
            self._checked_start(move)
        else:
            raise self._illegal(move, "malformed-move", "not a Schlangengrube move")

    # ------------------------------------------------------------------ protocol: playing

    def apply(self, move: PitMove) -> None:
        """Check `move` and play it (a Turn all or nothing); IllegalMove leaves the state as it was."""
        if not self.board.cells and not isinstance(move, Start):
            raise self._illegal(move, "start-missing", "the start tile must be laid first")
        if isinstance(move, Turn):
            trial = self.clone()
            trial._play_turn_checked(move)
            for name in _FIELDS:
                setattr(self, name, getattr(trial, name))
            return
        self.check(move)
        self.apply_trusted(move)

    def apply_trusted(self, move: PitMove) -> None:
        """Play a move from `legal_moves()` (or an already checked one) without checking it."""
        if isinstance(move, Place):
            t, oi = self._resolve(move)
            self._lay(move, t, oi)
            self.placed += 1
            if self.placed >= self.game.per_turn or not self._placements():
                self._end_turn()
        elif isinstance(move, Pass):
            self._end_turn()
        elif isinstance(move, Turn):
            for place in move.places:
                self._lay(place, *self._resolve(place))
                self.placed += 1
            self._end_turn()
        elif isinstance(move, Start):
            t, oi = self._resolve(move.place)
            self.laid[t] += 1
            self.board.lay(t, oi, move.place.at)
            self.start = move.place
            self._cache = None

    def _lay(self, place: Place, t: int, oi: int) -> None:
        if not self.replaying:
            self.hands[self.player].remove(t)
        self.laid[t] += 1
        self.turn.append(place)
        self._cache = None
        completed = self.board.lay(t, oi, place.at)
        if completed:
            self._score(completed)

    def _score(self, completed: list[tuple[int, int]]) -> None:
        player, game = self.player, self.game
        times = factor(len(completed), self.ready[player], game.double_factor)
        self.ready[player] = False
        colours, score = game.set.colours, game.snake_score
        for colour, tiles in completed:
            points = score(tiles) * times
            self.points[player] += points
            if self.secret is not None and self.secret[player] == colour:
                self.bonus[player] += points
            self.completions.append(Completion(player, colours[colour], tiles, points))
        if (game.options.has("double-markers") and self.supply > 0 and not self.taken[player]
                and any(tiles >= game.threshold for _, tiles in completed)):
            self.supply -= 1
            self.taken[player] = self.ready[player] = True

    def _end_turn(self) -> None:
        self.log.append((self.player, tuple(self.turn) if self.turn else None))
        if self.turn:
            self.passes = 0
            hand, bag, size = self.hands[self.player], self.bag, self.game.hand_size
            while len(hand) < size and bag:
                hand.append(bag.pop())
        else:
            self.passes += 1
        self.turn = []
        self.placed = 0
        self._cache = None
        if self.replaying:
            tiles = self.game.set.tiles
            empty = all(self.laid[t] >= tile.count for t, tile in enumerate(tiles))
        else:
            empty = not any(self.hands)
        if empty or self.passes >= self.num_players:
            self.over = True
        else:
            self.player = (self.player + 1) % self.num_players

    # ------------------------------------------------------------------ protocol: copies, JSON

    def clone(self) -> PitState:
        """An independent copy (the game and its catalogue are shared, read-only)."""
        new = PitState.__new__(PitState)
        for name in _FIELDS:
            setattr(new, name, getattr(self, name))
        new.board = self.board.copy()
        new.hands = [list(h) for h in self.hands]
        for name in ("bag", "laid", "points", "bonus", "taken", "ready", "turn", "log", "completions"):
            setattr(new, name, list(getattr(self, name)))
        return new

    def determinize(self, seat: int, rng: random.Random) -> PitState:
        """A copy as `seat` sees it: the tiles it cannot see (the other hands and the bag, the
        set's tiles less those laid and its own hand) shuffled and dealt again, each other hand
        keeping its size and the bag its size; in the secret-colour variant the other seats'
        colours are drawn again from the markers the seat's own colour leaves (their bonus
        recounted from the snakes they completed)."""
        new = self.clone()
        others = [p for p in range(self.num_players) if p != seat]
        unseen = sorted([t for p in others for t in self.hands[p]] + list(self.bag))
        rng.shuffle(unseen)  # from a sorted pool: the draw depends on what the seat sees alone
        for p in others:
            size = len(self.hands[p])
            new.hands[p], unseen = unseen[:size], unseen[size:]
        new.bag = unseen
        if self.secret is not None:
            index = self.game.cat.colour_index
            markers = [index[c] for c in self.game.set.colours[: self.game.set.head_markers]]
            drawn = rng.sample([c for c in markers if c != self.secret[seat]], len(others))
            secret = list(self.secret)
            for p, colour in zip(others, drawn):
                secret[p] = colour
            new.secret = tuple(secret)
            colours = self.game.set.colours
            new.bonus = [sum(c.points for c in self.completions if c.player == p and colours[secret[p]] == c.colour)
                         for p in range(self.num_players)]
        new._cache = None
        return new

    def _key(self) -> tuple[Any, ...]:
        board = {cell: (info[0], info[1]) for cell, info in self.board.cells.items()}
        return (self.game.set, self.game.options, self.replaying, board,
                [sorted(h) for h in self.hands], self.bag, self.laid, self.points, self.bonus, self.secret,
                self.supply, self.taken, self.ready, self.player, self.placed, self.passes, self.over, self.turn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PitState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-able data (see state_json)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PitState:
        """The state `to_json` wrote (its set is loaded again from the saved path)."""
        return state_from_json(lambda game, replaying: cls(game, None, replaying), data)

    def restore(self, data: dict[str, Any]) -> PitState:
        """The state `to_json` wrote, on this state's set and options when the data names the same."""
        same = data.get("set") == str(self.game.set.path) and data.get("options") == self.game.options.to_json()
        return state_from_json(lambda game, replaying: type(self)(game, None, replaying), data,
                               self.game if same else None)

    def verify(self) -> None:
        """AssertionError if an internal invariant is broken (tests; see state_json.verify_state)."""
        verify_state(self)

    def move_bound(self) -> int:
        """A bound on the steps left: every step lays a tile or passes, and fewer than a round
        of passes can come between two tiles."""
        return (self.game.set.total - len(self.board.cells) + 1) * self.num_players + 1

    def playout_limit(self) -> int:
        """Search playouts look two rounds ahead (each seat lays up to `tiles_per_turn` tiles a turn), then
        `evaluate` scores the position: full random playouts of ~55 steps cost much and tell
        little about who is ahead."""
        return 4 * self.num_players

    def evaluate(self, seat: int) -> float:
        """`seat`'s lead over the best other seat, squashed into 0..1 (a lead of one average
        snake, about 10 points, is worth about 0.73)."""
        scores = self.scores()
        lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        return 1.0 / (1.0 + math.exp(-lead / 10.0))

    def score_after(self, move: PitMove) -> float:
        """The mover's score right after `move` (the greedy player and the search's move order
        ask this for every legal tile): the points of the snakes the tile would complete, read
        off the table's snakes without copying the state. A step that may end the game (the
        last tile of all, in the secret-colour variant, where the bonus then counts) and every
        other kind of move take the copy of the default."""
        if (not isinstance(move, Place) or self.replaying
                or (self.secret is not None and not self.bag and sum(map(len, self.hands)) <= 1)):
            return super().score_after(move)
        t, oi = self._resolve(move)
        sizes = _would_complete(self.board, self.game.cat.orients[t][oi].parts, move.at)
        points = self.points[self.player]
        if sizes:
            game = self.game
            points += sum(map(game.snake_score, sizes)) * factor(len(sizes), self.ready[self.player],
                                                                 game.double_factor)
        return points

    def scores_after(self, moves: list[PitMove]) -> list[float]:
        """`score_after` of each of `moves`; with the compiled core, the scores it gave with the
        placements (the same values, see `_would_complete`)."""
        if (CORE is None or self.over or self.replaying or not self.board.cells
                or (self.secret is not None and not self.bag and sum(map(len, self.hands)) <= 1)):
            return super().scores_after(moves)
        cache = self._placements()
        scores = self._scores
        if scores is None:
            return super().scores_after(moves)
        if moves == cache:
            return list(scores)
        found: list[float | None] = CORE.reorder(moves, cache, scores)
        return [self.score_after(m) if s is None else s for m, s in zip(moves, found)]

    def ripe_changes(self, places: list[Place]) -> list[int]:
        """For each of `places` (legal placements), how the points of the ripe snakes on the
        table (one open port: whoever lays the missing end completes them) would change if it
        were laid, read without laying it (`thorough` weighs this risk after a turn's last tile
        without a copy of the table for each, cardgen/games/schlangengrube/strategy.py)."""
        cat, board, score = self.game.cat, self.board, self.game.snake_score
        out = []
        for place in places:
            t, oi = self._resolve(place)
            out.append(_ripe_change(board, cat.orients[t][oi].parts, place.at, score))
        return out

    def move_label(self, move: PitMove) -> str:
        """The kind of step, for statistics: the group of a laid tile (crossing, double-curve,
        straight-end, curve-end, end-end, other), or start, pass or turn."""
        if isinstance(move, Place):
            return self.game.set.tile(move.tile).kind
        return type(move).__name__.lower()

    def move_cells(self, move: PitMove) -> tuple[tuple[int, int], ...]:
        """The cell of each tile a player lays (a whole turn: both), for the heatmap; a pass
        and the start tile, laid before anyone's turn, put nothing."""
        if isinstance(move, Place):
            return (move.at,)
        return tuple(p.at for p in move.places) if isinstance(move, Turn) else ()

    def move_to_json(self, move: PitMove) -> dict[str, Any]:
        """`move` as a game-record entry (a lone Place becomes a one-placement entry)."""
        return move_to_json(move, self.player)

    def move_from_json(self, data: dict[str, Any]) -> Turn | Pass | Start:
        """The move a game-record entry names (DataError if malformed)."""
        return move_from_json(data)

    def record(self) -> dict[str, Any]:
        """The game so far as a game record (docs/records.md) (a half-played turn is left out)."""
        options = self.game.options
        if self.secret is not None:
            options = replace(options, secret=tuple(self.game.set.colours[c] for c in self.secret))
        moves = [] if self.start is None else [move_to_json(Start(self.start), 0)]
        for player, places in self.log:
            moves.append(move_to_json(Pass(player) if places is None else Turn(player, places), player))
        return {"game": GAME, "options": options.to_json(), "moves": moves}


def _joins(board: Board, part: PartSpec, cell: tuple[int, int]) -> tuple[list[int], int, int]:
    """What laying `part` at `cell` would join, as `Board.lay` joins it, without laying it: the
    snakes (roots) behind its ports, and the tiles and open ports of the snake it would make (a
    tile's two parts have different colours, so never the same snake)."""
    cells, size, opened = board.cells, board.size, board.open
    x, y = cell
    roots: list[int] = []
    tiles, ports = 1, len(part.ports)
    for e in part.ports:
        info = cells.get((x + DX[e], y + DY[e]))
        if info is None:
            continue
        root = board.find(info[3][(e + 2) % 4])
        if root not in roots:
            roots.append(root)
            tiles += size[root]
            ports += opened[root]
        ports -= 2  # this port and the neighbour's close each other
    return roots, tiles, ports


def _would_complete(board: Board, parts: tuple[PartSpec, ...], cell: tuple[int, int]) -> list[int]:
    """The tiles of each snake that laying a tile with `parts` at `cell` would complete, the
    count `Board.lay` gives, without laying it: a joined snake is complete when no port stays
    open."""
    out = []
    for part in parts:
        roots, tiles, ports = _joins(board, part, cell)
        if roots and ports == 0:
            out.append(tiles)
    return out


def _ripe_change(board: Board, parts: tuple[PartSpec, ...], cell: tuple[int, int],
                 score: Callable[[int], int]) -> int:
    """How the points of the ripe snakes (those with one open port, each scored as if one more
    tile completed it) change when a tile with `parts` is laid at `cell`, without laying it: the
    snakes a part joins stop counting, and the snake it makes counts if one port stays open."""
    size, opened = board.size, board.open
    change = 0
    for part in parts:
        roots, tiles, ports = _joins(board, part, cell)
        for root in roots:
            if opened[root] == 1:
                change -= score(size[root] + 1)
        if ports == 1:
            change += score(tiles + 1)
    return change


SCORE_RULES = {function: code for code, function in enumerate(SNAKE_SCORE.values())}
"""The compiled core's code of each snake score (0 triangular, 1 linear, 2 square)."""
assert list(SNAKE_SCORE) == ["triangular", "linear", "square"]

_FIELDS = (*PitPosition.__slots__, *PitState.__slots__)
"""Every field of a state (the position's data and the rules' cache), for copies."""


class PitGame(PitSetup):
    """A tile set with options: makes initial states and replay states that share one catalogue."""

    def new_initial_state(self, seed: int = 0) -> PitState:
        """A new game: seeded shuffle, start tile at (0, 0), hands of the rules' `hand_size`
        dealt in seat order (while the bag lasts), secret colours drawn."""
        rng = random.Random(seed)
        bag = [t for t, tile in enumerate(self.set.tiles) for _ in range(tile.count)]
        rng.shuffle(bag)
        start = self.set.tiles[bag.pop()].id
        state = PitState(self, Place(start, (0, 0)), replaying=False)
        for hand in state.hands:
            for _ in range(self.hand_size):
                if bag:
                    hand.append(bag.pop())
        state.bag = bag
        if self.options.has("secret-colour"):
            secret = self.options.secret or tuple(
                rng.sample(self.set.colours[: self.set.head_markers], self.options.players))
            state.secret = tuple(self.cat.colour_index[c] for c in secret)
        return state

    def replay_state(self, start: Place | None) -> PitState:
        """A game with only `start` laid, for replaying a record (hands and bag unknown); with
        None, an empty table whose only legal moves are `Start`s (a record's first entry)."""
        if self.options.has("secret-colour") and self.options.secret is None:
            raise DataError("options.secret", "a secret-colour record must give each player's colour")
        state = PitState(self, start, replaying=True)
        if self.options.secret is not None:
            state.secret = tuple(self.cat.colour_index[c] for c in self.options.secret)
        return state

    def setup(self, placed: Sequence[Place], hands: Sequence[Sequence[str]] = (),
              bag: Sequence[str] = (), player: int = 0) -> PitState:
        """A hand-built position (tests, booklet diagrams): `placed` laid in order, the first
        as the start tile, each refused like a move would be (IllegalMove with its rule id, and
        `no-tile-left` past the set's copies) but scoring nothing; then the hands (tile ids,
        one list per seat, missing seats empty), the bag (drawn from its end) and the seat to move.
        Conservation of tiles is not required: the rest of the set is simply out of the game.
        Such a position's `record()` holds only the start tile (the rest was not played)."""
        state = PitState(self, placed[0], replaying=True)
        for place in placed[1:]:
            state._lay(place, *state._check_place(place))
        fresh = PitState(self, placed[0], replaying=False)  # for the untouched scores and markers
        for name in ("points", "bonus", "supply", "taken", "ready", "completions", "turn"):
            setattr(state, name, getattr(fresh, name))
        state.replaying = False
        ids = self.cat.ids
        try:
            state.hands = [[ids[i] for i in hand] for hand in hands] + \
                [[] for _ in range(self.options.players - len(hands))]
            state.bag = [ids[i] for i in bag]
        except KeyError as exc:
            raise DataError("setup", f"there is no tile {exc.args[0]!r} in the set") from None
        state.player = player
        return state


def new_game(options: dict[str, Any] | PitOptions, game_set: PitSet | str | Path | None = None,
             seed: int | None = None) -> PitState:
    """The opening for record-style `options` and the set `game_set` (a set value, or the file
    to read; the standard set when None), as the game's registry object
    (`game.Schlangengrube.new_state`) asks for it. With a `seed`: a dealt game (bag shuffled,
    start tile laid, hands dealt). Without: an empty table in replay mode whose first move must
    be the record's `Start` (hands and bag are not replayed). DataError if the options or the
    set are wrong."""
    if not isinstance(options, PitOptions):
        options = PitOptions.from_json(options)
    game = PitGame(game_set if isinstance(game_set, PitSet) else load_pit_set(game_set), options)
    return game.replay_state(None) if seed is None else game.new_initial_state(seed)
