"""The optional compiled core: C versions of the games' hot paths, with the pure-Python code as
the readable reference and the fallback.

A game's compiled module is its folder's `_core` extension (`cardgen/games/<game>/_core.c`, built
by setup.py wherever a C compiler and the Python headers exist; a machine without them installs
cardgen all the same and runs the pure-Python code). `CARDGEN_PURE=1` in the environment forces
the pure-Python code everywhere (the differential tests and `make bench` use it). A compiled
module must give exactly the results of the Python code it replaces: the differential tests
compare the two byte for byte, never within a tolerance.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

PURE_VARIABLE = "CARDGEN_PURE"


def pure_forced() -> bool:
    """Whether the environment asks for the pure-Python core (`CARDGEN_PURE` set, and not 0)."""
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def load(module: str) -> ModuleType | None:
    """The compiled module named `module` (e.g. "cardgen.games.irrlaeufer._core"), or None when
    the pure core is forced or the module was not built (no compiler at install time)."""
    if pure_forced():
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def core_name() -> str:
    """Which core runs, for `cardgen --version`: "native (C: …)" naming the games whose compiled
    module is in use, or "pure Python" (with the reason when it is forced)."""
    if pure_forced():
        return f"pure Python ({PURE_VARIABLE} is set)"
    # the game packages by their folders (this foundation module knows no registry)
    games = sorted(p.name for p in (Path(__file__).parent / "games").iterdir() if (p / "__init__.py").is_file())
    built = [name for name in games if load(f"cardgen.games.{name}._core") is not None]
    return f"native (C: {', '.join(built)})" if built else "pure Python (no compiled core built)"
