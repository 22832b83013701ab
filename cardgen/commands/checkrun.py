"""`cardgen check` without the command line: judge the sets of several games, play every line
of every game on one set of workers, in rounds until each configuration's hard criteria are
decided, and give the report as data, text and chart.

Each game (`cardgen.game.Game`) gives `completeness(set)`, `check_lines(set, players, games,
player, skill_games, combos)`, `default_players(set)`, `kinds(set)`, `kind_supply(set, options)`,
`length_baseline()`, `degenerate(state, active)`, `ladder()`, `labels`, `kind_noun`,
`default_games` (the ceiling) and `default_skill_games`; a game whose variants combine parses
`check --variants` with `variant_combos(text)`. A set with a completeness error is not played.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardgen.check.baseline import Baseline, Figure, lookup
from cardgen.check.criteria import decided, hard_criteria, worse
from cardgen.check.plan import (
    MAIN,
    Line,
    Played,
    ReportRow,
    Stop,
    changed_rules,
    kind_findings,
    kind_use,
    play,
    row,
    skill_summary,
)
from cardgen.check.rounds import Progress
from cardgen.check.soft import dull_criterion, kinds_criterion, length_criterion, skill_criterion
from cardgen.check.verdict import FAIL, INCONCLUSIVE, Criterion, Thresholds, Verdict, rank_of, summary, thresholds_from
from cardgen.commands.savegames import save_games
from cardgen.engine.base import Finding
from cardgen.engine.players import make_player
from cardgen.errors import CardgenError, DataError
from cardgen.terminal import printable, short_path
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Game


@dataclass(frozen=True, slots=True)
class GameCheck:
    """The check of one game's set: its findings, and once played the report rows (main and
    skill trace), the skill trace, the kinds never played, the player of the main rows, the
    verdict's thresholds and one verdict per configuration (main row)."""

    name: str
    path: str
    set_name: str
    findings: tuple[Finding, ...]
    labels: tuple[str, ...]
    games: int
    skill_games: int
    rows: tuple[ReportRow, ...] = ()
    skill: tuple[dict[str, Any], ...] = ()
    unused: tuple[str, ...] = ()
    chart: str | None = None
    player: str = "sensible"
    thresholds: Thresholds = Thresholds()
    verdicts: tuple[Verdict, ...] = ()
    original: Baseline = Baseline()
    saved: tuple[str, ...] = ()
    """The game records `check --save-games` wrote (cardgen.commands.savegames)."""
    is_original: bool = False
    """Whether the set plays exactly as the game's built-in set (`is_original_set`): then every
    failure is the original's own, a finding about the game, whoever plays."""
    game_set: Any = None
    """The set as read where the command started (None: not kept), for what comes after the
    check (the recommendations) without reading the file again."""
    text: str | None = None
    """The set file's text from that same read."""

    @property
    def complete(self) -> bool:
        """Whether the set has no completeness error."""
        return not any(f.error for f in self.findings)

    @property
    def main_rows(self) -> list[ReportRow]:
        """The rows of every configuration with the chosen player."""
        return [r for r in self.rows if r.get("section") == MAIN]

    @property
    def skill_rows(self) -> list[ReportRow]:
        """The rows of the skill trace."""
        return [r for r in self.rows if r.get("section") != MAIN]

    def original_fails(self, verdict: Verdict, config: str | None = None) -> tuple[str, ...]:
        """The hard criteria the original set fails itself in this verdict's player count and
        variant (those of `config` when given: a changed set's verdict judged in the configuration
        it was played for) and this verdict fails no worse: every failure of this very verdict
        when the set is the original; else those of its baseline (only when measured with the
        player of this check) where this verdict is not significantly worse than the original
        (`worse`)."""
        if self.is_original:
            return tuple(c.name for c in verdict.failures())
        return tuple(n for n, figure in self._baseline_fails(config or verdict.config)
                     if (c := verdict.criterion(n)) is None or not worse(c, figure))

    def _baseline_fails(self, config: str) -> list[tuple[str, Figure | None]]:
        """The hard criteria the baseline says the original fails, or leaves undecided between
        fine and failing, in the player count and variant of the configuration `config`, each
        with how badly (none when the baseline's player is another)."""
        if self.original.player != self.player:
            return []
        players, variant = self._where(config)
        names = (*self.original.original_fails(players, variant), *self.original.original_undecided(players, variant))
        return [(n, self.original.figure(players, variant, n)) for n in names]

    def _where(self, config: str) -> tuple[int, str | None]:
        """The player count and variant of the configuration `config`."""
        r = next(r for r in self.main_rows if r["config"] == config)
        return int(r["players"]), r.get("variant")

    def _as_original(self, verdict: Verdict, c: Criterion) -> str:
        """How the original set does on the criterion `c` that this verdict fails: "fails it
        too, …" or "leaves it undecided, …" with the original's figure ("" when the baseline
        has none)."""
        figure = dict(self._baseline_fails(verdict.config)).get(c.name)
        if figure is None:
            return ""
        worst = "the farthest seat off the fair share by " if c.name == "fair" else ""
        how = "leaves it undecided between fine and failing" if self._undecided(verdict, c) else "fails it too"
        return f"the original set {how}, {worst}{figure[0]:.0%} [{figure[1]:.0%}-{figure[2]:.0%}]"

    def _undecided(self, verdict: Verdict, c: Criterion) -> bool:
        """Whether the baseline has the original set leave `c` undecided between fine and failing
        in this verdict's player count and variant (rather than fail it)."""
        return (self.original.player == self.player
                and c.name in self.original.original_undecided(*self._where(verdict.config)))

    def _failure(self, verdict: Verdict, c: Criterion) -> str:
        """A new failure's line; one the original set fails too (or leaves undecided) says how
        much better it does."""
        original = self._as_original(verdict, c)
        than = f" ({original}: this set does significantly worse)" if original else ""
        return f"{self.name} {verdict.config}: {c.name} fails: {c.text}{than}"

    def new_failures(self, verdict: Verdict, config: str | None = None) -> list[Criterion]:
        """The verdict's failed hard criteria that the original set passes (in `config`'s player
        count and variant when given, as `original_fails`)."""
        return [c for c in verdict.failures() if c.name not in self.original_fails(verdict, config)]

    def failures(self) -> list[str]:
        """What makes the check fail: completeness errors, every hard criterion of a verdict
        that fails where the original set passes (named), games of the skill trace that did
        not end, problems. A criterion the original set fails too is a finding about the game
        (`shared_failures`)."""
        out = [f"{self.path}: {f.text}" for f in self.findings if f.error]
        for v in self.verdicts:
            out.extend(self._failure(v, c) for c in self.new_failures(v))
        return out + self.troubles()

    def shared_failures(self) -> list[str]:
        """The failed hard criteria the original set fails too: findings about the game."""
        return [f"{self.name} {v.config}: {c.name} fails, as for the original set: {c.text}"
                if self.is_original or not self._undecided(v, c)
                else f"{self.name} {v.config}: {c.name} fails, not significantly worse than the original set "
                     f"({self._as_original(v, c)}): {c.text}"
                for v in self.verdicts for c in v.failures() if c.name in self.original_fails(v)]

    def exit_line(self) -> str:
        """The failures in one line for standard error (and `variant`'s refusal): the
        completeness errors, else every failing configuration with its failing criteria, and
        any problem."""
        errors = [f"{self.path}: {f.text}" for f in self.findings if f.error]
        if errors:
            return "; ".join(errors)
        failing = [(v, self.new_failures(v)) for v in self.verdicts]
        failing = [(v, new) for v, new in failing if new]
        played = len([v for v in self.verdicts if v.games])
        parts = [f"{self.name}: {len(failing)} of {played} configurations fail: "
                 + ", ".join(f"{v.config} ({', '.join(c.name for c in new)})" for v, new in failing)] if failing else []
        return "; ".join(parts + self.troubles())

    def troubles(self) -> list[str]:
        """Games of the skill trace that did not end, crashes and broken consistency checks."""
        out = []
        for r in self.rows:
            where = f"{self.name} {r['config']}" + (f" ({r['lineup']})" if r.get("section") != MAIN else "")
            if r.get("section") != MAIN and r["ended"] != r["games"]:
                out.append(f"{where}: {int(r['games']) - int(r['ended'])} of {count(int(r['games']), 'game')} "
                           "did not end")
            out.extend(f"{where}: {problem}" for problem in r["problems"])
        return out

    def inconclusive(self) -> list[str]:
        """Every hard criterion still undecided at the ceiling, one line each."""
        return [f"{self.name} {v.config}: {c.name} inconclusive: {c.text}" for v in self.verdicts
                for c in v.undecided()]

    def verdict_findings(self) -> list[str]:
        """The soft criteria that failed, one line each."""
        return [f"{self.name} {v.config}: {c.name}: {c.text}" for v in self.verdicts for c in v.findings()]

    @property
    def outcome(self) -> str:
        """The set's outcome: "fail" when the check fails, "inconclusive" when a configuration
        has a hard criterion undecided, else "pass" (failures the original set shares are
        findings about the game)."""
        if self.failures():
            return FAIL
        return INCONCLUSIVE if any(v.undecided() for v in self.verdicts) else "pass"

    def rank(self) -> tuple[int, ...]:
        """A key that sorts better sets first (for a tuning search): the outcome, then the
        configurations' verdicts (`cardgen.check.verdict.rank_of`)."""
        return ({"pass": 0, INCONCLUSIVE: 1, FAIL: 2}[self.outcome], *rank_of(self.verdicts))

    def summary(self) -> str:
        """One line: how many configurations fail or are inconclusive, and which criteria (those
        failing only as the original set does said apart)."""
        if not self.complete:
            return f"{self.name}: incomplete, not played"
        played = len([v for v in self.verdicts if v.games])
        own = [v for v in self.verdicts if v.failures() and not self.new_failures(v)]
        text = summary(self.name, [v for v in self.verdicts if v not in own], played)
        if own:
            passing = f": all {played} configurations pass"
            text = (f"{self.name}: {played - len(own)} of {played} configurations pass" if text.endswith(passing)
                    else text)
            text += (f"; {len(own)} of {played} fail as the original set does (a finding about the game): "
                     + ", ".join(f"{v.config} ({', '.join(c.name for c in v.failures())})" for v in own))
        return text

    def to_json(self, player: str, seed: int) -> dict[str, Any]:
        """The machine-readable report of this game (everything the text shows, and more)."""
        rows = self.rows
        return {"set": self.path, "original": self.is_original, "complete": self.complete, "outcome": self.outcome,
                "summary": self.summary(),
                "findings": [{"error": f.error, "text": f.text} for f in self.findings],
                "player": self.player, "ceiling": self.games, "seed": seed,
                "thresholds": self.thresholds.to_json(),
                "configs": [{**r.to_json(), "verdict": v.to_json(), "original_fails": list(self.original_fails(v)),
                             **asked_json(v)}
                            for r, v in zip(self.main_rows, self.verdicts)],
                "skill": {"games_per_line": self.skill_games, "lines": [r.to_json() for r in self.skill_rows],
                          "trace": list(self.skill)},
                "kinds": kind_use(rows), "kind_findings": list(self.unused), "chart": self.chart,
                "saved_games": list(self.saved)}


def asked_json(verdict: Verdict) -> dict[str, Any]:
    """A configuration's `worth` (a list, one entry per kind) and `kingmaking` (a mapping) for
    the `--json` report: null where they were not measured (not asked for, or two seats)."""
    worth, king = verdict.criterion("worth"), verdict.criterion("kingmaking")
    return {"worth": worth.figures.get("worth") if worth is not None else None,
            "kingmaking": king.figures.get("kingmaking") if king is not None else None}


def judge(game: Game[Any], game_set: Any, played: Played, trace: Sequence[dict[str, Any]], limits: Thresholds,
          final: bool = True, extra: Sequence[Criterion] = ()) -> Verdict:
    """The verdict of one configuration: the main line `played` (its games in seed order), the
    skill `trace` entries of its configuration and the set's thresholds; `extra` are the soft
    criteria measured when asked (`worth`, `kingmaking`)."""
    line = played.line
    results = played.results
    baseline, source = lookup(game.baseline().turns, line.players, line.info.get("variant"))
    criteria = [*hard_criteria(results, line.players, limits, line.schedule(), final),
                skill_criterion(trace, limits),
                kinds_criterion(results, game.kinds(game_set), game.kind_supply(game_set, line.options), limits,
                                game.kind_noun),
                length_criterion(results, baseline, source, limits),
                dull_criterion(results, limits, game.points), *extra]
    return Verdict(line.config, tuple(criteria), len(results), line.lineup)


@dataclass(frozen=True, slots=True)
class CheckRun:
    """What `run_check` plays: the sets of `games` (the `set_path` file for a single game, else
    the defaults). `ceiling` (the most games a configuration plays), `skill_games` and `players`
    default per game (None); `player` too (None: the report rung of the game's ladder); `budget`
    is the search players' simulations per decision. `cluster` plays on a Dask scheduler at
    that address instead of `workers` local processes (same results). `variants` (the
    `--variants` text) replaces the configurations of a game whose variants combine; DataError
    for a game without. With `save_to`, the records of the games each verdict points at are
    written there (`--save-games`). With `only`, just the main lines of those configurations
    are played (no skill trace): the sweep of `cardgen.commands.recommend` replays one failing
    configuration. `original` is the game's built-in set when the caller has read it already
    (to tell whether the set plays as the original without reading it again)."""

    games: tuple[Game[Any], ...]
    set_path: str | None = None
    ceiling: int | None = None
    skill_games: int | None = None
    players: tuple[int, ...] | None = None
    player: str | None = None
    seed: int = 0
    workers: int | None = None
    budget: int | None = None
    cluster: str | None = None
    variants: str | None = None
    save_to: Path | None = None
    only: frozenset[str] | None = None
    original: Any = None
    read: tuple[Any, Any, Any] | None = None
    """The set file already read (`Game.read_set` of the single game's `set_path`), else None."""
    worth: int = 0
    """Restricted games per kind and configuration for the `worth` criterion (0: not measured)."""
    kingmaking: int = 0
    """Games per configuration of three or more seats for `kingmaking` (0: not measured)."""
    main_only: bool = False
    """Only the main lines of the main configurations (one per player count, docs/check.md): the
    first verdicts of `check --watch`."""


LineKey = tuple[Any, ...]
"""What makes two lines of one set's checks play the same games (`line_key`)."""


def line_key(line: Line) -> LineKey:
    """The line's game, configuration, lineup, section, players, seed key, games and search
    budget: two lines of the same set file alike in these play the same seeded games."""
    return (getattr(line.game, "name", ""), line.config, line.lineup, line.section, line.players, line.key,
            line.games, line.budget)


def run_check(run: CheckRun, progress: Progress | None = None,
              memo: dict[LineKey, Played] | None = None) -> list[GameCheck]:
    """Check the sets of `run` (see `CheckRun`); `progress` hears of the games planned (round by
    round) and played. `memo`: the lines an earlier check of the same set file played (a watch's
    main configurations, played first), by `line_key`: each is taken from there rather than
    played again, and the lines this check plays are added to it."""
    games_, set_path, games, skill_games = run.games, run.set_path, run.ceiling, run.skill_games
    players, player, seed, workers, budget = run.players, run.player, run.seed, run.workers, run.budget
    cluster, variants, save_to, only = run.cluster, run.variants, run.save_to, run.only
    checks: list[GameCheck] = []
    lines: list[Line] = []
    stops: list[Stop | None] = []
    owners: list[int] = []
    combos = {game.name: game.variant_combos(variants) for game in games_} if variants is not None else {}
    loaded = [(game, str(set_path or game.default_set_path())) for game in games_]
    read = ([run.read] if run.read is not None and len(games_) == 1
            else [game.read_set(path) for game, path in loaded])  # each set file read once, here
    loaded_sets = [game_set for game_set, _, _ in read]
    if players:
        _check_player_counts(players, [(game, s) for (game, _), s in zip(loaded, loaded_sets)])
    for (game, path), (game_set, table, src) in zip(loaded, read):
        findings = tuple(game.completeness(game_set))
        n = games or game.default_games
        k = min(game.default_skill_games if skill_games is None else skill_games, n)
        chosen = player or game.ladder().report
        try:
            make_player(chosen, budget, game.players())
        except KeyError as exc:
            raise DataError("--player", f"{exc.args[0]} for {game.name}") from None
        limits = thresholds_from(table, src)
        check = GameCheck(game.name, path, game_set.name, findings, tuple(game.labels), n, k,
                          player=chosen, thresholds=limits, original=game.baseline(),
                          is_original=is_original_set(game, game_set, run.original), game_set=game_set,
                          text=src.text)
        changed = changed_rules(game, game_set)
        if check.complete:
            counts = players or game.default_players(game_set)
            for line in game.check_lines(game_set, counts, n, chosen, k, combos.get(game.name)):
                if only is not None and (line.section != MAIN or line.config not in only):
                    continue
                if run.main_only and (line.section != MAIN or not line.info.get("main")):
                    continue
                line = dataclasses.replace(line, budget=budget, info={**line.info, "rules": changed})
                lines.append(line)
                stops.append(stop_rule(line, limits) if line.section == MAIN else None)
                owners.append(len(checks))
        checks.append(check)
    known = memo if memo is not None else {}
    todo = [i for i, line in enumerate(lines) if line_key(line) not in known]
    fresh = dict(zip(todo, play([lines[i] for i in todo], seed, workers, progress, cluster, [stops[i] for i in todo])))
    known.update((line_key(p.line), p) for p in fresh.values())
    played = [fresh[i] if i in fresh else dataclasses.replace(known[line_key(line)], line=line)
              for i, line in enumerate(lines)]
    extra = asked_criteria(run, [(p, checks[o]) for p, o in zip(played, owners)], progress)
    out = []
    for i, check in enumerate(checks):
        mine = [p for p, o in zip(played, owners) if o == i]
        if not mine:
            out.append(check)
            continue
        game = games_[i]
        rows = tuple(row(p, check.labels, game.kinds(loaded_sets[i])) for p in mine)
        trace = tuple(skill_summary(mine))
        verdicts = tuple(judge(game, loaded_sets[i], p, [t for t in trace if t["config"] == p.line.config
                                                         and t["players"] == p.line.players], check.thresholds,
                               extra=extra.get(id(p), ()))
                         for p in mine if p.line.section == MAIN)
        saved = () if save_to is None else tuple(
            str(path) for path in save_games(game, loaded[i][1], set_path is not None, mine, seed, save_to))
        out.append(dataclasses.replace(check, rows=rows, skill=trace, verdicts=verdicts,
                                       unused=tuple(kind_findings(rows, game.kind_noun)), saved=saved))
    return out


def asked_criteria(run: CheckRun, played: Sequence[tuple[Played, GameCheck]],
                   progress: Progress | None) -> dict[int, tuple[Criterion, ...]]:
    """The soft criteria measured only when asked (`run.worth`, `run.kingmaking`), by the id of
    each main line's `Played` (each with its game's check)."""
    from cardgen.check import kingmaking, worth

    mains = [(p, c) for p, c in played if p.line.section == MAIN]
    found: dict[int, list[Criterion]] = {id(p): [] for p, _ in mains}
    if run.worth > 0:
        worths = worth.measure([p for p, _ in mains], run.worth, run.seed, [c.thresholds for _, c in mains],
                               run.workers, progress, run.cluster)
        nouns = {g.name: g.kind_noun for g in run.games}
        for (p, c), each in zip(mains, worths):
            found[id(p)].append(worth.worth_criterion(each, nouns[c.name]))
    if run.kingmaking > 0:
        for p, c in mains:
            measured = kingmaking.measure(p.line, run.kingmaking, run.seed, run.workers)
            found[id(p)].append(kingmaking.kingmaking_criterion(measured, c.thresholds))
    return {k: tuple(v) for k, v in found.items()}


PRINT_ONLY = ("path", "name", "card_size", "tile_size", "field_size", "variant")
"""A set's fields that do not change how it plays (its file, name, print size, the variant flag)."""


def is_original_set(game: Game[Any], game_set: Any, original: Any = None) -> bool:
    """Whether `game_set` plays exactly as the game's built-in set (`original` when read
    already): the same components and rules, whatever its file, name, print size and the order
    it lists its shuffled components in (`Game.play_form`)."""
    try:
        same_file = game_set.path is not None and Path(game_set.path) == game.default_set_path()
        if original is None:
            original = game_set if same_file else game.load_set()
    except CardgenError:
        return False
    if type(original) is not type(game_set) or not dataclasses.is_dataclass(original) or isinstance(original, type):
        return False
    keep = {k: v for k, v in dataclasses.asdict(original).items() if k in PRINT_ONLY}
    return bool(game.play_form(dataclasses.replace(game_set, **keep)) == game.play_form(original))


def stop_rule(line: Line, limits: Thresholds) -> Stop:
    """A main line's stop rule: every hard criterion of its configuration decided."""
    schedule = line.schedule()
    return lambda results: decided(results, line.players, limits, schedule)


def _check_player_counts(players: tuple[int, ...], games: Sequence[tuple[Game[Any], Any]]) -> None:
    """Refuse a `--players` count no checked game can seat (one game: every count must fit it;
    several: each count must fit one of them, the others skip it)."""
    ranges = [(game, game.player_range(game_set)) for game, game_set in games]
    if len(ranges) == 1:
        game, (low, high) = ranges[0]
        wrong = [p for p in players if not low <= p <= high]
        if wrong:
            seats = f"{low}-{high}" if low != high else f"{low}"
            raise DataError("--players", f"{game.name} with this set seats {seats} players, not "
                                         f"{', '.join(map(str, wrong))}")
    for wanted in players:
        if not any(lo <= wanted <= hi for _, (lo, hi) in ranges):
            seats = "; ".join(f"{game.name} {lo}-{hi}" if lo != hi else f"{game.name} {lo}"
                              for game, (lo, hi) in ranges)
            raise DataError("--players", f"{wanted} players: no checked set seats them ({seats})")


def chart_path(folder: Path, game: str, set_name: str, source: str) -> Path:
    """Where the chart of the set `set_name` (the file `source`) of `game` goes:
    `folder/checks/<game>-<set name>.png`, the name made file-safe. A chart there of another set
    file is kept: then `<game>-<set name>-2.png`, `-3`, …, the first free or of this file."""
    from cardgen.check.chart import chart_source

    stem = f"{game}-{slug(set_name)}"
    for n in range(1, 1000):
        path = folder / "checks" / (f"{stem}.png" if n == 1 else f"{stem}-{n}.png")
        if not path.exists() or chart_source(path) == source:
            return path
    raise DataError(str(folder / "checks"), f"999 charts named {stem}-N.png already; remove some")


def slug(text: str) -> str:
    """`text` as a file name part: ASCII letters and digits in lower case, runs of anything else
    one hyphen (umlauts lose their dots), at most 60 characters; "set" when nothing is left."""
    import unicodedata

    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_))[:60].strip("-") or "set"


def with_chart(check: GameCheck, folder: Path) -> GameCheck:
    """Write the game's chart to `chart_path` in `folder` and return the check naming it.

    Not into `folder/<game>/`: that is the game's kit folder, which every build replaces whole."""
    from cardgen.check.chart import write_chart

    if not check.rows:
        return check
    source = str(Path(check.path).resolve())
    outcomes = {v.config: FAIL if check.new_failures(v) else INCONCLUSIVE if v.undecided() else "pass"
                for v in check.verdicts}
    path = write_chart(chart_path(folder, check.name, check.set_name, source),
                       f"{check.name}: {printable(check.set_name)} — final scores and game lengths", check.rows,
                       source, outcomes)  # printable: a control character is no valid XML either
    return dataclasses.replace(check, chart=str(path))


def _shown(text: str) -> str:
    """Text from a file (a set's name, a path, a finding quoting it) for the rich console: its
    controls escaped (cardgen.terminal) and its square brackets no markup."""
    return escape(printable(text))


def print_report(check: GameCheck, player: str, console: Any) -> None:
    """The text report of one game on a rich console: the figures of every configuration and
    lineup, the skill trace, the per-seat tables, every verdict with every failure, undecided
    criterion and finding with its reason, the use of the kinds and the summary line. Text
    lines wrap at the console's width at word boundaries, never inside a short list item or a
    path, continuation lines indented (`report.print_wrapped`); long paths are shortened."""
    from cardgen.check.report import print_wrapped, seat_tables, skill_lines, tables, verdict_lines

    def say(markup: str, *keep: str) -> None:
        print_wrapped(console, markup, keep)

    path = printable(short_path(check.path))
    say(f"[bold]{check.name}[/bold]: {_shown(check.set_name)} ({escape(path)})", path)
    for f in check.findings:
        say(("[red]missing:[/red] " if f.error else "note: ") + _shown(f.text))
    if not check.findings:
        say("complete: every component of the original, with its parts")
    if not check.rows:
        return
    title = f"{check.name}: {check.player} players, up to {count(check.games, 'game')} per configuration"
    if check.skill_rows:
        title += f"; the skill trace below the rule, {count(check.skill_games, 'game')} per line"
    for table in tables(title, check.rows, check.labels, console):
        console.print(table)
    for text in skill_lines(check.skill):
        say(text)
    for table in seat_tables(check.verdicts, console, check.original_fails):
        console.print(table)
    for text in verdict_lines(check.name, check.verdicts, check.original_fails):
        say(text)
    use = kind_use(check.rows)
    if use:
        least = min(use, key=lambda k: use[k])
        say(f"use: {count(len(use), 'kind')}, the least played is '{_shown(least)}' ({count(use[least], 'time')})")
    for text in check.unused:
        say(f"[yellow]finding:[/yellow] {_shown(text)}")
    for text in check.troubles():
        say(f"[red]problem:[/red] {_shown(text)}")
    if check.chart:
        chart = printable(short_path(check.chart))
        say(f"chart: {escape(chart)}", chart)
    colour = {"fail": "red", "inconclusive": "yellow"}.get(check.outcome, "green")
    say(f"[{colour}]summary: {check.summary()}[/{colour}]")



@dataclass(frozen=True, slots=True)
class Report:
    """The text report of one game's check as a command's line (`cardgen.commands.outcome`):
    drawn on the caller's console, which knows the terminal's width and colours."""

    check: GameCheck

    def draw(self, console: Any) -> None:
        print_report(self.check, self.check.player, console)

    def __str__(self) -> str:
        import io

        from rich.console import Console

        buffer = io.StringIO()
        self.draw(Console(file=buffer, width=100))
        return buffer.getvalue().rstrip("\n")
