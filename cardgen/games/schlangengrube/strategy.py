"""Schlangengrube's simulated players, each seeing only what its seat sees.

The bag and the other hands are hidden from a seat (and, in the secret-colour variant, the
others' colours). The shared `greedy` and `mcts` players read the whole state, so here they are
wrapped to decide on `PitState.determinize` of the position (the hidden tiles dealt again at
random): `greedy` can then read only what its seat sees, and `mcts` is the determinized search
(`cardgen.engine.ismcts.DeterminizedMcts`). The all-seeing originals stay as `greedy-open` and
`mcts-open`.

`careful` is greedy with an eye on the next seat: a snake left with one open port is ripe, since
whoever lays the missing head or tail scores it. It ranks the steps by the points they bring,
tries the best `CANDIDATES` on a copy (a first tile together with the best second tile it
leaves), and keeps the one with the most points less `RISK` times the points of the ripe snakes
left for the next seat. It reads only the table and its own hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import GameState
from cardgen.engine.ismcts import DeterminizedMcts, SeatView
from cardgen.engine.mcts import DEFAULT_BUDGET, MctsPlayer
from cardgen.engine.policies import GreedyPlayer

from .rules import SCORE_RULES, PitState
from .table import CORE

if TYPE_CHECKING:
    from cardgen.engine.players import PlayerFactory

PLAYOUT = GreedyPlayer()
"""The determinized search's playout policy: in a sample every hand is known, and the snakes a
seat completes decide the game, so the playouts complete what they can."""
WIDTH = 5
"""How many of `careful`'s best steps the search compares (one playout each per sample)."""
EXPLORATION = 0.05
"""The search's UCB1 constant: the evaluation's differences between steps are small."""
CANDIDATES = 8
"""How many of the best-scoring steps `careful` looks at more closely."""
RISK = 0.5
"""How much the points of a ripe snake left to the next seat count against a step."""


def ripe_points(state: PitState) -> float:
    """The points of every snake on the table with exactly one open port (one head or tail
    laid by whoever moves next completes it); the compiled core's `ripe` when built."""
    board, score = state.board, state.game.snake_score
    if CORE is not None:
        return float(CORE.ripe(board, SCORE_RULES[score]))
    parent, opened, size = board.parent, board.open, board.size
    return float(sum(score(size[i] + 1) for i in range(len(parent)) if parent[i] == i and opened[i] == 1))


def _best_gain(state: PitState, seat: int) -> float:
    """The most points `seat` can add with its next step when it is still to move, else 0."""
    if state.is_terminal() or state.current_player != seat or state.placed == 0:
        return 0.0
    base = state.points[seat]
    return max((score - base for score in state.scores_after(state.legal_moves())), default=0.0)


@dataclass(frozen=True, slots=True)
class CarefulPlayer:
    """Greedy that leaves the next seat no ripe snake (see the module text)."""

    name: str = "careful"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The step with the best points less risk."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The best of `moves` (the legal moves) by points less risk."""
        return moves[0] if len(moves) == 1 else self.ranked(state, moves, rng)[0]

    def ranked(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> list[Any]:
        """`moves` (the legal moves) best first: the `CANDIDATES` best-scoring by points less
        risk, then the others by the points they bring; ties in a seeded random order."""
        assert isinstance(state, PitState)
        seat = state.current_player
        order = list(moves)
        rng.shuffle(order)
        gains = {id(m): score for m, score in zip(order, state.scores_after(order))}
        order.sort(key=lambda m: -gains[id(m)])  # stable: the shuffle breaks ties
        values = {}
        for move in order[:CANDIDATES]:
            child = state.clone()
            child.apply_trusted(move)
            values[id(move)] = (child.points[seat] - state.points[seat] + _best_gain(child, seat)
                                - RISK * ripe_points(child))
        top = sorted(order[:CANDIDATES], key=lambda m: -values[id(m)])
        return top + order[CANDIDATES:]


def search(budget: int | None = None) -> DeterminizedMcts:
    """The determinized search with `budget` playouts per decision (see the module text)."""
    budget = DEFAULT_BUDGET if budget is None else budget
    return DeterminizedMcts(budget, samples=max(1, budget // WIDTH), policy=PLAYOUT, exploration=EXPLORATION,
                            order=CarefulPlayer().ranked, width=WIDTH)


def players() -> Mapping[str, PlayerFactory]:
    """Schlangengrube's players by name (see the module text)."""
    return {
        "greedy": lambda budget: SeatView(GreedyPlayer(), "greedy"),
        "greedy-open": lambda budget: GreedyPlayer("greedy-open"),
        "careful": lambda budget: SeatView(CarefulPlayer(), "careful"),
        "mcts": search,
        "mcts-open": lambda budget: MctsPlayer(DEFAULT_BUDGET if budget is None else budget, "mcts-open"),
    }
