"""The interface every game's rules offer (OpenSpiel style), shared by simulation and replay.

A state is mutable: `apply` changes it in place, `clone` copies it. The public `apply` checks
legality and raises IllegalMove carrying a stable rule id (FORMATS.md); `apply_trusted` skips the
check for moves that came from `legal_moves()` (the fast path of simulation).
"""

from __future__ import annotations

from typing import Any, Hashable, Protocol, Self, TypeVar

Move = TypeVar("Move", bound=Hashable)


class GameState(Protocol[Move]):
    """One position of a game, with everything needed to continue it."""

    @property
    def current_player(self) -> int:
        """Index (into the seats) of the player to move; meaningless once terminal."""

    @property
    def num_players(self) -> int:
        """How many seats the game has."""

    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to move, in a deterministic order; never empty
        unless the game is over (a forced pass is itself a move)."""

    def check(self, move: Move) -> None:
        """Raise IllegalMove (with its rule id) if `move` is not legal here; return otherwise."""

    def apply(self, move: Move) -> None:
        """Check `move` (IllegalMove if refused) and play it."""

    def apply_trusted(self, move: Move) -> None:
        """Play a move known to come from `legal_moves()`, without checking it again."""

    def is_terminal(self) -> bool:
        """Whether the game has ended by the rules."""

    def scores(self) -> tuple[float, ...]:
        """Each seat's score now (final once terminal)."""

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-able data; `from_json` of it gives an equal state."""

    def move_to_json(self, move: Move) -> dict[str, Any]:
        """`move` in the game-record form of FORMATS.md."""

    def move_from_json(self, data: dict[str, Any]) -> Move:
        """The move a game-record entry names (DataError if it is malformed)."""

    def __eq__(self, other: object) -> bool:
        """States are equal when every rule-relevant part of them is."""
