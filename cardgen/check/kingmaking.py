"""Kingmaking in games of three or more seats, the soft criterion `kingmaking` (docs/check.md).

A game is *kingmade* when at some probed decision the seat to move can no longer win yet picks
who does. Each of up to `alternatives` of its legal moves (drawn from the seed) is played and
the game continued to its end `continuations` times, each time from the position as the seat to
move sees it (`GameState.determinize`: what it cannot see, such as the bag's order and the other
hands, drawn again) and with other generators for the report player, which plays every seat. The
seat *cannot win* when it wins in none of those continuations (a move's continuations stop once
they disagree, and the decision is left once fewer than two moves can still decide); a move
*decides* a winner when all of its continuations end with the same winners; the seat *picks the
winner* when two of its moves decide different winners. A move whose continuations disagree
decides nothing: its winners turn on chance (the hidden tiles, the continuation's own play), not
on the move. Every continuation of every move has generators of its own, so chance alone makes
two moves decide different winners only when it falls alike in all of both moves' continuations
(for a toss-up between two seats, 2 x 2^-2k for k continuations; docs/check.md).

The decisions probed are `probes` steps spread evenly over the last two thirds of the game the
report player played (earlier, every seat can still win). The share of kingmade games is given
with its 95% Wilson interval; the criterion is a finding when the interval lies above
`kingmaking`. The continuations are the report player's own play, so "can no longer win" and
"picks the winner" are as that player plays the rest, not as perfect play would.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardgen.check.batch import game_seed
from cardgen.check.plan import Line
from cardgen.check.playable import Playable
from cardgen.check.stats import wilson
from cardgen.check.verdict import FINDING, PASS, UNMEASURED, Criterion, Thresholds
from cardgen.engine.base import GameState
from cardgen.engine.players import Player, make_player
from cardgen.engine.simulate import seat_rng
from cardgen.workers import worker_start

KING_KEY = 800_000
"""Added to a line's seed key for its kingmaking games (apart from every other line's seeds)."""
PROBES = 4
ALTERNATIVES = 6
CONTINUATIONS = 6


@dataclass(frozen=True, slots=True)
class Kingmaking:
    """The share of kingmade games of a configuration with its interval (the `--json` entry)."""

    share: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Probe:
    """One game to probe: the configuration, its player and seed (pickled to a worker)."""

    game: Playable
    options: dict[str, Any]
    game_set: Any
    player: str
    budget: int | None
    seed: int
    probes: int = PROBES
    alternatives: int = ALTERNATIVES
    continuations: int = CONTINUATIONS


def finish(state: GameState[Any], player: Player, seed: int) -> tuple[int, ...]:
    """The winners when `player` plays every seat of `state` to the end, seeded `seed`."""
    rngs = [seat_rng(seed, s) for s in range(state.num_players)]
    steps, bound = 0, state.move_bound()
    while not state.is_terminal() and steps < bound:
        seat = state.current_player
        state.apply_trusted(player.choose(state, rngs[seat]))
        steps += 1
    return state.winners() if state.is_terminal() else ()


def kingmaker_at(state: GameState[Any], player: Player, seed: int, alternatives: int,
                 continuations: int = CONTINUATIONS) -> bool:
    """Whether the seat to move in `state` can no longer win yet picks the winners (module text).
    The continuations are played a round at a time (one more of every move still deciding), so
    a decision is left as soon as the seat wins one or fewer than two moves can still decide."""
    moves = state.legal_moves()
    if len(moves) < 2:
        return False
    seat = state.current_player
    if len(moves) > alternatives:
        moves = random.Random(seed).sample(moves, alternatives)
    deciding: dict[int, tuple[int, ...]] = {}
    for k in range(continuations):
        for n, move in enumerate(moves):
            if k and n not in deciding:
                continue
            child = state.clone()
            child.apply_trusted(move)
            own = seed * 1_000 + n * continuations + k  # every continuation its own chance
            winners = finish(child.determinize(seat, random.Random(own)), player, own)
            if seat in winners:
                return False
            if k == 0:
                deciding[n] = winners
            elif deciding[n] != winners:
                del deciding[n]
        if len(set(deciding.values())) < 2:
            return False
    return True


def kingmade(probe: Probe) -> bool:
    """Whether the game of `probe` is kingmade: played by the report player, then probed."""
    player = make_player(probe.player, probe.budget, probe.game.players())
    start = probe.game.new_state(probe.options, probe.game_set, probe.seed)
    moves: list[Any] = []
    state, rngs = start.clone(), [seat_rng(probe.seed, s) for s in range(start.num_players)]
    while not state.is_terminal() and len(moves) < state.move_bound():
        move = player.choose(state, rngs[state.current_player])
        moves.append(move)
        state.apply_trusted(move)
    length = len(moves)
    first = length // 3
    steps = sorted({first + (length - first) * i // probe.probes for i in range(probe.probes)} - {length})
    state = start
    for step, move in enumerate(moves):
        if step in steps and kingmaker_at(state, player, probe.seed * 31 + step, probe.alternatives,
                                                 probe.continuations):
            return True
        state.apply_trusted(move)
    return False


def measure(line: Line, games: int, seed: int, workers: int | None = None) -> Kingmaking | None:
    """The kingmaking of the configuration of `line` over `games` games of its player (None for
    fewer than three seats or no games)."""
    if line.players < 3 or games <= 0:
        return None
    probes = [Probe(line.game, line.options, line.game_set, line.lineup, line.budget,
                    game_seed(seed, KING_KEY + line.key, i)) for i in range(games)]
    workers = min(workers or os.cpu_count() or 1, games)
    if workers <= 1:
        flags = [kingmade(p) for p in probes]
    else:
        with multiprocessing.Pool(workers, initializer=worker_start, initargs=(os.getpid(),)) as pool:
            flags = pool.map(kingmade, probes)
    return of_flags(flags)


def of_flags(flags: Sequence[bool]) -> Kingmaking:
    """The share of kingmade games among `flags`, with its interval."""
    low, high = wilson(sum(flags), len(flags))
    return Kingmaking(sum(flags) / len(flags), low, high, len(flags))


def kingmaking_criterion(found: Kingmaking | None, limits: Thresholds) -> Criterion:
    """`kingmaking`: a finding when the share's interval lies above `limits.kingmaking`."""
    if found is None:
        return Criterion("kingmaking", UNMEASURED, False, "not measured (two seats, or no games)")
    text = (f"{found.share:.0%} [{found.low:.0%}-{found.high:.0%}] of {found.games} games kingmade "
            f"(at most {limits.kingmaking:.0%})")
    figures = {"kingmaking": found.to_json()}
    if found.low > limits.kingmaking:
        return Criterion("kingmaking", FINDING, False, text + ": a seat that cannot win often picks the winner",
                         figures)
    return Criterion("kingmaking", PASS, False, text, figures)
