"""Irrläufer's two cores side by side, for the differential tests and `make bench`.

The modules with a compiled twin (`_core.c`, loaded by `native_core`) each hold it as their
`CORE` (None: the pure-Python code runs). `switched(False)` runs a block on the pure-Python code
and `switched(True)` on the compiled core (where it is built), whatever `CARDGEN_PURE` said at
import, so one process can compare or time the two on the same games.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardgen.games.irrlaeufer import maze, movement, players, runs, strategy
from cardgen.games.irrlaeufer.native_core import compiled

MODULES = (strategy, maze, movement, runs, players)
"""The modules that dispatch to the compiled core."""


@contextmanager
def switched(on: bool) -> Iterator[None]:
    """Run the block on the compiled core (`on`; it must be built) or on the pure-Python code."""
    core = compiled() if on else None
    if on and core is None:
        raise RuntimeError("Irrläufer's compiled core is not built")
    # getattr/setattr: `m` is typed ModuleType, which mypy lets have no attribute CORE
    saved = [getattr(m, "CORE") for m in MODULES]  # noqa: B009
    for m in MODULES:
        setattr(m, "CORE", core)  # noqa: B010
    try:
        yield
    finally:
        for m, c in zip(MODULES, saved):
            setattr(m, "CORE", c)  # noqa: B010
