"""`cardgen check --set FILE --watch`: the set file checked again at every save.

The file is polled (its modification time and size, then a hash of its bytes: a save that
changes nothing checks nothing). At each change the main configurations are played first,
without the skill trace and stopping as soon as the sequential tests decide (docs/check.md),
and their verdicts printed; then the whole check (skill trace and soft criteria) runs, taking
those configurations' games as played rather than playing them again, and its report follows.
A set that does not load gives its one error line, and the watch waits for the next save. With
`--html FILE` the page is rewritten after each step and reloads itself. Ctrl-C (or SIGTERM,
cardgen.signals) ends the watch as it ends every command, its workers with it."""

from __future__ import annotations

import dataclasses
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.check.plan import Played
from cardgen.commands.checkrun import CheckRun, GameCheck, LineKey, Report, run_check
from cardgen.commands.outcome import Say, err, one_line, out
from cardgen.errors import CardgenError, UsageMistake
from cardgen.terminal import printable

if TYPE_CHECKING:
    from cardgen.game import Registry


POLL = 0.2
"""Seconds between two looks at the watched file."""
REFRESH = 2
"""Seconds after which the watched HTML page reloads itself."""


def fingerprint(path: Path, last: tuple[int, int, str] | None) -> tuple[int, int, str] | None:
    """(modification time, size, hash of the bytes) of the file at `path`, None when it cannot be
    read; the bytes are hashed only when time or size differ from `last`."""
    try:
        stat = path.stat()
        if last is not None and last[:2] == (stat.st_mtime_ns, stat.st_size):
            return last
        return stat.st_mtime_ns, stat.st_size, hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class Saved(KeyboardInterrupt):
    """The watched file was saved again while a check of it was running: that check is dropped,
    its workers ended as on Ctrl-C (a KeyboardInterrupt, so that no `except Exception` keeps it)."""


@dataclass(slots=True)
class SaveWatch:
    """A check's progress sink that looks at the watched file after every finished task and
    raises `Saved` once its bytes differ from those being checked (the pool ends as on Ctrl-C).
    Raised there, between two tasks inside the pool's block, never while a pool starts or ends:
    a save is seen once the task in flight is done."""

    path: Path
    stamp: tuple[int, int, str]

    def planned(self, games: int) -> None:
        """Nothing."""

    def done(self, games: int) -> None:
        new = fingerprint(self.path, self.stamp)
        if new is not None and new[2] != self.stamp[2]:
            raise Saved
        self.stamp = new or self.stamp


@dataclass(frozen=True, slots=True)
class Watch:
    """What a watch checks: the games `names` (as given; none: the game the set file is for),
    the check `run` of their set file (`run.set_path`; its games and read set are filled in at
    each save), and the `html` page to keep, if any."""

    names: tuple[str, ...]
    run: CheckRun
    html: str | None = None


def watch(request: Watch, registry: Registry, say: Say, poll: float = POLL) -> int:
    """Check the request's set file at once and again after every save, until stopped (Ctrl-C:
    KeyboardInterrupt, handled as for every command)."""
    if request.run.set_path is None:
        raise UsageMistake("--watch", "needs --set FILE, the set file to watch")
    path = Path(request.run.set_path)
    say(out(f"check --watch: checking {printable(str(path))} at every save (Ctrl-C ends)"))
    last: tuple[int, int, str] | None = None
    checked: str | None = None
    missing = False
    while True:
        last = fingerprint(path, last)
        if last is None and not missing:
            say(err(f"cardgen: {one_line(printable(str(path)))}: cannot be read; waiting for it"))
        missing = last is None
        if last is not None and last[2] != checked:
            time.sleep(poll)  # an editor's save may come in two writes (truncate, then write)
            if fingerprint(path, None) != last:
                continue  # still being written: look again
            checked = last[2]
            try:
                check_once(request, registry, say, SaveWatch(path, last))
            except Saved:
                say(out("check --watch: saved again, checking the new version"))
                continue
            say(out("check --watch: waiting for the next save"))
        time.sleep(poll)


def check_once(request: Watch, registry: Registry, say: Say, sink: SaveWatch) -> None:
    """One check of the watched set: the main configurations' verdicts first, then the whole
    report; a set that does not load (or cannot be checked) gives its one error line. `sink`
    raises `Saved` when the file changes meanwhile."""
    from cardgen.commands.build import chosen_games

    start = time.monotonic()
    try:
        games, read = chosen_games(registry, request.names, request.run.set_path)
        run = dataclasses.replace(request.run, games=tuple(games), read=read)
        memo: dict[LineKey, Played] = {}  # the main configurations are played once, for both
        # the main verdicts first, so without the restricted games of `worth` and `kingmaking`
        quick = run_check(dataclasses.replace(run, skill_games=0, main_only=True, worth=0, kingmaking=0), sink, memo)
        for c in quick:
            if not c.complete:
                say(err(f"cardgen: check: {one_line(c.exit_line())}"))
                return
            for v in c.verdicts:
                say(out(v.line()))
            say(out(f"main configurations in {time.monotonic() - start:.1f} s: {c.summary()}"))
        _page(request, quick)
        full = run_check(run, sink, memo)
        for c in full:
            say(Report(c))
        _page(request, full)
    except CardgenError as exc:
        say(err(f"cardgen: {one_line(str(exc))}"))


def _page(request: Watch, checks: list[GameCheck]) -> None:
    """With `--html`, the page of these checks, reloading itself."""
    if request.html is None:
        return
    from cardgen.commands.htmlreport import write_html

    report: dict[str, Any] = {c.name: c.to_json(c.player, request.run.seed) for c in checks}
    write_html(Path(request.html), report, REFRESH)
