"""`cardgen check` as a command: the options as given (`CheckRequest`) checked, the sets played
and judged (`cardgen.commands.checkrun.run_check`), the charts written, the recommendations for
failing configurations found (`cardgen.commands.recommend`), and the reports said as text or
JSON, with the exit code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.commands.checkrun import CheckRun, Report, run_check, with_chart
from cardgen.commands.outcome import Say, err, out
from cardgen.engine.players import make_player
from cardgen.errors import CardgenError, UsageMistake, as_usage, named
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Game, Registry


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """`cardgen check`'s options as given (docs/cli.md): the `games` by name (all when none),
    `players` as typed ("2,3,4"), `ceiling` the `--games` option."""

    games: tuple[str, ...] = ()
    set_path: str | None = None
    ceiling: int | None = None
    skill_games: int | None = None
    players: str | None = None
    player: str | None = None
    budget: int | None = None
    strict: bool = False
    cluster: str | None = None
    variants: str | None = None
    chart: str = "output"
    no_chart: bool = False
    save_games: str | None = None
    no_recommend: bool = False
    seed: int = 0
    as_json: bool = False
    quiet: bool = False
    workers: int | None = None
    write_baselines: bool = False
    worth: int = 0
    kingmaking: int = 0
    html: str | None = None
    """`--html FILE`: the report as one HTML page (cardgen.commands.htmlreport)."""
    watch: bool = False
    """`--watch`: check again at every save of the set file (cardgen.commands.watch)."""


def _check_usage(games: Sequence[Game[Any]], player: str | None, budget: int | None, variants: str | None) -> None:
    """`check`'s values that are wrong on their own (an unknown --player, a --variants text that
    names no variant): usage mistakes, before any file is read."""
    with as_usage():
        for game in games:
            if player is not None:
                try:
                    make_player(player, budget, game.players())
                except KeyError as exc:
                    raise CardgenError("--player", f"{exc.args[0]} for {game.name}") from None
            if variants is not None:
                game.variant_combos(variants)


def run_of(r: CheckRequest, games: tuple[Game[Any], ...], counts: tuple[int, ...] | None, cluster: str | None,
           save_to: Path | None = None, read: tuple[Any, Any, Any] | None = None) -> CheckRun:
    """The check the request asks for, of `games` (none yet: the watch picks them at each save)."""
    return CheckRun(games, set_path=r.set_path, ceiling=r.ceiling, skill_games=r.skill_games, players=counts,
                    player=r.player, seed=r.seed, workers=r.workers, budget=r.budget, cluster=cluster,
                    variants=r.variants, save_to=save_to, read=read, worth=r.worth, kingmaking=r.kingmaking)


def run(request: CheckRequest, registry: Registry, say: Say) -> int:
    """`cardgen check`: the reports (text or JSON), the recommendations for failing
    configurations, and exit 1 when a check fails (or, strict, is inconclusive)."""
    import json

    from cardgen.check.report import progress_bar
    from cardgen.commands.build import chosen_games
    from cardgen.commands.given import cluster_address, player_counts

    r = request
    counts = player_counts(r.players) if r.players is not None else None
    named("--set", r.set_path)
    named("--chart", r.chart)
    named("--save-games", r.save_games)
    named("--html", r.html)
    cluster = cluster_address(r.cluster)
    if r.watch:
        from cardgen.commands.watch import Watch, watch

        if r.as_json:
            raise UsageMistake("--watch", "prints text; for a page use --html FILE, not --json")
        for option, given in (("--save-games", r.save_games is not None), ("--write-baselines", r.write_baselines)):
            if given:
                raise UsageMistake("--watch", f"checks again at every save and writes no files but the --html "
                                              f"page; {option} belongs to a single check (leave out --watch)")
        return watch(Watch(r.games, run_of(r, (), counts, cluster), r.html), registry, say)
    games, read = chosen_games(registry, r.games, r.set_path)
    _check_usage(games, r.player, r.budget, r.variants)
    save_to = None if r.save_games is None else Path(r.save_games)
    if save_to is not None:
        from cardgen.commands.savegames import check_folder

        check_folder(save_to, games)  # before any game is played
    if r.write_baselines:
        from cardgen.commands.baselines import write_baselines

        return write_baselines(games, r.seed, r.workers, cluster, r.quiet, say)
    with progress_bar("check: games", not r.quiet and not r.as_json) as bar:
        checks = run_check(run_of(r, tuple(games), counts, cluster, save_to, read), bar)
    if not r.no_chart:
        checks = [with_chart(c, Path(r.chart)) for c in checks]
    from cardgen.commands import recommend

    advice: dict[str, Any] = {}
    if not r.no_recommend and any(c.failures() for c in checks):
        with progress_bar("check: trying changes", not r.quiet and not r.as_json) as bar:
            for game, c in zip(games, checks):
                advice[c.name] = recommend.for_check(game, c, r.seed, r.workers, bar, cluster)
    report = {c.name: {**c.to_json(c.player, r.seed), **recommend.to_json(advice.get(c.name, {}))} for c in checks}
    if r.html is not None:
        from cardgen.commands.htmlreport import write_html

        write_html(Path(r.html), report)
    if r.as_json:
        say(out(json.dumps(report, indent=2), raw=True))  # ASCII
    else:
        for c in checks:
            say(Report(c))
            if c.saved:
                say(out(f"saved {count(len(c.saved), 'game record')} in {Path(c.saved[0]).parent}/"))
            if advice.get(c.name):
                say(out("recommendations (one parameter changed, the failing configuration played again):"))
                for text in recommend.lines(advice[c.name], c.name):
                    say(out("  " + text))
    failing = [c.exit_line() for c in checks if c.failures()]
    if failing:
        say(err(f"cardgen: check: {'; '.join(failing)}"))
        return 1
    open_ = [c.summary() for c in checks if c.outcome == "inconclusive" and (r.strict or c.thresholds.strict)]
    if open_:
        say(err(f"cardgen: check: inconclusive (strict): {'; '.join(open_)}"))
        return 1
    return 0
