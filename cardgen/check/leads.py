"""When the winner was settled, and where play happened: two figures of a batch of games, each a
pure function of `GameResult`s (docs/check.md, "Lead changes and the settled turn" and "Heatmap").

- settled turn: per game, the turn (all seats' turns counted from 1) from which the eventual sole
  winner was the sole score leader after every step to the end (`cardgen.engine.simulate.Leads`),
  and that turn as a share of the game's turns. Over the batch: the mean with its 95 % interval
  (normal approximation), the median with its 95 % distribution-free interval (order
  statistics), a histogram of the shares in tenths, and how many games had no settled turn (no
  sole winner, or it did not end).
- heatmap: how often a move put something on each cell (`GameState.move_cells`), summed over
  the games.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.engine.simulate import GameResult

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""

BINS = 10
"""The settled share's histogram: tenths of the game."""


@dataclass(frozen=True, slots=True)
class Spread:
    """A sample's mean with its 95 % interval (`low`–`high`) and median with its 95 % interval
    (`median_low`–`median_high`)."""

    mean: float
    low: float
    high: float
    median: float
    median_low: float
    median_high: float

    def to_json(self) -> dict[str, float]:
        """The report's object: mean, low, high, median, median_low, median_high."""
        return {"mean": self.mean, "low": self.low, "high": self.high, "median": self.median,
                "median_low": self.median_low, "median_high": self.median_high}


def spread(values: Sequence[float]) -> Spread:
    """The mean of `values` (at least one) with mean ± 1.96 standard errors (the sample
    standard deviation; a single value has a zero-width interval), and the median with the
    order statistics of ranks n/2 ∓ 0.98·√n (1-based, rounded outwards, clipped to the sample)."""
    n = len(values)
    mean = sum(values) / n
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    ordered = sorted(values)
    reach = Z95 * math.sqrt(n) / 2
    lo = max(1, math.floor(n / 2 - reach))
    hi = min(n, math.ceil(n / 2 + 1 + reach))
    return Spread(mean, mean - half, mean + half, float(statistics.median(ordered)),
                  float(ordered[lo - 1]), float(ordered[hi - 1]))


@dataclass(frozen=True, slots=True)
class Settled:
    """The settled turns of a batch: `games` with one, `without` (no sole winner, or not ended),
    the turn's and the share's `Spread` (None without a settled game) and `histogram`, the games
    per tenth of the game the share fell in (the last tenth includes 1.0)."""

    games: int
    without: int
    turn: Spread | None
    share: Spread | None
    histogram: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The report's object (docs/check.md): games, without, turn, share, histogram as
        `[[lower edge, games], …]`."""
        return {"games": self.games, "without": self.without,
                "turn": None if self.turn is None else self.turn.to_json(),
                "share": None if self.share is None else self.share.to_json(),
                "histogram": [[i / BINS, n] for i, n in enumerate(self.histogram)]}


def settled(results: Sequence[GameResult]) -> Settled:
    """The settled turns of the games of `results` (see the module text)."""
    games = [r for r in results if r.settled is not None and r.length_turns]
    turns = [float(r.settled or 0) for r in games]
    shares = [(r.settled or 0) / r.length_turns for r in games]
    bins = [0] * BINS
    for r in games:  # whole numbers: 3 of 10 turns falls in the tenth from 30 %, never by a float slip
        bins[min((r.settled or 0) * BINS // r.length_turns, BINS - 1)] += 1
    return Settled(len(games), len(results) - len(games), spread(turns) if games else None,
                   spread(shares) if games else None, tuple(bins))


def heat(results: Sequence[GameResult]) -> tuple[tuple[int, int, int], ...]:
    """How often a move put something on each cell over the games: `(x, y, count)` sorted by
    row, then column; empty when the game names no cells."""
    total: Counter[tuple[int, int]] = Counter()
    for r in results:
        for x, y, n in r.cells:
            total[(x, y)] += n
    return tuple((x, y, total[(x, y)]) for x, y in sorted(total, key=lambda c: (c[1], c[0])))
