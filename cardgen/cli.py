"""The command line: the only module that imports click. CardgenError becomes one line, exit 1.

The games come from `cardgen.registry.GAMES` unless the caller hands another `Registry` as click's
context object (`main(obj=registry)`): the tests run a toy game through every command that way.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from cardgen.errors import CardgenError
from cardgen.game import Game, Registry
from cardgen.signals import catch_signals, current_folder, stop_report
from cardgen.terminal import printable
from cardgen.workers import threads_stuck

if TYPE_CHECKING:
    from cardgen.options import BuildOptions

F = TypeVar("F", bound=Callable[..., Any])

STOPPED_CODES = frozenset({130, 129, 131, 143})
"""Exit codes of a command stopped by Ctrl-C, SIGHUP, SIGQUIT or SIGTERM (128 + the signal)."""


def _registry() -> Registry:
    """The games of this run (see the module docstring)."""
    obj = click.get_current_context().find_root().obj
    if isinstance(obj, Registry):
        return obj
    from cardgen.registry import GAMES

    return GAMES


def _echo(text: str, err: bool = False) -> None:
    """`click.echo` for every line cardgen writes: text from files (a set's name, a path) may
    hold controls a terminal would obey; they are shown escaped (`cardgen.terminal`). A failing
    write names the stream (`standard output: No space left on device`)."""
    try:
        click.echo(printable(text), err=err)
    except BrokenPipeError:
        raise
    except OSError as exc:
        exc.filename = exc.filename or ("standard error" if err else "standard output")
        raise


def _one_line(text: str) -> str:
    # Untrusted names (file paths, keys) may hold line breaks: the report stays one line.
    return " ".join(text.split())


def _os_error(exc: OSError) -> str:
    """`exc` as "<file>: <reason>" (the file the system names, else what it was doing)."""
    try:
        from cardgen.print.files import os_reason
    except Exception:  # the print package (reportlab) may be what failed to load
        reason = exc.strerror if isinstance(exc.strerror, str) else type(exc).__name__
    else:
        reason = os_reason(exc)[1]
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        reason = "is a file where a folder is needed" if isinstance(exc, FileExistsError) else \
            "a part of the path is a file, not a folder"
    if exc.filename is not None:
        return f"{exc.filename}: {reason}"
    return f"cannot read or write a file: {reason}"


def _stdout_gone() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit finds nothing to
    complain of once the real one has failed."""
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _pipe_closed() -> NoReturn:
    """The reader of standard output went away (`cardgen replay … | head`): stop quietly, as
    other command-line tools do, with 141 (128 + SIGPIPE, what a shell reports for them)."""
    _stdout_gone()
    sys.exit(141)


def reports_errors(func: F) -> F:
    """Turn what a command raises on bad input or a failing system into one line on stderr and
    the exit code: CardgenError (the input's place and reason) and OSError (a folder that is a
    file or read-only, a full disk, …) exit 1; running out of memory or stack exits 1; Ctrl-C
    exits 130 (128 + SIGINT, as shells do), SIGTERM, SIGHUP and SIGQUIT 128 + their number
    (`cardgen.signals`). Never a traceback; the writers are atomic, so nothing half-written is
    left behind."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except BrokenPipeError:
            _pipe_closed()
        except CardgenError as exc:
            message, code = str(exc), 1
        except OSError as exc:
            message, code = _os_error(exc), 1
        except MemoryError:
            message, code = "out of memory (the input is too large)", 1
        except RecursionError:
            message, code = "the input is nested too deeply", 1
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM, SIGHUP, SIGQUIT (cardgen.signals)
            message, code = stop_report(exc)
        with contextlib.suppress(OSError):  # stderr itself may be gone
            _echo(f"cardgen: {_one_line(message)}", err=True)
        sys.exit(code)

    return wrapper  # type: ignore[return-value]


@contextlib.contextmanager
def usage_errors() -> Iterator[None]:
    """Inside: a CardgenError is a usage mistake (a bad option value, an unknown game name), so
    it becomes click's usage error, exit 2, like every other mistake on the command line."""
    try:
        yield
    except CardgenError as exc:
        raise click.UsageError(printable(_one_line(str(exc)))) from None


def _number(kind: click.IntRange | click.FloatRange, parse: Callable[..., Any], value: Any,
            param: click.Parameter | None, ctx: click.Context | None) -> Any:
    """An option's typed `value` read by `parse` (`cardgen.numbers`) in `kind`'s range."""
    if not isinstance(value, str):
        return value  # a default
    try:
        return parse(value, "", kind.min, kind.max)
    except CardgenError as exc:
        kind.fail(printable(str(exc)), param, ctx)


class Whole(click.IntRange):
    """An option's whole number, read by `cardgen.numbers.whole` (ASCII digits, in range);
    shown in the help as click's ranges are."""

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        super().__init__(low, high)
        self.name = "integer range" if (low, high) != (None, None) else "integer"

    def _describe_range(self) -> str:
        return super()._describe_range() if self.name != "integer" else ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from cardgen.numbers import whole

        return super().convert(_number(self, whole, value, param, ctx), param, ctx)


class Decimal(click.FloatRange):
    """An option's decimal number, read by `cardgen.numbers.decimal` (finite, in range)."""

    def __init__(self, low: float | None = None, high: float | None = None) -> None:
        super().__init__(low, high)
        self.name = "float range" if (low, high) != (None, None) else "float"

    def _describe_range(self) -> str:
        return super()._describe_range() if self.name != "float" else ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from cardgen.numbers import decimal

        return super().convert(_number(self, decimal, value, param, ctx), param, ctx)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """`cardgen --version`: the version and which core runs (cardgen/native.py)."""
    if not value or ctx.resilient_parsing:
        return
    from cardgen import __version__
    from cardgen.native import core_name

    packages = (type(game).__module__.rsplit(".", 1)[0] for game in _registry())
    _echo(f"cardgen {__version__}, core: {core_name(packages)}")
    ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("-V", "--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and which core runs, and exit.")
def main() -> None:
    """cardgen: print-and-play kits, rules engines and rule booklets for Schlangennest,
    Schlangengrube and Irrläufer."""
    try:  # a shell still sitting in a folder someone deleted: every relative path is void
        current_folder()
    except CardgenError as exc:
        _echo(f"cardgen: {_one_line(str(exc))}", err=True)
        sys.exit(1)


def run() -> None:
    """The `cardgen` program (and `python -m cardgen`): the command line, then a quick exit.

    A build leaves hundreds of thousands of objects behind (parsed faces, forms, fonts, the
    booklets' layout); Python's last garbage collections at exit would walk them all (~0.08 s
    of a build). Frozen first, they are left out: the process ends anyway. Not in `main`,
    which the tests call again and again in one process."""
    catch_signals()
    try:
        main()
    except SystemExit as exc:
        # Stopped by a signal, or failed with a pool stopped half-way: clean-up done and said,
        # leave now, without joining a pool's thread stuck in a read (Python would at exit).
        if exc.code in STOPPED_CODES or threads_stuck():
            with contextlib.suppress(OSError):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1)
        raise
    except BrokenPipeError:  # while click itself wrote (`--help | head -1`)
        _pipe_closed()
    except OSError as exc:  # the same with standard output on a full disk: `--help > /dev/full`
        _stdout_gone()
        exc.filename = exc.filename or "standard output"
        with contextlib.suppress(OSError):
            _echo(f"cardgen: {_os_error(exc)}", err=True)
        sys.exit(1)
    finally:
        gc.freeze()


# ---- build / list (owned by the print side) ---------------------------------------------


def _named(option: str, value: str | None) -> None:
    """A usage error for an empty path (`--out ''` would mean the current folder unasked)."""
    if value is not None and not value.strip():
        raise click.UsageError(f"{option}: an empty name; give a file or folder")


def _given(param: str) -> bool:
    """Whether the command line set `param` (not its default)."""
    source = click.get_current_context().get_parameter_source(param)
    return source is not None and source != click.core.ParameterSource.DEFAULT


def _cluster(address: str | None) -> str | None:
    """`--cluster` checked by its form (tcp://HOST:PORT), a usage error otherwise; whether a
    scheduler answers there is found out when the games are played (exit 1)."""
    if address is None:
        return None
    from cardgen.check.cluster import parse_address

    with usage_errors():
        return parse_address(address)[0]


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
        _echo(f"{game.name}: {game.title} ({game.credit})")
        _echo(f"  components: {game.components}")
        _echo(f"  variants:   {', '.join(game.variants) or '-'}")
        _echo(f"  print kit:  {'yes' if game.has_kit() else 'not yet'}")


def _build_options(paper: str, out: str, layout: str | None, flip: str, back_offset: str, bleed: float | None,
                   marks: str | None, formats: str, dpi: int, colour: str, langs: str,
                   set_path: str | None, card_size: float | None = None, ink: str = "normal",
                   icc: str | None = None, service: str | None = None, tts_url: str | None = None,
                   press: str | None = None) -> BuildOptions:
    """`build`'s options checked into BuildOptions (LayoutError naming the bad option)."""
    from pathlib import Path

    from cardgen.options import FORMATS, LANGS, LAYOUTS, BuildOptions, parse_list, parse_offset

    return BuildOptions(
        paper=paper, layouts=(layout,) if layout else LAYOUTS, flip=flip,
        back_offset=parse_offset(back_offset), bleed=bleed, marks=marks,
        formats=parse_list(formats, FORMATS, "--format"), dpi=dpi, colour="cmyk" if colour == "cmyk" else "rgb",
        langs=parse_list(langs, LANGS, "--lang"), set_path=Path(set_path) if set_path else None,
        out=Path(out), card_size=card_size, ink="low" if ink == "low" else "normal",
        icc=Path(icc) if icc else None, service=service, tts_url=tts_url, press=press.lower() if press else None,
    )


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", metavar="FILE.toml", help="A tile set or variant instead of the built-in default.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"], case_sensitive=False), default="a4",
              show_default=True)
@click.option("--out", "out", default="output", show_default=True, metavar="DIR", help="Folder for DIR/<game>/.")
@click.option("--layout", type=click.Choice(["single", "duplex", "gutterfold", "glue"], case_sensitive=False),
              help="Build only this layout (default: all four).")
@click.option("--flip", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True,
              help="The edge your printer turns the sheet on for duplex.")
@click.option("--back-offset", default="0,0", metavar="X,Y", show_default=True,
              help="Shift of the back pages in mm, read off the calibration sheet.")
@click.option("--bleed", type=Decimal(), metavar="MM",
              help="Art beyond the cut line, mm.  [default: 3, or what --service asks for]")
@click.option("--marks", type=click.Choice(["corners", "lines", "crosses", "none"], case_sensitive=False),
              help="Cut marks (default: corners; crosses for the Schlangengrube tiles).")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True,
              help="Any of pdf,svg,png,tts (tts: Tabletop Simulator deck sheets and saved object).")
@click.option("--tts-url", "tts_url", metavar="BASE",
              help="With --format tts: link the Tabletop Simulator images as BASE/<image>, where you upload them.")
@click.option("--dpi", type=Whole(), default=300, show_default=True, help="Resolution of the PNG faces.")
@click.option("--colour", type=click.Choice(["rgb", "cmyk"], case_sensitive=False), default="rgb", show_default=True)
@click.option("--icc", "icc", type=click.Path(dir_okay=False), metavar="FILE.icc",
              help="CMYK output profile to separate with (implies --colour cmyk).  [default: the --press profile]")
@click.option("--press", "press", metavar="NAME",
              help="Printing condition of --colour cmyk: swop, swop3, gracol or fogra39 (implies --colour cmyk).  "
                   "[default: the --service's, else swop]")
@click.option("--card-size", "card_size", type=Decimal(), metavar="MM",
              help="Cards and tiles this many mm square (25-90); boards keep their field size.")
@click.option("--ink", type=click.Choice(["normal", "low"], case_sensitive=False), default="normal",
              show_default=True,
              help="low: outline backs and light fills; the manifest gives the ink saved, measured on the sheets.")
@click.option("--service", metavar="NAME", help="Also write upload files for a print service: mbprint, "
              "drivethrucards or thegamecrafter (see docs/printing.md).")
@click.option("--lang", "langs", default="de,en", show_default=True, help="Rule booklet languages.")
@click.option("--only", "only", metavar="PART,…",
              help="Build only these parts of the kits: cards, tiles, board, parts, castles, booklets.  "
                   "[default: all]")
@click.option("--calibration", is_flag=True, help="Write only the duplex calibration sheet, DIR/calibration-<paper>-<flip>.pdf "
                   "(every kit with a duplex layout holds one too).")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Seed for every random choice.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@reports_errors
def build(games: tuple[str, ...], set_path: str | None, paper: str, out: str, layout: str | None, flip: str,
          back_offset: str, bleed: float | None, marks: str | None, formats: str, tts_url: str | None, dpi: int,
          colour: str, icc: str | None, press: str | None,
          card_size: float | None, ink: str, service: str | None, langs: str,
          only: str | None, calibration: bool, seed: int, quiet: bool) -> None:
    """Write print-ready files for GAMES (all games when none is named) into DIR/<game>/.

    PDF sheets for every layout, SVG and 300 dpi PNG faces, and manifest.json, which says how
    to print each file (single- or double-sided, which edge to flip, the cutting order).
    """
    import dataclasses

    from cardgen.kit.draw import check_layouts
    from cardgen.kit.pipeline import build_calibration, build_game, check_inputs
    from cardgen.kit.spec import resolve
    from cardgen.options import LAYOUTS, parse_list

    _named("--out", out)
    _named("--set", set_path)
    _named("--icc", icc)
    with usage_errors():
        if (icc is not None or press is not None) and colour.lower() != "cmyk":
            if _given("colour"):
                raise CardgenError("--icc" if icc is not None else "--press",
                                   "a CMYK profile cannot be used with --colour rgb")
            colour = "cmyk"  # --icc and --press mean CMYK
        options = _build_options(paper, out, layout, flip, back_offset, bleed, marks, formats, dpi, colour,
                                 langs, set_path, card_size, ink.lower(), icc, service, tts_url, press)
        if only is not None:
            options = dataclasses.replace(options, only=parse_list(only, _registry().kit_parts, "--only"))
        spec = resolve(options)  # once for every game; an unknown service fails before anything is built
    if calibration:
        path = build_calibration(spec)
        if not quiet:
            _echo(f"wrote {path}")
        return
    chosen = _games(games, set_path)
    if spec.layouts != LAYOUTS:  # --layout: refused before anything is written where it does not apply
        for game in chosen:
            plan = game.kit(game.load_set(spec.set_path), spec) if game.has_kit() else None
            if plan is not None:
                with usage_errors():
                    check_layouts(plan, spec)
    check_inputs(spec, chosen)  # before any game is built
    for game in chosen:
        for line in build_game(game, spec, quiet=quiet):
            if not quiet:
                _echo(line)


# ---- replay / check (owned by the engine side) ------------------------------------------


def _player_counts(value: str) -> tuple[int, ...]:
    from cardgen.numbers import whole

    try:
        counts = tuple(sorted({whole(v.strip(), "--players") for v in value.split(",")}))  # "2,,3": "" refused
    except CardgenError:
        raise click.BadParameter(f"{value!r}: a list like 2,3,4", param_hint="--players") from None
    if not counts or any(not 2 <= c <= 8 for c in counts):
        raise click.BadParameter(f"{value!r}: player counts are 2-8", param_hint="--players")
    return counts


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object (docs/records.md) instead of text.")
@reports_errors
def replay(record: str, as_json: bool) -> None:
    """Replay the game record RECORD.json move by move and report the result."""
    import json

    from cardgen.commands.replay import move_place
    from cardgen.commands.replay import replay as run_replay

    result = run_replay(record, _registry())
    if as_json:
        click.echo(json.dumps(result.to_json()))  # ASCII only: json escapes every control
    else:
        for line in result.lines:
            _echo(line)
        _echo(result.final)
    if result.error is not None:
        err = result.error
        _echo(f"cardgen: {record}: {move_place(err['move'])}: {err['message']} [{err['rule']}]", err=True)
        sys.exit(1)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--games", "n_games", type=Whole(1, 100_000), default=None,
              help="The ceiling: the most seeded games a configuration plays (it stops earlier once "
                   "every hard criterion is decided).  [default: 400; Irrläufer 1000]")
@click.option("--skill-games", type=Whole(0, 100_000), default=None,
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
@click.option("--budget", type=Whole(1, 1_000_000), default=None,
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
@click.option("--save-games", "save_games", metavar="DIR", default=None,
              help="Write a game record (to replay, or to open with `cardgen play --replay`) of each "
                   "game a configuration's verdict points at: its degenerate games and its shortest and "
                   "longest, into DIR/<game>/.")
@click.option("--no-recommend", is_flag=True,
              help="For a failing configuration, do not try the one-parameter changes that would fix it.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=Whole(1, 256), default=None, help="Processes (default: every core).")
@click.option("--write-baselines", is_flag=True, hidden=True,
              help="Maintainers: play the default sets with the report player and write each game's "
                   "length baseline module (make baselines).")
@reports_errors
def check(games: tuple[str, ...], set_path: str | None, n_games: int | None, skill_games: int | None,
          players: str | None, player: str | None, budget: int | None, strict: bool, cluster: str | None,
          variants: str | None, chart: str, no_chart: bool, save_games: str | None, no_recommend: bool, seed: int,
          as_json: bool, quiet: bool, workers: int | None, write_baselines: bool) -> None:
    """Completeness and playability report for the sets of GAMES (all checkable games if none).

    Every configuration is played by the report player in rounds until each hard criterion of
    its verdict (ends, decisive, fair, degenerate) is decided or the ceiling is reached, then
    judged pass, fail or inconclusive; the soft criteria (skill, kinds, length, dull) are
    findings. Per game: a table of every configuration (completion, length, scores, the first
    seat's share with a 95% interval, draws, balance, decisions, branching, lead changes, moves
    of every kind), the skill trace, a per-seat table, every failure and finding with its
    reason, and a summary line. For each configuration that fails, the one-parameter changes
    of the set's rules that fix it, found by a small sweep (at most twice that configuration's
    games; docs/tune.md). Exit 1 when a set is incomplete or a hard criterion fails (with
    --strict also when one is inconclusive).
    """
    import json
    from pathlib import Path

    from rich.console import Console

    from cardgen.commands.check import print_report, run_check, with_chart
    from cardgen.check.report import progress_bar
    from cardgen.words import count

    counts = _player_counts(players) if players is not None else None
    _named("--set", set_path)
    _named("--chart", chart)
    _named("--save-games", save_games)
    cluster = _cluster(cluster)
    names = _games(games, set_path)
    _check_usage(names, player, budget, variants)
    if save_games is not None:
        from cardgen.commands.savegames import check_folder

        check_folder(Path(save_games), names)  # before any game is played
    if write_baselines:
        _write_baselines(names, seed, workers, cluster, quiet)
        return
    with progress_bar("check: games", not quiet and not as_json) as bar:
        checks = run_check(names, set_path, n_games, skill_games, counts, player, seed, workers, bar,
                           budget, cluster, variants, None if save_games is None else Path(save_games))
    if not no_chart:
        checks = [with_chart(c, Path(chart)) for c in checks]
    advice: dict[str, Any] = {}
    if not no_recommend and any(c.failures() for c in checks):
        from cardgen.commands import recommend

        with progress_bar("check: trying changes", not quiet and not as_json) as bar:
            for game_, c in zip(names, checks):
                advice[c.name] = recommend.for_check(game_, c, seed, workers, bar, cluster)
    if as_json:
        from cardgen.commands.recommend import to_json as advice_json

        click.echo(json.dumps({c.name: {**c.to_json(c.player, seed), **advice_json(advice.get(c.name, {}))}
                               for c in checks}, indent=2))  # ASCII
    else:
        console = Console()  # the terminal's width (COLUMNS when set); report.tables splits to fit
        for c in checks:
            print_report(c, c.player, console)
            if c.saved:
                _echo(f"saved {count(len(c.saved), 'game record')} in {Path(c.saved[0]).parent}/")
            if advice.get(c.name):
                from cardgen.commands.recommend import lines as advice_lines

                _echo("recommendations (one parameter changed, the failing configuration played again):")
                for text_ in advice_lines(advice[c.name], c.name):
                    _echo("  " + text_)
    failing = [c.exit_line() for c in checks if c.failures()]
    if failing:
        _echo(f"cardgen: check: {'; '.join(failing)}", err=True)
        sys.exit(1)
    open_ = [c.summary() for c in checks if c.outcome == "inconclusive" and (strict or c.thresholds.strict)]
    if open_:
        _echo(f"cardgen: check: inconclusive (strict): {'; '.join(open_)}", err=True)
        sys.exit(1)


def _check_usage(games: list[Game[Any]], player: str | None, budget: int | None, variants: str | None) -> None:
    """`check`'s values that are wrong on their own (an unknown --player, a --variants text that
    names no variant): usage errors, before any file is read."""
    from cardgen.engine.players import make_player

    with usage_errors():
        for game in games:
            if player is not None:
                try:
                    make_player(player, budget, game.players())
                except KeyError as exc:
                    raise CardgenError("--player", f"{exc.args[0]} for {game.name}") from None
            if variants is not None:
                game.variant_combos(variants)


def _write_baselines(games: list[Game[Any]], seed: int, workers: int | None, cluster: str | None,
                     quiet: bool) -> None:
    """`check --write-baselines`: each game's length baseline from its default set."""
    from cardgen.check import baseline
    from cardgen.commands.check import judge
    from cardgen.check.plan import MAIN, play
    from cardgen.check.report import progress_bar
    from cardgen.check.verdict import Thresholds

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
            _echo(f"wrote {target}: {len(table)} baselines, {player} players, {n} games each; "
                       f"the original fails: {fails or 'nothing'}")


def _set_options(func: F) -> F:
    """The options of every game's set-file generator (`GameInfo.set_options`), each once, its
    help naming what it means for each game that takes it: `cardgen variant` is built from the
    games' declarations, and a new game's options need no line here."""
    from cardgen.registry import GAMES

    named: dict[str, list[tuple[Game[Any], Any]]] = {}
    for game in GAMES:
        for option in game.set_options:
            named.setdefault(option.name, []).append((game, option))
    for name, takers in reversed(named.items()):
        texts = [o.help + (f", {o.low}-{o.high}" if o.counts else "") + (f"  [default: {o.default}]" if o.default else "")
                 for _, o in takers]
        help_ = texts[0] if len(set(texts)) == 1 and len(takers) > 1 else "; ".join(
            f"{g.title.split()[0]}: {text}" for (g, _), text in zip(takers, texts))
        first = takers[0][1]
        func = click.option(f"--{name}", f"set_{name}", type=Whole() if first.counts else str,
                            metavar=first.metavar or ("N" if first.counts else "TEXT"), help=help_)(func)
    return func


@main.command()
@click.argument("game")
@click.option("--players", "lineup", default=None, metavar="A,B[,…]",
              help="One player per seat, e.g. mcts@100,sensible (mcts@N: N simulations per decision); "
                   "the number of names is the player count.")
@click.option("--ladder", is_flag=True, help="Play each rung of the game's ladder against the one below "
                                             "(two players) instead of --players.")
@click.option("--games", "n_games", type=Whole(1, 100_000), default=None,
              help="Games per lineup, spread evenly over its seat rotations (rounded up).  [default: 100]")
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=Whole(1, 256), default=None, help="Processes (default: every core).")
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

    from cardgen.commands import match as matches
    from cardgen.check.report import progress_bar

    with usage_errors():
        chosen = _registry().get(game)
        if ladder == (lineup is not None):
            raise CardgenError("--players", "give either --players A,B[,…] or --ladder")
    cluster = _cluster(cluster)  # its form, as for check: a usage error
    names = [] if lineup is None else [n.strip().lower() for n in lineup.split(",")]  # names in any case
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
@_set_options
@click.option("--games", "n_games", type=Whole(1, 100_000), default=None,
              help="The check's ceiling: the most seeded games a configuration plays (as for check).  "
                   "[default: 400; Irrläufer 1000]")
@click.option("--skill-games", type=Whole(0, 100_000), default=None,
              help="Games per line of the check's skill trace; 0 skips it.  [default: as for check]")
@click.option("--allow-inconclusive", is_flag=True,
              help="Write the set even when a configuration is inconclusive at the ceiling (a failing "
                   "one is always refused).")
@click.option("--force", is_flag=True,
              help="Write the set even when its check refuses it, with a comment block at its top naming "
                   "the failed criteria (exit 0; the refusal is printed as a warning).")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Base seed of the check's games.")
@click.option("--workers", type=Whole(1, 256), default=None, help="Processes (default: every core).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the check's games on this Dask scheduler (needs cardgen[cluster]).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar, no summary.")
@reports_errors
def variant(game: str, out: str, n_games: int | None, skill_games: int | None, allow_inconclusive: bool,
            force: bool, seed: int, workers: int | None, cluster: str | None, quiet: bool, **set_options: Any) -> None:
    """Write a new set file of GAME to FILE.toml from the options below, checked first as
    `cardgen check` checks a set: completeness, then every configuration played in rounds until
    its hard criteria are decided or the ceiling is reached, and judged by the same verdict. A
    set with a failing configuration is not written, nor one with an inconclusive configuration
    unless --allow-inconclusive (exit 1, one line naming every failing or undecided
    configuration and criterion), unless --force: then it is written with those reasons in a
    comment block at its top. The soft criteria are printed as findings. An option GAME does not
    take, or a number outside its range, is a usage error (exit 2).

    Print the set with `cardgen build GAME --set FILE.toml`.
    """
    from pathlib import Path

    from cardgen.check.report import progress_bar
    from cardgen.commands.variant import check_options, write_checked
    from cardgen.words import count

    registry = _registry()
    _named("--out", out)
    cluster = _cluster(cluster)
    options = {key.removeprefix("set_"): value for key, value in set_options.items()}
    with usage_errors():  # the options alone are wrong: no file is read to know it
        chosen = registry.get(game)
        if Path(out).suffix != ".toml":
            raise CardgenError(out, "a set file's name ends in .toml")
        check_options(chosen, options, registry)
        text = chosen.set_text(options)
    def advise(check: Any) -> None:
        from cardgen.commands import recommend

        bar.progress.update(bar.task, description="variant: trying changes")
        found = recommend.for_variant(chosen, check, text, options, seed, workers, bar, cluster)
        bar.progress.stop()
        if found and not quiet:
            _echo("recommendations (one option or rule changed, the failing configuration played again):")
            for text_ in recommend.lines(found, chosen.name):
                _echo("  " + text_)

    with progress_bar("variant check: games", not quiet) as bar:
        written = write_checked(chosen, text, Path(out), n_games, seed, workers, bar, cluster, allow_inconclusive,
                                skill_games, force, advise)
    check = written.check
    if written.refused is not None:
        _echo(f"cardgen: warning: {out}: written with --force although {written.refused}", err=True)
    if not quiet and check is None:
        _echo(f"wrote {out}")
    if not quiet and check is not None:
        rows_ = check.main_rows
        played = sum(int(r["games"]) for r in rows_)
        _echo(f"wrote {out}: {check.set_name}")
        for f in check.findings:
            _echo(f"  note: {f.text}")
        _echo(f"  checked: {'complete' if check.complete else 'incomplete'}; {count(len(rows_), 'configuration')}, "
              f"{count(played, 'game')}, {check.player} players; {check.summary()}")
        for text_ in check.shared_failures():
            _echo(f"  finding about the game: {text_}")
        for text_ in check.inconclusive():
            _echo(f"  inconclusive: {text_}")
        for text_ in check.unused:
            _echo(f"  finding: {text_}")
        for text_ in check.verdict_findings():
            _echo(f"  finding: {text_}")


# ---- tune (the search for a set that plays well) ----------------------------------------


@main.command()
@click.argument("game")
@click.option("--out", "out", required=True, metavar="FILE.toml",
              help="The set file to write; FILE.trials.csv and FILE.trials.png go beside it.")
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="The set to start from (default: the built-in one).")
@click.option("--players", "players", default=None, metavar="N,…",
              help="Player counts the trials play (default: every count the set seats). The chosen set is checked "
                   "again at every count before it is written.")
@click.option("--vary", "vary", multiple=True, metavar="KEY=LOW..HIGH|KEY=A,B",
              help="A parameter to search and its range (repeatable; default: every rule parameter, whole range). "
                   "Names and bounds: docs/set-files.md; set options (the generator's counts) too.")
@click.option("--trials", type=Whole(1, 10_000), default=30, show_default=True,
              help="Sets to try (a space with fewer points is tried point by point).")
@click.option("--games", "n_games", type=Whole(1, 100_000), default=None,
              help="The check's ceiling: at most N games per configuration of a trial (default: the game's, as check).")
@click.option("--skill-games", type=Whole(0, 100_000), default=None,
              help="Games per line of each trial's skill trace (default: the game's, as check).")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Seed of the search (the same seed, the same search).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play each trial's games on a Dask scheduler instead of local processes.")
@click.option("--workers", type=Whole(1, 256), default=None, help="Processes (default: every core).")
@click.option("--allow-inconclusive", is_flag=True,
              help="When no trial passes conclusively, write the best that fails nothing (a game whose original set "
                   "is itself inconclusive at the ceiling, as Irrläufer).")
@click.option("--no-booklets", is_flag=True,
              help="Do not write the chosen set's rule booklets (German and English) to FILE.booklets/GAME/.")
@click.option("--json", "as_json", is_flag=True, help="Print every trial as JSON instead of the summary.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@reports_errors
def tune(game: str, out: str, set_path: str | None, players: str | None, vary: tuple[str, ...], trials: int,
         n_games: int | None, skill_games: int | None, seed: int, cluster: str | None, workers: int | None,
         allow_inconclusive: bool, no_booklets: bool, as_json: bool, quiet: bool) -> None:
    """Search GAME's rule parameters (and, with --vary, its set options) for the set that plays
    best, and write it to FILE.toml. Every trial is a whole `cardgen check` of one set; the
    objective ranks sets that pass every hard criterion conclusively first, then by how close
    the seats are to fair, draws, length, the skill trace and the use of every kind
    (docs/tune.md). The chosen set's rule booklets, which state its rules, go to
    FILE.booklets/GAME/. Ctrl-C stops the search and writes the best so far. When no trial
    passes, nothing but the trials table and the chart is written, and the exit code is 1.

    Print the set with `cardgen build GAME --set FILE.toml`; check it with `cardgen check`.
    """
    import json
    from pathlib import Path

    from cardgen.commands import tune as tuning
    from cardgen.check.report import progress_bar
    from cardgen.commands.tuneout import refuse_overwriting, write_all
    from cardgen.words import count as count_

    registry = _registry()
    _named("--out", out)
    _named("--set", set_path)
    cluster = _cluster(cluster)
    counts = _player_counts(players) if players is not None else None
    with usage_errors():
        chosen_game = registry.get(game)
        if Path(out).suffix != ".toml":
            raise CardgenError(out, "a set file's name ends in .toml")
        refuse_overwriting(Path(out), [("--set", Path(set_path))] if set_path else [])
        knobs = tuning.knobs(chosen_game, vary)
    if set_path is not None:
        chosen_game.load_set(set_path)  # a wrong set is found before any game is played
    tuning.load_optuna()
    search = tuning.Search(chosen_game, Path(set_path) if set_path else None, knobs, trials, seed, counts, n_games,
                           skill_games, allow_inconclusive)
    command = " ".join(shlex.quote(a) for a in [
        "cardgen", "tune", chosen_game.name, *(["--set", set_path] if set_path else []),
        *(["--players", players] if players else []), *(a for v in vary for a in ("--vary", v)),
        "--trials", str(trials), *(["--games", str(n_games)] if n_games else []),
        *(["--skill-games", str(skill_games)] if skill_games is not None else []),
        *(["--allow-inconclusive"] if allow_inconclusive else []), "--seed", str(seed), "--out", out])
    with progress_bar(f"tune: trial 1/{trials}", not quiet and not as_json) as bar:
        def heard(trial: Any, best: Any) -> None:
            bar.progress.update(bar.task, description=f"tune: trial {trial.number + 1}/{trials}, best: trial "
                                                      f"{best.number} ({best.score.outcome})")
        found, stopped = tuning.run_search(search, workers, cluster, bar, heard)
        chosen, verified = (None, None)
        if stopped is None and found:
            bar.progress.update(bar.task, description="tune: checking the best at every player count")
            try:
                chosen, verified = tuning.verify(search, found, workers, cluster, bar)
            except KeyboardInterrupt as exc:  # stopped while checking again: the best so far, unchecked
                stopped = exc
        if stopped is not None:
            passing = search.eligible(found)
            chosen = passing[0] if passing else None
            verified = chosen.check if chosen is not None else None
    written = write_all(search, Path(out), command, found, chosen, verified, stopped is not None)
    if chosen is not None and not no_booklets and stopped is None and chosen_game.has_kit():
        written.append(_tune_booklets(chosen_game, Path(out)))
    if as_json:
        best = tuning.best_of(found)
        click.echo(json.dumps({"game": chosen_game.name, "seed": seed, "knobs": [k.text() for k in knobs],
                               "stopped": stopped is not None, "chosen": chosen.number if chosen else None,
                               "best": best.number if best else None,
                               "verified": verified.summary() if verified is not None else None,
                               "written": [str(p) for p in written],
                               "trials": [t.to_json() for t in found]}, indent=2))
    elif not quiet:
        _tune_summary(found, chosen, verified, written)
    if stopped is not None:
        why, code = stop_report(stopped)
        _echo(f"cardgen: tune: {why} after {count_(len(found), 'trial')} of {trials}; "
              + (f"wrote the best so far, trial {chosen.number}, to {out}" if chosen else "no trial passed yet"),
              err=True)
        sys.exit(code)
    if chosen is None:
        best = tuning.best_of(found)
        why = (f"the best, trial {best.number}, {best.score.outcome}: "
               + (best.error or (best.check.exit_line() or best.check.summary() if best.check else ""))) if best else ""
        if verified is not None:
            why = f"the best passing trials fail at other player counts: {verified.summary()}"
        _echo(f"cardgen: tune: no set passed every check in {count_(len(found), 'trial')} ({why}); "
              f"wrote only {written[0]} and {written[1]}", err=True)
        sys.exit(1)


def _tune_booklets(game: Game[Any], out: Any) -> Any:
    """The rule booklets of the set at `out` (the kit pipeline's `--only booklets` build), in
    OUT.booklets/GAME/; the folder written."""
    import dataclasses

    from cardgen.kit.pipeline import build_game, check_inputs
    from cardgen.kit.spec import resolve

    folder = out.with_suffix(".booklets")
    options = _build_options("a4", str(folder), None, "long", "0,0", None, None, "pdf", 300, "rgb", "de,en",
                             str(out))
    spec = resolve(dataclasses.replace(options, only=("booklets",)))
    check_inputs(spec, [game])
    for _ in build_game(game, spec, quiet=True):
        pass
    return folder / game.name


def _tune_summary(found: Sequence[Any], chosen: Any, verified: Any, written: Sequence[Any]) -> None:
    from cardgen.commands.tune import ranked, value_text
    from cardgen.commands.tuneout import alike, figures_line
    from cardgen.words import count

    best = ranked(found)[:5]
    reference = chosen if chosen is not None else (best[0] if best else None)
    like = {t.number for t in alike(found, reference)} if reference is not None else set()
    _echo(f"tried {len(found)} sets; the best (95% intervals; ≈: the games cannot tell it from trial "
          f"{reference.number if reference is not None else '-'}):")
    for t in best:
        values = ", ".join(f"{k}={value_text(v)}" for k, v in t.values.items())
        mark = "*" if chosen is not None and t.number == chosen.number else "≈" if t.number in like else " "
        _echo(f" {mark} trial {t.number}: {values}: {t.score.outcome}, objective {t.score.value:.3f}"
              + (f"; {figures_line(t.score.figures)}" if t.score.figures else f"; {t.error}" if t.error else ""))
    if like and reference is not None:
        _echo(f"{count(len(like), 'trial')} ({', '.join(str(n) for n in sorted(like))}) cannot be told apart from "
              f"trial {reference.number} by these games: their intervals overlap in every configuration "
              "(more --games would tell)")
    if chosen is not None:
        _echo(f"chose trial {chosen.number}" + (f"; checked at every player count: {verified.summary()}"
                                                  if verified is not None else ""))
    _echo("wrote " + ", ".join(str(p) for p in written))


# ---- play (the browser table) -----------------------------------------------------------


@main.command()
@click.argument("game", required=False)
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--seats", metavar="SEAT,…", default=None,
              help="Who sits at each seat, in turn order: human, or a player of the game's ladder "
                   "(random, sensible, greedy, mcts@100, …; Irrläufer sensible, castle).  "
                   "[default: human, then the ladder's search player]")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Seed of the deal and of the bots' choices.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; any but this machine's loopback (127.0.0.1, ::1, localhost) lets "
                   "others on the network play (a warning says so).")
@click.option("--port", type=Whole(0, 65535), default=8765, show_default=True,
              help="The port to listen on (0: any free one).")
@click.option("--no-open", is_flag=True, help="Do not open the page in the browser.")
@click.option("--delay", type=Decimal(0, 60), default=0.5, show_default=True,
              help="Seconds a bot waits before its move (0: at once).")
@click.option("--replay", "record", type=click.Path(dir_okay=False), default=None,
              help="Open this game record (docs/records.md) to step through instead of a new game.")
@reports_errors
def play(game: str | None, set_path: str | None, seats: str | None, seed: int, host: str, port: int,
         no_open: bool, delay: float, record: str | None) -> None:
    """Play GAME in the browser: a local web server with the table drawn in the kit's own art,
    human seats clicking their moves and the ladder's players moving on the server. Nothing is
    written; GET /record.json downloads the game so far. Ctrl-C stops it. See docs/play.md."""
    from cardgen.commands.play.server import serve
    from cardgen.commands.play.start import new_session, replay_session

    registry = _registry()
    if not host.strip() or host != host.strip():
        raise click.UsageError(f"--host: {host!r} is not an address; give one, such as 127.0.0.1")
    if record is not None:
        if game is not None or set_path is not None or seats is not None:
            raise click.UsageError("--replay opens a record on its own: give no GAME, --set or --seats")
        session = replay_session(registry, record)
    else:
        if game is None:
            raise click.UsageError("name the GAME to play (or --replay RECORD.json)")
        with usage_errors():
            chosen = registry.get(game)
        if set_path is not None:
            chosen.load_set(set_path)  # a bad set file is bad input (exit 1), not a usage mistake
        with usage_errors():
            session = new_session(chosen, set_path, seats, seed)
    serve(session, host, port, not no_open, delay, click.echo, functools.partial(_echo, err=True))


# ---- sets ---------------------------------------------------------------------------------


@main.command("sets")
@click.argument("game")
@click.option("--out", "out", metavar="FILE.toml", help="Write the set file to FILE.toml (a new file) instead of "
                                                        "printing it.")
@reports_errors
def sets(game: str, out: str | None) -> None:
    """Print the built-in set file of GAME, the one a build uses unless told, to copy and edit
    (docs/set-files.md); with --out write it to FILE.toml instead. Installed with cardgen, so
    this works wherever cardgen is installed."""
    from pathlib import Path

    from cardgen.print.files import write_bytes_atomic

    _named("--out", out)
    with usage_errors():
        chosen = _registry().get(game)
        if out is not None and Path(out).suffix != ".toml":
            raise CardgenError(out, "a set file's name ends in .toml")
    data = chosen.default_set_path().read_bytes()
    if out is None:
        click.echo(data.decode("utf-8"), nl=False)  # cardgen's own file, shown as it is
        return
    if Path(out).exists() or Path(out).is_symlink():
        raise CardgenError(out, "already exists; cardgen sets writes only a new file (remove it or name another)")
    write_bytes_atomic(out, data)
    _echo(f"wrote {out}: the built-in {chosen.name} set; print it with `cardgen build --set {out}`")
