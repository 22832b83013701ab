"""`cardgen check` without the command line: judge the sets of several games, play every line
of every game on one process pool, and give the report as data, text and chart.

Each game (`cardgen.game.Game`) gives `completeness(set)`, `check_lines(set, players, games,
player, skill_games, combos)`, `default_players(set)`, `kinds(set)`, `labels`, `kind_noun`,
`default_games` and `default_skill_games`; a game whose variants combine parses `check
--variants` with `variant_combos(text)`. A set with a completeness error is not played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.base import Finding
from cardgen.engine.plan import MAIN, Line, ReportRow, kind_findings, kind_use, play, row, skill_summary
from cardgen.engine.players import make_player
from cardgen.engine.verdict import Thresholds, Verdict, thresholds_of, verdict
from cardgen.errors import DataError
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Game


@dataclass(frozen=True, slots=True)
class GameCheck:
    """The check of one game's set: its findings, and once played the report rows (main and
    skill comparison), the skill summary, the kinds never played, the player of the main rows,
    the verdict's thresholds and one verdict per configuration (main row)."""

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
        """The rows of the skill comparison."""
        return [r for r in self.rows if r.get("section") != MAIN]

    def failures(self) -> list[str]:
        """What makes the check fail: completeness errors, a hard criterion of a verdict that
        fails (named), games of the skill comparison that did not end, problems."""
        out = [f"{self.path}: {f.text}" for f in self.findings if f.error]
        for v in self.verdicts:
            out.extend(f"{self.name} {v.config}: {c.name} fails: {c.text}" for c in v.failures())
        for r in self.rows:
            where = f"{self.name} {r['config']}" + (f" ({r['lineup']})" if r.get("section") != MAIN else "")
            if r.get("section") != MAIN and r["ended"] != r["games"]:
                out.append(f"{where}: {int(r['games']) - int(r['ended'])} of {count(int(r['games']), 'game')} "
                           "did not end")
            out.extend(f"{where}: {problem}" for problem in r["problems"])
        return out

    def verdict_findings(self) -> list[str]:
        """The soft criteria that failed, one line each."""
        return [f"{self.name} {v.config}: {c.name}: {c.text}" for v in self.verdicts for c in v.findings()]

    def to_json(self, player: str, seed: int) -> dict[str, Any]:
        """The machine-readable report of this game (everything the text shows, and more)."""
        rows = self.rows
        return {"set": self.path, "complete": self.complete,
                "findings": [{"error": f.error, "text": f.text} for f in self.findings],
                "player": self.player, "games_per_config": self.games, "seed": seed,
                "thresholds": self.thresholds.to_json(),
                "configs": [{**r.to_json(), "verdict": v.to_json()} for r, v in zip(self.main_rows, self.verdicts)],
                "skill": {"games_per_line": self.skill_games, "lines": [r.to_json() for r in self.skill_rows], "summary": list(self.skill)},
                "kinds": kind_use(rows), "kind_findings": list(self.unused), "chart": self.chart}


def run_check(games_: Sequence[Game[Any]], set_path: str | None, games: int | None, skill_games: int | None,
              players: tuple[int, ...] | None, player: str | None, seed: int, workers: int | None = None,
              progress: Callable[[int], Callable[[int], None]] | None = None, budget: int | None = None,
              cluster: str | None = None, variants: str | None = None) -> list[GameCheck]:
    """Check the sets of `games_` (the `set_path` file for a single game, else the defaults).

    `games`/`skill_games`/`players` default per game (None); `player` too (None: the game's
    `report_player()`); `budget` is the search players' simulations per decision. `cluster`
    plays on a Dask scheduler at that address instead of the local process pool (same results).
    `variants` (the `--variants` text) replaces the configurations of a game whose variants
    combine; DataError for a game without. `progress(total)` is called once with the number of
    games to play and returns the
    `advance(n)` callback of a progress bar."""
    checks: list[GameCheck] = []
    lines: list[Line] = []
    owners: list[int] = []
    sets: list[Any] = []
    combos = {game.name: game.variant_combos(variants) for game in games_} if variants is not None else {}
    loaded = [(game, str(set_path or game.default_set_path())) for game in games_]
    loaded_sets = [game.load_set(path) for game, path in loaded]
    if players:
        _check_player_counts(players, [(game, s) for (game, _), s in zip(loaded, loaded_sets)])
    for (game, path), game_set in zip(loaded, loaded_sets):
        findings = tuple(game.completeness(game_set))
        n = games or game.default_games
        k = min(game.default_skill_games if skill_games is None else skill_games, n)
        chosen = player or game.report_player()
        try:
            make_player(chosen, budget, game.players())
        except KeyError as exc:
            raise DataError("--player", f"{exc.args[0]} for {game.name}") from None
        check = GameCheck(game.name, path, game_set.name, findings, tuple(game.labels), n, k,
                          player=chosen, thresholds=thresholds_of(path))
        if check.complete:
            counts = players or game.default_players(game_set)
            for line in game.check_lines(game_set, counts, n, chosen, k, combos.get(game.name)):
                lines.append(dataclasses.replace(line, budget=budget))
                owners.append(len(checks))
        checks.append(check)
        sets.append(game_set)
    advance = progress(sum(line.games for line in lines)) if progress else None
    played = play(lines, seed, workers, advance, cluster)
    out = []
    for i, check in enumerate(checks):
        mine = [p for p, o in zip(played, owners) if o == i]
        if not mine:
            out.append(check)
            continue
        game = games_[i]
        rows = tuple(row(p, check.labels, game.kinds(sets[i])) for p in mine)
        summary = tuple(skill_summary(mine))
        out.append(dataclasses.replace(check, rows=rows, skill=summary, unused=tuple(kind_findings(rows, game.kind_noun)),
                                       verdicts=_verdicts(rows, summary, check.thresholds)))
    return out


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
    for count in players:
        if not any(lo <= count <= hi for _, (lo, hi) in ranges):
            seats = "; ".join(f"{game.name} {lo}-{hi}" if lo != hi else f"{game.name} {lo}"
                              for game, (lo, hi) in ranges)
            raise DataError("--players", f"{count} players: no checked set seats them ({seats})")


def _verdicts(rows: Sequence[ReportRow], summary: Sequence[dict[str, Any]],
              limits: Thresholds) -> tuple[Verdict, ...]:
    """One verdict per main row, with the skill comparison of its configuration if played."""
    out = []
    for r in rows:
        if r.get("section") != MAIN:
            continue
        skill = next((s for s in summary if s["config"] == r["config"] and s["players"] == r["players"]), None)
        skill_rows = [x for x in rows if x.get("section") != MAIN and x["config"] == r["config"]]
        out.append(verdict(r, skill, skill_rows, limits))
    return tuple(out)


def with_chart(check: GameCheck, folder: Path) -> GameCheck:
    """Write the game's chart to `folder/checks/<game>.png` and return the check naming it.

    Not into `folder/<game>/`: that is the game's kit folder, which every build replaces whole."""
    from cardgen.engine.chart import write_chart

    if not check.rows:
        return check
    path = write_chart(folder / "checks" / f"{check.name}.png",
                       f"{check.name}: {check.set_name} — final scores and game lengths", check.rows)
    return dataclasses.replace(check, chart=str(path))


def print_report(check: GameCheck, player: str, console: Any) -> None:
    """The text report of one game on a rich console."""
    from cardgen.engine.report import skill_lines, tables

    console.print(f"[bold]{check.name}[/bold]: {check.set_name} ({check.path})")
    for f in check.findings:
        console.print(("[red]missing:[/red] " if f.error else "note: ") + f.text)
    if not check.findings:
        console.print("complete: every component of the original, with its parts")
    if not check.rows:
        return
    title = f"{check.name}: {count(check.games, 'game')} per line, {check.player} players"
    if check.skill_rows:
        title += f"; skill comparison below the rule, {count(check.skill_games, 'game')} per line"
    for table in tables(title, check.rows, check.labels, console):
        console.print(table)
    for text in skill_lines(check.skill):
        console.print(text)
    for v in check.verdicts:
        console.print(v.line() if v.passed else f"[red]{v.line()}[/red]")
    for text in check.verdict_findings():
        console.print(f"[yellow]finding:[/yellow] {text}")
    use = kind_use(check.rows)
    if use:
        least = min(use, key=lambda k: use[k])
        console.print(f"use: {count(len(use), 'kind')}, the least played is '{least}' "
                      f"({count(use[least], 'time')})")
    for text in check.unused:
        console.print(f"[yellow]finding:[/yellow] {text}")
    if check.chart:
        console.print(f"chart: {check.chart}")

