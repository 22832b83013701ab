"""The sequential tests of the verdict (cardgen.check.sequential): the likelihood ratios, Wald's
boundaries, the last look at the ceiling and Holm's step-down, on hand-made evidence."""

from __future__ import annotations

import math

import pytest

from cardgen.check.sequential import (
    SPENT,
    Decision,
    Hypotheses,
    Member,
    bernoulli_llr,
    bernoulli_pvalues,
    bernoulli_threshold,
    binomial_tail,
    looks_of,
    mean_llr,
    mean_threshold,
    run_family,
)


def test_bernoulli_ratio_and_wald_boundaries() -> None:
    h = Hypotheses(0.25, 0.40)
    # 3 draws in 10: 3 ln(0.40/0.25) + 7 ln(0.60/0.75)
    assert bernoulli_llr(3, 10, h) == pytest.approx(3 * math.log(1.6) + 7 * math.log(0.8))
    fine, bad = h.bounds()
    a = b = 0.01 * SPENT
    assert (fine, bad) == pytest.approx((math.log(b / (1 - a)), math.log((1 - b) / a)))
    assert Hypotheses(0.5, 0.6).upward and not Hypotheses(0.45, 0.35).upward


def test_mean_ratio_is_the_normal_approximation_with_the_games_variance() -> None:
    h = Hypotheses(0.55, 0.65)
    values = [1.0] * 60 + [0.0] * 30 + [0.5] * 10  # mean 0.65
    total, squares = sum(values), sum(v * v for v in values)
    var = squares / 100 - 0.65 ** 2
    assert mean_llr(total, squares, 100, h) == pytest.approx(0.1 / var * (total - 100 * 0.6))
    # the same evidence against a seat that wins too little is the mirror image
    low = Hypotheses(0.45, 0.35)
    mirrored = [1 - v for v in values]
    assert mean_llr(sum(mirrored), sum(v * v for v in mirrored), 100, low) == pytest.approx(
        mean_llr(total, squares, 100, h))


def test_binomial_tail_is_exact() -> None:
    assert binomial_tail(2, 3, 0.5, True) == pytest.approx(0.5)   # P(X >= 2) of 3 fair coins
    assert binomial_tail(0, 3, 0.5, False) == pytest.approx(0.125)
    against_fine, against_bad = bernoulli_pvalues(12, 20, Hypotheses(0.25, 0.40))
    assert against_fine == pytest.approx(sum(math.comb(20, k) * 0.25 ** k * 0.75 ** (20 - k) for k in range(12, 21)))
    assert against_bad == pytest.approx(sum(math.comb(20, k) * 0.4 ** k * 0.6 ** (20 - k) for k in range(13)))


def test_looks_rise_to_the_ceiling_and_stop_at_the_games_played() -> None:
    assert looks_of(50, 25, 150) == [50, 75, 100, 125, 150]
    assert looks_of(50, 25, 140) == [50, 75, 100, 125, 140]
    assert looks_of(50, 25, 20) == [20]  # a ceiling below the first look: one look, at the ceiling
    assert looks_of(50, 25, 400, played=90) == [50, 75, 90]


def _member(evidence: dict[int, float], alpha: float = 0.01, p: tuple[float, float] = (1.0, 1.0)) -> Member:
    return Member(Hypotheses(0.5, 0.6, alpha), lambda n: evidence[n], lambda n: p)


def test_a_test_stops_at_its_first_crossing() -> None:
    _, bad = Hypotheses(0.5, 0.6).bounds()
    (outcome,) = run_family([_member({10: 0.0, 20: bad + 0.1, 30: -50.0})], [10, 20, 30], 30)
    assert outcome.decision is Decision.BAD and outcome.games == 20 and not outcome.last_look


def test_holm_steps_down_over_the_family() -> None:
    h = Hypotheses(0.5, 0.6)
    at_third, at_half, at_full = h.bounds(0.01 / 3)[1], h.bounds(0.01 / 2)[1], h.bounds(0.01)[1]
    # the strongest crosses the α/3 boundary; the next then needs only α/2, the last α
    strong, middle, weak = at_third + 0.01, (at_half + at_third) / 2, (at_full + at_half) / 2
    outcomes = run_family([_member({10: weak}), _member({10: strong}), _member({10: middle})], [10], 100)
    assert [o.decision for o in outcomes] == [Decision.BAD] * 3
    # without the strongest, nothing crosses α/3 and the step-down stops at once
    outcomes = run_family([_member({10: weak}), _member({10: middle}), _member({10: middle})], [10], 100)
    assert all(o.decision is Decision.OPEN for o in outcomes)


def test_the_last_look_decides_what_its_evidence_allows_and_leaves_the_rest_open() -> None:
    tiny = 0.01 * (1 - SPENT) / 3 / 2  # below α/3: Holm over the three
    outcomes = run_family([_member({50: 0.0}, p=(tiny, 1.0)), _member({50: 0.0}, p=(1.0, 0.001)),
                           _member({50: 0.0}, p=(0.2, 0.2))], [50], 50)
    assert [o.decision for o in outcomes] == [Decision.BAD, Decision.FINE, Decision.OPEN]
    assert outcomes[0].last_look and outcomes[1].last_look
    # before the ceiling there is no last look
    outcomes = run_family([_member({50: 0.0}, p=(tiny, 1.0))], [50], 100)
    assert outcomes[0].decision is Decision.OPEN


def test_detection_thresholds_agree_with_the_tests() -> None:
    h = Hypotheses(0.25, 0.40)
    k = bernoulli_threshold(100, h, False)
    assert k is not None and bernoulli_llr(k, 100, h) >= h.bounds()[1] > bernoulli_llr(k - 1, 100, h)
    share = Hypotheses(0.55, 0.65)
    x = mean_threshold(200, 0.25, share, False)
    assert x is not None
    n = 200
    # a mean of x, with that variance, sits on Wald's boundary
    assert 0.1 / 0.25 * (n * x - n * 0.6) == pytest.approx(share.bounds()[1])
    assert mean_threshold(10, 0.25, share, True) is None  # too few games for the normal approximation
