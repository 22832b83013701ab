"""The playability verdict of a configuration: named criteria with thresholds, hard or soft.

Every threshold lives in `Thresholds` (its defaults are documented there and in docs/check.md);
a set file may override any of them in a `[check]` table. A configuration's verdict is computed
from its report rows (the main row, and the skill comparison when one was played for it):

- ends (hard): at least `ends` of the games ended by the rules (not stopped at the move bound);
- decisive (hard): the 95% Wilson interval of the share of drawn games (no winner, or every
  seat sharing the win) reaches down to `draws` or below (a few games never fail it by chance);
- fair (hard): no seat's 95% Wilson interval of its win share lies entirely more than
  `fair_margin` away from the fair share (the decided games split evenly over the seats);
- skill matters (soft): the strong player's 95% interval against the weak one lies above the
  share it would have without skill (only where the skill comparison was played);
- every kind played (soft): every component kind was played in some game of the configuration;
- length (soft): the mean game length in steps lies within `length_min`..`length_max`.

`check` fails (exit 1) when a hard criterion fails and names it; a failed soft criterion is a
finding. `variant` refuses a set that fails a hard criterion.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.engine.stats import wilson
from cardgen.errors import DataError
from cardgen.sets import CHECK_TABLE, check_table

HARD = ("ends", "decisive", "fair")
"""The criteria whose failure fails the check."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The verdict's thresholds (defaults here; a set's `[check]` table overrides them)."""

    ends: float = 0.99
    """Share of games that must end by the rules."""
    draws: float = 0.25
    """Largest share of drawn games."""
    fair_margin: float = 0.15
    """How far a seat's whole 95% interval may lie from the fair share."""
    length_min: float = 1.0
    """Shortest mean game length, in engine steps."""
    length_max: float = 5000.0
    """Longest mean game length, in engine steps."""

    def to_json(self) -> dict[str, float]:
        """The thresholds by their set-file names."""
        return dataclasses.asdict(self)


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
    if not table:
        return Thresholds()
    names = {f.name for f in dataclasses.fields(Thresholds)}
    values: dict[str, float] = {}
    for key, value in table.items():
        where = _line(src.path, key)
        if key not in names:
            raise DataError(where, f"[check] key '{key}': unknown (allowed: {', '.join(sorted(names))})")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise DataError(where, f"[check] key '{key}': expected a number, got {value!r}")
        if key in ("ends", "draws", "fair_margin") and not 0 <= value <= 1:
            raise DataError(where, f"[check] key '{key}': {value!r} is a share, 0 to 1")
        if key.startswith("length") and value < 0:
            raise DataError(where, f"[check] key '{key}': {value!r} is negative")
        values[key] = float(value)
    out = Thresholds(**values)
    if out.length_min > out.length_max:
        raise DataError(str(src.path), "[check]: length_min is more than length_max")
    return out


@dataclass(frozen=True, slots=True)
class Criterion:
    """One criterion of a verdict: whether it holds (None: not measured here), whether it is
    hard, and a line saying what was measured against what."""

    name: str
    ok: bool | None
    hard: bool
    text: str

    def to_json(self) -> dict[str, Any]:
        """{"ok", "hard", "text"}."""
        return {"ok": self.ok, "hard": self.hard, "text": self.text}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The criteria of one configuration."""

    config: str
    criteria: tuple[Criterion, ...]

    @property
    def passed(self) -> bool:
        """Whether no hard criterion failed."""
        return not self.failures()

    def failures(self) -> list[Criterion]:
        """The hard criteria that failed."""
        return [c for c in self.criteria if c.hard and c.ok is False]

    def findings(self) -> list[Criterion]:
        """The soft criteria that failed."""
        return [c for c in self.criteria if not c.hard and c.ok is False]

    def to_json(self) -> dict[str, Any]:
        """{"passed", "failed": [names], "findings": [names], "criteria": {name: criterion}}."""
        return {"passed": self.passed, "failed": [c.name for c in self.failures()],
                "findings": [c.name for c in self.findings()],
                "criteria": {c.name: c.to_json() for c in self.criteria}}

    def line(self) -> str:
        """One line for the text report."""
        marks = []
        for c in self.criteria:
            if c.ok is None:
                continue
            mark = "ok" if c.ok else ("FAILS" if c.hard else "finding")
            marks.append(f"{c.name} {mark}")
        if not marks:
            return f"verdict, {self.config}: not played"
        return f"verdict, {self.config}: " + ("passes" if self.passed else "FAILS") + " (" + ", ".join(marks) + ")"


def _seat_intervals(row: Mapping[str, Any]) -> list[tuple[float, float]]:
    games = int(row["games"])
    return [wilson(share * games, games) for share in row["win_shares"]]


def verdict(row: Mapping[str, Any], skill: Mapping[str, Any] | None, skill_rows: Sequence[Mapping[str, Any]],
            limits: Thresholds) -> Verdict:
    """The verdict of the configuration of the main report `row`, with its skill summary and
    skill rows when they were played (see the module text)."""
    config = str(row["config"])
    games = int(row.get("games", 0))
    if not games:  # a configuration the set cannot seat: nothing to judge
        return Verdict(config, (Criterion("ends", None, True, "no games were played"),))
    out: list[Criterion] = []
    ended = int(row["ended"]) / games
    out.append(Criterion("ends", ended >= limits.ends, True,
                         f"{ended:.0%} of {games} games ended by the rules (at least {limits.ends:.0%})"))
    draws = int(row["draws"]) / games
    low, high = wilson(int(row["draws"]), games)
    out.append(Criterion("decisive", low <= limits.draws, True,
                         f"{draws:.0%} draws [{low:.0%}-{high:.0%}] (at most {limits.draws:.0%})"))
    seats = len(row["win_shares"])
    decided = 1 - draws
    fair = decided / seats if seats else 0.0
    worst = ""
    ok = True
    for seat, (low, high) in enumerate(_seat_intervals(row)):
        if low > fair + limits.fair_margin or high < fair - limits.fair_margin:
            ok = False
            worst = worst or f"seat {seat + 1} wins {row['win_shares'][seat]:.0%} [{low:.0%}-{high:.0%}]"
    out.append(Criterion("fair", ok, True, f"{worst}: more than {limits.fair_margin:.0%} from the fair share "
                         f"{fair:.0%}" if worst else f"every seat's 95% interval reaches within "
                         f"{limits.fair_margin:.0%} of the fair share {fair:.0%}"))
    if skill is not None and skill.get("games"):
        better = float(skill["low"]) > float(skill["fair"])
        out.append(Criterion("skill", better, False,
                             f"{skill.get('strong', 'strong')} wins {skill['share']:.0%} [{skill['low']:.0%}-"
                             f"{skill['high']:.0%}] against {skill.get('weak', 'weak')} (no-skill share "
                             f"{skill['fair']:.0%})"))
    else:
        out.append(Criterion("skill", None, False, "no skill comparison for this configuration"))
    kinds: dict[str, int] = {}
    for r in (row, *skill_rows):
        for kind, n in (r.get("kinds") or {}).items():
            kinds[kind] = kinds.get(kind, 0) + int(n)
    unused = [k for k, n in kinds.items() if n == 0]
    out.append(Criterion("kinds", not unused if kinds else None, False,
                         f"never played: {', '.join(unused)}" if unused else f"all {len(kinds)} kinds played"))
    mean = float(row["duration"]["mean"]) if "duration" in row else float(row["length"]["mean"])
    out.append(Criterion("length", limits.length_min <= mean <= limits.length_max, False,
                         f"{mean:.1f} steps on average ({limits.length_min:g}-{limits.length_max:g})"))
    return Verdict(config, tuple(out))
