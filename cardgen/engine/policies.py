"""Seeded simulated players, generic over games (through the GameState contract).

A player picks a move with its own `random.Random`. Games may offer a fast path the players use:
`candidate_moves()` (a cheap superset of the legal moves other than a forced pass, without
duplicates; None when the game has none) with `candidate_is_legal(move)`. Sampling candidates in
random order and keeping the first legal one picks uniformly among the legal moves while checking
only a few; when no candidate is legal the player falls back to `legal_moves()` (which then holds
the pass). `move_class(move)` (0 preferred, higher later) drives the `sensible` player; by default
every move is alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardgen.engine.base import GameState


class Player(Protocol):
    """Something that chooses a move for the player to move."""

    @property
    def name(self) -> str:
        """The player's registry name."""

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A legal move of `state` (not terminal), drawn with `rng`."""

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The same choice as `choose` when `moves` is `state.legal_moves()` (simulation lists
        them anyway when it counts them for the report; games with the candidate fast path may
        then draw a different, equally distributed, move)."""


def _first_legal(state: GameState[Any], cands: list[Any], rng: random.Random) -> Any | None:
    is_legal = state.candidate_is_legal
    while cands:
        i = rng.randrange(len(cands))
        move = cands[i]
        if is_legal(move):
            return move
        cands[i] = cands[-1]
        cands.pop()
    return None


def _classes(state: GameState[Any], moves: Sequence[Any]) -> list[list[Any]]:
    groups: dict[int, list[Any]] = {}
    for m in moves:
        groups.setdefault(state.move_class(m), []).append(m)
    return [groups[k] for k in sorted(groups)]


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Uniformly random among the legal moves."""

    name: str = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A uniformly random legal move."""
        cands = state.candidate_moves()
        if cands is not None:
            move = _first_legal(state, cands, rng)
            if move is not None:
                return move
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """A uniformly random move of `moves` (the legal moves)."""
        return moves[rng.randrange(len(moves))]


@dataclass(frozen=True, slots=True)
class SensiblePlayer:
    """Random, but among the game's preferred moves first (Schlangennest: a head or tail only
    when no body card, turn or swap is legal)."""

    name: str = "sensible"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A random legal move of the best class that has one."""
        cands = state.candidate_moves()
        if cands is not None:
            for group in _classes(state, cands):
                move = _first_legal(state, group, rng)
                if move is not None:
                    return move
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """A random move of the best class among `moves` (the legal moves)."""
        best = _classes(state, moves)[0]
        return best[rng.randrange(len(best))]


@dataclass(frozen=True, slots=True)
class GreedyPlayer:
    """The legal move that gives its own seat the highest score right after it; ties broken by
    the seeded generator, by the game's `score_after(move)`."""

    name: str = "greedy"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The best-scoring legal move now."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The best-scoring move of `moves` (the legal moves)."""
        values = state.scores_after(moves)
        top = max(values)
        best = [move for move, value in zip(moves, values) if value == top]
        return best[rng.randrange(len(best))]


Bar = Callable[[GameState[Any], list[Any]], list[Any]]
"""Which of a state's legal moves a barred player may still play (`Game.barred` with its kind)."""


@dataclass(frozen=True, slots=True)
class BarredPlayer:
    """`inner` barred from some moves (restricted play, `cardgen.check.worth`): it chooses as
    `inner` would among the legal moves `bar` leaves it. The full list never reaches `inner`,
    so a player that lists the legal moves itself is asked through `choose_from`."""

    inner: Player
    bar: Bar

    @property
    def name(self) -> str:
        return f"{self.inner.name} (barred)"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """`inner`'s choice among the moves left to it."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """`inner`'s choice among those of `moves` (the legal moves) left to it."""
        return self.inner.choose_from(state, self.bar(state, moves), rng)
