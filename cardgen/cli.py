"""The command line: the only module that imports click. CardgenError becomes one line, exit 1.

The games come from `cardgen.registry.GAMES` unless the caller hands another `Registry` as click's
context object (`main(obj=registry)`): the tests run a toy game through every command that way.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cardgen.errors import CardgenError
from cardgen.game import Game, Registry

if TYPE_CHECKING:
    from cardgen.options import BuildOptions

F = TypeVar("F", bound=Callable[..., Any])


def _registry() -> Registry:
    """The games of this run (see the module docstring)."""
    obj = click.get_current_context().find_root().obj
    if isinstance(obj, Registry):
        return obj
    from cardgen.registry import GAMES

    return GAMES


def _one_line(text: str) -> str:
    # Untrusted names (file paths, keys) may hold line breaks: the report stays one line.
    return " ".join(text.split())


def _os_error(exc: OSError) -> str:
    """`exc` as "<file>: <reason>" (the file the system names, else what it was doing)."""
    from cardgen.print.files import os_reason

    reason = os_reason(exc)[1]
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        reason = "is a file where a folder is needed" if isinstance(exc, FileExistsError) else \
            "a part of the path is a file, not a folder"
    if exc.filename is not None:
        return f"{exc.filename}: {reason}"
    return f"cannot read or write a file: {reason}"


def reports_errors(func: F) -> F:
    """Turn what a command raises on bad input or a failing system into one line on stderr and
    the exit code: CardgenError (the input's place and reason) and OSError (a folder that is a
    file or read-only, a full disk, …) exit 1; running out of memory or stack exits 1; Ctrl-C
    exits 130 (128 + SIGINT, as shells do). Never a traceback; the writers are atomic, so
    nothing half-written is left behind."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CardgenError as exc:
            message, code = str(exc), 1
        except OSError as exc:
            message, code = _os_error(exc), 1
        except MemoryError:
            message, code = "out of memory (the input is too large)", 1
        except RecursionError:
            message, code = "the input is nested too deeply", 1
        except KeyboardInterrupt:
            message, code = "interrupted", 130
        with contextlib.suppress(OSError):  # stderr itself may be gone
            click.echo(f"cardgen: {_one_line(message)}", err=True)
        sys.exit(code)

    return wrapper  # type: ignore[return-value]


@contextlib.contextmanager
def usage_errors() -> Iterator[None]:
    """Inside: a CardgenError is a usage mistake (a bad option value, an unknown game name), so
    it becomes click's usage error, exit 2, like every other mistake on the command line."""
    try:
        yield
    except CardgenError as exc:
        raise click.UsageError(str(exc)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name="cardgen")
def main() -> None:
    """cardgen: print-and-play kits, rules engines and rule booklets for Schlangennest,
    Schlangengrube and Irrläufer."""


def run() -> None:
    """The `cardgen` program (and `python -m cardgen`): the command line, then a quick exit.

    A build leaves hundreds of thousands of objects behind (parsed faces, forms, fonts, the
    booklets' layout); Python's last garbage collections at exit would walk them all (~0.08 s
    of a build). Frozen first, they are left out: the process ends anyway. Not in `main`,
    which the tests call again and again in one process."""
    try:
        main()
    finally:
        gc.freeze()


# ---- build / list (owned by the print side) ---------------------------------------------


def _games(names: tuple[str, ...], set_path: str | None = None) -> list[Game[Any]]:
    """The games named (all when none); with a set file and no name, the game the file is for."""
    registry = _registry()
    if set_path and not names:
        return [registry.game_of_set(set_path)]
    with usage_errors():
        games = registry.select(names)
        if set_path and len(games) != 1:
            raise CardgenError("--set", "a set file belongs to one game: name that game too")
    return games


@main.command("list")
@reports_errors
def list_games() -> None:
    """Show the games, their components and their variants."""
    for game in _registry():
        click.echo(f"{game.name}: {game.title} ({game.credit})")
        click.echo(f"  components: {game.components}")
        click.echo(f"  variants:   {', '.join(game.variants) or '-'}")
        click.echo(f"  print kit:  {'yes' if game.has_kit() else 'not yet'}")


def _build_options(paper: str, out: str, layout: str | None, flip: str, back_offset: str, bleed: float,
                   marks: str | None, formats: str, dpi: int, colour: str, langs: str,
                   set_path: str | None, card_size: float | None = None, ink: str = "normal",
                   icc: str | None = None, service: str | None = None) -> BuildOptions:
    """`build`'s options checked into BuildOptions (LayoutError naming the bad option)."""
    from pathlib import Path

    from cardgen.options import FORMATS, LANGS, LAYOUTS, BuildOptions, parse_list, parse_offset

    return BuildOptions(
        paper=paper, layouts=(layout,) if layout else LAYOUTS, flip=flip,
        back_offset=parse_offset(back_offset), bleed=bleed, marks=marks,
        formats=parse_list(formats, FORMATS, "--format"), dpi=dpi, colour="cmyk" if colour == "cmyk" else "rgb",
        langs=parse_list(langs, LANGS, "--lang"), set_path=Path(set_path) if set_path else None,
        out=Path(out), card_size=card_size, ink="low" if ink == "low" else "normal",
        icc=Path(icc) if icc else None, service=service,
    )


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", metavar="FILE.toml", help="A tile set or variant instead of the built-in default.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"], case_sensitive=False), default="a4",
              show_default=True)
@click.option("--out", "out", default="output", show_default=True, metavar="DIR", help="Folder for output/<game>/.")
@click.option("--layout", type=click.Choice(["single", "duplex", "gutterfold", "glue"], case_sensitive=False),
              help="Build only this layout (default: all four).")
@click.option("--flip", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True,
              help="The edge your printer turns the sheet on for duplex.")
@click.option("--back-offset", default="0,0", metavar="X,Y", show_default=True,
              help="Shift of the back pages in mm, read off the calibration sheet.")
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Art beyond the cut line, mm.")
@click.option("--marks", type=click.Choice(["corners", "lines", "crosses", "none"], case_sensitive=False),
              help="Cut marks (default: corners; crosses for the Schlangengrube tiles).")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True,
              help="Any of pdf,svg,png,tts (tts: Tabletop Simulator deck sheets and saved object).")
@click.option("--dpi", type=int, default=300, show_default=True, help="Resolution of the PNG faces.")
@click.option("--colour", type=click.Choice(["rgb", "cmyk"], case_sensitive=False), default="rgb", show_default=True)
@click.option("--icc", "icc", type=click.Path(dir_okay=False), metavar="FILE.icc",
              help="CMYK output profile for --colour cmyk.  [default: cardgen's generic GCR profile, 300 % ink]")
@click.option("--card-size", "card_size", type=float, metavar="MM",
              help="Cards and tiles this many mm square (25-90); boards keep their field size.")
@click.option("--ink", type=click.Choice(["normal", "low"], case_sensitive=False), default="normal",
              show_default=True, help="low: outline backs and light fills; the manifest estimates the ink saved.")
@click.option("--service", metavar="NAME", help="Also write upload files for a print service (see docs/printing.md).")
@click.option("--lang", "langs", default="de,en", show_default=True, help="Rule booklet languages.")
@click.option("--only", "only", metavar="PART,…",
              help="Build only these parts of the kits: cards, tiles, board, parts, castles, booklets.  "
                   "[default: all]")
@click.option("--calibration", is_flag=True, help="Write only the duplex calibration sheet, DIR/calibration-<paper>-<flip>.pdf "
                   "(every kit with a duplex layout holds one too).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for every random choice.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@reports_errors
def build(games: tuple[str, ...], set_path: str | None, paper: str, out: str, layout: str | None, flip: str,
          back_offset: str, bleed: float, marks: str | None, formats: str, dpi: int, colour: str, icc: str | None,
          card_size: float | None, ink: str, service: str | None, langs: str,
          only: str | None, calibration: bool, seed: int, quiet: bool) -> None:
    """Write print-ready files for GAMES (all games when none is named) into DIR/<game>/.

    PDF sheets for every layout, SVG and 300 dpi PNG faces, and manifest.json, which says how
    to print each file (single- or double-sided, which edge to flip, the cutting order).
    """
    import dataclasses

    from cardgen.kit.pipeline import build_calibration, build_game
    from cardgen.kit.spec import resolve
    from cardgen.options import parse_list

    with usage_errors():
        options = _build_options(paper, out, layout, flip, back_offset, bleed, marks, formats, dpi, colour,
                                 langs, set_path, card_size, ink.lower(), icc, service)
        if only is not None:
            options = dataclasses.replace(options, only=parse_list(only, _registry().kit_parts, "--only"))
        if icc is not None and options.colour != "cmyk":
            raise CardgenError("--icc", "a profile is used only with --colour cmyk")
        spec = resolve(options)  # once for every game; an unknown service fails before anything is built
    if calibration:
        path = build_calibration(spec)
        if not quiet:
            click.echo(f"wrote {path}")
        return
    for game in _games(games, set_path):
        for line in build_game(game, spec, quiet=quiet):
            if not quiet:
                click.echo(line)


# ---- replay / check (owned by the engine side) ------------------------------------------


def _player_counts(value: str) -> tuple[int, ...]:
    try:
        counts = tuple(sorted({int(v) for v in value.split(",") if v.strip()}))
    except ValueError:
        raise click.BadParameter(f"{value!r}: a list like 2,3,4") from None
    if not counts or any(not 2 <= c <= 8 for c in counts):
        raise click.BadParameter(f"{value!r}: player counts are 2-8")
    return counts


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object (docs/records.md) instead of text.")
@reports_errors
def replay(record: str, as_json: bool) -> None:
    """Replay the game record RECORD.json move by move and report the result."""
    import json

    from cardgen.engine.replay import move_place
    from cardgen.engine.replay import replay as run_replay

    result = run_replay(record, _registry())
    if as_json:
        click.echo(json.dumps(result.to_json()))
    else:
        for line in result.lines:
            click.echo(line)
        click.echo(result.final)
    if result.error is not None:
        err = result.error
        click.echo(f"cardgen: {record}: {move_place(err['move'])}: {err['message']} [{err['rule']}]", err=True)
        sys.exit(1)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--games", "n_games", type=click.IntRange(1, 100_000), default=None,
              help="The ceiling: the most seeded games a configuration plays (it stops earlier once "
                   "every hard criterion is decided).  [default: 400; Irrläufer 40]")
@click.option("--skill-games", type=click.IntRange(0, 100_000), default=None,
              help="Games per line of the skill trace (each cheap rung of the game's player ladder "
                   "against the one below, in the first and in the last seat); 0 skips it.  "
                   "[default: Schlangennest 100, Schlangengrube 30, Irrläufer 6; never more than --games]")
@click.option("--players", "players", default=None,
              help="Player counts to play, e.g. 2,3,4.  [default: 2,3,4; Schlangennest up to its "
                   "colours; Irrläufer 2]")
@click.option("--player", "player", default=None, metavar="NAME",
              help="The simulated player of every configuration: random, sensible, greedy, mcts (tree "
                   "search, mcts@N for N simulations), or a game's own (Irrläufer: castle).  "
                   "[default: the game's report player: sensible; Irrläufer castle]")
@click.option("--budget", type=click.IntRange(1, 1_000_000), default=None,
              help="Simulations per decision of the mcts player.  [default: 200]")
@click.option("--strict", is_flag=True, help="Exit 1 when a configuration is inconclusive, too (as "
                                             "`strict = true` in a set's [check] table).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the games on this Dask scheduler instead of the local processes (same "
                   "results; needs cardgen[cluster]).")
@click.option("--variants", "variants", default=None, metavar="V+V,…",
              help="Schlangennest only: the configurations to play instead of the default (the base game "
                   "and every variant alone). Commas separate configurations, '+' joins variants played "
                   "together, 'base' is the base game, e.g. tail-first+open-area,frame. Each is played by "
                   "every --players count it allows.")
@click.option("--chart", "chart", default="output", show_default=True, metavar="DIR",
              help="Write the PNG chart (score and length histograms) to DIR/checks/<game>.png.")
@click.option("--no-chart", is_flag=True, help="Write no chart.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@click.option("--write-baselines", is_flag=True, hidden=True,
              help="Maintainers: play the default sets with the report player and write each game's "
                   "length baseline module (make baselines).")
@reports_errors
def check(games: tuple[str, ...], set_path: str | None, n_games: int | None, skill_games: int | None,
          players: str | None, player: str | None, budget: int | None, strict: bool, cluster: str | None,
          variants: str | None, chart: str, no_chart: bool, seed: int, as_json: bool, quiet: bool,
          workers: int | None, write_baselines: bool) -> None:
    """Completeness and playability report for the sets of GAMES (all checkable games if none).

    Every configuration is played by the report player in rounds until each hard criterion of
    its verdict (ends, decisive, fair, degenerate) is decided or the ceiling is reached, then
    judged pass, fail or inconclusive; the soft criteria (skill, kinds, length, dull) are
    findings. Per game: a table of every configuration (completion, length, scores, the first
    seat's share with a 95% interval, draws, balance, decisions, branching, lead changes, moves
    of every kind), the skill trace, a per-seat table, every failure and finding with its
    reason, and a summary line. Exit 1 when a set is incomplete or a hard criterion fails (with
    --strict also when one is inconclusive).
    """
    import json
    from pathlib import Path

    from rich.console import Console

    from cardgen.engine.checkrun import print_report, run_check, with_chart
    from cardgen.engine.report import progress_bar

    counts = _player_counts(players) if players is not None else None
    names = _games(games, set_path)
    if write_baselines:
        _write_baselines(names, seed, workers, cluster, quiet)
        return
    with progress_bar("check: games", not quiet and not as_json) as bar:
        checks = run_check(names, set_path, n_games, skill_games, counts, player, seed, workers, bar,
                           budget, cluster, variants)
    if not no_chart:
        checks = [with_chart(c, Path(chart)) for c in checks]
    if as_json:
        click.echo(json.dumps({c.name: c.to_json(c.player, seed) for c in checks}, indent=2))
    else:
        console = Console()  # the terminal's width (COLUMNS when set); report.tables splits to fit
        for c in checks:
            print_report(c, c.player, console)
    failing = [c.exit_line() for c in checks if c.failures()]
    if failing:
        click.echo(f"cardgen: check: {'; '.join(failing)}", err=True)
        sys.exit(1)
    open_ = [c.summary() for c in checks if c.outcome == "inconclusive" and (strict or c.thresholds.strict)]
    if open_:
        click.echo(f"cardgen: check: inconclusive (strict): {'; '.join(open_)}", err=True)
        sys.exit(1)


def _write_baselines(games: list[Game[Any]], seed: int, workers: int | None, cluster: str | None,
                     quiet: bool) -> None:
    """`check --write-baselines`: each game's length baseline from its default set."""
    from cardgen.engine import baseline
    from cardgen.engine.checkrun import judge
    from cardgen.engine.plan import MAIN, play
    from cardgen.engine.report import progress_bar
    from cardgen.engine.verdict import Thresholds

    for game in games:
        target = game.baseline_file()
        if target is None:
            continue
        game_set = game.load_set()
        player = game.ladder().report
        n = min(baseline.GAMES, game.default_games)
        lines = game.check_lines(game_set, game.default_players(game_set), n, player, 0)
        with progress_bar(f"baseline {game.name}: games", not quiet) as bar:
            played = play(lines, seed, workers, bar, cluster)
        table = baseline.measure(played)
        main = [p for p in played if p.line.section == MAIN]
        verdicts = [judge(game, game_set, p, [], Thresholds()) for p in main]
        fails = baseline.failing(main, verdicts)
        baseline.write_module(target, baseline.module_text(game.name, player, n, seed, table, fails))
        if not quiet:
            click.echo(f"wrote {target}: {len(table)} baselines, {player} players, {n} games each; "
                       f"the original fails: {fails or 'nothing'}")


@main.command()
@click.argument("game")
@click.option("--players", "lineup", default=None, metavar="A,B[,…]",
              help="One player per seat, e.g. mcts@100,sensible (mcts@N: N simulations per decision); "
                   "the number of names is the player count.")
@click.option("--ladder", is_flag=True, help="Play each rung of the game's ladder against the one below "
                                             "(two players) instead of --players.")
@click.option("--games", "n_games", type=click.IntRange(1, 100_000), default=None,
              help="Games per lineup, spread evenly over its seat rotations (rounded up).  [default: 100]")
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the games on this Dask scheduler instead of the local processes (same "
                   "results; needs cardgen[cluster]).")
@reports_errors
def match(game: str, lineup: str | None, ladder: bool, n_games: int | None, set_path: str | None, seed: int,
          as_json: bool, quiet: bool, workers: int | None, cluster: str | None) -> None:
    """Simulated players of GAME against each other in every seat rotation: each one's share of
    the games (a draw shared by k seats gives each 1/k) with its 95% interval, mean score and
    time per decision, and the draws. --ladder plays each rung of the game's ladder against the
    one below and shows whether its interval lies above one half.
    """
    import json

    from cardgen.engine import match as matches
    from cardgen.engine.report import progress_bar

    with usage_errors():
        chosen = _registry().get(game)
        if ladder == (lineup is not None):
            raise CardgenError("--players", "give either --players A,B[,…] or --ladder")
    names = [] if lineup is None else [n.strip() for n in lineup.split(",")]
    try:
        matches.check_players(chosen, names)
    except CardgenError as exc:  # a usage mistake, on one line
        click.echo(f"cardgen: {_one_line(str(exc))}", err=True)
        sys.exit(2)
    games = n_games or matches.DEFAULT_GAMES
    with progress_bar("match: games", not quiet and not as_json) as bar:
        if ladder:
            rungs = matches.ladder_match(chosen, games, set_path, seed, workers, bar, cluster)
        else:
            result = matches.match(chosen, names, games, set_path, seed, workers, bar, cluster)
    if ladder:
        data: dict[str, Any] = {"game": chosen.name, "ladder": [r.to_json() for r in rungs]}
        text = matches.ladder_text(chosen.name, rungs, seed)
    else:
        data, text = result.to_json(), matches.match_text(result, seed)
    click.echo(json.dumps(data, indent=2) if as_json else "\n".join(text))


@main.command()
@click.argument("game")
@click.option("--out", "out", required=True, metavar="FILE.toml", help="The set file to write.")
@click.option("--colours", metavar="N|NAME,…",
              help="Schlangennest 2-6, Schlangengrube 3-6 colours: a number (the default colours, then "
                   "the palette's next ones) or the names.")
@click.option("--straights", type=int, help="Schlangennest: straight cards per colour.  [default: 7]")
@click.option("--curves", type=int, help="Schlangennest: curve cards per colour.  [default: 9]")
@click.option("--tiles", type=int, help="Schlangengrube: tiles in the set (the groups scaled, heads = tails).  "
                                        "[default: 54 for 4 colours, 4.5·k·(k−1) for k]")
@click.option("--heads", type=int, help="Schlangengrube: heads per colour (tails are the same).")
@click.option("--tails", type=int, help="Schlangengrube: tails per colour (must equal --heads).")
@click.option("--rows", type=int, help="Irrläufer: board length, 17-31 fields.  [default: 21]")
@click.option("--sticks", type=int, help="Irrläufer: sticks, proven to fit by laying them.  [default: 80]")
@click.option("--name", help="The set's name (printed on the kit).")
@click.option("--games", "n_games", type=click.IntRange(1, 100_000), default=None,
              help="The check's ceiling: the most seeded games a configuration plays (as for check).  "
                   "[default: 400; Irrläufer 40]")
@click.option("--skill-games", type=click.IntRange(0, 100_000), default=None,
              help="Games per line of the check's skill trace; 0 skips it.  [default: as for check]")
@click.option("--allow-inconclusive", is_flag=True,
              help="Write the set even when a configuration is inconclusive at the ceiling (a failing "
                   "one is always refused).")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the check's games.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the check's games on this Dask scheduler (needs cardgen[cluster]).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar, no summary.")
@reports_errors
def variant(game: str, out: str, colours: str | None, straights: int | None, curves: int | None,
            tiles: int | None, heads: int | None, tails: int | None, rows: int | None, sticks: int | None,
            name: str | None, n_games: int | None, skill_games: int | None, allow_inconclusive: bool, seed: int,
            workers: int | None, cluster: str | None, quiet: bool) -> None:
    """Write a variant set of GAME to FILE.toml, checked first as `cardgen check` checks a set:
    completeness, then every configuration played in rounds until its hard criteria are decided
    or the ceiling is reached, and judged by the same verdict. A set with a failing
    configuration is not written, nor one with an inconclusive configuration unless
    --allow-inconclusive (exit 1, one line naming every failing or undecided configuration and
    criterion); the soft criteria are printed as findings.

    Schlangennest: --colours 5 or 6 (a new colour and pattern each; play areas scaled for the
    players), --straights, --curves. Schlangengrube: --colours 3-6 (the default set's tile groups
    for those colours), --tiles, --heads/--tails. Irrläufer: --rows, --sticks. Print it with
    `cardgen build GAME --set FILE.toml`.
    """
    from pathlib import Path

    from cardgen.engine.report import progress_bar
    from cardgen.engine.variant import variant_text, write_checked
    from cardgen.words import count

    registry = _registry()
    with usage_errors():
        chosen = registry.get(game)
    text = variant_text(chosen, {"colours": colours, "straights": straights, "curves": curves, "tiles": tiles,
                               "heads": heads, "tails": tails, "rows": rows, "sticks": sticks, "name": name}, registry)
    with progress_bar("variant check: games", not quiet) as bar:
        check = write_checked(chosen, text, Path(out), n_games, seed, workers, bar, cluster, allow_inconclusive,
                              skill_games)
    if not quiet:
        rows_ = check.main_rows
        played = sum(int(r["games"]) for r in rows_)
        click.echo(f"wrote {out}: {check.set_name}")
        for f in check.findings:
            click.echo(f"  note: {f.text}")
        click.echo(f"  checked: complete; {count(len(rows_), 'configuration')}, {count(played, 'game')}, "
                   f"{check.player} players; {check.summary()}")
        for text_ in check.shared_failures():
            click.echo(f"  finding about the game: {text_}")
        for text_ in check.inconclusive():
            click.echo(f"  inconclusive: {text_}")
        for text_ in check.unused:
            click.echo(f"  finding: {text_}")
        for text_ in check.verdict_findings():
            click.echo(f"  finding: {text_}")
