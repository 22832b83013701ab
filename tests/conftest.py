"""Shared test set-up: every test runs in its own empty working folder (and configuration folder).

Commands write to relative defaults (`output/`, the check chart); running each test in a fresh
temporary folder keeps the repository clean and the tests independent of each other.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / "config"))  # no saved printer settings of the user's
    return folder


@pytest.fixture
def modules_loaded_by() -> Callable[..., set[str]]:
    """A function: the names of every module a fresh interpreter has loaded after importing the
    given modules (what an import drags in, without the test process's own imports)."""

    def loaded(*modules: str) -> set[str]:
        code = f"import json, sys\nimport {', '.join(modules)}\nprint(json.dumps(sorted(sys.modules)))"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        return set(json.loads(done.stdout))

    return loaded
