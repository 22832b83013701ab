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


# ---- replay / check (owned by the engine side) ------------------------------------------
