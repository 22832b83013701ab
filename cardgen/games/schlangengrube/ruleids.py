"""The stable rule identifiers of Schlangengrube: what a refused move broke.

Each id is a kebab-case string that records, tests and `replay --json` rely on; `moves.RULES`
gives each its one-line meaning.
"""

from __future__ import annotations

from enum import Enum


class Rule(Enum):
    """Why a move is refused; the value is the stable rule id listed in docs/rulings.md."""

    GAME_OVER = "game-over"
    WRONG_PLAYER = "wrong-player"
    UNKNOWN_TILE = "unknown-tile"
    BAD_ORIENTATION = "bad-orientation"
    NOT_IN_HAND = "not-in-hand"
    NO_TILE_LEFT = "no-tile-left"
    OCCUPIED = "occupied"
    NOT_TOUCHING = "not-touching"
    EDGE_MISMATCH = "edge-mismatch"
    TWO_HEADS = "two-heads"
    TWO_TAILS = "two-tails"
    MUST_PLACE_SECOND = "must-place-second"
    PASS_NOT_ALLOWED = "pass-not-allowed"
    EMPTY_TURN = "empty-turn"
    TOO_MANY_TILES = "too-many-tiles"
    MID_TURN = "mid-turn"
    START_AGAIN = "start-again"
    START_MISSING = "start-missing"
    MALFORMED_MOVE = "malformed-move"
