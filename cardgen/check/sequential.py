"""Sequential tests of the verdict: Wald's SPRT checked at looks, a last look at the ceiling,
and Holm's step-down correction over a family of tests (the seats of a configuration).

A test is one-sided: *fine* (H0: p at `fine` or better) against *bad* (H1: p at `bad` or worse);
`bad` may lie above `fine` (too many draws) or below it (a seat that wins too little). The
evidence is the log-likelihood ratio of bad against fine:

- for yes/no outcomes (a draw or not) the exact Bernoulli ratio, `bernoulli_llr`;
- for outcomes in 0..1 that need not be whole (a seat's share of a game: 1/k of a win shared by
  k seats) the normal approximation with the variance estimated from the games, `mean_llr`, as
  fishtest's generalised SPRT does, but never below a `floor` the caller gives (the fair share's
  Bernoulli variance p(1 - p)): a seat that won 1 game of 20 has a sample variance near zero,
  and a test on it would take a chance result for certainty.

At each look a test not yet decided stops at the first crossing of Wald's boundaries
ln((1 − β)/α) (bad) or ln(β/(1 − α)) (fine). Half of each error rate is spent this way; the
other half on the last look at the ceiling, a fixed-sample test (the exact binomial tail for
yes/no outcomes, a z test for shares) that decides what the evidence there allows, and only on
the side of the margin its estimate lies on: bad when the estimate is at `bad` or beyond and
`fine` is rejected, fine when the estimate is at `fine` or better and `bad` is rejected. An
estimate between the two margins stays *inconclusive*, as does anything else not decided. Holm's step-down spreads α over a family: with r tests of m
already rejected, the next is rejected at α/(m − r).

Only the standard library: the normal quantiles come from `statistics.NormalDist`, the
binomial tail is summed exactly (`math.comb`); no scipy is needed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist

VAR_FLOOR = 1e-3
"""The smallest variance a share test assumes (a few games that all split alike would else
give an infinite ratio)."""
MIN_MEAN_LOOK = 20
"""Share tests (the normal approximation) look only from this many games on."""
SPENT = 0.5
"""The share of α and β spent on the looks before the ceiling; the rest on the last look."""

_NORMAL = NormalDist()


class Decision(Enum):
    """What a test concluded: H0 (fine), H1 (bad), or nothing yet."""

    FINE = "fine"
    BAD = "bad"
    OPEN = "open"


@dataclass(frozen=True, slots=True)
class Hypotheses:
    """One-sided hypotheses about a rate or mean p: *fine* p = `fine` against *bad* p = `bad`,
    with the error rates α (deciding bad when p is fine) and β (deciding fine when p is bad)."""

    fine: float
    bad: float
    alpha: float = 0.01
    beta: float = 0.01

    def __post_init__(self) -> None:
        if self.fine == self.bad or not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError(f"degenerate hypotheses {self!r}")

    @property
    def upward(self) -> bool:
        """Whether bad lies above fine."""
        return self.bad > self.fine

    def bounds(self, alpha: float | None = None) -> tuple[float, float]:
        """Wald's (fine, bad) boundaries for the looks before the ceiling, with the spent
        share of the error rates; `alpha` replaces α (Holm's share of it)."""
        a = (self.alpha if alpha is None else alpha) * SPENT
        b = self.beta * SPENT
        return math.log(b / (1 - a)), math.log((1 - b) / a)


def bernoulli_llr(hits: int, n: int, h: Hypotheses) -> float:
    """The log-likelihood ratio of bad against fine for `hits` yes-outcomes in `n`."""
    return hits * math.log(h.bad / h.fine) + (n - hits) * math.log((1 - h.bad) / (1 - h.fine))


def variance(total: float, squares: float, n: int, floor: float = VAR_FLOOR) -> float:
    """The (population) variance of `n` outcomes with this sum and sum of squares, never below
    `floor` (nor `VAR_FLOOR`)."""
    if n <= 0:
        return max(0.25, floor)
    mean = total / n
    return max(squares / n - mean * mean, floor, VAR_FLOOR)


def mean_llr(total: float, squares: float, n: int, h: Hypotheses, floor: float = VAR_FLOOR) -> float:
    """The log-likelihood ratio of bad against fine for `n` outcomes in 0..1 with this sum and
    sum of squares, in the normal approximation with their estimated variance (at least `floor`)."""
    if n <= 0:
        return 0.0
    return (h.bad - h.fine) / variance(total, squares, n, floor) * (total - n * (h.fine + h.bad) / 2)


def binomial_tail(hits: int, n: int, p: float, upper: bool) -> float:
    """P(X >= hits) (upper) or P(X <= hits) for X ~ Binomial(n, p), summed exactly."""
    ks = range(hits, n + 1) if upper else range(0, hits + 1)
    return min(1.0, sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in ks))


def bernoulli_pvalues(hits: int, n: int, h: Hypotheses) -> tuple[float, float]:
    """The last look's p-values for `hits` of `n`: against fine (small: the rate is bad) and
    against bad (small: the rate is fine)."""
    if h.upward:
        return binomial_tail(hits, n, h.fine, True), binomial_tail(hits, n, h.bad, False)
    return binomial_tail(hits, n, h.fine, False), binomial_tail(hits, n, h.bad, True)


def mean_pvalues(total: float, squares: float, n: int, h: Hypotheses,
                 floor: float = VAR_FLOOR) -> tuple[float, float]:
    """The last look's p-values of a z test with the estimated variance (at least `floor`):
    against fine and against bad (1.0 each for too few games)."""
    if n < MIN_MEAN_LOOK:
        return 1.0, 1.0
    se = math.sqrt(variance(total, squares, n, floor) / n)
    sign = 1 if h.upward else -1
    mean = total / n
    return (1 - _NORMAL.cdf(sign * (mean - h.fine) / se), 1 - _NORMAL.cdf(sign * (h.bad - mean) / se))


@dataclass(frozen=True, slots=True)
class Outcome:
    """A test's decision, the games it was taken at (0: open) and whether the last look took it."""

    decision: Decision = Decision.OPEN
    games: int = 0
    last_look: bool = False


Estimate = Callable[[int], float]
"""The estimate of the rate or mean after the first n games."""
Stats = Callable[[int], float]
"""The evidence (log-likelihood ratio of bad against fine) after the first n games."""
PValues = Callable[[int], tuple[float, float]]
"""The last look's p-values (against fine, against bad) after the first n games."""


@dataclass(frozen=True, slots=True)
class Member:
    """One test of a family: its hypotheses, its evidence at a look and its last-look p-values."""

    hypotheses: Hypotheses
    llr: Stats
    pvalues: PValues
    min_look: int = 1
    estimate: Estimate | None = None
    """The rate or mean itself: the last look decides only on the side of the margins it lies
    on (None: no such condition)."""

    def beyond_bad(self, n: int) -> bool:
        """Whether the estimate after `n` games lies at `bad` or beyond (always, without one)."""
        if self.estimate is None:
            return True
        h, x = self.hypotheses, self.estimate(n)
        return x >= h.bad - 1e-12 if h.upward else x <= h.bad + 1e-12

    def within_fine(self, n: int) -> bool:
        """Whether the estimate after `n` games lies at `fine` or better (always, without one)."""
        if self.estimate is None:
            return True
        h, x = self.hypotheses, self.estimate(n)
        return x <= h.fine + 1e-12 if h.upward else x >= h.fine - 1e-12


def run_family(members: Sequence[Member], looks: Sequence[int], ceiling: int, size: int | None = None) -> list[Outcome]:
    """Run a family of tests over the `looks` (games played at each look, rising; the last may
    be the ceiling) and return each member's outcome. A member stops at its first decision.
    Rejections (bad) follow Holm's step-down over `size` hypotheses (default: the members):
    with r rejected so far, the strongest open evidence is rejected at α/(size − r), and so on
    down. Acceptances (fine) need no correction: passing requires every member to be fine. At
    the ceiling the members still open get the last look (the fixed-sample tests)."""
    m = size if size is not None else len(members)
    out = [Outcome() for _ in members]
    rejected = 0
    for n in looks:
        open_ = [i for i, o in enumerate(out) if o.decision is Decision.OPEN and n >= members[i].min_look]
        evidence = {i: members[i].llr(n) for i in open_}
        for i in sorted(open_, key=lambda i: -evidence[i]):
            _, bad = members[i].hypotheses.bounds(members[i].hypotheses.alpha / max(1, m - rejected))
            if evidence[i] < bad:
                break
            out[i] = Outcome(Decision.BAD, n)
            rejected += 1
        for i in open_:
            fine, _ = members[i].hypotheses.bounds()
            if out[i].decision is Decision.OPEN and evidence[i] <= fine:
                out[i] = Outcome(Decision.FINE, n)
        if all(o.decision is not Decision.OPEN for o in out):
            return out
    last = looks[-1] if looks else 0
    if last < ceiling:
        return out
    open_ = [i for i, o in enumerate(out) if o.decision is Decision.OPEN]
    pvalues = {i: members[i].pvalues(last) for i in open_}
    for i in sorted(open_, key=lambda i: pvalues[i][0]):
        h = members[i].hypotheses
        if pvalues[i][0] > h.alpha * (1 - SPENT) / max(1, m - rejected):
            break
        if members[i].beyond_bad(last):  # else between the margins: inconclusive
            out[i] = Outcome(Decision.BAD, last, True)
            rejected += 1
    for i in open_:
        if (out[i].decision is Decision.OPEN and pvalues[i][1] <= members[i].hypotheses.beta * (1 - SPENT)
                and members[i].within_fine(last)):
            out[i] = Outcome(Decision.FINE, last, True)
    return out


def looks_of(first: int, step: int, ceiling: int, played: int | None = None) -> list[int]:
    """The looks of a sequential run: `first` games, then every `step` more, and the `ceiling`
    (capped at the games `played` when fewer were played, e.g. a run that stopped)."""
    upto = ceiling if played is None else min(played, ceiling)
    out = list(range(min(first, ceiling), upto + 1, step)) if step > 0 else []
    if first >= ceiling or not out or out[-1] != upto:
        out = [n for n in out if n < upto] + [upto]
    return [n for n in out if n > 0]


def bernoulli_threshold(n: int, h: Hypotheses, last_look: bool, alpha: float | None = None) -> int | None:
    """The fewest yes-outcomes in `n` (upward) or the most (downward) that would have decided
    bad at `n` games: the last look's exact test when `last_look`, else Wald's boundary. None
    when no count would have."""
    a = h.alpha if alpha is None else alpha
    counts = range(n + 1) if h.upward else range(n, -1, -1)
    for k in counts:
        at_bad = k >= h.bad * n - 1e-9 if h.upward else k <= h.bad * n + 1e-9
        if last_look and ((bernoulli_pvalues(k, n, h)[0] <= a * (1 - SPENT) and at_bad)
                          or bernoulli_llr(k, n, h) >= h.bounds(a)[1]):
            return k
        if not last_look and bernoulli_llr(k, n, h) >= h.bounds(a)[1]:
            return k
    return None


def mean_threshold(n: int, var: float, h: Hypotheses, last_look: bool, alpha: float | None = None,
                   floor: float = VAR_FLOOR) -> float | None:
    """The mean of `n` outcomes with variance `var` at which bad would have been decided at `n`
    games (Wald's boundary, or the last look's z test when `last_look`, whichever is nearer);
    None below `MIN_MEAN_LOOK` games."""
    if n < MIN_MEAN_LOOK:
        return None
    a = h.alpha if alpha is None else alpha
    var = max(var, floor, VAR_FLOOR)
    mid = (h.fine + h.bad) / 2
    wald = mid + h.bounds(a)[1] * var / (n * (h.bad - h.fine))
    if not last_look:
        return wald
    z = _NORMAL.inv_cdf(1 - a * (1 - SPENT)) * math.sqrt(var / n)
    fixed = max(h.fine + z, h.bad) if h.upward else min(h.fine - z, h.bad)  # the last look: at bad or beyond
    return min(wald, fixed) if h.upward else max(wald, fixed)
