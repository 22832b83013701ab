"""Irrläufer's compiled core as the dispatching modules load it.

`_core.c` is the compiled twin of the hot paths of `strategy`, `maze`, `movement` and `runs`;
each of them keeps it as its `CORE` (None: its pure-Python code runs), loaded once at import
through `cardgen.native` (so `CARDGEN_PURE=1` leaves it unused). `cores.switched` swaps it in
and out for the differential tests and `make bench`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from cardgen import native
from cardgen.games.irrlaeufer.components import Side
from cardgen.games.irrlaeufer.moves import Go

NAME = "cardgen.games.irrlaeufer._core"


def load() -> Any:
    """The compiled core bound to the move type it makes (`Go`) and the sides, or None (`native.load`): what
    each dispatching module keeps as its `CORE`."""
    core = native.load(NAME)
    if core is not None:
        core.bind(Go, Side.RED, Side.BLUE)
    return core


def compiled() -> ModuleType | None:
    """The compiled core if it was built (even where `CARDGEN_PURE` is set), else None."""
    try:
        core = importlib.import_module(NAME)
    except ImportError:
        return None
    core.bind(Go, Side.RED, Side.BLUE)
    return core
