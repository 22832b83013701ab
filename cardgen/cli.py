"""The command line: the only module that imports click. CardgenError becomes one line, exit 1.

The games come from `cardgen.registry.GAMES` unless the caller hands another `Registry` as click's
context object (`main(obj=registry)`): the tests run a toy game through every command that way.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from cardgen.errors import CardgenError
from cardgen.game import Game, Registry

F = TypeVar("F", bound=Callable[..., Any])


def _registry() -> Registry:
    """The games of this run (see the module docstring)."""
    obj = click.get_current_context().find_root().obj
    if isinstance(obj, Registry):
        return obj
    from cardgen.registry import GAMES

    return GAMES


def reports_errors(func: F) -> F:
    """Turn a CardgenError raised by a command into one line on stderr and exit code 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CardgenError as exc:
            click.echo(f"cardgen: {exc}", err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardgen")
def main() -> None:
    """cardgen: print-and-play kits, rules engines and rule booklets for Schlangennest,
    Schlangengrube and Irrläufer."""


# ---- build / list (owned by the print side) ---------------------------------------------


def _games(names: tuple[str, ...], set_path: str | None = None) -> list[Game[Any]]:
    """The games named (all when none); with a set file and no name, the game the file is for."""
    registry = _registry()
    if set_path and not names:
        return [registry.game_of_set(set_path)]
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


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", metavar="FILE.toml", help="A tile set or variant instead of the built-in default.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"]), default="a4", show_default=True)
@click.option("--out", "out", default="output", show_default=True, metavar="DIR", help="Folder for output/<game>/.")
@click.option("--layout", type=click.Choice(["single", "duplex", "gutterfold", "glue"]),
              help="Build only this layout (default: all four).")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer turns the sheet on for duplex.")
@click.option("--back-offset", default="0,0", metavar="X,Y", show_default=True,
              help="Shift of the back pages in mm, read off the calibration sheet.")
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Art beyond the cut line, mm.")
@click.option("--marks", type=click.Choice(["corners", "lines", "crosses", "none"]),
              help="Cut marks (default: corners; crosses for the Schlangengrube tiles).")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, help="Any of pdf,svg,png.")
@click.option("--dpi", type=int, default=300, show_default=True, help="Resolution of the PNG faces.")
@click.option("--colour", type=click.Choice(["rgb", "cmyk"]), default="rgb", show_default=True)
@click.option("--lang", "langs", default="de,en", show_default=True, help="Rule booklet languages.")
@click.option("--calibration", is_flag=True, help="Write only the duplex calibration sheet to DIR/calibration-<paper>.pdf.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for every random choice.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@reports_errors
def build(games: tuple[str, ...], set_path: str | None, paper: str, out: str, layout: str | None, flip: str,
          back_offset: str, bleed: float, marks: str | None, formats: str, dpi: int, colour: str, langs: str,
          calibration: bool, seed: int, quiet: bool) -> None:
    """Write print-ready files for GAMES (all games when none is named) into DIR/<game>/.

    PDF sheets for every layout, SVG and 300 dpi PNG faces, and manifest.json, which says how
    to print each file (single- or double-sided, which edge to flip, the cutting order).
    """
    from pathlib import Path

    from cardgen import kit
    from cardgen.options import FORMATS, LANGS, LAYOUTS, BuildOptions, parse_list, parse_offset

    options = BuildOptions(
        paper=paper, layouts=(layout,) if layout else LAYOUTS, flip=flip,
        back_offset=parse_offset(back_offset), bleed=bleed, marks=marks,
        formats=parse_list(formats, FORMATS, "--format"), dpi=dpi, colour="cmyk" if colour == "cmyk" else "rgb",
        langs=parse_list(langs, LANGS, "--lang"), set_path=Path(set_path) if set_path else None,
        out=Path(out),
    )
    if calibration:
        path = kit.build_calibration(options)
        if not quiet:
            click.echo(f"wrote {path}")
        return
    for game in _games(games, set_path):
        for line in game.build_kit(options, quiet=quiet):
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
@click.option("--json", "as_json", is_flag=True, help="Print the FORMATS.md result object instead of text.")
@reports_errors
def replay(record: str, as_json: bool) -> None:
    """Replay the game record RECORD.json move by move and report the result."""
    import json

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
        click.echo(f"cardgen: {record}: moves[{err['move']}]: {err['message']} [{err['rule']}]", err=True)
        sys.exit(1)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--set", "set_path", type=click.Path(dir_okay=False), help="A set file instead of the default.")
@click.option("--games", "n_games", type=click.IntRange(1, 100_000), default=None,
              help="Seeded games per configuration.  [default: 200; Irrläufer 100]")
@click.option("--skill-games", type=click.IntRange(0, 100_000), default=None,
              help="Games per line of the skill comparison (random, greedy, greedy against random in "
                   "both seat orders); 0 skips it.  [default: Schlangennest 100, Schlangengrube 30, "
                   "Irrläufer 10; never more than --games]")
@click.option("--players", "players", default=None,
              help="Player counts to play, e.g. 2,3,4.  [default: 2,3,4; Schlangennest up to its "
                   "colours; Irrläufer 2]")
@click.option("--player", "player", default=None, metavar="NAME",
              help="The simulated player of every configuration: random, sensible, greedy, mcts (tree "
                   "search), or a game's own (Irrläufer: castle).  [default: sensible; Irrläufer castle]")
@click.option("--budget", type=click.IntRange(1, 1_000_000), default=None,
              help="Simulations per decision of the mcts player.  [default: 200]")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the games on this Dask scheduler instead of the local processes (same "
                   "results; needs cardgen[cluster]).")
@click.option("--chart", "chart", default="output", show_default=True, metavar="DIR",
              help="Write the PNG chart (score and length histograms) to DIR/<game>/check.png.")
@click.option("--no-chart", is_flag=True, help="Write no chart.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@reports_errors
def check(games: tuple[str, ...], set_path: str | None, n_games: int | None, skill_games: int | None,
          players: str | None, player: str | None, budget: int | None, cluster: str | None, chart: str,
          no_chart: bool, seed: int, as_json: bool, quiet: bool, workers: int | None) -> None:
    """Completeness and playability report for the sets of GAMES (all checkable games if none).

    Per game one table: every configuration played by the chosen simulated player (completion,
    length, scores, the first seat's wins with a 95% interval, draws, balance, decision steps,
    branching, lead changes, moves of every kind), then the skill comparison. Below it: whether
    the strong player beats the weak one, the verdict of every configuration (ends, decisive,
    fair; skill, kinds, length), the use of every card/tile kind, and where the chart went.
    Exit 1 when a set is incomplete or a hard criterion (ends, decisive, fair) fails.
    """
    import json
    from pathlib import Path

    from rich.console import Console

    from cardgen.engine.checkrun import print_report, run_check, with_chart
    from cardgen.engine.report import progress_bar

    counts = _player_counts(players) if players is not None else None
    names = _games(games, set_path)
    with contextlib.ExitStack() as stack:
        def progress(total: int) -> Callable[[int], None]:
            return stack.enter_context(progress_bar(total, f"check: {total} games", not quiet and not as_json))

        checks = run_check(names, set_path, n_games, skill_games, counts, player, seed, workers, progress,
                           budget, cluster)
    if not no_chart:
        checks = [with_chart(c, Path(chart)) for c in checks]
    if as_json:
        click.echo(json.dumps({c.name: c.to_json(c.player, seed) for c in checks}, indent=2))
    else:
        console = Console(width=max(Console().width, 170))
        for c in checks:
            print_report(c, c.player, console)
    failures = [f for c in checks for f in c.failures()]
    if failures:
        more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
        click.echo(f"cardgen: check: {failures[0]}{more}", err=True)
        sys.exit(1)


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
@click.option("--games", "n_games", type=click.IntRange(1, 10_000), default=None,
              help="Seeded games per configuration of the quick check.  [default: 30; Irrläufer 12]")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the check's games.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None,
              help="Play the check's games on this Dask scheduler (needs cardgen[cluster]).")
@click.option("--quiet", is_flag=True, help="No progress bar, no summary.")
@reports_errors
def variant(game: str, out: str, colours: str | None, straights: int | None, curves: int | None,
            tiles: int | None, heads: int | None, tails: int | None, rows: int | None, sticks: int | None,
            name: str | None, n_games: int | None, seed: int, workers: int | None, cluster: str | None,
            quiet: bool) -> None:
    """Write a variant set of GAME to FILE.toml, checked first: completeness and a quick
    playability run judged by the check's verdict. A set that fails a hard criterion (ends,
    decisive, fair) is not written (exit 1, one line); the soft ones are printed as findings.

    Schlangennest: --colours 5 or 6 (a new colour and pattern each; play areas scaled for the
    players), --straights, --curves. Schlangengrube: --colours 3-6 (the default set's tile groups
    for those colours), --tiles, --heads/--tails. Irrläufer: --rows, --sticks. Print it with
    `cardgen build GAME --set FILE.toml`.
    """
    from pathlib import Path

    from cardgen.engine.report import progress_bar
    from cardgen.engine.variant import variant_text, write_checked

    registry = _registry()
    chosen = registry.get(game)
    text = variant_text(chosen, {"colours": colours, "straights": straights, "curves": curves, "tiles": tiles,
                               "heads": heads, "tails": tails, "rows": rows, "sticks": sticks, "name": name}, registry)
    with contextlib.ExitStack() as stack:
        def progress(total: int) -> Callable[[int], None]:
            return stack.enter_context(progress_bar(total, f"variant check: {total} games", not quiet))

        check = write_checked(chosen, text, Path(out), n_games, seed, workers, progress, cluster)
    if not quiet:
        rows_ = check.main_rows
        played = sum(int(r["games"]) for r in rows_)
        click.echo(f"wrote {out}: {check.set_name}")
        for f in check.findings:
            click.echo(f"  note: {f.text}")
        click.echo(f"  checked: complete; {len(rows_)} configurations, {played} games, "
                   f"{check.player} players; every hard criterion (ends, decisive, fair) holds")
        for text_ in check.unused:
            click.echo(f"  finding: {text_}")
        for text_ in check.verdict_findings():
            click.echo(f"  finding: {text_}")
