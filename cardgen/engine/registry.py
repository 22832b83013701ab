"""The games the engine can replay and check, as an explicit registry.

No registration by import side effect: each entry names the function that starts a game from
record-style options. The rules module is imported only when its game is used, so commands for
one game never load another game's rules.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import DataError
from cardgen.games import GAMES as ALL_GAMES


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game of the registry: its name, the module with its rules and that module's
    `new_game(options, set_path)` function."""

    name: str
    module: str
    new_game_function: str = "new_game"

    def new_game(self, options: dict[str, Any], set_path: str | Path | None = None,
                 seed: int | None = None) -> Any:
        """The opening state for record `options` (DataError if they are wrong); `seed` deals
        the chance of games that have some (a bag of tiles), None gives the replay opening."""
        module = importlib.import_module(self.module)
        return getattr(module, self.new_game_function)(options, set_path, seed)


GAMES: dict[str, GameSpec] = {
    name: GameSpec(name, info.rules_module)
    for name, info in ALL_GAMES.items()
    if info.rules_module is not None
}
"""Every game whose rules the engine can play: derived from the one registry in cardgen.games."""


def game_spec(name: object, place: str = "game") -> GameSpec:
    """The registry entry for `name` (DataError naming the known games if there is none)."""
    if not isinstance(name, str) or name not in GAMES:
        raise DataError(place, f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return GAMES[name]
