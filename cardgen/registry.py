"""The games cardgen knows: one explicit list (python-chess's `VARIANTS`), read by the CLI and
handed down to the shared layers as a `Registry`. No registration by import side effect: a new
game is a package under `cardgen/games/` and one line here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.game import Registry
from cardgen.games.irrlaeufer.game import Irrlaeufer
from cardgen.games.schlangengrube.game import Schlangengrube
from cardgen.games.schlangennest.game import Schlangennest

GAMES = Registry((Schlangennest(), Schlangengrube(), Irrlaeufer()))
"""Every game, in the order `cardgen list` shows them."""


def load_set(path: str | Path, game: str | None = None) -> Any:
    """Load the set file at `path` for the game it names (which must be `game` when given)."""
    return GAMES.load_set(path, game)
