"""The hard criteria of the verdict, tested sequentially on a configuration's games in seed
order (docs/check.md, "The verdict"):

- `ends`: the share of games that end by the rules (not at the engine's move bound): fine at
  `ends` or more, failing at `ends_fail` or less (a Bernoulli SPRT on the games that did not end);
- `decisive`: games without a sole winner (nobody won, or two or more seats shared the top):
  fine at `draws` or fewer, failing at `draws_fail` or more;
- `fair`: every seat's share of the games (`GameResult.shares`: a win shared by k seats gives
  each 1/k, a game nobody wins gives every seat 1/seats) lies within `fair_margin` of 1/seats,
  against `unfair_margin` or more away; two one-sided tests per seat, Holm over the seats (two
  seats are one test: their shares sum to 1). The variance of a seat's shares is taken as the
  sample's but never below the fair share's, p(1 - p) for p = 1/seats: a seat that won 1 of 20
  games must not look certain;
- `degenerate`: deadlocks, stalemates and dead seats (cardgen.engine.degenerate): fine at
  `degenerate` or fewer, failing at `degenerate_fail` or more.

Each test looks after `Schedule.first` games and then every `step` games, stops at its first
decision and takes the last look at the ceiling (cardgen.check.sequential). `decided` is the
stop rule of a configuration's rounds; `hard_criteria` the criteria with their texts and figures.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.check.metrics import no_sole_winner
from cardgen.check.sequential import (
    MIN_MEAN_LOOK,
    Decision,
    Hypotheses,
    Member,
    Outcome,
    bernoulli_llr,
    bernoulli_pvalues,
    bernoulli_threshold,
    looks_of,
    mean_llr,
    mean_pvalues,
    mean_threshold,
    run_family,
    variance,
)
from cardgen.check.stats import wilson
from cardgen.check.verdict import FAIL, INCONCLUSIVE, PASS, Criterion, Thresholds, farthest_seat
from cardgen.engine.simulate import GameResult
from cardgen.words import count


@dataclass(frozen=True, slots=True)
class Schedule:
    """When a configuration's tests look: after `first` games, then every `step` more, and at
    the `ceiling` (the most games a configuration plays)."""

    first: int
    step: int
    ceiling: int

    def looks(self, played: int) -> list[int]:
        """The looks taken by the time `played` games were played."""
        return looks_of(self.first, self.step, self.ceiling, played)

    def next_look(self, played: int) -> int:
        """The games to have played at the next look after `played` (the ceiling at most)."""
        return next((n for n in looks_of(self.first, self.step, self.ceiling) if n > played), self.ceiling)


def _cumulative(values: Sequence[float]) -> tuple[list[float], list[float]]:
    sums, squares = [0.0], [0.0]
    for x in values:
        sums.append(sums[-1] + x)
        squares.append(squares[-1] + x * x)
    return sums, squares


def _bernoulli(flags: Sequence[bool], h: Hypotheses) -> Member:
    hits = [0]
    for f in flags:
        hits.append(hits[-1] + int(f))
    return Member(h, lambda n: bernoulli_llr(hits[n], n, h), lambda n: bernoulli_pvalues(hits[n], n, h),
                  estimate=lambda n: hits[n] / n if n else 0.0)


def _mean(values: Sequence[float], h: Hypotheses, floor: float) -> Member:
    sums, squares = _cumulative(values)
    return Member(h, lambda n: mean_llr(sums[n], squares[n], n, h, floor),
                  lambda n: mean_pvalues(sums[n], squares[n], n, h, floor), MIN_MEAN_LOOK,
                  lambda n: sums[n] / n if n else 0.0)


def share_floor(seats: int) -> float:
    """The least variance `fair` assumes for a seat's shares: the fair share's, p(1 - p)."""
    return (1 / seats) * (1 - 1 / seats)


OPEN = "open"
"""The status of a hard criterion not yet decided before the ceiling (never in a final verdict)."""


def _status(outcomes: Sequence[Outcome], final: bool) -> str:
    if any(o.decision is Decision.BAD for o in outcomes):
        return FAIL
    if all(o.decision is Decision.FINE for o in outcomes):
        return PASS
    return INCONCLUSIVE if final else OPEN


def _when(outcomes: Sequence[Outcome], status: str, played: int, ceiling: int) -> tuple[str, int]:
    """How the decision reads ("decided after 75 games") and the games it rests on."""
    if status == FAIL:
        n = min(o.games for o in outcomes if o.decision is Decision.BAD)
        last = any(o.last_look for o in outcomes if o.decision is Decision.BAD and o.games == n)
    elif status == PASS:
        n = max(o.games for o in outcomes)
        last = any(o.last_look for o in outcomes if o.games == n)
    else:
        return (f"undecided at the ceiling of {count(ceiling, 'game')}" if played >= ceiling
                else f"undecided after {count(played, 'game')}"), played
    return f"decided after {count(n, 'game')}" + (" (the last look)" if last else ""), n


def _rate_criterion(name: str, flags: Sequence[bool], fine: float, bad: float, limits: Thresholds,
                    schedule: Schedule, what: str, figures: dict[str, Any], final: bool) -> Criterion:
    """A Bernoulli criterion: `flags` says per game whether the bad thing happened; fine at a
    rate of `fine`, failing at `bad`."""
    h = Hypotheses(fine, bad, limits.alpha, limits.beta)
    played = len(flags)
    (outcome,) = run_family([_bernoulli(flags, h)], schedule.looks(played), schedule.ceiling)
    status = _status([outcome], final or played >= schedule.ceiling)
    when, n = _when([outcome], status, played, schedule.ceiling)
    hits = sum(flags)
    low, high = wilson(hits, played)
    threshold = bernoulli_threshold(n, h, n >= schedule.ceiling)
    detect = (f"; with {count(n, 'game')} {threshold} or more ({threshold / n:.0%}) would have failed"
              if threshold is not None and n else "")
    share = hits / played if played else 0.0
    past = min(fine, bad) < share < max(fine, bad)
    between = status == INCONCLUSIVE and past
    text = (f"{hits} of {count(played, 'game')} {what} ({share:.0%} [{low:.0%}-{high:.0%}]; fine up to "
            f"{fine:.0%}, failing from {bad:.0%})" + (", between the two" if between else "") + f": {when}{detect}")
    figures = {"count": hits, "games": played, "share": share, "low": low,
               "high": high, "fine": fine, "bad": bad, "decided_at": n if status in (PASS, FAIL) else None,
               "detect": threshold / n if threshold is not None and n else None, "between": past, **figures}
    return Criterion(name, status, True, text, figures)


def _seat_members(results: Sequence[GameResult], seats: int, limits: Thresholds) -> list[list[Member]]:
    """Per seat tested: the tests that its share is not too high and not too low."""
    fair = 1 / seats
    out = []
    for seat in range(1 if seats == 2 else seats):  # two seats: one test, the shares sum to 1
        values = [r.shares()[seat] for r in results]
        out.append([_mean(values, Hypotheses(fair + limits.fair_margin, fair + limits.unfair_margin,
                                              limits.alpha, limits.beta), share_floor(seats)),
                    _mean(values, Hypotheses(fair - limits.fair_margin, fair - limits.unfair_margin,
                                             limits.alpha, limits.beta), share_floor(seats))])
    return out


def fair_criterion(results: Sequence[GameResult], seats: int, limits: Thresholds, schedule: Schedule,
                   final: bool = False) -> Criterion:
    """`fair`: each seat's share tested against 1/seats (see the module text)."""
    played = len(results)
    fair = 1 / seats
    members = _seat_members(results, seats, limits)
    flat = [m for pair in members for m in pair]
    outcomes = run_family(flat, schedule.looks(played), schedule.ceiling, size=len(members))
    per_seat = [outcomes[2 * i:2 * i + 2] for i in range(len(members))]
    if seats == 2:
        per_seat.append(list(reversed(per_seat[0])))  # the second seat mirrors the first
    status = _status(outcomes, final or played >= schedule.ceiling)
    when, n = _when(outcomes, status, played, schedule.ceiling)
    rows: list[dict[str, Any]] = []
    for seat in range(seats):
        values = [r.shares()[seat] for r in results]
        share = sum(values) / played if played else 0.0
        low, high = wilson(sum(values), played)
        state = _status(per_seat[seat], True)
        rows.append({"seat": seat + 1, "share": share, "low": low, "high": high,
                     "decision": {PASS: "fair", FAIL: "unfair"}.get(state, "open")})
    above, below = _fair_detect(results, seats, limits, n, n >= schedule.ceiling, len(members))
    detect = ""
    if above is not None and below is not None:
        detect = (f"; with {count(n, 'game')} a seat share of {above:.0%} or more"
                  + (f" or {below:.0%} or less" if below > 0 else "") + " would have failed")
    unfair = [r for r in rows if r["decision"] == "unfair"]
    margins = (f"fair share {fair:.0%}, fine within {limits.fair_margin * 100:g} points, unfair from "
               f"{limits.unfair_margin * 100:g}")
    worst = farthest_seat(rows, fair) if rows else None
    past = worst is not None and limits.fair_margin < abs(float(worst["share"]) - fair) < limits.unfair_margin
    if unfair:
        head = ", ".join(_seat(r) for r in unfair)
        text = f"{head}: unfair ({margins}; {when}){detect}"
    elif worst is None:
        text = f"no games ({when})"
    elif status == PASS:
        text = f"every seat near the fair share, the farthest {_seat(worst)} ({margins}; {when}){detect}"
    else:
        text = (_seat(worst) + (": between the two margins" if past else "")
                + f", undecided ({margins}; {when}){detect}")
    figures = {"fair_share": fair, "margin": limits.fair_margin, "unfair_margin": limits.unfair_margin,
               "games": played, "decided_at": n if status in (PASS, FAIL) else None, "seats": rows,
               "detect": {"above": above, "below": below}, "between": past}
    return Criterion("fair", status, True, text, figures)


def _seat(row: dict[str, Any]) -> str:
    """'seat 2 wins 58% [53%-63%]'."""
    return f"seat {row['seat']} wins {row['share']:.0%} [{row['low']:.0%}-{row['high']:.0%}]"


def _fair_detect(results: Sequence[GameResult], seats: int, limits: Thresholds, n: int, last: bool,
                 family: int) -> tuple[float | None, float | None]:
    """The seat shares at which `fair` would have failed with the first `n` games (with the
    variance of the first seat's shares there): from above and from below."""
    if n < MIN_MEAN_LOOK:
        return None, None
    values = [r.shares()[0] for r in results[:n]]
    sums, squares = _cumulative(values)
    var = variance(sums[n], squares[n], n, share_floor(seats))
    fair, alpha = 1 / seats, limits.alpha / family
    up = mean_threshold(n, var, Hypotheses(fair + limits.fair_margin, fair + limits.unfair_margin,
                                           limits.alpha, limits.beta), last, alpha, share_floor(seats))
    down = mean_threshold(n, var, Hypotheses(fair - limits.fair_margin, fair - limits.unfair_margin,
                                             limits.alpha, limits.beta), last, alpha, share_floor(seats))
    return up, (max(0.0, down) if down is not None else None)


def hard_criteria(results: Sequence[GameResult], seats: int, limits: Thresholds, schedule: Schedule,
                  final: bool = False) -> list[Criterion]:
    """The four hard criteria of a configuration after its `results` (in seed order). A
    criterion still open before the ceiling has the status OPEN, or INCONCLUSIVE when `final`
    (the configuration stopped playing)."""
    kinds = Counter(r.degenerate for r in results if r.degenerate)
    return [
        _rate_criterion("ends", [not r.ended for r in results], 1 - limits.ends, 1 - limits.ends_fail, limits,
                        schedule, "did not end by the rules", {}, final),
        _rate_criterion("decisive", [no_sole_winner(r) for r in results], limits.draws, limits.draws_fail,
                        limits, schedule, "had no sole winner", {}, final),
        fair_criterion(results, seats, limits, schedule, final),
        _rate_criterion("degenerate", [bool(r.degenerate) for r in results], limits.degenerate,
                        limits.degenerate_fail, limits, schedule,
                        "degenerate" + (f" ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})" if kinds else ""),
                        {"kinds": dict(sorted(kinds.items()))}, final),
    ]


def decided(results: Sequence[GameResult], seats: int, limits: Thresholds, schedule: Schedule) -> bool:
    """The stop rule of a configuration's rounds: every hard criterion decided (a failed one
    too: the others are still decided, so that the report shows every failure), or the
    ceiling reached."""
    if len(results) >= schedule.ceiling:
        return True
    return all(c.status in (PASS, FAIL) for c in hard_criteria(results, seats, limits, schedule))


Decide = Callable[[Sequence[GameResult]], bool]
"""A configuration's stop rule over its results so far."""


def badness(c: Criterion) -> tuple[float, float, float] | None:
    """How badly a hard criterion's games went, as (figure, low, high) with its 95 % interval:
    the share of bad games for `ends` (unfinished), `decisive` (no sole winner) and `degenerate`;
    for `fair` the farthest seat's distance from the fair share, its interval the seat's share's
    interval seen from the fair share. None when it has no such figures."""
    f = c.figures
    if c.name == "fair":
        if not f.get("seats"):
            return None
        fair = float(f["fair_share"])

        def distance(seat: dict[str, Any]) -> tuple[float, float, float]:
            low, high = float(seat["low"]) - fair, float(seat["high"]) - fair
            near = 0.0 if low <= 0 <= high else min(abs(low), abs(high))
            return abs(float(seat["share"]) - fair), near, max(abs(low), abs(high))

        return max((distance(s) for s in f["seats"]), key=lambda d: d[0])
    if "share" in f and "low" in f and "high" in f:
        return float(f["share"]), float(f["low"]), float(f["high"])
    return None


def leaning(c: Criterion) -> bool:
    """Whether a hard criterion is undecided with its figure between its fine and its failing
    value (the farthest seat between the two margins, a share between fine and failing): what
    more games might still fail."""
    return c.status not in (PASS, FAIL) and bool(c.figures.get("between"))


def _half_width(figures: Sequence[float]) -> float:
    """The larger side of a `badness` interval (figure, low, high) about its figure."""
    figure, low, high = (float(v) for v in figures[:3])
    return max(figure - low, high - figure)


def worse(c: Criterion, original: Sequence[float] | None) -> bool:
    """Whether a failed criterion is significantly worse than the original set's failure of it
    (`original`: its `badness`): its figure exceeds the original's by more than the root of the
    sum of the two intervals' squared half-widths (a test of the difference at the 95 % level,
    each figure's standard error read off its interval). Two intervals that merely overlap can
    still differ significantly: 71 % against 60 % of 150 and 200 games does. No figure of the
    original's: worse (nothing shows it is not)."""
    mine = badness(c)
    if original is None or mine is None:
        return True
    return mine[0] - float(original[0]) > math.hypot(_half_width(mine), _half_width(original))
