"""Search that sees only what its seat sees: determinization (the ensemble form of
information-set MCTS), generic over the games of the registry.

A decision draws `samples` states consistent with what the seat to move sees
(`GameState.determinize`: in Schlangengrube the unseen tiles dealt again to the other hands and
the bag, the counts kept), runs UCT on each with an equal part of the budget, and plays the root
move visited most over all the samples together (ties by the mean value). The root moves are
the same in every sample, since they depend only on what the seat sees, so their visits add up.

The tree is that of `cardgen.engine.mcts` (UCB1 per seat, progressive widening, the most
promising moves first). A playout goes on with the game's `policy` (a player, by default
`sensible`) until the root seat is to move again after every other seat has had a turn (one
round: the others always have the last word), at most `GameState.playout_limit()` steps, and
`GameState.evaluate` scores the position. For a game without hidden information every sample
is the position itself.

`SeatView` wraps any player so that it decides on a determinized copy: whatever it reads, it
reads only what its seat sees.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.mcts import DEFAULT_BUDGET, EXPLORATION, WIDENING, _Node, outcome_values
from cardgen.engine.policies import Player, SensiblePlayer

SAMPLES = 4
"""Determinizations a decision splits its budget over."""


def _round_playout(state: GameState[Any], rng: random.Random, policy: Player, seat: int,
                   rounds: int) -> list[float]:
    """Play on with `policy` until `seat` is to move for the `rounds`-th time after another
    seat's turn (or the game's playout limit), then score the position for every seat."""
    limit = state.playout_limit() or state.move_bound()
    steps, others = 0, False
    while not state.is_terminal() and steps < limit:
        if state.current_player != seat:
            others = True
        elif others:
            rounds -= 1
            others = False
            if rounds <= 0:
                break
        state.apply_trusted(policy.choose(state, rng))
        steps += 1
    if state.is_terminal():
        return outcome_values(state)
    return [state.evaluate(s) for s in range(state.num_players)]


def _widens(node: _Node) -> bool:
    """Whether the walk stops at `node` to add a child (progressive widening)."""
    return bool(node.untried) and len(node.children) < 1 + WIDENING * math.sqrt(node.visits)


def _ucb(node: _Node, exploration: float) -> tuple[Any, _Node]:
    """The child of `node` with the best UCB1 value for the seat that chooses there."""
    seat, log_n = node.seat, math.log(node.visits)
    return max(node.children.items(),
               key=lambda kv: kv[1].values[seat] / kv[1].visits + exploration * math.sqrt(log_n / kv[1].visits))


def _simulate(root: _Node, state: GameState[Any], rng: random.Random, search: DeterminizedMcts,
              seat: int) -> None:
    """One simulation: down the tree, one new child, a round's playout, the values back up."""
    path = [root]
    node = root
    while node.children and not _widens(node):
        move, node = _ucb(node, search.exploration)
        state.apply_trusted(move)
        path.append(node)
    if node.untried:
        move = node.untried.pop()
        state.apply_trusted(move)
        node.children[move] = _Node(state, rng)
        node = node.children[move]
        path.append(node)
    values = _round_playout(state, rng, search.policy, seat, search.rounds)
    for visited in path:
        visited.visits += 1
        for s, v in enumerate(values):
            visited.values[s] += v


@dataclass(frozen=True, slots=True)
class DeterminizedMcts:
    """UCT over `samples` determinizations, `budget` simulations in all (see the module text).
    `exploration` is the UCB1 constant; `rounds` how many rounds a playout plays (see the
    module text); `order`, when given, ranks the root moves best first
    (from the seat's own view: it sees the real position) in place of the tree's own order, and
    the root then considers only the first `width` of them (all when None). With `samples`
    times `width` the budget, every candidate gets one playout in every sample (progressive
    widening adds one root child per simulation while that few are there): a flat Monte Carlo
    comparison on the same samples."""

    budget: int = DEFAULT_BUDGET
    samples: int = SAMPLES
    policy: Player = field(default_factory=SensiblePlayer)
    exploration: float = EXPLORATION
    rounds: int = 1
    order: Callable[[GameState[Any], list[Any], random.Random], list[Any]] | None = None
    width: int | None = None
    name: str = "mcts"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The root move visited most over the samples' searches."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The same search; `moves` (the legal moves) only short-cuts a forced move."""
        if len(moves) == 1:
            return moves[0]
        search = random.Random(rng.getrandbits(64))
        seat = state.current_player
        samples = max(1, min(self.samples, self.budget))
        visits: dict[Any, int] = {}
        values: dict[Any, float] = {}
        ranked = self.order(state, moves, search)[:self.width] if self.order is not None else None
        for _ in range(samples):
            sample = state.determinize(seat, search)
            root = _Node(sample, search) if ranked is None else _root(sample, ranked)
            for _ in range(max(1, self.budget // samples)):
                _simulate(root, sample.clone(), search, self, seat)
            for move, child in root.children.items():
                visits[move] = visits.get(move, 0) + child.visits
                values[move] = values.get(move, 0.0) + child.values[seat]
        return max(visits, key=lambda m: (visits[m], values[m] / visits[m]))


def _root(state: GameState[Any], ranked: list[Any]) -> _Node:
    """A root node whose untried moves are `ranked` (best first), without the tree's own
    ordering of every legal move (which `ranked` replaces)."""
    root = _Node.__new__(_Node)
    root.visits, root.values, root.children = 0, [0.0] * state.num_players, {}
    root.seat, root.untried = state.current_player, ranked[::-1]
    return root


@dataclass(frozen=True, slots=True)
class SeatView:
    """`player` deciding on `GameState.determinize` of the position (see the module text)."""

    player: Player
    name: str

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The wrapped player's choice on a state drawn from the seat's view."""
        return self.player.choose(state.determinize(state.current_player, rng), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The same with the legal moves given (a seat's moves are the same in its view)."""
        return self.player.choose_from(state.determinize(state.current_player, rng), moves, rng)
