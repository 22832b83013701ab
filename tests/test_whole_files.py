"""Every file a command writes is written whole under a temporary name beside it and renamed into
place (issue 35): a reader holding the file it had (or a second command writing it at the same
time) never sees it rewritten in place. Shown without timing: a file already at a name a command
writes, held under a second name (a hard link), keeps its bytes, and the name then names a new
file. Two commands writing one chart at once are in test_concurrent_writes.py."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.registry import GAMES


def _run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (0, 1) and "Traceback" not in result.stderr, result.output


def _hold(paths: Sequence[Path], held: Path) -> list[tuple[Path, Path, bytes]]:
    """Each of `paths` (files there now) under a second name in `held`, with its bytes."""
    held.mkdir()
    out = []
    for i, path in enumerate(paths):
        os.link(path, held / f"{i}-{path.name}")
        out.append((path, held / f"{i}-{path.name}", path.read_bytes()))
    return out


def _written_anew(held: list[tuple[Path, Path, bytes]]) -> None:
    for path, link, before in held:
        assert not path.samefile(link) and link.read_bytes() == before, f"{path.name} was written in place"


def _mine(folder: Path) -> Path:
    path = folder / "mine.toml"
    path.write_bytes(GAMES.get("schlangengrube").default_set_path().read_bytes())
    return path


def test_a_checks_chart_records_and_set_copy_are_renamed_into_place(tmp_path: Path) -> None:
    """The chart of `--chart DIR` (one of another set is kept, so the check runs twice) and what
    `--save-games DIR` writes: the records and the set copy they name."""
    args = ("check", "schlangengrube", "--set", str(_mine(tmp_path)), "--players", "2", "--games", "4",
            "--skill-games", "0", "--workers", "1", "--quiet", "--no-recommend", "--chart", str(tmp_path / "charts"),
            "--save-games", str(tmp_path / "saved"))
    _run(*args)
    saved = sorted((tmp_path / "saved" / "schlangengrube").iterdir())
    assert {p.suffix for p in saved} == {".json", ".toml"}
    held = _hold([*(tmp_path / "charts" / "checks").iterdir(), *saved], tmp_path / "held")
    _run(*args)
    _written_anew(held)


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_tunes_set_trials_table_and_chart_are_renamed_into_place(tmp_path: Path) -> None:
    out = tmp_path / "tuned.toml"
    written = [out, out.with_suffix(".trials.csv"), out.with_suffix(".trials.png")]
    for path in written:
        path.write_text("an earlier run's file", encoding="utf-8")
    held = _hold(written, tmp_path / "held")
    _run("tune", "schlangengrube", "--set", str(_mine(tmp_path)), "--out", str(out), "--vary", "double_markers=1..1",
         "--trials", "1", "--games", "4", "--players", "2", "--skill-games", "0", "--workers", "1", "--no-booklets",
         "--quiet", "--allow-inconclusive")
    _written_anew(held)
