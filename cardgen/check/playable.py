"""What the check needs of a game: `Playable`, the part of `cardgen.game.Game` that plays seeded
games and plans a check's report lines.

The check sits beside the game contract and never imports it (`cardgen.game` builds on the
engine's states, ladders and degenerate kinds, and the check on the same engine), so it names a
game by this protocol: every `Game` satisfies it, and so does any object with these members (a
test's stand-in game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardgen.engine.base import GameState
    from cardgen.engine.degenerate import Degenerate
    from cardgen.engine.ladder import Ladder
    from cardgen.engine.players import PlayerFactory


class Playable(Protocol):
    """A game as the check plays it (see `cardgen.game.Game` for each member)."""

    @property
    def name(self) -> str: ...

    @property
    def check_looks(self) -> tuple[int, int]: ...

    @property
    def pass_labels(self) -> frozenset[str]: ...

    def new_state(self, options: Any, game_set: Any = None,
                  seed: int | None = None) -> GameState[Any]: ...

    def players(self) -> Mapping[str, PlayerFactory]: ...

    def ladder(self) -> Ladder: ...

    def degenerate(self, state: GameState[Any], active: tuple[int, ...]) -> Degenerate | None: ...

    def turn_of(self, state: GameState[Any]) -> object: ...

    def move_kind(self, state: GameState[Any], move: Any) -> str | None: ...

    def kinds(self, game_set: Any) -> list[str]: ...

    def worth_kinds(self, game_set: Any) -> list[str]: ...

    def barred(self, state: GameState[Any], moves: list[Any], kind: str) -> list[Any]: ...
