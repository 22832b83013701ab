"""Terminal rendering of check and replay reports with rich (never imported by rules modules)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def playability_table(title: str, rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> Table:
    """One line per configuration: games ended, length (moves), scores, the first seat's share of
    wins with its 95% Wilson interval, and the moves of every label per game (e.g. card kinds)."""
    table = Table(title=title, show_lines=False, pad_edge=False)
    for name in ("config", "ended", "moves", "score ±sd [range]", "margin", "1st seat wins [95%]",
                 "draws", "per game: " + "/".join(labels)):
        table.add_column(name, justify="left" if name == "config" else "right", no_wrap=True)
    for row in rows:
        if not row.get("games"):
            table.add_row(row["config"], "0/0", "-", "-", "-", "-", "-", "-")
            continue
        ended = f"{row['ended']}/{row['games']}"
        if row["ended"] != row["games"] or row.get("problems"):
            ended = f"[red]{ended}[/red]"
        length, score, first = row["length"], row["score"], row["first_wins"]
        table.add_row(
            row["config"], ended, f"{length['mean']:.1f}",
            f"{score['mean']:.1f} ±{score['sd']:.1f} [{score['min']:.0f}-{score['max']:.0f}]",
            f"{score['margin']:.1f}",
            f"{first['share']:.0%} [{first['low']:.0%}-{first['high']:.0%}] of {first['fair']:.0%}",
            _draws(row),
            " / ".join(f"{row['per_game'][label]:.1f}" for label in labels))
    return table


def _draws(row: dict[str, Any]) -> str:
    """Draws, with the rules that ended the games when the game names them (Irrläufer)."""
    endings = row.get("endings") or {}
    text = str(row.get("draws", 0))
    if endings:
        text += " (" + ", ".join(f"{rule} {n}" for rule, n in endings.items()) + ")"
    return text


@contextmanager
def progress_bar(total: int, description: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (nothing when not `enabled`); yields `advance(n)`."""
    if not enabled:
        yield lambda n: None
        return
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task(description, total=total)
        yield lambda n: progress.advance(task, n)
