"""A Schlangengrube position's data: the table, the start tile, hands, bag, scores, markers and
whose turn it is, with no rules.

`rules.PitState` (the rules) is a `PitPosition`; `state_json` saves and rebuilds a position and
checks its invariants from this data alone, so it sits below the rules and never calls back into
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import Place
from .scoring import Completion
from .table import Board

if TYPE_CHECKING:
    from .setup import PitSetup


class PitPosition:
    """One position's data (see the module text): `game` is the set with its options; `laid`
    counts the copies of each tile on the table; `turn` holds this turn's placements so far and
    `log` every turn's; `replaying` marks a record's replay, whose hands and bag are unknown."""

    __slots__ = ("game", "board", "start", "hands", "bag", "laid", "points", "bonus", "secret",
                 "supply", "taken", "ready", "player", "placed", "passes", "over", "turn", "log",
                 "completions", "replaying")

    def __init__(self, game: PitSetup, replaying: bool) -> None:
        n = game.options.players
        self.game = game
        self.board = Board(game.cat)
        self.start: Place | None = None
        self.replaying = replaying
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bag: list[int] = []
        self.laid = [0] * len(game.set.tiles)
        self.points = [0] * n
        self.bonus = [0] * n
        self.secret: tuple[int, ...] | None = None
        self.supply = game.set.rules.double_markers
        self.taken = [False] * n
        self.ready = [False] * n
        self.player = 0
        self.placed = 0
        self.passes = 0
        self.over = False
        self.turn: list[Place] = []
        self.log: list[tuple[int, tuple[Place, ...] | None]] = []
        self.completions: list[Completion] = []
