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

`thorough` judges as `careful` does, but every step, and at the end of the whole turn: each first
tile with each second tile it leaves, the points they bring less `RISK` times the points of the
ripe snakes left when the turn is over. (`careful` looks at eight steps, and at the ripe snakes
after the first tile alone: most steps bring no points, so its eight are mostly drawn at random
from the many that tie at nothing.)
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
WORK = 20_000
"""The most positions at the end of a turn `thorough` judges for one step (a set with large
hands and many tiles a turn would otherwise make it slow)."""


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


@dataclass(frozen=True, slots=True)
class ThoroughPlayer:
    """`careful` over every step and the whole turn (see the module text)."""

    name: str = "thorough"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """The step that begins the best turn by points less risk at its end."""
        return self.choose_from(state, state.legal_moves(), rng)

    def choose_from(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> Any:
        """The best of `moves` (the legal moves): the step that begins the best turn."""
        return moves[0] if len(moves) == 1 else self.ranked(state, moves, rng)[0]

    def ranked(self, state: GameState[Any], moves: list[Any], rng: random.Random) -> list[Any]:
        """`moves` (the legal moves) best first: by the best turn each begins (points less risk
        when the turn is over), ties in a seeded random order. Where the turn's last steps
        would be more than `WORK` positions in all, the steps that look best after themselves
        are followed first, and those left over come last, by that look."""
        assert isinstance(state, PitState)
        seat = state.current_player
        base = state.scores()[seat]
        order = list(moves)
        rng.shuffle(order)
        children = {}
        for move in order:
            child = state.clone()
            child.apply_trusted(move)
            children[id(move)] = child
        first = {id(m): _value(children[id(m)], seat, base) for m in order}
        order.sort(key=lambda m: -first[id(m)])  # stable: the shuffle breaks ties
        values, work = {}, 0
        for move in order:
            child = children[id(move)]
            if not _my_turn(child, seat):
                values[id(move)] = first[id(move)]
                continue
            _play_greedily(child, seat)
            if not _my_turn(child, seat):
                values[id(move)] = _value(child, seat, base)
                continue
            steps = child.legal_moves()
            if work + len(steps) > WORK and values:
                continue
            work += len(steps)
            values[id(move)] = _best_last_step(child, steps, base)
        judged = sorted((m for m in order if id(m) in values), key=lambda m: -values[id(m)])
        return judged + [m for m in order if id(m) not in values]


def _my_turn(state: PitState, seat: int) -> bool:
    """Whether `seat` still has a step to lay in this turn."""
    return not state.is_terminal() and state.current_player == seat


def _value(state: PitState, seat: int, base: float) -> float:
    """`seat`'s score since `base` less `RISK` times the points of the ripe snakes on the table."""
    return state.scores()[seat] - base - RISK * ripe_points(state)


def _best_last_step(state: PitState, steps: list[Any], base: float) -> float:
    """The best `_value` of the position after any one of `steps`, the last of the turn, read
    without laying them: the score after each, and the ripe snakes' change."""
    ripe = ripe_points(state)
    return max(score - base - RISK * (ripe + change)
               for score, change in zip(state.scores_after(steps), state.ripe_changes(steps)))


def _play_greedily(state: PitState, seat: int) -> None:
    """Lay the steps bringing the most points until one step of `seat`'s turn is left (only
    where a set lays more than two tiles a turn)."""
    while _my_turn(state, seat) and state.game.per_turn - state.placed > 1:
        steps = state.legal_moves()
        gains = state.scores_after(steps)
        state.apply_trusted(steps[max(range(len(steps)), key=gains.__getitem__)])


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
        "thorough": lambda budget: SeatView(ThoroughPlayer(), "thorough"),
        "mcts": search,
        "mcts-open": lambda budget: MctsPlayer(DEFAULT_BUDGET if budget is None else budget, "mcts-open"),
    }
