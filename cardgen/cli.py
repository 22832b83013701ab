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
@click.option("--marks", type=click.Choice(["corners", "lines", "crosses", "none"]), default="corners",
              show_default=True, help="Cut marks.")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, help="Any of pdf,svg,png.")
@click.option("--dpi", type=int, default=300, show_default=True, help="Resolution of the PNG faces.")
@click.option("--colour", type=click.Choice(["rgb", "cmyk"]), default="rgb", show_default=True)
@click.option("--lang", "langs", default="de,en", show_default=True, help="Rule booklet languages.")
@click.option("--calibration", is_flag=True, help="Write only the duplex calibration sheet to DIR/calibration-<paper>.pdf.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for every random choice.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@reports_errors
def build(games: tuple[str, ...], set_path: str | None, paper: str, out: str, layout: str | None, flip: str,
          back_offset: str, bleed: float, marks: str, formats: str, dpi: int, colour: str, langs: str,
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
        formats=parse_list(formats, FORMATS, "--format"), dpi=dpi, colour=colour,
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
