"""Seeded simulation of whole games, generic over the games of the registry."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.degenerate import Degenerate
from cardgen.engine.players import Player, make_player


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one simulated game went: final scores, number of moves, whether it ended by the rules
    within the move bound, the winners (every seat sharing the top score), how many moves of
    each label were played (labels from the game's `move_label`, e.g. the card kinds) and, when
    asked for, the moves in record form.

    Per-move figures for the playability metrics: `counted` steps had their legal moves counted
    (every step when the simulation was asked to count, else none), `legal` is the sum of those
    counts and `decisions` the counted steps with more than one legal move; `lead_changes` is how
    often the sole score leader changed (see `leader`); `kinds` how often each component kind
    was played (from the caller's `kind_of`); `settled` the turn at which the winner was settled
    (see `Leads.settled`, None without one) and `cells` how often a move put something on each
    cell, `(x, y, count)` sorted (from the state's `move_cells`).

    Per seat: `turns` counts its turns (a turn is a run of steps by the same seat) and `active`
    those in which it played something other than a pass. `drama` is how far the eventual
    winners trailed the leader, averaged over the steps (see `drama_of`; None for a game nobody
    or everybody won); `degenerate` names the kind of degenerate game (cardgen.engine.degenerate,
    "" for a normal one) and `unused` the component kinds a deadlock left unused.

    `think` is the wall time in seconds each seat's player spent choosing and `asked` how often
    it was asked (`cardgen match`'s time per decision); timings differ from run to run, so they
    take no part in comparing results."""

    scores: tuple[float, ...]
    moves: int
    ended: bool
    winners: tuple[int, ...]
    labels: tuple[tuple[str, int], ...]
    record: tuple[dict[str, Any], ...] = ()
    ending: str = ""
    counted: int = 0
    legal: int = 0
    decisions: int = 0
    lead_changes: int = 0
    kinds: tuple[tuple[str, int], ...] = ()
    turns: tuple[int, ...] = ()
    active: tuple[int, ...] = ()
    drama: float | None = None
    degenerate: str = ""
    unused: tuple[str, ...] = ()
    settled: int | None = None
    cells: tuple[tuple[int, int, int], ...] = ()
    think: tuple[float, ...] = field(default=(), compare=False)
    asked: tuple[int, ...] = field(default=(), compare=False)

    def count(self, label: str) -> int:
        """How many moves had `label`."""
        return dict(self.labels).get(label, 0)

    @property
    def length_turns(self) -> int:
        """The turns of the game, all seats' together."""
        return sum(self.turns)

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of this game, the one definition every figure uses (the report,
        the verdict, `match`): a win shared by k seats gives each 1/k, a game nobody wins gives
        every seat 1/seats. The shares sum to 1, so the fair share is always 1/seats."""
        n = len(self.scores)
        if not self.winners:
            return (1 / n,) * n
        k = len(self.winners)
        return tuple(1 / k if seat in self.winners else 0.0 for seat in range(n))


def seat_rng(seed: int, seat: int) -> random.Random:
    """The generator of `seat` in the game seeded `seed` (independent of the other seats)."""
    return random.Random(f"{seed}/{seat}")


def leader(scores: tuple[float, ...]) -> int | None:
    """The seat with the highest score when no other seat has as much, else None (a tie)."""
    top = max(scores)
    return scores.index(top) if scores.count(top) == 1 else None


class Leads:
    """The sole score leader through a game, seen after every step (`see`): how often it changed
    (a tie keeps the last leader, so leading, tying and leading again is no change) and the turn
    from which the latest one has led without a break."""

    __slots__ = ("changes", "last", "holder", "since")

    def __init__(self) -> None:
        self.changes = 0
        self.last: int | None = None      # the last sole leader, kept through ties
        self.holder: int | None = None    # the sole leader after the latest step, None for a tie
        self.since = 0                    # the turn in which `holder` took the lead for good so far

    def see(self, scores: tuple[float, ...], turn: int) -> None:
        """The scores after a step of turn `turn` (numbered over all seats from 1)."""
        now = leader(scores)
        if now is not None:
            self.changes += self.last is not None and now != self.last
            self.last = now
        if now != self.holder:
            self.holder, self.since = now, turn

    def settled(self, winners: Sequence[int]) -> int | None:
        """The turn at which the winner was settled: for a sole winner, the first turn from
        which it was the sole leader (strictly ahead of every other seat) after every step to
        the end; None for a game without a sole winner or whose winner is not ahead at the end."""
        return self.since if len(winners) == 1 and self.holder == winners[0] else None


def settled_turn(steps: Iterable[tuple[int, tuple[float, ...]]], winners: Sequence[int]) -> int | None:
    """`Leads.settled` of a game given as its steps, `(turn, scores after the step)` in order."""
    leads = Leads()
    for turn, scores in steps:
        leads.see(scores, turn)
    return leads.settled(winners)


def drama_of(deficits: Sequence[float], steps: int, winners: Sequence[int], top: float) -> float | None:
    """Ludii's drama (its average form) with the scores as the state evaluation: after every step
    the gap between the leading score and the eventual winners' (their mean), summed over the
    steps in `deficits` (per seat), divided by the steps and by the winners' final score `top`
    (at least 1). None when nobody or everybody won (there is no eventual winner to trail)."""
    if not winners or len(winners) == len(deficits) or steps == 0:
        return None
    return sum(deficits[w] for w in winners) / len(winners) / steps / max(top, 1.0)


def simulate(make_state: Callable[[], GameState[Any]], players: Sequence[Player | str] | Player | str,
             seed: int, max_moves: int | None = None,
             after_move: Callable[[GameState[Any]], None] | None = None, keep_record: bool = False,
             at_end: Callable[[GameState[Any]], None] | None = None, count_legal: bool = False,
             kind_of: Callable[[GameState[Any], Any], str | None] | None = None,
             passes: frozenset[str] = frozenset({"pass"}),
             classify: Callable[[GameState[Any], tuple[int, ...]], Degenerate | None] | None = None,
             turn_of: Callable[[GameState[Any]], object] | None = None) -> GameResult:
    """Play one game from `make_state()` to its end (or `max_moves`, default the state's
    `move_bound()` or 10 000) with one player per seat (a single player or name serves every
    seat), each drawing from its own seeded generator. `after_move(state)` runs after every
    move (tests pass the invariant checker); `at_end(state)` once at the end.

    `count_legal` lists the legal moves before every step (for the branching figures) and
    hands them to the player's `choose_from`, so games whose players list them anyway pay
    nothing extra; `kind_of(state, move)` names the component kind a move plays (or None).
    A turn is a run of steps by one seat; `turn_of(state)`, where given, tells turns apart
    that one seat takes in a row (the others being skipped). A turn whose steps all have a
    label in `passes` is not an active turn; `classify(state, active)` judges the final state a
    degenerate game (None: a normal one)."""
    state = make_state()
    n = state.num_players
    if isinstance(players, (str,)) or not isinstance(players, Sequence):
        players = [players] * n
    seats = [make_player(p) if isinstance(p, str) else p for p in players]
    if len(seats) != n:
        raise ValueError(f"{len(seats)} players for a game of {n} seats")
    rngs = [seat_rng(seed, s) for s in range(n)]
    bound = max_moves if max_moves is not None else state.move_bound()
    labels: Counter[str] = Counter()
    record: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    moves = counted = legal_sum = decisions = turn_no = 0
    leads = Leads()
    cells: Counter[tuple[int, int]] = Counter()
    turns, active, deficits = [0] * n, [0] * n, [0.0] * n
    mover: tuple[int, object] = (-1, None)
    acted = False
    think, asked = [0.0] * n, [0] * n
    clock = time.perf_counter
    while not state.is_terminal() and moves < bound:
        seat = state.current_player
        player = seats[seat]
        turn = (seat, turn_of(state) if turn_of is not None else None)
        if turn != mover:  # a new turn
            turns[seat] += 1
            turn_no += 1
            mover, acted = turn, False
        if count_legal:
            legal = state.legal_moves()
            counted += 1
            legal_sum += len(legal)
            decisions += len(legal) > 1
            started = clock()
            move = player.choose_from(state, legal, rngs[seat])
        else:
            started = clock()
            move = player.choose(state, rngs[seat])
        think[seat] += clock() - started
        asked[seat] += 1
        label = state.move_label(move)
        labels[label] += 1
        if not acted and label not in passes:
            active[seat] += 1
            acted = True
        if kind_of is not None:
            kind = kind_of(state, move)
            if kind is not None:
                kinds[kind] += 1
        for cell in state.move_cells(move):
            cells[cell] += 1
        if keep_record:
            record.append(state.move_to_json(move))
        state.apply_trusted(move)
        moves += 1
        scores_now = state.scores()
        top_now = max(scores_now)
        for s, score in enumerate(scores_now):
            deficits[s] += top_now - score
        leads.see(scores_now, turn_no)
        if after_move is not None:
            after_move(state)
    if at_end is not None:
        at_end(state)
    scores = tuple(state.scores())
    winners = state.winners()  # the game decides: a draw may leave one side ahead on points
    ending = state.ending() if state.is_terminal() else "unfinished"
    degenerate = classify(state, tuple(active)) if classify is not None else None
    top = max((scores[w] for w in winners), default=0.0)
    return GameResult(scores, moves, state.is_terminal(), winners, tuple(sorted(labels.items())),
                      tuple(record), ending or "", counted, legal_sum, decisions, leads.changes,
                      tuple(sorted(kinds.items())), tuple(turns), tuple(active),
                      drama_of(deficits, moves, winners, top),
                      degenerate.kind if degenerate else "", degenerate.unused if degenerate else (),
                      leads.settled(winners) if state.is_terminal() else None,
                      tuple(sorted((x, y, n) for (x, y), n in cells.items())), tuple(think), tuple(asked))
