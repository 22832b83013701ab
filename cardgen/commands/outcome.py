"""What a command says and gives back. A command's `run(request, registry, say)` hands each line
to `say` as it comes (`Said`: a `Line` of text, or a check's report `Drawn` on a console) and returns its exit code
(0: done, 1: the input fails, 2: a usage mistake, 128 + a signal: stopped). The command line
prints the lines and exits with the code; a library caller may collect them (`lines.append`)
and read them (`str(line)`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text: on standard error when `err`; `raw` text (JSON, a set file) is written
    as it is, other text from files has its control characters shown escaped; `newline` False
    writes no line break after it."""

    text: str
    err: bool = False
    raw: bool = False
    newline: bool = True

    def __str__(self) -> str:
        return self.text


class Drawn(Protocol):
    """A line drawn on a rich console (a check's report, `cardgen.commands.checkrun.Report`); as
    `str`, its plain text."""

    def draw(self, console: Any) -> None: ...


Said: TypeAlias = Line | Drawn


Say = Callable[[Said], None]
"""Where a command's lines go (the command line: printed; a library caller: any callable)."""


def out(text: str, raw: bool = False) -> Line:
    """A line on standard output."""
    return Line(text, raw=raw)


def err(text: str) -> Line:
    """A line on standard error."""
    return Line(text, err=True)


def one_line(text: str) -> str:
    """Untrusted names (file paths, keys) may hold line breaks: a report stays one line."""
    return " ".join(text.split())
