"""`cardgen tune` without the command line: search a set's free parameters (its rules and its
component counts, `cardgen.sets.SetPart`; the generator's options when asked) for the set whose
verdict is best (docs/tune.md).

Each trial is one set: the base set with the trial's component counts written into its data
and its rule values in its `[rules]` table (when a generator option is searched, the components
made anew by the game's generator with the trial's counts). It is checked exactly as `cardgen
check --set` checks it (the same players, games, seeds and verdict) and scored by
`cardgen.commands.objective`. The trials run one after the other through Optuna's ask-and-tell
interface, so one `seed` gives one search; a small space (no more points than trials) is
searched point by point (each point queued once, in an order the seed shuffles), a larger one
starts from the base set and the recommendations' one-change fixes for it (`seed_points`), then
Optuna's TPE sampler. A trial whose set cannot be made or loaded (hand smaller than a turn,
say) scores as unplayable and the search goes on.

Optuna is an extra: `pip install 'cardgen[tune]'`.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
import tempfile
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.check.rounds import Progress
from cardgen.commands.checkrun import CheckRun, GameCheck, run_check
from cardgen.commands.objective import UNPLAYED, Score, score
from cardgen.errors import CardgenError, ClusterError, DataError
from cardgen.inputs import shown
from cardgen.numbers import whole
from cardgen.sets import CHECK_TABLE, RuleValue, default_set_path, read_set, with_rules
from cardgen.tomlout import dumps
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Game

RULES, PART, SET = "rules", "part", "set"
"""Where a searched parameter lives: the `[rules]` table, a component count of the set's own
data (`cardgen.sets.SetPart`), or the generator's set options (the components made anew)."""
VERIFY = 3
"""How many of the best passing trials are checked again at every player count, when the
search played fewer (`--players`), before one is chosen."""


@dataclass(frozen=True, slots=True)
class Knob:
    """One searched parameter: its `name`, where it lives (`part`: RULES or SET) and its values,
    whole numbers `low`..`high` or the `choices` (texts or true/false)."""

    name: str
    part: str
    low: int | None = None
    high: int | None = None
    choices: tuple[RuleValue, ...] = ()

    def points(self) -> tuple[RuleValue, ...]:
        """Every value the search may give it."""
        if self.choices:
            return self.choices
        assert self.low is not None and self.high is not None
        return tuple(range(self.low, self.high + 1))

    def text(self) -> str:
        """"hand_size 4..7", "snake_score triangular, linear"."""
        if self.choices:
            return f"{self.name} " + ", ".join(value_text(v) for v in self.choices)
        return f"{self.name} {self.low}..{self.high}"


def value_text(value: RuleValue) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _parse_value(text: str, kind: str) -> RuleValue:
    if kind == "bool":
        if text.lower() not in ("true", "false"):
            raise ValueError(f"expected true or false, got {text!r}")
        return text.lower() == "true"
    if kind == "int":
        try:
            return whole(text, "")
        except DataError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
    return text


def _declared(game: Game[Any]) -> dict[str, tuple[str, str, int | None, int | None, tuple[RuleValue, ...]]]:
    """Every parameter `tune` may search for `game`: name -> (part, kind, low, high, choices)."""
    found: dict[str, tuple[str, str, int | None, int | None, tuple[RuleValue, ...]]] = {}
    for param in game.rule_params:
        found[param.name] = (RULES, param.kind, param.low, param.high,
                             param.values() if param.kind != "int" else ())
    for part in game.set_parts:
        found.setdefault(part.name, (PART, "int", part.low, part.high, ()))
    for option in game.set_options:
        if option.counts and option.tunable and option.name not in found:
            found[option.name] = (SET, "int", option.low, option.high, ())
    return found


def knobs(game: Game[Any], vary: Sequence[str]) -> tuple[Knob, ...]:
    """The parameters to search: those `vary` names ("KEY=LOW..HIGH" for a number, "KEY=A,B,…"
    for choices), else every rule parameter over its whole range (DataError for an unknown key,
    a bad form or a range outside the parameter's bounds: a usage error)."""
    declared = _declared(game)
    if not vary:
        if not game.rule_params and not game.set_parts:
            raise DataError("--vary", f"{game.name} has no rule parameters; name a set option to search "
                                      f"({', '.join(declared) or 'none'})")
        return tuple(Knob(name, part, low, high, choices)
                     for name, (part, _, low, high, choices) in declared.items() if part != SET)
    out: dict[str, Knob] = {}
    for item in vary:
        key, sep, spec = item.partition("=")
        key = key.strip()
        if not sep or not spec.strip():
            raise DataError("--vary", f"{shown(item)}: expected KEY=LOW..HIGH or KEY=A,B")
        if key not in declared:
            raise DataError("--vary", f"{shown(key)} is not a parameter of {game.name} sets "
                                      f"(known: {', '.join(declared)})")
        if key in out:
            raise DataError("--vary", f"{key} is given twice")
        out[key] = _knob(game, key, spec.strip(), declared[key])
    return tuple(out.values())


def _knob(game: Game[Any], key: str, spec: str,
          declared: tuple[str, str, int | None, int | None, tuple[RuleValue, ...]]) -> Knob:
    part, kind, low, high, choices = declared
    where = f"--vary {key}"
    lo: int | None
    hi: int | None
    try:
        if kind == "int" and ".." in spec:
            a, _, b = spec.partition("..")
            lo, hi = int(_parse_value(a.strip(), "int")), int(_parse_value(b.strip(), "int"))
            if lo > hi:
                raise ValueError(f"{lo}..{hi} is empty")
            values: tuple[RuleValue, ...] = ()
        else:
            values = tuple(dict.fromkeys(_parse_value(v.strip(), kind) for v in spec.split(",")))
            lo = hi = None
    except ValueError as exc:
        raise DataError(where, str(exc)) from None
    if kind == "int":
        assert low is not None and high is not None
        given = [v for v in (lo, hi) if v is not None] + [int(v) for v in values]
        bad = [v for v in given if not low <= v <= high]
        if bad:
            raise DataError(where, f"{bad[0]} is outside {low}-{high} for {game.name}")
        return Knob(key, part, lo, hi, values) if values else Knob(key, part, lo, hi)
    unknown = [v for v in values if v not in choices]
    if unknown:
        raise DataError(where, f"{shown(unknown[0])} is not one of {', '.join(value_text(c) for c in choices)}")
    return Knob(key, part, choices=values)


@dataclass(frozen=True, slots=True)
class Trial:
    """One trial of the search: its number (from 1), the values it tried, its score, the set's
    text, the check (None when the set could not be made or played, `error` saying why), the
    trial it repeats (the same values: not played again) and the seconds it took."""

    number: int
    values: Mapping[str, RuleValue]
    score: Score
    text: str
    check: GameCheck | None = None
    error: str | None = None
    repeats: int | None = None
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"trial": self.number, "values": dict(self.values), "score": self.score.to_json(),
                "error": self.error, "repeats": self.repeats, "seconds": round(self.seconds, 2),
                "summary": self.check.summary() if self.check is not None else None}


def trial_text(game: Game[Any], base_text: str, base_rules: Mapping[str, RuleValue], chosen: Sequence[Knob],
               values: Mapping[str, RuleValue]) -> str:
    """The set file of one trial: the base set with the trial's rule values (a searched one
    written even at its default, so the set says what was chosen) and component counts (each
    part written into the set's data), its components made anew by the generator when a set
    option is searched (the base's `[check]` kept)."""
    rules = {**base_rules, **{k.name: values[k.name] for k in chosen if k.part == RULES}}
    options = {k.name: values[k.name] for k in chosen if k.part == SET}
    parts = {p.name: p for p in game.set_parts}
    text = base_text
    if options:
        made = tomllib.loads(game.set_text(options))
        base = tomllib.loads(base_text)
        if CHECK_TABLE in base:
            made[CHECK_TABLE] = base[CHECK_TABLE]
        text = dumps(made)
    searched = [k for k in chosen if k.part == PART]
    if searched:
        data = tomllib.loads(text)
        for k in searched:
            data = parts[k.name].write(data, int(values[k.name]))
        text = dumps(data)
    return with_rules(text, game.rule_params, rules, {k.name for k in chosen if k.part == RULES})


@dataclass(frozen=True, slots=True)
class Search:
    """What to search: the game, the base set (its path, None for the default), the knobs, the
    number of trials, the sampler's seed, the player counts (None: the set's) and the check's
    ceiling and skill games per line (None: the game's, as `cardgen check`), and whether a set
    that stays inconclusive may be chosen when none passes (`--allow-inconclusive`)."""

    game: Game[Any]
    base: Path | None
    knobs: tuple[Knob, ...]
    trials: int
    seed: int = 0
    players: tuple[int, ...] | None = None
    games: int | None = None
    skill_games: int | None = None
    allow_inconclusive: bool = False
    base_set: Any = None
    """The base set's value when the caller has read it already (else `run_search` reads it)."""
    original_set: Any = None
    """The game's built-in set, read once by `run_search` (each trial's check compares with it)."""
    original_data: Any = None
    """The built-in set's file as data (its component counts are where `seed_points` starts)."""
    base_text: str | None = None
    """The base set file's text from the caller's read of it (else `run_search` reads it)."""

    def acceptable(self, outcome: str) -> bool:
        """Whether a set with this outcome may be written: a pass, or with `allow_inconclusive`
        an inconclusive one (nothing fails, something is undecided at the ceiling)."""
        return outcome == "pass" or (self.allow_inconclusive and outcome == "inconclusive")

    def eligible(self, trials: Sequence[Trial]) -> list[Trial]:
        """The trials whose set may be written, best first."""
        return [t for t in ranked(trials) if self.acceptable(t.score.outcome)]

    def original(self) -> Any:
        """The game's built-in set when read already (else None)."""
        return self.original_set

    def base_path(self) -> Path:
        return self.base if self.base is not None else default_set_path(self.game.name)

    def grid(self) -> int:
        """How many points the whole space has."""
        return math.prod(len(k.points()) for k in self.knobs)


def _original(search: Search, base_set: Any, base_text: str) -> tuple[Any, dict[str, Any]]:
    """The game's built-in set and its file as data: the base set when that is it, else read
    once (the set None when it cannot be, as `cardgen.commands.checkrun.is_original_set` allows)."""
    if search.base is None:
        return base_set, tomllib.loads(base_text)
    try:
        name, data, src, table = read_set(search.game.default_set_path())
        return search.game.parse_read(name, copy.deepcopy(data), src, table)[0], data
    except CardgenError:
        return None, {}


def grid_points(search: Search) -> list[dict[str, RuleValue]]:
    """Every point of the space in a seeded order (for a space no larger than the trials)."""
    points: list[dict[str, RuleValue]] = [{}]
    for k in search.knobs:
        points = [{**p, k.name: v} for p in points for v in k.points()]
    random.Random(search.seed).shuffle(points)
    return points


def _distributions(chosen: Sequence[Knob]) -> dict[str, Any]:
    import optuna

    out: dict[str, Any] = {}
    for k in chosen:
        if k.choices:
            out[k.name] = optuna.distributions.CategoricalDistribution(list(k.choices))
        else:
            assert k.low is not None and k.high is not None
            out[k.name] = optuna.distributions.IntDistribution(k.low, k.high)
    return out


def holding(chosen: Sequence[Knob], start: Mapping[str, RuleValue]) -> tuple[Knob, ...]:
    """The knobs widened to hold the base set's own values `start` (a count past a part's range,
    a rule value outside `--vary`'s): the base set is trial 1 wherever its values lie."""
    out = []
    for k in chosen:
        value = start[k.name]
        if k.choices:
            out.append(k if value in k.choices else dataclasses.replace(k, choices=(*k.choices, value)))
        else:
            assert k.low is not None and k.high is not None
            out.append(dataclasses.replace(k, low=min(k.low, int(value)), high=max(k.high, int(value))))
    return tuple(out)


def load_optuna() -> Any:
    """The optuna module, or a DataError saying how to install it."""
    try:
        import optuna
    except ImportError:
        raise DataError("tune", "needs Optuna: pip install 'cardgen[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def run_search(search: Search, workers: int | None = None, cluster: str | None = None,
               progress: Progress | None = None, heard: Callable[[Trial, Trial | None], None] | None = None,
               ) -> tuple[list[Trial], KeyboardInterrupt | None]:
    """Play the trials of `search` one after the other; each is told `heard(trial, best)` when
    it is done. The trials, and what stopped the search early (Ctrl-C or a signal, as
    `cardgen.signals` raises them; None when it ran to its end: a grid fully searched ends
    early too, not stopped). The trials done before a stop are kept."""
    optuna = load_optuna()
    game = search.game
    base_set = search.base_set if search.base_set is not None else game.load_set(search.base_path())
    base_rules = game.rule_values(base_set)  # read and checked first
    base_text = search.base_text if search.base_text is not None else search.base_path().read_text(encoding="utf-8")
    original, original_data = _original(search, base_set, base_text)
    search = dataclasses.replace(search, base_set=base_set, original_set=original, original_data=original_data)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=search.seed))
    small = search.grid() <= search.trials
    last = search.grid() if small else search.trials
    start = base_point(search, tomllib.loads(base_text), base_rules)
    dists = _distributions(search.knobs if small or start is None else holding(search.knobs, start))
    if small:  # every point once, in a seeded order, through the same ask-and-tell
        for point in grid_points(search):
            study.enqueue_trial(point)
    elif start is not None:  # the base set first: its check points at the one-change fixes tried next
        study.enqueue_trial(start)
    trials: list[Trial] = []
    seen: dict[tuple[Any, ...], Trial] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="cardgen-tune-") as folder:
            for number in range(1, last + 1):
                asked = study.ask(dists)
                values = {k.name: asked.params[k.name] for k in search.knobs}
                key = tuple(values[k.name] for k in search.knobs)
                if key in seen:
                    first = seen[key]
                    trial = Trial(number, values, first.score, first.text, first.check, first.error, first.number)
                else:
                    trial = _play(search, base_text, base_rules, values, number, Path(folder), workers, cluster,
                                  progress)
                    seen[key] = trial
                study.tell(asked, trial.score.value)
                trials.append(trial)
                if number == 1 and start is not None and not small and values == start:
                    for point in seed_points(search, start, base_text, base_rules, trial, workers, cluster,
                                             progress):
                        study.enqueue_trial(point)
                if heard is not None:
                    heard(trial, best_of(trials))
    except KeyboardInterrupt as exc:
        return trials, exc
    return trials, None


def base_point(search: Search, data: dict[str, Any], rules: Mapping[str, RuleValue]) -> dict[str, RuleValue] | None:
    """The base set's own values of the searched parameters (None when a generator option is
    searched: the base has no value of it)."""
    if any(k.part == SET for k in search.knobs):
        return None
    parts = {p.name: p for p in search.game.set_parts}
    return {k.name: parts[k.name].read(data) if k.part == PART else rules[k.name] for k in search.knobs}


def seed_points(search: Search, start: Mapping[str, RuleValue], base_text: str, base_rules: Mapping[str, RuleValue],
                base: Trial, workers: int | None, cluster: str | None, progress: Progress | None
                ) -> list[dict[str, RuleValue]]:
    """The points tried right after the base set (`start`, played as trial `base`): when it
    fails, the recommendations' one-change fixes (`cardgen.commands.recommend.sweep` over one
    step of every searched parameter either way and back to the original set's value: those
    that fix every failing configuration, then those that fix one), every component count back
    at the original's value (one at a time, then all together), then the changes that improve a
    failing configuration; at most half the trials, the rest left to the sampler."""
    from cardgen.commands import recommend

    game, knobs = search.game, search.knobs
    knobs_by_name = {k.name: k for k in knobs}
    parts = {p.name: p for p in game.set_parts}
    base_data = tomllib.loads(base_text)
    back = {k.name: parts[k.name].restoring(base_data, search.original_data or {}) for k in knobs if k.part == PART}
    back = {name: value for name, value in back.items() if value in knobs_by_name[name].points()}
    params = {p.name: p for p in game.rule_params}
    candidates = []
    for k in knobs:
        if k.part == RULES:
            near = recommend.neighbours(params[k.name], start[k.name])
        else:
            step = max(1, round((int(k.high or 0) - int(k.low or 0)) / 10))
            here = int(start[k.name])  # where the original's value is outside the range, no step back
            near = list(dict.fromkeys([here - step, here + step, back.get(k.name, here)]))
        for after in near:
            if after != start[k.name] and after in k.points():
                try:
                    text = trial_text(game, base_text, base_rules, knobs, {**start, k.name: after})
                except CardgenError:
                    continue  # no set has that count
                candidates.append(recommend.Candidate(k.name, start[k.name], after, text))
    fixing: list[tuple[str, RuleValue]] = []
    improving: list[tuple[str, RuleValue]] = []
    if base.check is not None and base.check.failures():
        advice = recommend.sweep(game, base.check, candidates, 0, workers, progress, cluster)
        fixing += [(c.name, c.after) for c in recommend.fix_all(advice)]
        fixing += [(r.candidate.name, r.candidate.after) for recs in advice.values() for r in recs if r.fixes]
        improving += [(r.candidate.name, r.candidate.after) for recs in advice.values() for r in recs if r.improves]
    originals: list[tuple[str, RuleValue]] = [(name, value) for name, value in back.items() if value != start[name]]
    points = [{**start, name: value} for name, value in dict.fromkeys(fixing + originals)]
    if len(originals) > 1:
        points.append({**start, **dict(originals)})
    points += [{**start, name: value} for name, value in dict.fromkeys(improving) if (name, value) not in fixing]
    return points[:max(1, search.trials // 2)]  # the other half is Optuna's


def _play(search: Search, base_text: str, base_rules: Mapping[str, RuleValue], values: Mapping[str, RuleValue],
          number: int, folder: Path, workers: int | None, cluster: str | None, progress: Progress | None) -> Trial:
    start = time.perf_counter()
    try:
        text = trial_text(search.game, base_text, base_rules, search.knobs, values)
    except CardgenError as exc:
        return Trial(number, values, UNPLAYED, "", error=str(exc), seconds=time.perf_counter() - start)
    path = folder / f"trial-{number}.toml"
    path.write_text(text, encoding="utf-8")
    try:
        (check,) = run_check(CheckRun((search.game,), str(path), search.games, search.skill_games, search.players,
                                      workers=workers, cluster=cluster, original=search.original()), progress)
    except ClusterError:
        raise  # the scheduler failed, not the trial
    except CardgenError as exc:
        return Trial(number, values, UNPLAYED, text, error=str(exc).replace(str(path), "the trial's set"),
                     seconds=time.perf_counter() - start)
    return Trial(number, values, score(check), text, check, seconds=time.perf_counter() - start)


def best_of(trials: Sequence[Trial]) -> Trial | None:
    """The trial with the smallest objective (the earliest of equals), None for none."""
    played = [t for t in trials if t.repeats is None]
    return min(played, key=lambda t: (t.score.value, t.number), default=None)


def ranked(trials: Sequence[Trial]) -> list[Trial]:
    """The played trials, best first."""
    return sorted((t for t in trials if t.repeats is None), key=lambda t: (t.score.value, t.number))


def verify(search: Search, trials: Sequence[Trial], workers: int | None = None, cluster: str | None = None,
           progress: Progress | None = None) -> tuple[Trial | None, GameCheck | None, list[tuple[Trial, GameCheck]]]:
    """The trial to write, its full check, and every trial checked again with its check. The
    best that passes (or is only inconclusive, when allowed) is chosen. When the search played
    only some player counts, each of the `VERIFY` best such trials is checked again as
    `cardgen check --set` will (every count the set seats) and the first that passes there is
    chosen; (None, None, those checked) when none does."""
    passing = search.eligible(trials)
    if not passing:
        return None, None, []
    if search.players is None:
        return passing[0], passing[0].check, []
    checked: list[tuple[Trial, GameCheck]] = []
    with tempfile.TemporaryDirectory(prefix="cardgen-tune-") as folder:
        for trial in passing[:VERIFY]:
            path = Path(folder) / f"verify-{trial.number}.toml"
            path.write_text(trial.text, encoding="utf-8")
            (check,) = run_check(CheckRun((search.game,), str(path), search.games, search.skill_games,
                                          workers=workers, cluster=cluster, original=search.original()), progress)
            checked.append((trial, check))
            if search.acceptable(check.outcome):
                return trial, check, checked
    return None, None, checked


def recheck_text(search: Search, checked: Sequence[tuple[Trial, GameCheck]]) -> str:
    """Why no trial checked again at every player count was chosen, each trial named with its
    values and its check's own words, which say "fail" or "inconclusive" as it was ("checked
    again at every player count, none of the best 2 trials at 3 players passes: trial 4
    (hand_size=4): schlangengrube: 1 of 9 inconclusive: 4p (fair); trial 9 (…): …")."""
    counts = ", ".join(str(n) for n in search.players or ())
    verb = "is free of failures" if search.allow_inconclusive else "passes"
    trials = "; ".join(f"trial {t.number} (" + ", ".join(f"{k}={value_text(v)}" for k, v in t.values.items())
                       + f"): {c.summary()}" for t, c in checked)
    return (f"checked again at every player count, none of the best {count(len(checked), 'trial')} at "
            f"{counts} players {verb}: {trials}")
