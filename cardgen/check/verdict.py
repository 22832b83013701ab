"""The playability verdict of a configuration: criteria with stable ids, hard or soft, each
pass, fail or inconclusive (docs/check.md, "The verdict").

Hard criteria are tested sequentially on the games as they are played (cardgen.check.criteria
and cardgen.check.sequential): `ends`, `decisive`, `fair`, `degenerate`. A configuration
*fails* when one of them fails, is *inconclusive* when none fails but one is still undecided at
the ceiling, and *passes* otherwise. Soft criteria (`skill`, `kinds`, `length`, `dull`, and when
asked for `worth` and `kingmaking`) are findings: they never fail the check.

Every threshold lives in `Thresholds`; a set file may override any of them in a `[check]` table.
A verdict is also a value that orders (`Verdict.rank`, `compare`): pass before inconclusive
before fail, then fewer failing and undecided criteria, then fewer findings.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import DataError
from cardgen.sets import CHECK_TABLE, SetSource, check_table
from cardgen.words import count

HARD = ("ends", "decisive", "fair", "degenerate")
"""The criteria whose failure fails the check, in report order."""
SOFT = ("skill", "kinds", "length", "dull", "worth", "kingmaking")
"""The criteria whose failure is a finding."""

PASS, FAIL, INCONCLUSIVE, FINDING, UNMEASURED = "pass", "fail", "inconclusive", "finding", "unmeasured"
"""A criterion's status (FINDING is a failed soft criterion) and a verdict's outcome (the first three)."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The verdict's thresholds (defaults here; a set's `[check]` table overrides them).

    Each hard criterion tests a *fine* value against a *bad* one with the error rates `alpha`
    (failing a fine configuration) and `beta` (passing a bad one)."""

    ends: float = 0.99
    """Share of games that end by the rules in a fine configuration."""
    ends_fail: float = 0.85
    """Share of games that end by the rules at which `ends` fails."""
    draws: float = 0.25
    """Share of drawn games a fine configuration may have."""
    draws_fail: float = 0.40
    """Share of drawn games at which `decisive` fails."""
    fair_margin: float = 0.05
    """How far a fair seat's share may lie from 1/seats."""
    unfair_margin: float = 0.15
    """How far from 1/seats a seat's share is unfair."""
    degenerate: float = 0.10
    """Share of degenerate games a fine configuration may have."""
    degenerate_fail: float = 0.25
    """Share of degenerate games at which `degenerate` fails."""
    alpha: float = 0.01
    """Error rate of failing a fine configuration (per hard criterion; Holm over the seats)."""
    beta: float = 0.01
    """Error rate of passing a bad configuration (per hard criterion)."""
    length_factor: float = 2.0
    """Turns per player may be this many times more or less than the original set's."""
    kind_share: float = 0.10
    """Smallest share of its supply a component kind should be played."""
    decisions: float = 0.6
    """Smallest share of steps with a real choice (more than one legal move)."""
    margin: float = 0.05
    """Smallest mean lead of the winner over the second seat, as a share of the winner's mean score."""
    alike: float = 0.9
    """Largest share of games that may end with the same scores."""
    worth_margin: float = 0.10
    """How much of its share a seat barred from a kind may lose before the kind is dominant."""
    worth_rare: float = 0.5
    """A kind played less than this times the equal share of the plays (1/kinds) is rare."""
    kingmaking: float = 0.25
    """Largest share of kingmade games (three or more seats)."""
    strict: bool = False
    """Whether an inconclusive verdict fails the check (as `check --strict`)."""

    def to_json(self) -> dict[str, float | bool]:
        """The thresholds by their set-file names."""
        return dataclasses.asdict(self)


SHARES = ("ends", "ends_fail", "draws", "draws_fail", "fair_margin", "unfair_margin", "degenerate",
          "degenerate_fail", "kind_share", "decisions", "margin", "alike", "worth_margin", "worth_rare", "kingmaking")
"""The thresholds that are shares, 0 to 1."""
PAIRS = (("ends_fail", "ends", "ends_fail is less than ends"), ("draws", "draws_fail", "draws is less than draws_fail"),
         ("fair_margin", "unfair_margin", "fair_margin is less than unfair_margin"),
         ("degenerate", "degenerate_fail", "degenerate is less than degenerate_fail"))
"""(smaller, larger, rule): each hard criterion's fine value must differ from its bad one."""


def _line(path: Path, key: str) -> str:
    """"file:line" of `key` inside the [check] table, or the file alone."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return str(path)
    inside = False
    for i, text in enumerate(lines, 1):
        stripped = text.strip()
        if stripped.startswith("["):
            inside = stripped == f"[{CHECK_TABLE}]"
        elif inside and stripped.split("=")[0].strip() == key:
            return f"{path}:{i}"
    return str(path)


def thresholds_of(path: str | Path | None) -> Thresholds:
    """The thresholds of the set file at `path`: the defaults with its `[check]` table applied
    (DataError naming file, line and key for an unknown key or a value out of range)."""
    if path is None:
        return Thresholds()
    table, src = check_table(path)
    return thresholds_from(table, src)


def thresholds_from(table: Any, src: SetSource) -> Thresholds:
    """The thresholds of a set file's `[check]` table `table` (None: it has none), read from the
    file `src` (`cardgen.sets.read_set`: no second read); errors as `thresholds_of`."""
    if table is not None and not isinstance(table, dict):
        raise src.error("must be a table: [check]", CHECK_TABLE)
    if not table:
        return Thresholds()
    names = {f.name for f in dataclasses.fields(Thresholds)}
    values: dict[str, Any] = {}
    for key, value in table.items():
        where = _line(src.path, key)
        if key not in names:
            raise DataError(where, f"[check] key '{key}': unknown (allowed: {', '.join(sorted(names))})")
        if key == "strict":
            if not isinstance(value, bool):
                raise DataError(where, f"[check] key 'strict': expected true or false, got {value!r}")
            values[key] = value
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise DataError(where, f"[check] key '{key}': expected a number, got {value!r}")
        if key in SHARES and not 0 <= value <= 1:
            raise DataError(where, f"[check] key '{key}': {value!r} is a share, 0 to 1")
        if key in ("alpha", "beta") and not 0 < value < 0.5:
            raise DataError(where, f"[check] key '{key}': {value!r} is an error rate, more than 0 and less than 0.5")
        if key == "length_factor" and value < 1:
            raise DataError(where, f"[check] key 'length_factor': {value!r} is less than 1")
        values[key] = float(value)
    out = Thresholds(**values)
    given = out.to_json()
    for low, high, rule in PAIRS:
        if not given[low] < given[high]:
            raise DataError(str(src.path), f"[check]: {rule}")
    return out


@dataclass(frozen=True, slots=True)
class Criterion:
    """One criterion of a verdict: its stable id (`name`), whether it is hard, its `status`
    (PASS, FAIL, INCONCLUSIVE; FINDING for a failed soft one; UNMEASURED), a line saying what
    was measured against what, and the figures behind it (JSON-able)."""

    name: str
    status: str
    hard: bool
    text: str
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool | None:
        """True when it passed, False when it failed (or is a finding), None otherwise."""
        return True if self.status == PASS else False if self.status in (FAIL, FINDING) else None

    def figure(self) -> str:
        """The criterion's share with its 95% interval, in a few words ("3% [1%-6%]", "seat 2
        58% [53%-63%]"; for a soft one its main figure), "" when there is none."""
        f = self.figures
        if self.name == "fair" and f.get("seats"):
            fair = float(f["fair_share"])
            seat = farthest_seat(f["seats"], fair)
            return f"seat {seat['seat']} {_interval(seat)}"
        if self.name == "ends" and "share" in f:  # its figures count the games that did not end
            return _interval({"share": 1 - f["share"], "low": 1 - f["high"], "high": 1 - f["low"]})
        if "share" in f and "low" in f:
            return _interval(f)
        if self.name == "skill" and f.get("trace"):
            best = max(f["trace"], key=lambda t: float(t["low"]))
            return f"{best['strong']} {_interval(best)} against {best['weak']}"
        if self.name == "kinds" and f.get("shares"):
            return f"least {min(f['shares'].values()):.0%} of its supply"
        if self.name == "length" and "turns" in f:
            return f"{f['turns']:.1f} turns per player"
        if self.name == "dull" and f.get("points"):
            return f"margin {f['margin']:.1f} ({f['margin_share']:.0%})"
        if self.name == "worth" and f.get("worth"):
            flags = [w["flag"] for w in f["worth"]]
            return f"{flags.count('dominant')} dominant, {flags.count('dead')} dead of {len(flags)}"
        if self.name == "kingmaking" and f.get("kingmaking"):
            return _interval(f["kingmaking"]) + " kingmade"
        return ""

    def to_json(self) -> dict[str, Any]:
        """{"status", "ok", "hard", "text", "figure", "figures"}."""
        return {"status": self.status, "ok": self.ok, "hard": self.hard, "text": self.text,
                "figure": self.figure(), "figures": self.figures}


def farthest_seat(seats: Sequence[dict[str, Any]], fair: float) -> dict[str, Any]:
    """The seat row farthest from the fair share; of two as far (two seats), the one above it."""
    return max(seats, key=lambda r: (round(abs(float(r["share"]) - fair), 9), float(r["share"])))


def _interval(f: Any) -> str:
    """"58% [53%-63%]" from a mapping with share, low and high."""
    return f"{float(f['share']):.0%} [{float(f['low']):.0%}-{float(f['high']):.0%}]"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The criteria of one configuration after `games` games."""

    config: str
    criteria: tuple[Criterion, ...]
    games: int = 0
    player: str = ""
    """The player whose games the verdict judges ("" unknown)."""

    @property
    def outcome(self) -> str:
        """FAIL when a hard criterion failed, INCONCLUSIVE when one is undecided, else PASS."""
        if self.failures():
            return FAIL
        return INCONCLUSIVE if self.undecided() else PASS

    @property
    def passed(self) -> bool:
        """Whether the outcome is PASS."""
        return self.outcome == PASS

    def criterion(self, name: str) -> Criterion | None:
        """The criterion called `name` (None: the verdict has none)."""
        return next((c for c in self.criteria if c.name == name), None)

    def failures(self) -> list[Criterion]:
        """The hard criteria that failed."""
        return [c for c in self.criteria if c.hard and c.status == FAIL]

    def undecided(self) -> list[Criterion]:
        """The hard criteria still undecided (inconclusive, or not measured at all)."""
        return [c for c in self.criteria if c.hard and c.status in (INCONCLUSIVE, UNMEASURED)]

    def findings(self) -> list[Criterion]:
        """The soft criteria that failed."""
        return [c for c in self.criteria if not c.hard and c.status == FINDING]

    def rank(self) -> tuple[int, int, int, int]:
        """A key that sorts better verdicts first: the outcome (pass, inconclusive, fail), then
        the failed hard criteria, the undecided ones and the findings, fewer first."""
        order = {PASS: 0, INCONCLUSIVE: 1, FAIL: 2}[self.outcome]
        return order, len(self.failures()), len(self.undecided()), len(self.findings())

    def compare(self, other: Verdict) -> int:
        """-1 when this verdict is better than `other`, 1 when worse, 0 when they rank equal."""
        a, b = self.rank(), other.rank()
        return -1 if a < b else 1 if a > b else 0

    def to_json(self) -> dict[str, Any]:
        """{"outcome", "passed", "player", "games", "failed", "inconclusive", "findings": [ids],
        "criteria": {id: criterion}}."""
        return {"outcome": self.outcome, "passed": self.passed, "player": self.player, "games": self.games,
                "failed": [c.name for c in self.failures()], "inconclusive": [c.name for c in self.undecided()],
                "findings": [c.name for c in self.findings()],
                "criteria": {c.name: c.to_json() for c in self.criteria}}

    def line(self) -> str:
        """One line for the text report: the outcome, who played how many games, and every
        criterion's figure with its interval and its mark."""
        marks = {PASS: "ok", FAIL: "FAILS", INCONCLUSIVE: "inconclusive", FINDING: "finding"}
        shown = [" ".join(x for x in (c.name, c.figure(), marks[c.status]) if x)
                 for c in self.criteria if c.status in marks]
        if not self.games:
            return f"verdict, {self.config}: not played"
        word = {PASS: "passes", FAIL: "FAILS", INCONCLUSIVE: "INCONCLUSIVE"}[self.outcome]
        who = f"{count(self.games, 'game')} by {self.player}" if self.player else count(self.games, 'game')
        return f"verdict, {self.config}: {word} after {who} (" + ", ".join(shown) + ")"


def rank_of(verdicts: Sequence[Verdict]) -> tuple[int, int, int, int, int]:
    """The order of a whole set's verdicts (better first): its worst outcome, then the failing,
    the inconclusive configurations, the failed hard criteria and the findings, fewer first."""
    ranks = [v.rank() for v in verdicts]
    worst = max((r[0] for r in ranks), default=0)
    return (worst, sum(r[0] == 2 for r in ranks), sum(r[0] == 1 for r in ranks), sum(r[1] for r in ranks),
            sum(r[3] for r in ranks))


def summary(name: str, verdicts: Sequence[Verdict], of: int | None = None) -> str:
    """One line: how many of the `of` configurations (default: those of `verdicts` that were
    played) fail or are inconclusive, each named with its criteria ("schlangennest: 2 of 22
    configurations fail: 2p 2×2 (decisive), 3p 1×9 (fair, degenerate)")."""
    played = [v for v in verdicts if v.games]
    total = len(played) if of is None else of
    failed = [v for v in played if v.outcome == FAIL]
    open_ = [v for v in played if v.outcome == INCONCLUSIVE]
    parts = []
    if failed:
        parts.append(f"{len(failed)} of {total} configurations fail: " + ", ".join(
            f"{v.config} ({', '.join(c.name for c in v.failures())})" for v in failed))
    if open_:
        parts.append(f"{len(open_)} of {total} inconclusive: " + ", ".join(
            f"{v.config} ({', '.join(c.name for c in v.undecided())})" for v in open_))
    if not parts:
        return f"{name}: all {total} configurations pass"
    return f"{name}: " + "; ".join(parts)
