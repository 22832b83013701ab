"""Playability metrics of a batch of simulated games (after Ludii's game metrics, Browne et al.).

Every figure is a pure function of `GameResult`s, so the formulas can be pinned on hand-made
results. Definitions (a "step" is one engine move: Schlangengrube lays one tile per step,
Irrläufer slides one stick per step):

- completion: share of games that ended by the rules; timeouts: games stopped at the move bound.
- draws: games that ended without a winner, or with every seat sharing the win.
- win shares: a seat's mean share of the games (`GameResult.shares`: a win shared by k seats
  gives each 1/k, a game nobody wins gives every seat 1/seats), so the fair share is 1/seats.
- balance: 1 − (largest − smallest win share over the seats); 1 is perfectly even.
- first seat: seat 0's win share with its 95% Wilson interval, against the fair share 1/n.
- duration: steps per game (mean, median, standard deviation, range).
- decisions: share of counted steps with more than one legal move; branching: mean number of
  legal moves per counted step (only games whose legal moves were counted contribute).
- passes: mean number of steps labelled "pass" per game.
- lead changes: mean per game of how often the sole score leader changed, and their histogram.
- settled turn: the turn from which the eventual sole winner led for good (cardgen.check.leads).
- heatmap: how often a move put something on each cell (cardgen.check.leads).
- turns: turns per player (a turn is a run of steps by one seat), the mean over the games of
  all seats' turns divided by the seats.
- drama: Ludii's drama (average), the mean over the games that have an eventual winner of how
  far the winners trailed the leader per step, as a share of their final score (`drama_of`).
- alike: the share of games that ended with the most common final scores (sorted).
- degenerate: how many games were degenerate, by kind (cardgen.engine.degenerate).
- kind use: plays of every component kind over the batch (a kind never played is a finding).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.check.leads import Settled, heat, settled
from cardgen.check.stats import wilson
from cardgen.engine.simulate import GameResult


def win_shares(results: Sequence[GameResult]) -> list[float]:
    """Each seat's mean share of the games (`GameResult.shares`)."""
    if not results:
        return []
    seats = len(results[0].scores)
    wins = [0.0] * seats
    for r in results:
        for seat, share in enumerate(r.shares()):
            wins[seat] += share
    return [w / len(results) for w in wins]


def balance(results: Sequence[GameResult]) -> float:
    """1 − the largest gap between two seats' win shares (1.0 when there are no games)."""
    shares = win_shares(results)
    return 1.0 - (max(shares) - min(shares)) if shares else 1.0


def is_draw(result: GameResult) -> bool:
    """Whether a game ended without a winner or with every seat sharing the win."""
    return result.ended and (not result.winners or len(result.winners) == len(result.scores) > 1)


def no_sole_winner(result: GameResult) -> bool:
    """Whether a game ended without a sole winner: nobody won, or two or more seats shared the
    top (the `decisive` criterion's count; `is_draw` counts only games every seat shared)."""
    return result.ended and len(result.winners) != 1


@dataclass(frozen=True, slots=True)
class SeatShare:
    """A seat's win share with its 95% Wilson interval, and the fair share 1/n."""

    share: float
    low: float
    high: float
    fair: float

    def to_json(self) -> dict[str, float]:
        """The report's object: share, low, high, fair."""
        return {"share": self.share, "low": self.low, "high": self.high, "fair": self.fair}


@dataclass(frozen=True, slots=True)
class Duration:
    """Steps per game: mean, median, population standard deviation, shortest and longest."""

    mean: float
    median: float
    sd: float
    min: int
    max: int

    def to_json(self) -> dict[str, float]:
        """The report's object: mean, median, sd, min, max."""
        return {"mean": self.mean, "median": self.median, "sd": self.sd, "min": self.min, "max": self.max}


@dataclass(frozen=True, slots=True)
class Decisions:
    """Decision share and branching factor over the counted steps (None when none was counted),
    and how many games and steps they rest on."""

    share: float | None
    branching: float | None
    games: int
    steps: int

    def to_json(self) -> dict[str, float | int | None]:
        """The report's object: share, branching, games, steps."""
        return {"share": self.share, "branching": self.branching, "games": self.games, "steps": self.steps}


@dataclass(frozen=True, slots=True)
class Scores:
    """The final scores of every seat in every game: mean, population standard deviation, range,
    and the mean margin of the winner over the second best."""

    mean: float
    sd: float
    min: float
    max: float
    margin: float

    def to_json(self) -> dict[str, float]:
        """The report's object: mean, sd, min, max, margin."""
        return {"mean": self.mean, "sd": self.sd, "min": self.min, "max": self.max, "margin": self.margin}


def seat_share(results: Sequence[GameResult], seat: int) -> SeatShare:
    """`seat`'s mean share of the games with its 95% Wilson interval and the fair share 1/n."""
    n = len(results)
    won = sum(r.shares()[seat] for r in results)
    low, high = wilson(won, n)
    fair = 1 / len(results[0].scores) if results else 0.0
    return SeatShare(won / n if n else 0.0, low, high, fair)


def duration(results: Sequence[GameResult]) -> Duration:
    """Steps per game: mean, median, population standard deviation, min and max."""
    lengths = [r.moves for r in results]
    mean = sum(lengths) / len(lengths)
    return Duration(mean, float(statistics.median(lengths)),
                    math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths)), min(lengths), max(lengths))


def decisions(results: Sequence[GameResult]) -> Decisions:
    """Decision share and branching factor over the counted steps (None when none was counted),
    and how many games and steps they rest on."""
    counted = [r for r in results if r.counted]
    steps = sum(r.counted for r in counted)
    if not steps:
        return Decisions(None, None, 0, 0)
    return Decisions(sum(r.decisions for r in counted) / steps, sum(r.legal for r in counted) / steps,
                     len(counted), steps)


def kind_use(results: Iterable[GameResult], kinds: Sequence[str] = ()) -> dict[str, int]:
    """Plays of every kind over the batch: the `kinds` listed (0 when never played) first, in
    their order, then any other kind that was played."""
    total: Counter[str] = Counter()
    for r in results:
        for kind, n in r.kinds:
            total[kind] += n
    out = {k: total.get(k, 0) for k in kinds}
    out.update({k: v for k, v in sorted(total.items()) if k not in out})
    return out


def histogram(values: Iterable[float]) -> list[list[float]]:
    """Exact value counts, sorted by value: `[[value, count], ...]` (compact for JSON)."""
    counts = Counter(values)
    return [[v, counts[v]] for v in sorted(counts)]


@dataclass(frozen=True, slots=True)
class Outcomes:
    """The figures of a batch with games in it (see `Figures`)."""

    scores: Scores
    first_wins: SeatShare
    per_game: Mapping[str, float]
    draws: int
    endings: Mapping[str, int]
    win_shares: tuple[float, ...]
    balance: float
    duration: Duration
    decisions: Decisions
    passes: float
    lead_changes: float
    kinds: Mapping[str, int]
    score_histogram: tuple[tuple[float, int], ...]
    length_histogram: tuple[tuple[float, int], ...]
    turns: float = 0.0
    drama: float | None = None
    alike: float = 0.0
    degenerate: Mapping[str, int] = field(default_factory=dict)
    lead_histogram: tuple[tuple[float, int], ...] = ()
    settled: Settled | None = None
    heatmap: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Figures:
    """Every figure of the report for one batch (one configuration played by one lineup), as
    `summarise` gives them: how many games were played and ended, and when there were any the
    rest (`played`). `to_json` gives the report's keys (docs/check.md): games, ended, length,
    score, first_wins, per_game, draws, endings, completion, timeouts, win_shares, balance,
    duration, decisions, passes, lead_changes, turns, drama, alike, degenerate, kinds, histograms,
    settled, heatmap."""

    games: int
    ended: int
    played: Outcomes | None = None

    @property
    def completion(self) -> float:
        """The share of games that ended by the rules (1.0 without games)."""
        return self.ended / self.games if self.games else 1.0

    @property
    def timeouts(self) -> int:
        """Games stopped at the move bound."""
        return self.games - self.ended

    def to_json(self) -> dict[str, Any]:
        """The figures under the report's keys (only games and ended for an empty batch)."""
        p = self.played
        if p is None:
            return {"games": self.games, "ended": self.ended}
        dur = p.duration
        return {
            "games": self.games, "ended": self.ended,
            "length": {"mean": dur.mean, "min": dur.min, "max": dur.max},
            "score": p.scores.to_json(), "first_wins": p.first_wins.to_json(),
            "per_game": dict(p.per_game), "draws": p.draws, "endings": dict(p.endings),
            "completion": self.completion, "timeouts": self.timeouts,
            "win_shares": list(p.win_shares), "balance": p.balance,
            "duration": dur.to_json(), "decisions": p.decisions.to_json(),
            "passes": p.passes, "lead_changes": p.lead_changes, "turns": p.turns, "drama": p.drama,
            "alike": p.alike, "degenerate": dict(p.degenerate), "kinds": dict(p.kinds),
            "histograms": {"score": [list(x) for x in p.score_histogram],
                           "length": [list(x) for x in p.length_histogram],
                           "lead_changes": [list(x) for x in p.lead_histogram]},
            "settled": None if p.settled is None else p.settled.to_json(),
            "heatmap": [list(c) for c in p.heatmap],
        }


def summarise(results: Sequence[GameResult], labels: Sequence[str], kinds: Sequence[str] = ()) -> Figures:
    """Every figure of the report for one batch (one configuration played by one lineup).

    Keeps the keys of the first report (games, ended, length, score, first_wins, per_game, draws,
    endings) and adds completion, timeouts, win_shares, balance, duration, decisions, passes,
    lead_changes, kinds, histograms of the final scores, the lengths and the lead changes, the
    settled turns and the heatmap."""
    n = len(results)
    if n == 0:
        return Figures(0, 0)
    scores = [s for r in results for s in r.scores]
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))
    margins = [max(r.scores) - sorted(r.scores)[-2] for r in results if len(r.scores) > 1]
    played = Outcomes(
        scores=Scores(mean, sd, min(scores), max(scores), sum(margins) / len(margins) if margins else 0.0),
        first_wins=seat_share(results, 0),
        per_game={label: sum(r.count(label) for r in results) / n for label in labels},
        draws=sum(1 for r in results if is_draw(r)),
        endings=dict(sorted(Counter(r.ending for r in results if r.ending).items())),
        win_shares=tuple(win_shares(results)), balance=balance(results),
        duration=duration(results), decisions=decisions(results),
        passes=sum(r.count("pass") for r in results) / n,
        lead_changes=sum(r.lead_changes for r in results) / n,
        kinds=kind_use(results, kinds),
        score_histogram=tuple((v, int(c)) for v, c in histogram(scores)),
        length_histogram=tuple((v, int(c)) for v, c in histogram([r.moves for r in results])),
        turns=turns_per_player(results), drama=drama(results), alike=alike(results),
        degenerate=dict(sorted(Counter(r.degenerate for r in results if r.degenerate).items())),
        lead_histogram=tuple((v, int(c)) for v, c in histogram([r.lead_changes for r in results])),
        settled=settled(results), heatmap=heat(results))
    return Figures(n, sum(r.ended for r in results), played)


def turns_per_player(results: Sequence[GameResult]) -> float:
    """The mean over the games of all seats' turns divided by the seats (0.0 without turns)."""
    counted = [sum(r.turns) / len(r.turns) for r in results if r.turns]
    return sum(counted) / len(counted) if counted else 0.0


def drama(results: Sequence[GameResult]) -> float | None:
    """The mean drama of the games that have one (None when none has)."""
    values = [r.drama for r in results if r.drama is not None]
    return sum(values) / len(values) if values else None


def alike(results: Sequence[GameResult]) -> float:
    """The share of games that ended with the most common final scores, sorted (0.0 without games)."""
    if not results:
        return 0.0
    ends = Counter(tuple(sorted(r.scores, reverse=True)) for r in results)
    return ends.most_common(1)[0][1] / len(results)


def skill(pairs: Sequence[tuple[Sequence[GameResult], int]]) -> dict[str, float | int]:
    """The strong player's mean share of the games over batches where it sat in a given seat
    (`(results, seat)` pairs, e.g. greedy first and greedy last against random), with its 95%
    Wilson interval, the draws (games nobody won), and the share it would have without skill:
    1/seats (`GameResult.shares`)."""
    games = sum(len(rs) for rs, _ in pairs)
    won = sum(r.shares()[seat] for rs, seat in pairs for r in rs)
    low, high = wilson(won, games)
    fair = sum(1 / len(r.scores) for rs, _ in pairs for r in rs)
    return {"games": games, "share": won / games if games else 0.0, "low": low, "high": high,
            "fair": fair / games if games else 0.0,
            "draws": sum(1 for rs, _ in pairs for r in rs if not r.winners)}
