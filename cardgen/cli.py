"""The command line: the only module that imports click. CardgenError becomes one line, exit 1."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from cardgen.errors import CardgenError

F = TypeVar("F", bound=Callable[..., Any])


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


def _games(names: tuple[str, ...]) -> list[str]:
    from cardgen.games import GAMES

    for name in names:
        if name not in GAMES:
            raise CardgenError("GAME", f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return list(names) or list(GAMES)


@main.command("list")
def list_games() -> None:
    """Show the games, their components and their variants."""
    from cardgen.games import GAMES

    for info in GAMES.values():
        click.echo(f"{info.name}: {info.title} ({info.credit})")
        click.echo(f"  components: {info.components}")
        click.echo(f"  variants:   {', '.join(info.variants) or '-'}")
        click.echo(f"  print kit:  {'yes' if info.kit_module else 'not yet'}")


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
    names = _games(games)
    if set_path and len(names) != 1:
        raise CardgenError("--set", "a set file belongs to one game: name that game too")
    for name in names:
        for line in kit.build_game(name, options, quiet=quiet):
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

    result = run_replay(record)
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
@click.option("--games", "n_games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Seeded games per configuration.")
@click.option("--players", "players", default="2,3,4", show_default=True, help="Player counts to play.")
@click.option("--player", "player", type=click.Choice(["sensible", "random", "greedy"]), default="sensible",
              show_default=True, help="The simulated player.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every game.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@reports_errors
def check(games: tuple[str, ...], set_path: str | None, n_games: int, players: str, player: str, seed: int,
          as_json: bool, quiet: bool, workers: int | None) -> None:
    """Completeness and playability report for the sets of GAMES (all checkable games if none)."""
    import json

    from rich.console import Console

    from cardgen.engine.report import playability_table, progress_bar
    from cardgen.games import GAMES
    from cardgen.sets import default_set_path, load_set

    counts = _player_counts(players)
    checkable = [name for name, info in GAMES.items() if info.check_module]
    names = list(games) or checkable
    for name in names:
        if name not in checkable:
            raise CardgenError(name, f"no check for this game (known: {', '.join(checkable)})")
    if set_path and len(names) != 1:
        raise CardgenError("--set", "a set file belongs to one game: name that game too")
    failures: list[str] = []
    report: dict[str, object] = {}
    console = Console(width=max(Console().width, 170))
    for name in names:
        checker = GAMES[name].checker()
        path = set_path or default_set_path(name)
        game_set = load_set(path, name)
        findings = checker.completeness(game_set)
        errors = [f.text for f in findings if f.error]
        rows: list[dict[str, object]] = []
        if errors:
            failures.extend(f"{path}: {e}" for e in errors)
        else:
            total = checker.total_games(game_set, counts, n_games)
            with progress_bar(total, f"{name}: {total} games", not quiet and not as_json) as advance:
                rows = checker.playability(game_set, counts, n_games, seed, player, workers, advance)
            for row in rows:
                if row["ended"] != row["games"]:
                    failures.append(f"{name} {row['config']}: {int(row['games']) - int(row['ended'])} of "  # type: ignore[call-overload]
                                    f"{row['games']} games did not end")
                for problem in row["problems"]:  # type: ignore[attr-defined]
                    failures.append(f"{name} {row['config']}: {problem}")
        report[name] = {"set": str(path), "complete": not errors,
                        "findings": [{"error": f.error, "text": f.text} for f in findings],
                        "player": player, "games_per_config": n_games, "seed": seed, "configs": rows}
        if not as_json:
            console.print(f"[bold]{name}[/bold]: {game_set.name} ({path})")
            for f in findings:
                console.print(("[red]missing:[/red] " if f.error else "note: ") + f.text)
            if not findings:
                console.print("complete: every component of the original, with its parts")
            if rows:
                console.print(playability_table(f"{name}: {n_games} games per line, {player} players",
                                                rows, checker.LABELS))
    if as_json:
        click.echo(json.dumps(report, indent=2))
    if failures:
        more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
        click.echo(f"cardgen: check: {failures[0]}{more}", err=True)
        sys.exit(1)
