"""`check --set FILE --watch`: a real `cardgen` process watching a set file. Every wait is for
an output line (never a fixed sleep): the main configurations' verdicts after the start, one
error line for a save that breaks the file, the verdicts again after a save that mends it, a
page that reloads itself with --html, and Ctrl-C ending it as every command, no worker left."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from cardgen.registry import GAMES

WAIT = 600
"""The bound (s) on waiting for a line: only a watch that never prints it fails."""
GAME = "schlangennest"


class Lines:
    """The lines of a process's stream, read on a thread, waited for one pattern at a time."""

    def __init__(self, stream: IO[str]) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def expect(self, pattern: str) -> str:
        while True:
            line = self.queue.get(timeout=WAIT)
            if line is None:
                pytest.fail(f"the stream ended before {pattern!r}; seen: {self.seen[-5:]}")
            self.seen.append(line)
            if re.search(pattern, line):
                return line


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.add(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return out


def test_watch_checks_at_every_save_shows_a_broken_set_and_ends_on_ctrl_c(tmp_path: Path) -> None:
    good = GAMES.get(GAME).default_set_path().read_text(encoding="utf-8")
    watched = tmp_path / "mine.toml"
    watched.write_text(good, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "check", GAME, "--set", "mine.toml", "--watch",
                             "--players", "2", "--games", "20", "--skill-games", "0", "--workers", "2",
                             "--html", "page.html"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert proc.stdout is not None and proc.stderr is not None
    out, err = Lines(proc.stdout), Lines(proc.stderr)
    try:
        out.expect(r"^verdict, 2p 5×7: ")  # the main configuration first
        out.expect(r"^main configurations in [0-9.]+ s: ")
        out.expect(r"waiting for the next save")
        assert 'http-equiv="refresh"' in (tmp_path / "page.html").read_text(encoding="utf-8")
        watched.write_text(good + "\nbroken = [\n", encoding="utf-8")
        line = err.expect(r"^cardgen: ")
        assert "mine.toml" in line and "TOML" in line
        watched.write_text(good.replace('name = "Schlangennest"', 'name = "Mine"'), encoding="utf-8")
        out.expect(r"^verdict, 2p 5×7: ")
        out.expect(r"waiting for the next save")
        workers = _children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends Ctrl-C
        assert proc.wait(timeout=WAIT) == 130
        assert err.expect(r"^cardgen: ") == "cardgen: interrupted"
        assert not any(Path(f"/proc/{w}").exists() for w in workers)  # the pool ended with it
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_watch_needs_a_set_file() -> None:
    done = subprocess.run([sys.executable, "-m", "cardgen", "check", GAME, "--watch"], capture_output=True, text=True,
                          timeout=WAIT)
    assert done.returncode == 2 and "--watch" in done.stderr and "--set" in done.stderr


@pytest.mark.parametrize("option", [["--save-games", "saved"], ["--write-baselines"]])
def test_watch_refuses_what_belongs_to_a_single_check(tmp_path: Path, option: list[str]) -> None:
    """Options a watch would otherwise drop without a word are a usage error naming them."""
    watched = tmp_path / "mine.toml"
    watched.write_text(GAMES.get(GAME).default_set_path().read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardgen", "check", GAME, "--set", str(watched), "--watch", *option],
                          cwd=tmp_path, capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2 and option[0] in done.stderr and "--watch" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "saved").exists()


class _Counted:
    """A watch's progress sink that counts the games played (and never sees a save)."""

    def __init__(self) -> None:
        self.played = 0

    def planned(self, games: int) -> None:
        """Nothing."""

    def done(self, games: int) -> None:
        self.played += games


def test_a_watch_plays_each_main_configuration_once(tmp_path: Path) -> None:
    """After the main configurations' first verdicts the whole check takes their games as played:
    one watch step plays as many games as one plain check of the set, and says the same verdicts."""
    import dataclasses

    from cardgen.commands.checkrun import CheckRun, run_check
    from cardgen.commands.watch import Watch, check_once

    path = tmp_path / "nest.toml"
    path.write_text(GAMES.get(GAME).default_set_path().read_text(encoding="utf-8"), encoding="utf-8")
    run = CheckRun((), str(path), 20, 2, (2,), None, 0, 1)
    watched, whole = _Counted(), _Counted()
    said: list[object] = []
    check_once(Watch((GAME,), run, str(tmp_path / "page.html")), GAMES, said.append, watched)  # type: ignore[arg-type]
    (plain,) = run_check(dataclasses.replace(run, games=(GAMES.get(GAME),)), whole)  # type: ignore[arg-type]
    assert watched.played == whole.played > 0
    first = [x.text for x in said if hasattr(x, "text") and str(x.text).startswith("verdict, ")]
    heads = [v.line().split(" (")[0] for v in plain.verdicts]  # "verdict, 2p 5×7: … after 60 games by room"
    assert first and all(line.split(" (")[0] in heads for line in first)
    assert (tmp_path / "page.html").is_file()


def test_a_watch_with_worth_shows_the_main_verdicts_first_and_the_worth_on_its_page(tmp_path: Path) -> None:
    """`--worth N` under `--watch`: the main verdicts come first, without the restricted games;
    the whole check after them measures the worth, and the page shows it."""
    from cardgen.commands.checkrun import CheckRun
    from cardgen.commands.watch import Watch, check_once

    path = tmp_path / "nest.toml"
    path.write_text(GAMES.get(GAME).default_set_path().read_text(encoding="utf-8"), encoding="utf-8")
    run = CheckRun((), str(path), 20, 0, (2,), None, 0, 1, worth=2)
    said: list[object] = []
    check_once(Watch((GAME,), run, str(tmp_path / "page.html")), GAMES, said.append, _Counted())  # type: ignore[arg-type]
    texts = [str(getattr(x, "text", "")) for x in said]
    quick = [t for t in texts if t.startswith("verdict, ")]
    assert quick and not any("worth" in t for t in quick)  # the main verdicts: no restricted games yet
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    worth = page.split(f'id="{GAME}-worth"')[1].split("</section>")[0]
    assert "barred seat" in worth and "no \"worth\" figures" not in worth
