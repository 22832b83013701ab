"""Shared test set-up: every test runs in its own empty working folder (and configuration folder).

Commands write to relative defaults (`output/`, the check chart); running each test in a fresh
temporary folder keeps the repository clean and the tests independent of each other.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """The terminal's signals are heard in this process and so in every command a test starts: a
    test run started in the background of a script (where the shell leaves SIGINT and SIGQUIT
    ignored, and an exec'd child inherits an ignored signal) can still try Ctrl-C and Ctrl-\\
    on a command, as a user at a terminal would. A handled signal is reset to its default in an
    exec'd child."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGQUIT) == signal.SIG_IGN:
        signal.signal(signal.SIGQUIT, lambda *_: None)


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / "config"))  # no saved printer settings of the user's
    return folder


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cardgen play` fails where it would start serving: a test that expects an option refused
    then fails at once should the option be taken, instead of waiting on a server for ever."""
    import cardgen.commands.play.server as server

    def serve(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the options were taken: cardgen play started serving")

    monkeypatch.setattr(server, "serve", serve)


@pytest.fixture
def modules_loaded_by() -> Callable[..., set[str]]:
    """A function: the names of every module a fresh interpreter has loaded after importing the
    given modules (what an import drags in, without the test process's own imports)."""

    def loaded(*modules: str) -> set[str]:
        code = f"import json, sys\nimport {', '.join(modules)}\nprint(json.dumps(sorted(sys.modules)))"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        return set(json.loads(done.stdout))

    return loaded
