"""Terminal rendering of check and replay reports with rich (never imported by rules modules)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

PLAY_COLUMNS = ("config", "ended", "moves ±sd", "score ±sd [range]", "margin", "1st seat wins [95%]", "draws")
"""The columns of the first report, kept in the same order."""
METRIC_COLUMNS = ("balance", "decisions", "branching", "lead chg")
"""The metrics added after Ludii's: balance, share of decision steps, legal moves per step, lead
changes per game."""


def _label(row: Mapping[str, Any]) -> str:
    if row.get("section") == "skill":
        return f"{row['config']} · {row['lineup']}"
    return str(row["config"])


def _play_cells(row: Mapping[str, Any], labels: Sequence[str]) -> list[str]:
    if not row.get("games"):
        return ["0/0"] + ["-"] * (len(PLAY_COLUMNS) - 1)
    ended = f"{row['ended']}/{row['games']}"
    if row["ended"] != row["games"] or row.get("problems"):
        ended = f"[red]{ended}[/red]"
    score, first = row["score"], row["first_wins"]
    dur = row.get("duration") or {"mean": row["length"]["mean"], "median": row["length"]["mean"], "sd": 0.0}
    return [ended, f"{dur['mean']:.1f} ~{dur['median']:.0f} ±{dur['sd']:.1f}",
            f"{score['mean']:.1f} ±{score['sd']:.1f} [{score['min']:.0f}-{score['max']:.0f}]",
            f"{score['margin']:.1f}",
            f"{first['share']:.0%} [{first['low']:.0%}-{first['high']:.0%}] of {first['fair']:.0%}",
            _draws(row)]


def _metric_cells(row: Mapping[str, Any]) -> list[str]:
    if not row.get("games"):
        return ["-"] * len(METRIC_COLUMNS)
    dec = row["decisions"]
    share = "-" if dec["share"] is None else f"{dec['share']:.0%}"
    branching = "-" if dec["branching"] is None else f"{dec['branching']:.1f}"
    return [f"{row['balance']:.2f}", share, branching, f"{row['lead_changes']:.1f}"]


def _per_game(row: Mapping[str, Any], labels: Sequence[str]) -> str:
    if not row.get("games"):
        return "-"
    return " / ".join(f"{row['per_game'][label]:.1f}" for label in labels)


def playability_table(title: str, rows: Sequence[Mapping[str, Any]], labels: Sequence[str],
                      parts: Sequence[str] = ("play", "metrics", "labels")) -> Table:
    """One line per configuration and lineup: games ended, length (steps: mean, ~median, ±sd),
    scores, winning margin, the first seat's share of wins with its 95% Wilson interval, draws;
    then balance, decision steps, branching and lead changes; and the moves of every label per
    game (e.g. card kinds). `parts` picks which of the three groups of columns to show (the
    configuration always). Skill-comparison rows follow the main rows after a rule."""
    table = Table(title=title, show_lines=False, pad_edge=False)
    names: list[str] = ["config"]
    # "play" is the first report's columns; "play-a"/"play-b" its two halves, for narrow terminals
    play = slice(1, None) if "play" in parts else slice(1, 4) if "play-a" in parts else \
        slice(4, None) if "play-b" in parts else slice(0)
    names += PLAY_COLUMNS[play]
    if "metrics" in parts:
        names += METRIC_COLUMNS
    if "labels" in parts:
        names.append("per game: " + " / ".join(labels))
    # Numbers never wrap; labels and the longer texts may, so a narrow terminal gets whole cells.
    wraps = ("config", "1st seat wins [95%]", "draws")
    for name in names:
        table.add_column(name, justify="left" if name == "config" else "right",
                         no_wrap=name not in wraps and not name.startswith("per game"))
    for i, row in enumerate(rows):
        cells = [_label(row)]
        cells += ([""] + _play_cells(row, labels))[play]
        if "metrics" in parts:
            cells += _metric_cells(row)
        if "labels" in parts:
            cells.append(_per_game(row, labels))
        last_main = row.get("section") != "skill" and i + 1 < len(rows) and rows[i + 1].get("section") == "skill"
        table.add_row(*cells, end_section=last_main)
    return table


def tables(title: str, rows: Sequence[Mapping[str, Any]], labels: Sequence[str], console: Console) -> list[Table]:
    """The report of one game as one table when the console is wide enough, else split: the
    first report's columns, then the metrics with the moves per game (or three tables, or four
    with the first report's columns halved: an 80-column terminal)."""
    for groups in ([("play", "metrics", "labels")], [("play",), ("metrics", "labels")],
                   [("play",), ("metrics",), ("labels",)],
                   [("play-a",), ("play-b",), ("metrics",), ("labels",)]):
        out = [playability_table(title if i == 0 else f"{title} (continued)", rows, labels, parts)
               for i, parts in enumerate(groups)]
        widths = [Measurement.get(console, console.options.update(max_width=10_000), t).maximum for t in out]
        if max(widths) <= console.width:
            break
    return out


def skill_lines(summary: Sequence[dict[str, Any]]) -> list[str]:
    """The skill trace, one line per configuration and rung pair: the strong player's share of
    the games against the weak one over both seat orders."""
    out = []
    for s in summary:
        strong, weak = s.get("strong", "greedy"), s.get("weak", "random")
        verdict = "skill matters" if s["low"] > s["fair"] else "no clear effect of skill" \
            if s["high"] >= s["fair"] else f"{strong} does worse than {weak}"
        draws = f", {s['draws']} draws" if s.get("draws") else ""
        out.append(f"skill, {s['config']}: {strong} wins {s['share']:.0%} [{s['low']:.0%}-{s['high']:.0%}] of "
                   f"{s['games']} games against {weak} in the first and the last seat{draws} "
                   f"(no-skill share {s['fair']:.0%}): {verdict}")
    return out


SEAT_MARKS = {"fair": "", "unfair": "!", "open": "?"}
"""How a seat's cell shows its test: fair (nothing), unfair (!), undecided (?)."""
OUTCOMES = {"pass": "pass", "fail": "FAIL", "inconclusive": "open"}
"""The verdict column: pass, FAIL, or open (inconclusive at the ceiling)."""


def _seat_cell(seat: Mapping[str, Any], full: bool) -> str:
    share = f"{seat['share'] * 100:.0f}"
    interval = f" {seat['low'] * 100:.0f}-{seat['high'] * 100:.0f}" if full else ""
    return share + interval + SEAT_MARKS[str(seat["decision"])]


def seat_tables(verdicts: Sequence[Any], console: Console,
                known: Callable[[Any], Sequence[str]] = lambda v: ()) -> list[Table]:
    """The per-seat tables: one per number of seats, a row per configuration with its games,
    every seat's share of the games in % with its 95% interval (! unfair, ? undecided; the
    interval is left out when the terminal is too narrow for it) and the verdict's outcome
    (`fail*` when it fails only what the original set fails too: `known(verdict)`)."""
    groups: dict[int, list[Any]] = {}
    for v in verdicts:
        fair = next((c for c in v.criteria if c.name == "fair"), None)
        if v.games and fair is not None and fair.figures.get("seats"):
            groups.setdefault(len(fair.figures["seats"]), []).append((v, fair))
    out = []
    for seats, group in sorted(groups.items()):
        for full in (True, False):
            table = Table(title=f"{seats} seats: each seat's share of the games, %"
                                + (" [95%]" if full else "") + " (! unfair, ? undecided; fail*: as the original set)",
                          show_lines=False, pad_edge=False)
            table.add_column("config", justify="left")
            table.add_column("games", justify="right", no_wrap=True)
            for seat in range(1, seats + 1):
                table.add_column(f"seat {seat}", justify="right", no_wrap=True)
            table.add_column("verdict", justify="left", no_wrap=True)
            for v, fair in group:
                style = {"fail": "red", "inconclusive": "yellow"}.get(v.outcome)
                outcome = OUTCOMES[v.outcome]
                if v.failures() and all(c.name in known(v) for c in v.failures()):
                    outcome, style = "fail*", "yellow"
                table.add_row(v.config, str(v.games), *(_seat_cell(s, full) for s in fair.figures["seats"]),
                              f"[{style}]{outcome}[/{style}]" if style else outcome)
            width = Measurement.get(console, console.options.update(max_width=10_000), table).maximum
            if width <= console.width:
                break
        out.append(table)
    return out


def verdict_lines(name: str, verdicts: Sequence[Any], known: Callable[[Any], Sequence[str]] = lambda v: ()) -> list[str]:
    """Every verdict's line, then every failed, undecided and soft criterion with its reason
    (rich markup: red, yellow); a failed criterion the original set fails too (`known`) is a
    finding about the game."""
    out = []
    for v in verdicts:
        colour = {"fail": "red", "inconclusive": "yellow"}.get(v.outcome)
        out.append(f"[{colour}]{v.line()}[/{colour}]" if colour else v.line())
    for v in verdicts:
        for c in v.failures():
            head = "[yellow]fails, as for the original set:[/yellow]" if c.name in known(v) else "[red]fails:[/red]"
            out.append(f"{head} {name} {v.config}: {c.name}: {c.text}")
    for v in verdicts:
        out.extend(f"[yellow]inconclusive:[/yellow] {name} {v.config}: {c.name}: {c.text}" for c in v.undecided())
    for v in verdicts:
        out.extend(f"[yellow]finding:[/yellow] {name} {v.config}: {c.name}: {c.text}" for c in v.findings())
    return out


def _draws(row: Mapping[str, Any]) -> str:
    """Draws, with the rules that ended the games when the game names them (Irrläufer)."""
    endings = row.get("endings") or {}
    text = str(row.get("draws", 0))
    if endings:
        text += " (" + ", ".join(f"{rule} {n}" for rule, n in endings.items()) + ")"
    return text


class GamesBar:
    """A progress bar of games on stderr whose total grows as rounds are planned: "games
    played / games planned so far" (the planned games are honest: each round is only planned
    once the last one was judged). Nothing is shown when not enabled."""

    def __init__(self, description: str, enabled: bool) -> None:
        self.description = description
        self.enabled = enabled
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=Console(stderr=True), transient=True,
                                 disable=not enabled)
        self.task = self.progress.add_task(description, total=0)
        self.total = 0
        self.started = False

    def planned(self, games: int) -> None:
        """`games` more games were scheduled: the total grows (the bar shows from the first)."""
        if self.enabled and not self.started:
            self.progress.start()
            self.started = True
        self.total += games
        self.progress.update(self.task, total=self.total)

    def done(self, games: int) -> None:
        """`games` more games were played."""
        self.progress.advance(self.task, games)


@contextmanager
def progress_bar(description: str, enabled: bool) -> Iterator[GamesBar]:
    """A `GamesBar` shown while the block runs (nothing when not `enabled`)."""
    bar = GamesBar(description, enabled)
    try:
        yield bar
    finally:
        if bar.started:  # a live display never started would still write a line break
            bar.progress.stop()


LIST_ITEM = 40
"""List items (between commas, semicolons and parentheses) up to this long are kept on one line:
a verdict line's "fair seat 1 75% [30%-95%] inconclusive" too."""
_ITEM = re.compile(r"[^,;()]+")


def wrap_points(plain: str, width: int, indent: int = 2, keep: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Where the lines of `plain` start when it is wrapped to `width` columns, continuation
    lines indented by `indent`: only at a space, never inside a word, a short list item
    (`LIST_ITEM`: "ends inconclusive", "fine up to 1%") or a span of `keep` (a path); a word
    longer than the line runs over."""
    kept = list(keep) + [m.span() for m in _ITEM.finditer(plain) if len(m.group().strip()) <= LIST_ITEM]
    spaces = [i for i, c in enumerate(plain) if c == " " and not any(a < i < b - 1 for a, b in kept)]
    starts: list[int] = []
    start: int = 0
    last: int | None = None
    for i in spaces:
        room = width - (indent if starts else 0)
        if i - start > room and last is not None:
            starts.append(last + 1)
            start, last = last + 1, None
        if i - start <= width - (indent if starts else 0):
            last = i
        elif last is None:  # a word longer than the line: break after it
            starts.append(i + 1)
            start = i + 1
    if len(plain) - start > width - (indent if starts else 0) and last is not None:
        starts.append(last + 1)
    return starts


def print_wrapped(console: Console, markup: str, keep: Sequence[str] = (), indent: int = 2) -> None:
    """Print the rich `markup` line wrapped by `wrap_points` at the console's width, with the
    texts of `keep` (a path) never broken."""
    from rich.text import Text

    text = Text.from_markup(markup)
    spans = [(m.start(), m.end()) for k in keep if k for m in re.finditer(re.escape(k), text.plain)]
    for n, line in enumerate(text.divide(wrap_points(text.plain, console.width, indent, spans))):
        line.rstrip()
        console.print(Text(" " * indent) + line if n else line, soft_wrap=True)
