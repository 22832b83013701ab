"""Seeded simulated players, generic over games.

A player picks a move with its own `random.Random`. Games may offer a fast path the players use
when present: `candidate_moves()` (a cheap superset of the legal moves other than a forced pass,
without duplicates) with `candidate_is_legal(move)`. Sampling candidates in random order and
keeping the first legal one picks uniformly among the legal moves while checking only a few; when
no candidate is legal the player falls back to `legal_moves()` (which then holds the pass).
`move_class(move)` (0 preferred, higher later) drives the `sensible` player; games without it
treat every move alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Player(Protocol):
    """Something that chooses a move for the player to move."""

    @property
    def name(self) -> str:
        """The player's registry name."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A legal move of `state` (not terminal), drawn with `rng`."""

    def choose_from(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """The same choice as `choose` when `moves` is `state.legal_moves()` (simulation lists
        them anyway when it counts them for the report; games with the candidate fast path may
        then draw a different, equally distributed, move)."""


def _first_legal(state: Any, cands: list[Any], rng: random.Random) -> Any | None:
    is_legal = state.candidate_is_legal
    while cands:
        i = rng.randrange(len(cands))
        move = cands[i]
        if is_legal(move):
            return move
        cands[i] = cands[-1]
        cands.pop()
    return None


def _classes(state: Any, moves: Sequence[Any]) -> list[list[Any]]:
    move_class: Callable[[Any], int] | None = getattr(state, "move_class", None)
    if move_class is None:
        return [list(moves)]
    groups: dict[int, list[Any]] = {}
    for m in moves:
        groups.setdefault(move_class(m), []).append(m)
    return [groups[k] for k in sorted(groups)]


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Uniformly random among the legal moves."""

    name: str = "random"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A uniformly random legal move."""
        if hasattr(state, "candidate_moves"):
            move = _first_legal(state, state.candidate_moves(), rng)
            if move is not None:
                return move
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """A uniformly random move of `moves` (the legal moves)."""
        return moves[rng.randrange(len(moves))]


@dataclass(frozen=True, slots=True)
class SensiblePlayer:
    """Random, but among the game's preferred moves first (Schlangennest: a head or tail only
    when no body card, turn or swap is legal)."""

    name: str = "sensible"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random legal move of the best class that has one."""
        if hasattr(state, "candidate_moves"):
            for group in _classes(state, state.candidate_moves()):
                move = _first_legal(state, group, rng)
                if move is not None:
                    return move
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """A random move of the best class among `moves` (the legal moves)."""
        best = _classes(state, moves)[0]
        return best[rng.randrange(len(best))]


@dataclass(frozen=True, slots=True)
class GreedyPlayer:
    """The legal move that gives its own seat the highest score right after it; ties broken by
    the seeded generator. Uses the game's `score_after(move)` when offered, else a copy."""

    name: str = "greedy"

    def choose(self, state: Any, rng: random.Random) -> Any:
        """The best-scoring legal move now."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """The best-scoring move of `moves` (the legal moves)."""
        seat = state.current_player
        best: list[Any] = []
        best_value = float("-inf")
        score_after = getattr(state, "score_after", None)
        for move in moves:
            if score_after is not None:
                value = score_after(move)
            else:
                child = state.clone()
                child.apply_trusted(move)
                value = child.scores()[seat]
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))]


PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer, "sensible": SensiblePlayer, "greedy": GreedyPlayer,
}
"""The simulated players by name."""


def make_player(name: str) -> Player:
    """The player called `name` (KeyError naming the known ones if unknown)."""
    try:
        return PLAYERS[name]()
    except KeyError:
        raise KeyError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})") from None
