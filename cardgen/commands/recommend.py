"""What to change when a set fails: for each failing configuration, the one-parameter changes
that fix it, found by a small sweep around the set (docs/tune.md, "Recommendations").

The sweep tries every neighbour of the set's rule values (a whole number one step either way
and back to the original's value, every other choice, the other truth value) and, for a set `cardgen variant` made, every count
option it was given one step either way. Each candidate set plays only the failing
configuration, with the same player and seeds as the check, and all of them together play at
most twice the games that configuration played: the first half screens every candidate on a
few games each (at least `SCREEN_GAMES`, the candidates cut to fit), the second half plays the
two most promising ones on the games left (when they are more than the screening's): the
*confirmation*. With no more candidates than that, there is nothing to screen: each is confirmed
at once on its share of the whole budget. A candidate *fixes* the configuration only when its confirmation decided it: none
of its hard criteria fails and each that failed has passed. A screening, or a confirmation that
left a criterion undecided, is an estimate: a candidate whose failing criteria read better than
before (`_badness`) *improves* it, with its figures, and is not said to fix it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.check.plan import MAIN, Line, play
from cardgen.check.rounds import Progress
from cardgen.check.verdict import FAIL, PASS, Criterion, Thresholds, Verdict, farthest_seat, thresholds_from
from cardgen.commands.checkrun import GameCheck, judge, stop_rule
from cardgen.commands.objective import WEIGHTS, soft_terms
from cardgen.errors import CardgenError
from cardgen.sets import RuleParam, RuleValue, with_rules

if TYPE_CHECKING:
    from cardgen.game import Game


@dataclass(frozen=True, slots=True)
class Candidate:
    """One change to try: the parameter, its value before and after, the set's text, and
    whether `after` is the original game's own value (`restores`: preferred among equals, as
    the rules the original's whole check stands on)."""

    name: str
    before: RuleValue
    after: RuleValue
    text: str
    restores: bool = False

    def change(self) -> str:
        """"hand_size 5 → 6"."""
        return f"{self.name} {_shown(self.before)} → {_shown(self.after)}"


@dataclass(frozen=True, slots=True)
class Recommendation:
    """A tried change for one failing configuration: what it changes, how the configuration's
    failing criteria read before and after (headline figures), the games it played, whether it
    fixes the configuration (its confirmation decided every failed criterion passed), whether it
    improves it (its failing criteria read better, not decided), whether it `looks` fine on its
    games (the estimate that picks the finalists, `looks_fine`), its soft penalty
    (cardgen.commands.objective) and how far its failing criteria still are from fine (`badness`;
    both for the order), and whether it was played in the confirmation (`confirmed`)."""

    config: str
    candidate: Candidate
    games: int
    fixes: bool
    criteria: tuple[tuple[str, str, str], ...]
    penalty: float
    badness: float = 0.0
    improves: bool = False
    looks: bool = False
    confirmed: bool = False

    def text(self) -> str:
        """"hand_size 5 → 6: fair: seat 1 48% (fair 50%) → seat 1 52% (fair 50%): fixes it
        (decided after 40 games)", "…: improves it, not decided (a screening of 5 games)"."""
        shown = "; ".join(f"{name}: {before} → {_without_word(before, after)}" for name, before, after in self.criteria)
        stage = (f"decided after {self.games} games" if self.fixes else f"{self.games} games" if self.confirmed
                 else f"a screening of {self.games} games")
        verdict = "fixes it" if self.fixes else "improves it, not decided" if self.improves else "does not fix it"
        return f"{self.candidate.change()}: {shown}: {verdict} ({stage})"

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "parameter": self.candidate.name, "before": self.candidate.before,
                "after": self.candidate.after, "games": self.games, "fixes": self.fixes, "improves": self.improves,
                "confirmed": self.confirmed,
                "criteria": [{"criterion": n, "before": b, "after": a} for n, b, a in self.criteria],
                "text": self.text()}


def _shown(value: RuleValue) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _without_word(before: str, after: str) -> str:
    """`after` without the words before its figure when `before` has the same ones ("8%" after
    "degenerate 40%", "games without a sole winner 40%"); a seat's figure is kept whole."""
    words, _, figure = after.rpartition(" ")
    return figure if words and not words.startswith("seat") and before.rpartition(" ")[0] == words else after


def neighbours(param: RuleParam, value: RuleValue) -> list[RuleValue]:
    """The values next to `value`: one step either way (a tenth of a wide range) and the
    original's value, every other choice, the other truth value."""
    if param.kind == "bool":
        return [not value]
    if param.kind == "choice":
        return [c for c in param.choices if c != value]
    assert param.low is not None and param.high is not None and isinstance(value, int)
    step = max(1, round((param.high - param.low) / 10))
    near = [v for v in (value - step, value + step) if param.low <= v <= param.high]
    return near + ([param.default] if param.default != value and param.default not in near else [])


def rule_candidates(game: Game[Any], text: str, values: Mapping[str, RuleValue]) -> list[Candidate]:
    """Every one-parameter change of the rule values `values` of the set `text`."""
    out = []
    for param in game.rule_params:
        for after in neighbours(param, values[param.name]):
            out.append(Candidate(param.name, values[param.name], after,
                                 with_rules(text, game.rule_params, {**values, param.name: after}),
                                 after == param.default))
    return out


def option_candidates(game: Game[Any], options: Mapping[str, Any], rules: Mapping[str, RuleValue]
                      ) -> list[Candidate]:
    """Every one-step change of the count options `cardgen variant` was given (`options`)."""
    out = []
    for option in game.set_options:
        value = options.get(option.name)
        if not option.counts or not option.tunable or value is None:
            continue
        assert option.low is not None and option.high is not None
        for after in (value - 1, value + 1):
            if option.low <= after <= option.high:
                try:
                    text = game.set_text({**options, option.name: after})
                except CardgenError:
                    continue  # no set meets that request
                out.append(Candidate(f"--{option.name}", value, after, with_rules(text, game.rule_params, dict(rules))))
    return out


def headline(c: Criterion | None) -> str:
    """A criterion's measured figure in a few words: "seat 1 71% (fair 50%)", "draws 40%"."""
    if c is None:
        return "not measured"
    f = c.figures
    if c.name == "fair" and f.get("seats"):
        worst = farthest_seat(f["seats"], f["fair_share"])
        return f"seat {worst['seat']} {worst['share']:.0%} (fair {f['fair_share']:.0%})"
    if c.name == "length" and f.get("turns") is not None:
        return f"{f['turns']:.1f} turns per player"
    if "share" in f:
        word = {"decisive": "games without a sole winner", "ends": "unfinished"}.get(c.name, c.name)
        return f"{word} {f['share']:.0%}"
    return c.status


def looks_fine(c: Criterion | None, limits: Thresholds) -> bool:
    """Whether a criterion is fine: it passed, or it is undecided with its measured figure on
    the fine side, nearer its fine value than its failing one (every seat within the middle of
    the fair and the unfair margin; a share below the middle of its fine and failing share)."""
    if c is None or c.status == FAIL:
        return False
    if c.status == PASS:
        return True
    f = c.figures
    if c.name == "fair" and f.get("seats"):
        middle = (limits.fair_margin + limits.unfair_margin) / 2
        return all(abs(s["share"] - f["fair_share"]) <= middle for s in f["seats"])
    if c.name == "length" and f.get("turns") is not None:
        return bool(f["low"] <= f["turns"] <= f["high"])
    if "share" in f and "fine" in f and "bad" in f:
        return bool(f["share"] <= (f["fine"] + f["bad"]) / 2)
    return False


def sweep(game: Game[Any], check: GameCheck, candidates: Sequence[Candidate], seed: int, workers: int | None = None,
          progress: Progress | None = None, cluster: str | None = None) -> dict[str, list[Recommendation]]:
    """The recommendations for every configuration of `check` that fails where the original
    set passes (see the module's docstring): half the budget screens every candidate on a few
    games, the other half plays the `FINALISTS` most promising ones on more; best first (those
    that fix it, then by their soft penalty)."""
    failing = [v for v in check.verdicts if check.new_failures(v)]
    if not failing or not candidates:
        return {}
    players = _places(check)
    out: dict[str, list[Recommendation]] = {}
    with tempfile.TemporaryDirectory(prefix="cardgen-sweep-") as folder:
        paths = _write(candidates, Path(folder))
        few = len(candidates) <= FINALISTS  # nothing to choose between: each is confirmed at once
        screen: list[tuple[Verdict, Candidate, int]] = []
        for v in failing if not few else ():
            per = min(v.games, max(SCREEN_GAMES, v.games // len(candidates)))  # never over the budget
            screen.extend((v, cand, per) for cand in candidates[:max(1, v.games // per)])
        first = _run(game, check, screen, paths, players, seed, workers, progress, cluster)
        final: list[tuple[Verdict, Candidate, int]] = []
        for v in failing:
            if few:
                final.extend((v, cand, 2 * v.games // len(candidates)) for cand in candidates)
                out[v.config] = []
                continue
            mine = sorted((r for r in first if r.config == v.config), key=lambda r: (not r.looks, r.badness))
            spent = sum(r.games for r in mine)
            best = mine[:FINALISTS]
            per = (2 * v.games - spent) // max(1, len(best))  # within twice the configuration's games
            if per <= max((r.games for r in best), default=0):
                out[v.config] = mine  # no games left to play the finalists on more
                continue
            final.extend((v, r.candidate, per) for r in best)
            out[v.config] = mine[FINALISTS:]
        for rec in _run(game, check, final, paths, players, seed, workers, progress, cluster, confirm=True):
            out[rec.config].insert(0, rec)
    for recs in out.values():
        recs.sort(key=lambda r: (not r.fixes, not r.improves, r.badness, not r.candidate.restores, r.penalty))
    return out


SCREEN_GAMES = 5
"""The fewest games a candidate plays in the screening half of the sweep."""
FINALISTS = 2
"""How many candidates per failing configuration play the second half of the sweep."""


def _write(candidates: Sequence[Candidate], folder: Path) -> dict[int, Path | None]:
    """Each candidate's set file (None for one that cannot be loaded), by the candidate's id."""
    paths: dict[int, Path | None] = {}
    for i, cand in enumerate(candidates):
        path = folder / f"candidate-{i}.toml"
        path.write_text(cand.text, encoding="utf-8")
        paths[id(cand)] = path
    return paths


def _run(game: Game[Any], check: GameCheck, plans: Sequence[tuple[Verdict, Candidate, int]],
         paths: Mapping[int, Path | None], players: Mapping[str, tuple[int, int]], seed: int, workers: int | None,
         progress: Progress | None, cluster: str | None, confirm: bool = False) -> list[Recommendation]:
    """Play each (failing verdict, candidate, games) on that verdict's configuration and judge it
    (`confirm`: the confirmation, whose decided pass fixes the configuration)."""
    lines: list[tuple[Verdict, Candidate, Line, Thresholds, Any]] = []
    for v, cand, games in plans:
        path = paths.get(id(cand))
        if path is None:
            continue
        try:
            game_set, table, src = game.read_set(path)  # the changed set and its [check] table, one read
        except CardgenError:
            continue  # the change makes a set that cannot be played (a hand smaller than a turn)
        limits = thresholds_from(table, src)
        count, index = players[v.config]
        found = [line for line in game.check_lines(game_set, (count,), games, check.player, 0)
                 if line.section == MAIN]
        if index < len(found):  # the same configuration of the changed set (its name may name the change)
            lines.append((v, cand, found[index], limits, game_set))
    played = play([p[2] for p in lines], seed, workers, progress, cluster, [stop_rule(p[2], p[3]) for p in lines])
    out = []
    for (v, cand, _, limits, game_set), result in zip(lines, played):
        after = judge(game, game_set, result, [], limits)
        was = [c.name for c in check.new_failures(v)]
        new = [c.name for c in check.new_failures(after, v.config)]  # the original's own findings not counted
        looks = not new and all(looks_fine(after.criterion(n), limits) for n in was)
        fixes = confirm and not new and all(_passed(after.criterion(n)) for n in was)
        rows = tuple((n, headline(v.criterion(n)), headline(after.criterion(n))) for n in was)
        penalty = sum(WEIGHTS[k] * t for k, t in soft_terms(after, limits).items())
        badness = 10.0 * len(new) + sum(_badness(after.criterion(n), limits) for n in was)
        out.append(Recommendation(v.config, cand, len(result.results), fixes, rows, penalty, badness,
                                  not fixes and _improves(v, after, was, new, limits), looks, confirm))
    return out


def _improves(before: Verdict, after: Verdict, was: Sequence[str], new: Sequence[str], limits: Thresholds) -> bool:
    """Whether the figures of the failing criteria `was` read better `after` than `before`: none
    farther from fine (`_badness`), one nearer, and no other hard criterion failing but as the
    original set fails it (`new`: the criteria `after` fails where the original does not)."""
    if any(n not in was for n in new):
        return False
    pairs = [(_badness(before.criterion(n), limits), _badness(after.criterion(n), limits)) for n in was]
    return all(a <= b for b, a in pairs) and any(a < b for b, a in pairs)


def _passed(c: Criterion | None) -> bool:
    return c is not None and c.status == PASS


def _places(check: GameCheck) -> dict[str, tuple[int, int]]:
    """Each configuration's player count and its place among the configurations of that count
    (a changed set's configuration is found by its place: its name may state the change, as
    Irrläufer's "draw after 20 rounds")."""
    out: dict[str, tuple[int, int]] = {}
    seen: dict[int, int] = {}
    for r in check.main_rows:
        count = int(r["players"])
        out[str(r["config"])] = (count, seen.get(count, 0))
        seen[count] = seen.get(count, 0) + 1
    return out


def _badness(c: Criterion | None, limits: Thresholds) -> float:
    """How far a criterion's measured figure is from fine (0 when fine), for the order."""
    if c is None:
        return 1.0
    f = c.figures
    if c.name == "fair" and f.get("seats"):
        worst = float(max(abs(s["share"] - f["fair_share"]) for s in f["seats"]))
        return max(0.0, worst - limits.fair_margin) / limits.fair_margin
    if c.name == "length" and f.get("turns") is not None:
        return 0.0 if f["low"] <= f["turns"] <= f["high"] else 1.0
    if "share" in f and "fine" in f:
        return max(0.0, float(f["share"]) - float(f["fine"])) / max(float(f["fine"]), 0.01)
    return 0.0 if c.status == PASS else 1.0


def for_check(game: Game[Any], check: GameCheck, seed: int, workers: int | None = None,
              progress: Progress | None = None, cluster: str | None = None) -> dict[str, list[Recommendation]]:
    """The recommendations of `cardgen check` for the checked set: its rule parameters' neighbours."""
    if not check.failures() or not game.rule_params:
        return {}
    path = Path(check.path)
    text = check.text if check.text is not None else path.read_text(encoding="utf-8")  # read once, by the check
    values = game.rule_values(check.game_set if check.game_set is not None else game.load_set(path))
    return sweep(game, check, rule_candidates(game, text, values), seed, workers, progress, cluster)


def for_variant(game: Game[Any], check: GameCheck, text: str, options: Mapping[str, Any], seed: int,
                workers: int | None = None, progress: Progress | None = None, cluster: str | None = None
                ) -> dict[str, list[Recommendation]]:
    """The recommendations for a set `cardgen variant` refused: its given count options one step
    either way, and its rule parameters' neighbours."""
    rules = {p.name: p.default for p in game.rule_params}
    candidates = option_candidates(game, options, rules) + rule_candidates(game, text, rules)
    return sweep(game, check, candidates, seed, workers, progress, cluster)


def fix_all(recommendations: Mapping[str, Sequence[Recommendation]]) -> list[Candidate]:
    """The changes that fix every failing configuration (in the order of the first's list)."""
    configs = list(recommendations.values())
    if not configs:
        return []
    fixing = [{(r.candidate.name, r.candidate.after) for r in recs if r.fixes} for recs in configs]
    return [r.candidate for r in configs[0] if r.fixes and all((r.candidate.name, r.candidate.after) in f
                                                               for f in fixing)]


def to_json(recommendations: Mapping[str, Sequence[Recommendation]]) -> dict[str, Any]:
    """The report's `recommendations` (per failing configuration, every change tried) and
    `fixes_all` (the changes that fix every one) keys of `check --json` (docs/check.md)."""
    return {"recommendations": {config: [r.to_json() for r in recs] for config, recs in recommendations.items()},
            "fixes_all": [{"parameter": f.name, "before": f.before, "after": f.after}
                          for f in fix_all(recommendations)]}


def lines(recommendations: Mapping[str, Sequence[Recommendation]], name: str, best: int = 3) -> list[str]:
    """The text report: the changes that fix every failing configuration, then per failing
    configuration its best `best` changes (or that none fixes it)."""
    out = []
    every = fix_all(recommendations)
    if every and len(recommendations) > 1:
        alone = ("this change alone fixes" if len(every) == 1
                 else "either change alone fixes" if len(every) == 2 else f"each of these {len(every)} changes alone fixes")
        out.append(f"{name}: {alone} all {len(recommendations)} failing configurations: "
                   + ("; " if len(every) > 1 else "").join(c.change() for c in every)
                   + (" (make one of them)" if len(every) > 1 else ""))
    for config, recs in recommendations.items():
        if not recs:
            continue
        fixing = [r for r in recs if r.fixes]
        improving = [r for r in recs if r.improves]
        if fixing:
            out.append(f"{name} {config}: one change that fixes it:" if len(fixing) == 1
                       else f"{name} {config}: {len(fixing)} one-parameter changes fix it; the best:")
            out.extend(f"  {r.text()}" for r in fixing[:best])
        elif improving:
            out.append(f"{name} {config}: no single change of {len(recs)} tried is decided to fix it; "
                       + ("one improves it:" if len(improving) == 1 else f"{len(improving)} improve it, the best:"))
            out.extend(f"  {r.text()}" for r in improving[:best])
        else:
            out.append(f"{name} {config}: no single change of {len(recs)} tried fixes it; the closest:")
            out.extend(f"  {r.text()}" for r in recs[:best])
    return out
