"""Irrläufer's two cores side by side, for the differential tests and `make bench`.

The modules with a compiled twin (`_core.c`) each hold it as their `CORE` (None: the pure-Python
code runs), loaded once at import through `cardgen.native`. `switched(False)` runs a block on
the pure-Python code and `switched(True)` on the compiled core (where it is built), whatever
`CARDGEN_PURE` said at import, so one process can compare or time the two on the same games.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from cardgen import native
from cardgen.games.irrlaeufer.moves import Go

NAME = "cardgen.games.irrlaeufer._core"


def load() -> Any:
    """The compiled core bound to the move type it makes (`Go`), or None (`native.load`): what
    each dispatching module keeps as its `CORE`."""
    core = native.load(NAME)
    if core is not None:
        core.bind(Go)
    return core


def compiled() -> ModuleType | None:
    """The compiled core if it was built (even where `CARDGEN_PURE` is set), else None."""
    try:
        return importlib.import_module(NAME)
    except ImportError:
        return None


@contextmanager
def switched(on: bool) -> Iterator[None]:
    """Run the block on the compiled core (`on`; it must be built) or on the pure-Python code."""
    from cardgen.games.irrlaeufer import maze, movement, runs, strategy

    modules = (strategy, maze, movement, runs)
    core = compiled() if on else None
    if on and core is None:
        raise RuntimeError("Irrläufer's compiled core is not built")
    saved = [getattr(m, "CORE") for m in modules]
    if core is not None:
        core.bind(Go)
    for m in modules:
        setattr(m, "CORE", core)
    try:
        yield
    finally:
        for m, c in zip(modules, saved):
            setattr(m, "CORE", c)
