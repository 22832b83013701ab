"""The plain reference path of the Irrläufer engine: the same rules without the fast search.

`PlainState` lists and plays slides with the straightforward search of sliding.py (every free
run measured afresh) and keys the repetition rule by the canonical text of `Position.key`. The
tests play seeded games with it and with `IrrState` side by side: both must list the same
moves in the same order, reach the same states and end the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from cardgen.games.irrlaeufer.components import board_from_options, load_board
from cardgen.games.irrlaeufer.rules import IrrState


class PlainState(IrrState):
    """An Irrläufer game on the plain path (see the module text)."""

    __slots__ = ()
    FAST: ClassVar[bool] = False


def new_plain_game(options: Mapping[str, Any] | None = None, set_path: str | Path | None = None) -> PlainState:
    """`rules.new_game` on the plain path."""
    base = load_board(set_path) if set_path is not None else None
    return PlainState(board_from_options(dict(options) if options is not None else None, base))
