"""The errors cardgen reports to users: each carries the place and the reason."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


def _restore(cls: type[CardgenError], message: str, state: dict[str, Any]) -> CardgenError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class CardgenError(Exception):
    """A mistake in the user's input; the CLI prints it as one line and exits 1."""

    def __init__(self, place: str, reason: str) -> None:
        self.place = place
        self.reason = reason
        super().__init__(f"{place}: {reason}" if place else reason)

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker process (the booklets, the check's games), it must arrive whole.
        return (_restore, (type(self), str(self), dict(self.__dict__)))


class DataError(CardgenError):
    """A tile-set or record file that cannot be read or does not validate."""


class ClusterError(CardgenError):
    """A Dask scheduler (`--cluster`) that cannot be reached or used: no fault of the set checked."""


class LayoutError(CardgenError):
    """A print layout that cannot be made (a face too big for the paper, a bad option)."""


class IllegalMove(CardgenError):
    """A move the rules refuse; `rule` is the stable rule identifier listed in docs/rulings.md."""

    def __init__(self, place: str, rule: str, reason: str) -> None:
        self.rule = rule
        super().__init__(place, f"{reason} [{rule}]")


class UsageMistake(CardgenError):
    """A mistake on the command line found by a command (an option's value wrong on its own, an
    unknown game, options that exclude each other): the CLI shows it as a usage error, exit 2.
    `tidy`: the text comes from another error and may quote input, so the CLI shows it on one
    line with its controls escaped."""

    def __init__(self, place: str, reason: str, tidy: bool = False) -> None:
        self.tidy = tidy
        super().__init__(place, reason)


@contextlib.contextmanager
def as_usage() -> Iterator[None]:
    """Inside: a CardgenError is a usage mistake (a bad option value, an unknown game name)."""
    try:
        yield
    except UsageMistake:
        raise
    except CardgenError as exc:
        raise UsageMistake("", str(exc), tidy=True) from None


def named(option: str, value: str | None) -> None:
    """A usage mistake for an empty path (`--out ''` would mean the current folder unasked)."""
    if value is not None and not value.strip():
        raise UsageMistake(option, "an empty name; give a file or folder")
