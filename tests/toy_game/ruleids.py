"""The stable rule identifiers of Toy row: what a refused move broke."""

from __future__ import annotations

from enum import Enum


class Rule(Enum):
    """Why a move is refused; the value is the stable rule id records and `replay --json` carry."""

    GAME_OVER = "game-over"
    NO_SUCH_TILE = "no-such-tile"
    MIDDLE_TILE = "middle-tile"
