"""docs/api.md stays true: every Python example on the page runs as it is, in a fresh folder, and
what it prints is what the page says it prints where it says so."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "docs" / "api.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples_of_every_request() -> None:
    text = "".join(EXAMPLES)
    assert len(EXAMPLES) >= 5
    for request in ("BuildRequest", "CheckRequest", "CheckRun", "MatchRequest", "ReplayRequest", "SetsRequest"):
        assert request in text, request


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_an_example_runs(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[index], f"docs/api.md example {index + 1}", "exec"), {})
    assert printed.getvalue().strip()  # each example shows something
    for line in EXAMPLES[index].splitlines():  # a comment naming a tuple: the very value printed
        if line.startswith("print(") and "# (" in line:  # ", …)": these first, more may follow
            said = line.split("# ", 1)[1]
            assert (said[:-4] if said.endswith(", …)") else said) in printed.getvalue()


def test_the_build_example_wrote_the_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(next(e for e in EXAMPLES if "BuildRequest" in e), "docs/api.md", "exec"), {})
    assert sorted(p.suffix for p in (tmp_path / "kits" / "schlangennest").rglob("*.svg"))
