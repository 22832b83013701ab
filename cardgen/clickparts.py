"""The command line's parts besides its commands (`cardgen.cli`): how a line is written, how an
error becomes one line and an exit code, the typed numbers of the options, the options several
commands share, and the help texts the registry's games fill in (so that no game is named by
hand). With `cardgen.cli` the only modules that import click."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from cardgen.errors import CardgenError, UsageMistake
from cardgen.signals import stop_behind, stop_report
from cardgen.terminal import printable

if TYPE_CHECKING:
    from cardgen.commands.outcome import Said
    from cardgen.game import Game

F = TypeVar("F", bound=Callable[..., Any])


def echo(text: str, err: bool = False) -> None:
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


def one_line(text: str) -> str:
    # Untrusted names (file paths, keys) may hold line breaks: the report stays one line.
    return " ".join(text.split())


class Printer:
    """Prints a command's lines (`cardgen.commands.outcome`) as they come: text escaped unless
    raw, a check's report on a rich console of the terminal's width (made at the first)."""

    def __init__(self) -> None:
        self.console: Any = None

    def __call__(self, said: Said) -> None:
        from cardgen.commands.outcome import Line

        if isinstance(said, Line):
            if said.raw:
                click.echo(said.text, err=said.err, nl=said.newline)
            else:
                echo(said.text, err=said.err)
            return
        from rich.console import Console

        if self.console is None:
            self.console = Console()  # the terminal's width (COLUMNS when set); report.tables splits to fit
        said.draw(self.console)


def os_error(exc: OSError) -> str:
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


def stdout_gone() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit finds nothing to
    complain of once the real one has failed."""
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def pipe_closed() -> NoReturn:
    """The reader of standard output went away (`cardgen replay … | head`): stop quietly, as
    other command-line tools do, with 141 (128 + SIGPIPE, what a shell reports for them)."""
    stdout_gone()
    sys.exit(141)


def reports_errors(func: F) -> F:
    """Turn what a command raises on bad input or a failing system into one line on stderr and
    the exit code: a UsageMistake is click's usage error (exit 2); CardgenError (the input's
    place and reason) and OSError (a folder that is a file or read-only, a full disk, …) exit 1;
    running out of memory or stack exits 1; Ctrl-C exits 130 (128 + SIGINT, as shells do),
    SIGTERM, SIGHUP and SIGQUIT 128 + their number (`cardgen.signals`), also when a library's
    clean-up raised its own error on the way out. Never a traceback; the
    writers are atomic, so nothing half-written is left behind. A command's own code (what it
    returns) is the exit code when it is not 0."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            try:
                code = func(*args, **kwargs)
            except Exception as exc:  # raised while a signal's stop was on its way: the stop
                stop = stop_behind(exc)
                if stop is None:
                    raise
                raise stop from None
        except BrokenPipeError:
            pipe_closed()
        except UsageMistake as exc:
            raise click.UsageError(printable(one_line(str(exc))) if exc.tidy else str(exc)) from None
        except CardgenError as exc:
            message, code = str(exc), 1
        except OSError as exc:
            message, code = os_error(exc), 1
        except MemoryError:
            message, code = "out of memory (the input is too large)", 1
        except RecursionError:
            message, code = "the input is nested too deeply", 1
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM, SIGHUP, SIGQUIT (cardgen.signals)
            message, code = stop_report(exc)
        else:
            if code:
                sys.exit(code)
            return None
        with contextlib.suppress(OSError):  # stderr itself may be gone
            echo(f"cardgen: {one_line(message)}", err=True)
        sys.exit(code)

    return wrapper  # type: ignore[return-value]


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


# ---- the options several commands share --------------------------------------------------------


def apply(*decorators: Callable[[F], F]) -> Callable[[F], F]:
    """The decorators as one, the first outermost (as they would be written above a function)."""
    def both(func: F) -> F:
        for decorator in reversed(decorators):
            func = decorator(func)
        return func
    return both


def set_option(help_: str = "A set file instead of the default.", path: bool = True) -> Callable[[F], F]:
    """`--set FILE.toml`: a set file (`path`: click refuses a folder)."""
    if not path:
        return click.option("--set", "set_path", metavar="FILE.toml", help=help_)
    return click.option("--set", "set_path", type=click.Path(dir_okay=False), help=help_)


def seed_option(help_: str = "Base seed of every game.") -> Callable[[F], F]:
    return click.option("--seed", type=Whole(), default=0, show_default=True, help=help_)


def quiet_option(help_: str = "No progress bar.") -> Callable[[F], F]:
    return click.option("-q", "--quiet", is_flag=True, help=help_)


def json_option(help_: str) -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help_)


workers_option = click.option("--workers", type=Whole(1, 256), default=None, help="Processes (default: every core).")


def cluster_option(help_: str = "Play the games on this Dask scheduler instead of the local processes (same "
                                "results; needs cardgen[cluster]).") -> Callable[[F], F]:
    return click.option("--cluster", metavar="tcp://HOST:PORT", default=None, help=help_)


def ceiling_option(help_: str) -> Callable[[F], F]:
    """`--games N`: the most games a configuration plays."""
    return click.option("--games", "n_games", type=Whole(1, 100_000), default=None, help=help_)


def skill_option(help_: str) -> Callable[[F], F]:
    return click.option("--skill-games", type=Whole(0, 100_000), default=None, help=help_)


def asked_options(f: F) -> F:
    """`check --worth N` and `--kingmaking N`: the costly soft criteria, measured only when asked."""
    f = click.option("--kingmaking", "kingmaking", type=Whole(0, 100_000), default=0, metavar="N",
                     help="Play N games per configuration of 3 or more players and measure how often a seat "
                          "that can no longer win picks the winner (the kingmaking criterion; docs/check.md). "
                          "[default: 0, not measured]")(f)
    return click.option("--worth", "worth", type=Whole(0, 100_000), default=0, metavar="N",
                        help="Play N games per configuration and component kind (and optional action) with one "
                             "seat barred from it, and flag dominant and dead kinds (the worth criterion; "
                             "docs/check.md).  [default: 0, not measured]")(f)


def page_options(f: F) -> F:
    """`check --html FILE` and `--watch`: the report as a page, and checking again at every save."""
    f = click.option("--watch", is_flag=True, help="With --set: check again at every save of the file, the main "
                                                   "configurations' verdicts first (--html: a page that reloads).")(f)
    return click.option("--html", "html", metavar="FILE", default=None,
                        help="Write the report as one self-contained HTML page (charts inline, no network).")(f)


def out_set_option(help_: str) -> Callable[[F], F]:
    return click.option("--out", "out", required=True, metavar="FILE.toml", help=help_)


# ---- help texts from the registry's games -------------------------------------------------------


def short(game: Game[Any]) -> str:
    """A game's title as the help names it: its first word (not the translation after it)."""
    return game.title.split()[0]


def per_game(values: Iterable[tuple[Game[Any], object]]) -> str:
    """Per-game values in a help text: the one most games share, then the others by name
    ("400; Othergame 1000"); every game by name when none is shared."""
    pairs = [(short(g), str(v)) for g, v in values]
    texts = [v for _, v in pairs]
    common = max(texts, key=texts.count) if texts else ""
    if texts.count(common) < 2:
        return ", ".join(f"{name} {v}" for name, v in pairs)
    return "; ".join([common, *(f"{name} {v}" for name, v in pairs if v != common)])


def titles(games: Iterable[Game[Any]]) -> str:
    """The games' short titles as a list in words ("A, B and C")."""
    names = [short(g) for g in games]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
