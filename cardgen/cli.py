"""The command line: parses the options into a command's request (`cardgen.commands`), calls it,
prints its lines and exits with its code; CardgenError becomes one line, exit 1 (a usage mistake
exit 2). It names no game: help texts and per-game defaults come from the registry's games
(`cardgen.clickparts`, with this the only modules that import click). The games are
`cardgen.registry.GAMES` unless the caller hands another `Registry` as click's context object
(`main(obj=registry)`): the tests run a game of their own through every command that way.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from typing import Any

import click

from cardgen.clickparts import (
    Decimal,
    Printer,
    Whole,
    apply,
    asked_options,
    ceiling_option,
    cluster_option,
    echo,
    json_option,
    one_line,
    os_error,
    out_set_option,
    page_options,
    per_game,
    pipe_closed,
    quiet_option,
    reports_errors,
    seed_option,
    set_option,
    short,
    skill_option,
    stdout_gone,
    titles,
    workers_option,
)
from cardgen.errors import CardgenError
from cardgen.game import Game, Registry
from cardgen.registry import GAMES
from cardgen.signals import catch_signals, current_folder
from cardgen.workers import threads_stuck

STOPPED_CODES = frozenset({130, 129, 131, 143})
"""Exit codes of a command stopped by Ctrl-C, SIGHUP, SIGQUIT or SIGTERM (128 + the signal)."""


def _registry() -> Registry:
    """The games of this run (see the module docstring)."""
    obj = click.get_current_context().find_root().obj
    return obj if isinstance(obj, Registry) else GAMES


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """`cardgen --version`: the version and which core runs (cardgen/native.py)."""
    if not value or ctx.resilient_parsing:
        return
    from cardgen import __version__
    from cardgen.native import core_name

    packages = (type(game).__module__.rsplit(".", 1)[0] for game in _registry())
    echo(f"cardgen {__version__}, core: {core_name(packages)}")
    ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]},
             help=f"cardgen: print-and-play kits, rules engines and rule booklets for {titles(GAMES)}.")
@click.option("-V", "--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and which core runs, and exit.")
def main() -> None:
    try:  # a shell still sitting in a folder someone deleted: every relative path is void
        current_folder()
    except CardgenError as exc:
        echo(f"cardgen: {one_line(str(exc))}", err=True)
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
        pipe_closed()
    except OSError as exc:  # the same with standard output on a full disk: `--help > /dev/full`
        stdout_gone()
        exc.filename = exc.filename or "standard output"
        with contextlib.suppress(OSError):
            echo(f"cardgen: {os_error(exc)}", err=True)
        sys.exit(1)
    finally:
        gc.freeze()


# ---- help texts the games fill in ---------------------------------------------------------------

_CEILING = f"[default: {per_game((g, g.default_games) for g in GAMES)}]"
_SKILL = f"[default: {per_game((g, g.default_skill_games) for g in GAMES)}; never more than --games]"
_LADDERS = "; ".join(f"{short(g)} {', '.join(g.ladder().rungs)}" for g in GAMES)
_COMBINING = [g for g in GAMES if type(g).variant_combos is not Game.variant_combos]
_EXAMPLE = next((f" e.g. {v[0]}+{v[1]},{v[2]}." for g in _COMBINING if len(v := g.variants) >= 3), "")


# ---- list / build -------------------------------------------------------------------------------


@main.command("list")
@reports_errors
def list_games() -> None:
    """Show the games, their components and their variants."""
    for game in _registry():
        echo(f"{game.name}: {game.title} ({game.credit})")
        echo(f"  components: {game.components}")
        echo(f"  variants:   {', '.join(game.variants) or '-'}")
        echo(f"  print kit:  {'yes' if game.has_kit() else 'not yet'}")


def _choice(*names: str) -> click.Choice[str]:
    return click.Choice(names, case_sensitive=False)


@main.command()
@click.argument("games", nargs=-1)
@set_option("A tile set or variant instead of the built-in default.", path=False)
@click.option("--paper", type=_choice("a4", "letter", "a3", "tabloid"), default="a4", show_default=True)
@click.option("--out", "out", default="output", show_default=True, metavar="DIR", help="Folder for DIR/<game>/.")
@click.option("--layout", type=_choice("single", "duplex", "gutterfold", "glue"),
              help="Build only this layout (default: all four).")
@click.option("--cutter", type=_choice("silhouette", "cricut", "scanncut"),
              help="Also lay the pieces out for a cutting machine: Silhouette sheets with its marks and a cut "
                   "file per sheet, Cricut images for Design Space (ScanNCut: not made, see docs).")
@click.option("--flip", type=_choice("long", "short"), default="long", show_default=True,
              help="The edge your printer turns the sheet on for duplex.")
@click.option("--back-offset", metavar="X,Y", help="Shift of the back pages in mm, read off the calibration sheet.  "
              "[default: what `cardgen calibrate --save` saved for the paper and flip, else 0,0]")
@click.option("--bleed", type=Decimal(), metavar="MM",
              help="Art beyond the cut line, mm.  [default: 3, or what --service asks for]")
@click.option("--marks", type=_choice("corners", "lines", "crosses", "none"),
              help="Cut marks (default: corners, or what a game's kit asks for its components, as crosses for "
                   "tiles).")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True,
              help="Any of pdf,svg,png,tts (tts: Tabletop Simulator deck sheets and saved object).")
@click.option("--tts-url", "tts_url", metavar="BASE",
              help="With --format tts: link the Tabletop Simulator images as BASE/<image>, where you upload them.")
@click.option("--dpi", type=Whole(), default=300, show_default=True, help="Resolution of the PNG faces and Cricut images.")
@click.option("--colour", type=_choice("rgb", "cmyk"), default="rgb", show_default=True)
@click.option("--icc", "icc", type=click.Path(dir_okay=False), metavar="FILE.icc",
              help="CMYK output profile to separate with (implies --colour cmyk).  [default: the --press profile]")
@click.option("--press", "press", metavar="NAME",
              help="Printing condition of --colour cmyk: swop, swop3, gracol or fogra39 (implies --colour cmyk).  "
                   "[default: the --service's, else swop]")
@click.option("--card-size", "card_size", type=Decimal(), metavar="MM",
              help="Cards and tiles this many mm square (25-90); boards keep their field size.")
@click.option("--ink", type=_choice("normal", "low"), default="normal", show_default=True,
              help="low: outline backs and light fills; the manifest gives the ink saved, measured on the sheets.")
@click.option("--service", metavar="NAME", help="Also write upload files for a print service: mbprint, "
              "drivethrucards or thegamecrafter (see docs/printing.md).")
@click.option("--lang", "langs", default="de,en", show_default=True, help="Rule booklet languages.")
@click.option("--only", "only", metavar="PART,…",
              help=f"Build only these parts of the kits: {', '.join(GAMES.kit_parts)}.  [default: all]")
@click.option("--calibration", is_flag=True, help="Write only the duplex calibration sheet, "
              "DIR/calibration-<paper>-<flip>.pdf (every kit with a duplex layout holds one too).")
@seed_option("Seed for every random choice.")
@quiet_option()
@reports_errors
def build(colour: str, **options: Any) -> int:
    """Write print-ready files for GAMES (all games when none is named) into DIR/<game>/.

    PDF sheets for every layout, SVG and 300 dpi PNG faces, and manifest.json, which says how
    to print each file (single- or double-sided, which edge to flip, the cutting order).
    """
    from cardgen.commands import build as command

    source = click.get_current_context().get_parameter_source("colour")
    given = source is not None and source != click.core.ParameterSource.DEFAULT
    return command.run(command.BuildRequest(colour=colour if given else None, **options), _registry(), Printer())


@main.command()
@click.argument("scans", nargs=-1, required=True, metavar="SCAN.png [SCAN-BACK.png]")
@click.option("--save", is_flag=True, help="Keep the offset as build's default for the sheet's paper and flip.")
@reports_errors
def calibrate(scans: tuple[str, ...], save: bool) -> int:
    """Measure --back-offset on the printed calibration sheet: scans of both sides, or the front against the light."""
    from cardgen.commands.calibrate import CalibrateRequest, run as command

    return command(CalibrateRequest(scans, save), Printer())


# ---- replay / check / match --------------------------------------------------------------------


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@json_option("Print the result as one JSON object (docs/records.md) instead of text.")
@reports_errors
def replay(record: str, as_json: bool) -> int:
    """Replay the game record RECORD.json move by move and report the result."""
    from cardgen.commands.replay import ReplayRequest, run as command

    return command(ReplayRequest(record, as_json), _registry(), Printer())


@main.command()
@click.argument("games", nargs=-1)
@set_option()
@ceiling_option("The ceiling: the most seeded games a configuration plays (it stops earlier once every hard "
                f"criterion is decided).  {_CEILING}")
@skill_option("Games per line of the skill trace (each cheap rung of the game's player ladder against the one "
              f"below, in the first and in the last seat); 0 skips it.  {_SKILL}")
@asked_options
@click.option("--players", "players", default=None, help="Player counts to play, e.g. 2,3,4.  "
              f"[default: {per_game((g, g.info.check.players) for g in GAMES)}]")
@click.option("--player", "player", default=None, metavar="NAME",
              help="The simulated player of every configuration: random, sensible, greedy, mcts (tree search, "
                   f"mcts@N for N simulations), or a player of the game's ladder ({_LADDERS}).  "
                   f"[default: the game's report player: {per_game((g, g.ladder().report) for g in GAMES)}]")
@click.option("--budget", type=Whole(1, 1_000_000), default=None,
              help="Simulations per decision of the mcts player.  [default: 200]")
@click.option("--strict", is_flag=True, help="Exit 1 when a configuration is inconclusive, too (as "
                                             "`strict = true` in a set's [check] table).")
@cluster_option()
@click.option("--variants", "variants", default=None, metavar="V+V,…",
              help=f"{titles(_COMBINING) or 'No game'} only: the configurations to play instead of the default "
                   "(the base game and every variant alone). Commas separate configurations, '+' joins variants "
                   f"played together, 'base' is the base game,{_EXAMPLE} Each is played by every --players count "
                   "it allows.")
@click.option("--chart", "chart", default="output", show_default=True, metavar="DIR",
              help="Write the PNG chart (score and length histograms) to DIR/checks/<game>.png.")
@click.option("--no-chart", is_flag=True, help="Write no chart.")
@page_options
@click.option("--save-games", "save_games", metavar="DIR", default=None,
              help="Write a game record (to replay, or to open with `cardgen play --replay`) of each "
                   "game a configuration's verdict points at: its degenerate games and its shortest and "
                   "longest, into DIR/<game>/.")
@click.option("--no-recommend", is_flag=True,
              help="For a failing configuration, do not try the one-parameter changes that would fix it.")
@seed_option()
@json_option("Print the whole report as JSON.")
@quiet_option()
@workers_option
@click.option("--write-baselines", is_flag=True, hidden=True, help="Maintainers: play the default sets with the "
              "report player and write each game's length baseline module (make baselines).")
@reports_errors
def check(n_games: int | None, **options: Any) -> int:
    """Completeness and playability report for the sets of GAMES (all checkable games if none).

    Every configuration is played by the report player in rounds until each hard criterion of
    its verdict (ends, decisive, fair, degenerate) is decided or the ceiling is reached, then
    judged pass, fail or inconclusive; the soft criteria (skill, kinds, length, dull; worth and
    kingmaking when asked) are findings. Per game: a table of every configuration (completion,
    length, scores, the first seat's share with a 95% interval, draws, balance, decisions,
    branching, lead changes, moves of every kind), the skill trace, a per-seat table, every
    failure and finding with its reason, a summary line, and the rule changes that fix a failing
    configuration (docs/tune.md). Exit 1: a set incomplete or a hard criterion failed (--strict: or one inconclusive).
    """
    from cardgen.commands import check as command

    return command.run(command.CheckRequest(ceiling=n_games, **options), _registry(), Printer())


@main.command()
@click.argument("game")
@click.option("--players", "lineup", default=None, metavar="A,B[,…]",
              help="One player per seat, e.g. mcts@100,sensible (mcts@N: N simulations per decision); "
                   "the number of names is the player count.")
@click.option("--ladder", is_flag=True, help="Play each rung of the game's ladder against the one below "
                                             "(two players) instead of --players.")
@ceiling_option("Games per lineup, spread evenly over its seat rotations (rounded up).  [default: 100]")
@set_option()
@seed_option()
@json_option("Print the result as one JSON object.")
@quiet_option()
@workers_option
@cluster_option()
@reports_errors
def match(n_games: int | None, **options: Any) -> int:
    """Simulated players of GAME against each other in every seat rotation: each one's share of
    the games (a draw shared by k seats gives each 1/k) with its 95% interval, mean score and
    time per decision, and the draws. --ladder plays each rung of the game's ladder against the
    one below and shows whether its interval lies above one half.
    """
    from cardgen.commands import match as command

    return command.run(command.MatchRequest(games=n_games, **options), _registry(), Printer())


# ---- variant / tune (sets made and searched) ----------------------------------------------------


def _set_options(func: Any) -> Any:
    """The options of every game's set-file generator (`GameInfo.set_options`), each once, its
    help naming what it means for each game that takes it: `cardgen variant` is built from the
    games' declarations, and a new game's options need no line here."""
    named: dict[str, list[tuple[Game[Any], Any]]] = {}
    for game in GAMES:
        for option in game.set_options:
            named.setdefault(option.name, []).append((game, option))
    for name, takers in reversed(named.items()):
        texts = [o.help + (f", {o.low}-{o.high}" if o.counts else "") + (f"  [default: {o.default}]" if o.default else "")
                 for _, o in takers]
        help_ = texts[0] if len(set(texts)) == 1 and len(takers) > 1 else "; ".join(
            f"{short(g)}: {text}" for (g, _), text in zip(takers, texts))
        first = takers[0][1]
        func = click.option(f"--{name}", f"set_{name}", type=Whole() if first.counts else str,
                            metavar=first.metavar or ("N" if first.counts else "TEXT"), help=help_)(func)
    return func


_CHECKED_AS = apply(ceiling_option("The check's ceiling: the most seeded games a configuration plays (as for "
                                   f"check).  {_CEILING}"),
                    skill_option("Games per line of the check's skill trace; 0 skips it.  [default: as for check]"))


@main.command()
@click.argument("game")
@out_set_option("The set file to write.")
@_set_options
@_CHECKED_AS
@click.option("--allow-inconclusive", is_flag=True, help="Write the set even when a configuration is inconclusive "
              "at the ceiling (a failing one is always refused).")
@click.option("--force", is_flag=True, help="Write the set even when its check refuses it, with a comment block at "
              "its top naming the failed criteria (exit 0; the refusal is printed as a warning).")
@seed_option("Base seed of the check's games.")
@workers_option
@cluster_option("Play the check's games on this Dask scheduler (needs cardgen[cluster]).")
@quiet_option("No progress bar, no summary.")
@reports_errors
def variant(n_games: int | None, **options: Any) -> int:
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
    from cardgen.commands import variant as command

    made = {key.removeprefix("set_"): options.pop(key) for key in list(options) if key.startswith("set_")}
    return command.run(command.VariantRequest(options=made, ceiling=n_games, **options), _registry(), Printer())


@main.command()
@click.argument("game")
@out_set_option("The set file to write; FILE.trials.csv and FILE.trials.png go beside it.")
@set_option("The set to start from (default: the built-in one).")
@click.option("--players", "players", default=None, metavar="N,…",
              help="Player counts the trials play (default: every count the set seats). The chosen set is checked "
                   "again at every count before it is written.")
@click.option("--vary", "vary", multiple=True, metavar="KEY=LOW..HIGH|KEY=A,B",
              help="A parameter to search and its range (repeatable; default: every rule parameter and the set's "
                   "component counts, whole ranges). Names and bounds: docs/tune.md; set options too.")
@click.option("--trials", type=Whole(1, 10_000), default=30, show_default=True,
              help="Sets to try (a space with fewer points is tried point by point).")
@ceiling_option("The check's ceiling: at most N games per configuration of a trial (default: the game's, as check).")
@skill_option("Games per line of each trial's skill trace (default: the game's, as check).")
@seed_option("Seed of the search (the same seed, the same search).")
@cluster_option("Play each trial's games on a Dask scheduler instead of local processes.")
@workers_option
@click.option("--allow-inconclusive", is_flag=True, help="When no trial passes conclusively, write the best that "
              "fails nothing (a game whose original set is itself inconclusive at the ceiling).")
@click.option("--no-booklets", is_flag=True,
              help="Do not write the chosen set's rule booklets (German and English) to FILE.booklets/GAME/.")
@json_option("Print every trial as JSON instead of the summary.")
@quiet_option()
@reports_errors
def tune(n_games: int | None, **options: Any) -> int:
    """Search GAME's rule parameters and the set's component counts (or, with --vary, those
    named) for the set that plays best, and write it to FILE.toml. The search starts from the
    set and the changes the check recommends for it. Every trial is a whole `cardgen check` of one set; the
    objective ranks sets that pass every hard criterion conclusively first, then by how close
    the seats are to fair, draws, length, the skill trace and the use of every kind
    (docs/tune.md). The chosen set's rule booklets, which state its rules, go to
    FILE.booklets/GAME/. Ctrl-C stops the search and writes the best so far. When no trial
    passes, nothing but the trials table and the chart is written, and the exit code is 1.

    Print the set with `cardgen build GAME --set FILE.toml`; check it with `cardgen check`.
    """
    from cardgen.commands import tune as command

    return command.run(command.TuneRequest(ceiling=n_games, **options), _registry(), Printer())


# ---- play / sets --------------------------------------------------------------------------------


@main.command()
@click.argument("game", required=False)
@set_option()
@click.option("--seats", metavar="SEAT,…", default=None,
              help="Who sits at each seat, in turn order: human, or a player of the game's ladder "
                   f"({_LADDERS}).  [default: human, then the ladder's top player]")
@seed_option("Seed of the deal and of the bots' choices.")
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
def play(**options: Any) -> int:
    """Play GAME in the browser: a local web server with the table drawn in the kit's own art,
    human seats clicking their moves and the ladder's players moving on the server. Nothing is
    written; GET /record.json downloads the game so far. Ctrl-C stops it. See docs/play.md."""
    from cardgen.commands.play.start import PlayRequest, run as command

    return command(PlayRequest(**options), _registry(), Printer())


@main.command("sets")
@click.argument("game")
@click.option("--out", "out", metavar="FILE.toml", help="Write the set file to FILE.toml (a new file) instead of "
                                                        "printing it.")
@reports_errors
def sets(game: str, out: str | None) -> int:
    """Print the built-in set file of GAME, the one a build uses unless told, to copy and edit
    (docs/set-files.md); with --out write it to FILE.toml instead. Installed with cardgen, so
    this works wherever cardgen is installed."""
    from cardgen.commands.sets import SetsRequest, run as command

    return command(SetsRequest(game, out), _registry(), Printer())
