"""A Monte Carlo tree search player (UCT), generic over every game of the registry.

Each decision runs `budget` simulations from the position to move. A simulation walks down the
tree by UCB1 (each node's statistics are kept for every seat, so the walk maximises the value of
the seat that chooses there: max^n for more than two players), adds one child, then plays the
game on with a cheap policy (by default the `sensible` choice: a random move of the best
`move_class`; a game may hand its own, `MctsPlayer.policy`) for at most `GameState.playout_limit()` steps and scores the end position with
`GameState.evaluate` (or the winners when the game ended). Children are added best-looking first
and by progressive widening (`WIDENING`). The move played is the root child visited most.

Everything random comes from the generator the simulation hands the player, so a game is the
same for the same seed on any machine and in any worker.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard, runtime_checkable

from cardgen.engine.base import GameState
from cardgen.engine.policies import Player, SensiblePlayer

DEFAULT_BUDGET = 200
"""Simulations per decision when none is given."""
EXPLORATION = 1.0
"""The UCB1 exploration constant (values lie in 0..1)."""
WIDENING = 2.0
"""Progressive widening: a node with n visits has at most 1 + WIDENING·√n children, the most
promising first, so a small budget spends several simulations on each of the best-looking
moves instead of one each on as many moves as it has simulations."""

_POLICY = SensiblePlayer()


class _Node:
    """A position reached in the tree: visits, summed values per seat, children by move and the
    moves not yet tried, the most promising last (it is expanded first): the game's preferred
    `move_class`, then the mover's score right after the move, ties in a seeded random order.
    With more legal moves than simulations (Schlangengrube lays a tile on any of hundreds of
    places) the search then still looks at the moves a greedy player would."""

    __slots__ = ("visits", "values", "children", "untried", "seat")

    def __init__(self, state: GameState[Any], rng: random.Random) -> None:
        self.visits = 0
        self.values = [0.0] * state.num_players
        self.children: dict[Any, _Node] = {}
        self.seat = -1 if state.is_terminal() else state.current_player
        self.untried: list[Any] = [] if state.is_terminal() else state.expansion_order(rng)


@runtime_checkable
class WholePlayout(Protocol):
    """A playout policy that may play a whole playout itself (a compiled core does, with the
    same draws and values as the loop in `_playout`); None where the loop plays it."""

    def playout(self, state: Any, rng: random.Random) -> list[float] | None:
        """Each seat's value at the playout's end, or None."""


def outcome_values(state: GameState[Any]) -> list[float]:
    """Each seat's value of an ended game: a win shared by k seats gives each 1/k, a draw
    without winners gives every seat an equal share."""
    n = state.num_players
    winners = state.winners()
    if not winners:
        return [1.0 / n] * n
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]


_WHOLE: dict[type, bool] = {}
"""Per policy class, whether it is a `WholePlayout` (a protocol's isinstance check walks the
class's attributes each time: once per simulation was a tenth of Irrläufer's search)."""


def _plays_whole(policy: Player) -> TypeGuard[WholePlayout]:
    kind = type(policy)
    whole = _WHOLE.get(kind)
    if whole is None:
        whole = _WHOLE[kind] = isinstance(policy, WholePlayout)
    return whole


def _playout(state: GameState[Any], rng: random.Random, policy: Player) -> list[float]:
    """Play on with the cheap policy up to the game's limit, then score the position. A policy
    with a `playout(state, rng)` method may play the whole playout itself (a compiled core
    does, with the same draws and values); where it returns None the loop below plays it."""
    if _plays_whole(policy):
        values = policy.playout(state, rng)
        if values is not None:
            return values
    limit = state.playout_limit()
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        state.apply_trusted(policy.choose(state, rng))
        steps += 1
    if state.is_terminal():
        return outcome_values(state)
    return [state.evaluate(s) for s in range(state.num_players)]


@dataclass(frozen=True, slots=True)
class MctsPlayer:
    """UCT with `budget` simulations per decision (see the module text)."""

    budget: int = DEFAULT_BUDGET
    name: str = "mcts"
    policy: Player = _POLICY
    """Plays the playouts; a game may hand its own cheap player (the default: `sensible`)."""

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The root move visited most after `budget` simulations."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The same search; `moves` (the legal moves) only short-cuts a forced move."""
        if len(moves) == 1:
            return moves[0]
        search = random.Random(rng.getrandbits(64))
        root = _Node(state, search)
        for _ in range(max(1, self.budget)):
            self._simulate(root, state.clone(), search)
        seat = state.current_player
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].values[seat] / kv[1].visits))
        return best[0]

    def _simulate(self, root: _Node, state: GameState[Any], rng: random.Random) -> None:
        path = [root]
        node = root
        # selection: descend through nodes that may not widen now, by UCB1 for the seat choosing
        while node.children and (not node.untried or len(node.children) >= 1 + WIDENING * math.sqrt(node.visits)):
            seat, log_n = node.seat, math.log(node.visits)
            best_move, best_child, best_score = None, None, -1.0
            for move, child in node.children.items():
                score = child.values[seat] / child.visits + EXPLORATION * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best_move, best_child, best_score = move, child, score
            assert best_child is not None
            state.apply_trusted(best_move)
            node = best_child
            path.append(node)
        # expansion: one new child
        if node.untried:
            move = node.untried.pop()
            state.apply_trusted(move)
            child = _Node(state, rng)
            node.children[move] = child
            node = child
            path.append(node)
        values = _playout(state, rng, self.policy)
        for visited in path:
            visited.visits += 1
            for s, v in enumerate(values):
                visited.values[s] += v


def mcts(budget: int | None = None) -> MctsPlayer:
    """The MCTS player with `budget` simulations per decision (default `DEFAULT_BUDGET`)."""
    return MctsPlayer(DEFAULT_BUDGET if budget is None else budget)
