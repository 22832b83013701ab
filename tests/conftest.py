"""Shared test set-up: every test runs in its own empty working folder.

Commands write to relative defaults (`output/`, the check chart); running each test in a fresh
temporary folder keeps the repository clean and the tests independent of each other.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    return folder
