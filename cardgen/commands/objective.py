"""How good a checked set is, as one number to minimise: the objective of `cardgen tune` and the
order of `cardgen check`'s recommendations (docs/tune.md, "The objective").

The number is a weighted penalty in two parts. Its hundreds are the outcome (0 when every
configuration passes conclusively, 100 when one is inconclusive, 200 when one fails, 300 when
the set could not be played at all) and its tens the hard criteria that fail or are undecided
(10 each), so a set that passes always beats one that does not. Below that, averaged over the
configurations, come the soft terms in the order a designer weighs them:

- `unfair`: the worst seat's distance from the fair share, in units of the fair margin
  (`[check] fair_margin`, 5 points: 1.0 means one margin off);
- `draws`: the share of drawn games, in units of the fine share (`[check] draws`: 1.0 at 25 %);
- `length`: how far the turns per player lie from the original set's, on a log scale where 1.0
  is the edge of the allowed range (`[check] length_factor`); half weight;
- `skill`: 1 when the skill trace does not climb (the stronger rung does not win more);
- `kinds`: 1 when some component kind is hardly played; half weight.

This module only reads a `GameCheck`; it plays nothing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.check.verdict import FAIL, INCONCLUSIVE, PASS, Thresholds, Verdict
from cardgen.commands.checkrun import GameCheck

OUTCOME_WEIGHT = 100.0
CRITERION_WEIGHT = 10.0
WEIGHTS: Mapping[str, float] = {"unfair": 1.0, "draws": 1.0, "length": 0.5, "skill": 1.0, "kinds": 0.5}
"""The soft terms' weights (docs/tune.md)."""
NOT_PLAYED = 3 * OUTCOME_WEIGHT
"""The score of a set that could not be loaded or played."""


@dataclass(frozen=True, slots=True)
class Figures:
    """The headline figures of one configuration's verdict: the first seat's share and its fair
    share, the worst seat's distance from fair, the draws' share and the turns per player (None
    where the verdict did not measure it)."""

    config: str
    first: float | None
    fair: float | None
    worst: float | None
    draws: float | None
    turns: float | None
    first_ci: tuple[float, float] | None = None
    """The first seat's share's 95% Wilson interval."""
    draws_ci: tuple[float, float] | None = None
    """The draws' share's 95% Wilson interval."""
    games: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "first_seat": self.first, "fair_share": self.fair,
                "worst_seat_off": self.worst, "draws": self.draws, "turns": self.turns,
                "first_seat_interval": None if self.first_ci is None else list(self.first_ci),
                "draws_interval": None if self.draws_ci is None else list(self.draws_ci), "games": self.games}


def figures(verdict: Verdict) -> Figures:
    """The headline figures of `verdict` (cardgen.check.verdict)."""
    fair = verdict.criterion("fair")
    seats = fair.figures.get("seats", []) if fair is not None else []
    share = fair.figures.get("fair_share") if fair is not None else None
    first = seats[0]["share"] if seats else None
    worst = max((abs(s["share"] - share) for s in seats), default=None) if share is not None else None
    decisive = verdict.criterion("decisive")
    length = verdict.criterion("length")
    drawn = decisive.figures if decisive is not None else {}
    return Figures(verdict.config, first, share, worst, drawn.get("share"),
                   length.figures.get("turns") if length is not None else None,
                   (seats[0]["low"], seats[0]["high"]) if seats and "low" in seats[0] else None,
                   (drawn["low"], drawn["high"]) if "low" in drawn else None,
                   fair.figures.get("games") if fair is not None else drawn.get("games"))


def soft_terms(verdict: Verdict, limits: Thresholds) -> dict[str, float]:
    """The soft terms of one configuration (unweighted; see the module's docstring)."""
    f = figures(verdict)
    terms = {"unfair": (f.worst or 0.0) / limits.fair_margin,
             "draws": (f.draws or 0.0) / limits.draws if limits.draws > 0 else 0.0}
    length = verdict.criterion("length")
    turns, base = (length.figures.get("turns"), length.figures.get("baseline")) if length is not None else (None, None)
    span = math.log(limits.length_factor) if limits.length_factor > 1 else 1.0
    terms["length"] = abs(math.log(turns / base)) / span if turns and base else 0.0
    for name in ("skill", "kinds"):
        c = verdict.criterion(name)
        terms[name] = 0.0 if c is None or c.status == PASS or c.ok is None else 1.0
    return terms


@dataclass(frozen=True, slots=True)
class Score:
    """A checked set's objective (`value`, smaller is better) and its parts: the outcome, the
    hard criteria failing or undecided, the weighted soft terms (mean over configurations), and
    every configuration's figures."""

    value: float
    outcome: str
    hard: int
    terms: Mapping[str, float]
    figures: tuple[Figures, ...]

    @property
    def passed(self) -> bool:
        """Whether every configuration passes conclusively."""
        return self.outcome == PASS

    def to_json(self) -> dict[str, Any]:
        return {"value": round(self.value, 4), "outcome": self.outcome, "hard": self.hard,
                "terms": {k: round(v, 4) for k, v in self.terms.items()},
                "configs": [f.to_json() for f in self.figures]}


def score(check: GameCheck) -> Score:
    """The objective of `check` (see the module's docstring)."""
    if not check.complete or not check.verdicts:
        return UNPLAYED
    outcome = check.outcome
    tier = {PASS: 0, INCONCLUSIVE: 1, FAIL: 2}[outcome]
    hard = sum(len(check.new_failures(v)) + len(v.undecided()) for v in check.verdicts)
    played = [v for v in check.verdicts if v.games]
    terms = _mean_terms([soft_terms(v, check.thresholds) for v in played])
    value = tier * OUTCOME_WEIGHT + hard * CRITERION_WEIGHT + sum(WEIGHTS[k] * t for k, t in terms.items())
    return Score(value, outcome, hard, terms, tuple(figures(v) for v in played))


def _mean_terms(per_config: Sequence[Mapping[str, float]]) -> dict[str, float]:
    if not per_config:
        return {k: 0.0 for k in WEIGHTS}
    return {k: sum(t[k] for t in per_config) / len(per_config) for k in WEIGHTS}


UNPLAYED = Score(NOT_PLAYED, "not played", 0, {}, ())
"""The score of a set that could not be made, loaded or played."""
