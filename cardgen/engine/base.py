"""The contract every game's rules fulfil (OpenSpiel style), shared by simulation, replay, check.

`GameState` is an abstract base: a game must give the abstract methods; the optional behaviours
are ordinary methods with a default that a game overrides when it has something better (as
python-chess's `Board.is_variant_end()`), so a misspelt override is a mypy error, never a silent
fallback.

A state is mutable: `apply` changes it in place, `clone` copies it. The public `apply` checks
legality and raises IllegalMove carrying a stable rule id; `apply_trusted` skips the check for
moves that came from `legal_moves()` (the fast path of simulation).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of a set's completeness check: `error` makes the set incomplete."""

    error: bool
    text: str


class GameState(ABC, Generic[M]):
    """One position of a game, with everything needed to continue it."""

    __slots__ = ()

    # ---- what every game gives -------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Index (into the seats) of the player to move; meaningless once terminal."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the game has."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every legal move for the player to move, in a deterministic order; never empty
        unless the game is over (a forced pass is itself a move)."""

    @abstractmethod
    def check(self, move: M) -> None:
        """Raise IllegalMove (with its rule id) if `move` is not legal here; return otherwise."""

    @abstractmethod
    def apply_trusted(self, move: M) -> None:
        """Play a move known to come from `legal_moves()`, without checking it again."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game has ended by the rules."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's score now (final once terminal)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-able data; `from_json` of it gives an equal state."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The state `to_json` described."""

    def restore(self, data: dict[str, Any]) -> Self:
        """The state `to_json` described, of the same game as this state: its set and rules are
        this state's when the data names the same (nothing is read again). Default: `from_json`."""
        return type(self).from_json(data)

    @abstractmethod
    def move_to_json(self, move: M) -> dict[str, Any]:
        """`move` in game-record form."""

    @abstractmethod
    def move_from_json(self, data: dict[str, Any]) -> M:
        """The move a game-record entry names (DataError if it is malformed)."""

    @abstractmethod
    def __eq__(self, other: object) -> bool:
        """States are equal when every rule-relevant part of them is."""

    # ---- optional behaviour, with defaults ----------------------------------------------------

    def apply(self, move: M) -> None:
        """Check `move` (IllegalMove if refused) and play it."""
        self.check(move)
        self.apply_trusted(move)

    def seat_name(self, seat: int) -> str:
        """How every output names `seat`: a colour where the game has them, else "player 1",
        "player 2", … counted from 1 (records number seats from 0, as list indices)."""
        return f"player {seat + 1}"

    def winners(self) -> tuple[int, ...]:
        """The seats that won: by default every seat sharing the top score. Games where a
        draw can leave one side ahead on points say so here."""
        scores = self.scores()
        top = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == top)

    def ending(self) -> str:
        """The rule id that ended the game (a win, a draw by repetition, …); "" when the game
        ended the ordinary way or has not ended."""
        return ""

    def end_reason(self) -> str:
        """How the finished game ended, in words, for `replay` ("every snake is finished", "the
        round limit: …"); "" while it has not ended. Default: "by the rules"."""
        return "by the rules" if self.is_terminal() else ""

    def move_bound(self) -> int:
        """A safety bound on engine steps for simulations; games end by the rules long before."""
        return 10_000

    def move_label(self, move: M) -> str:
        """The kind of `move` for the report's per-kind counts."""
        return "move"

    def move_cells(self, move: M) -> tuple[tuple[int, int], ...]:
        """The cells `(x, y)` of the game's grid (x growing east, y south) where `move`, about to
        be played from this state, puts something, for the check's heatmap of where play
        happened; each game says which cells (docs/check.md). Default: none, so a game without a
        grid has no heatmap."""
        return ()

    def move_class(self, move: M) -> int:
        """The `sensible` player's preference: it plays a move of the lowest class it has."""
        return 0

    def candidate_moves(self) -> list[M] | None:
        """A fast path for the random players: a cheap superset of the legal moves other than a
        forced pass, without duplicates, each tested with `candidate_is_legal`; None when the
        game has none (the players then list `legal_moves()`)."""
        return None

    def candidate_is_legal(self, move: M) -> bool:
        """Whether a move of `candidate_moves()` is legal."""
        try:
            self.check(move)
        except Exception:  # noqa: BLE001 - any refusal means "not legal" here
            return False
        return True

    def score_after(self, move: M) -> float:
        """The mover's score right after `move` (the `greedy` player); games may skip the copy."""
        seat = self.current_player
        child = self.clone()
        child.apply_trusted(move)
        return child.scores()[seat]

    def scores_after(self, moves: list[M]) -> list[float]:
        """`score_after` of each of `moves` (the legal moves, in any order); games may give
        them all from one call."""
        return [self.score_after(m) for m in moves]

    def evaluate(self, seat: int) -> float:
        """How good this position is for `seat`, from 0 (lost) to 1 (won), for search players
        that stop a playout early. Default: the seat's share of the scores' range."""
        scores = self.scores()
        low, high = min(scores), max(scores)
        if high == low:
            return 0.5
        return (scores[seat] - low) / (high - low)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy of this state as `seat` may know it: everything the seat cannot see (the other
        hands, the order of a bag, the other seats' secrets) drawn with `rng` at random among the
        states consistent with what it sees (its own hand, the table, the public counts). Search
        that sees only what its seat sees plays on such copies (determinization). Default: a
        plain copy, for a game without hidden information."""
        return self.clone()

    def expansion_order(self, rng: random.Random) -> list[M]:
        """The legal moves in the order a search node tries them (the last first): shuffled by
        `rng`, then stably sorted by `move_class` (preferred last) and the mover's score right
        after the move. Games may give the same list, with the same draws from `rng`, faster."""
        moves = self.legal_moves()
        rng.shuffle(moves)
        if len(moves) > 1:
            keys = {id(m): (-self.move_class(m), score) for m, score in zip(moves, self.scores_after(moves))}
            moves.sort(key=lambda m: keys[id(m)])  # stable: the shuffle breaks ties
        return moves

    def playout_limit(self) -> int | None:
        """How many steps a search player's playout may go before `evaluate` scores the
        position; None plays to the end (games that are short anyway)."""
        return None

    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest score a seat can have (checked by the invariant checker)."""
        return float("-inf"), float("inf")

    def verify(self) -> None:
        """Assert the game's own invariants (AssertionError if one is broken)."""
