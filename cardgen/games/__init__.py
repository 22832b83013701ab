"""The games cardgen knows, as an explicit registry (no registration by import side effect).

Each entry names its modules by dotted path so `cardgen list` stays quick and a game's heavy
dependencies load only when that game is built or played.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the command line needs to know about one game."""

    name: str
    title: str
    credit: str
    components: str
    variants: tuple[str, ...]
    kit_module: str | None
    rules_module: str | None = None
    check_module: str | None = None

    def checker(self) -> ModuleType:
        """The module with `completeness`, `playability`, `total_games` and `LABELS` for `check`."""
        if self.check_module is None:
            raise LookupError(self.name)
        return importlib.import_module(self.check_module)

    def kit(self) -> ModuleType:
        """The module whose `build(...)` writes this game's print kit."""
        if self.kit_module is None:
            raise LookupError(self.name)
        return importlib.import_module(self.kit_module)


GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo(
            "schlangennest",
            "Schlangennest",
            "Günter Cornett, Bambus Spieleverlag 1995",
            "72 square cards: 4 colours x (1 head, 1 tail, 7 straight, 9 curve), each with a grey part",
            ("open-area", "tail-first", "two-snakes", "two-snakes-single", "frame-snake", "frame"),
            "cardgen.games.schlangennest.kit",
            "cardgen.games.schlangennest.rules",
            "cardgen.games.schlangennest.check",
        ),
        GameInfo(
            "schlangengrube",
            "Schlangengrube (Snake Pit)",
            "Tom Scutt 2002; German edition papierspiele.net",
            "54 double-sided square tiles in 4 colours, 4 snake-head markers, '2x' markers",
            ("secret-colour", "double-markers"),
            "cardgen.games.schlangengrube.kit",
            "cardgen.games.schlangengrube.game",
            "cardgen.games.schlangengrube.check",
        ),
        GameInfo(
            "irrlaeufer",
            "Irrläufer",
            "Georg Rönnau",
            "board 15 x 21 fields, 6 red and 6 blue pieces, 4 two-sided castles, 80 sticks",
            (),
            "cardgen.games.irrlaeufer.kit",
            "cardgen.games.irrlaeufer.rules",
            "cardgen.games.irrlaeufer.check",
        ),
    )
}
