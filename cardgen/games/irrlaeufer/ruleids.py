"""The stable rule identifiers of Irrläufer: what a refused move broke.

Each id is a kebab-case string that records, tests and `replay --json` rely on; the explanation
is one line of English for reports and documentation. (How a game ends is `moves.ENDINGS`.)
"""

from __future__ import annotations

from enum import Enum


class Rule(Enum):
    """Why an Irrläufer move is refused. `value` is the stable id, `explanation` the meaning."""

    WRONG_PLAYER = "wrong-player"
    WRONG_PHASE = "wrong-phase"
    GAME_OVER = "game-over"
    OFF_BOARD = "off-board"
    BORDER_GROOVE = "border-groove"
    OVERLAPS_STICK = "overlaps-stick"
    CROSSES_STICK = "crosses-stick"
    CASTLE_AREA = "castle-area"
    FULL_GROOVE = "full-groove"
    NO_STICK = "no-stick"
    SLIDE_TWICE = "slide-twice"
    SLIDE_BACK = "slide-back"
    SLIDE_BLOCKED = "slide-blocked"
    SLIDE_TOTAL = "slide-total"
    NO_PIECE = "no-piece"
    NOT_STRAIGHT = "not-straight"
    STICK_IN_WAY = "stick-in-way"
    JUMPS = "jumps"
    OWN_PIECE = "own-piece"
    OWN_CASTLE = "own-castle"
    OCCUPIED_CASTLE = "occupied-castle"
    CASTLE_LANE = "castle-lane"
    CASTLE_OVERLAP = "castle-overlap"
    MUST_LEAVE = "must-leave"
    LEAVE_FULLY = "leave-fully"
    CASTLE_PASSES_PIECE = "castle-passes-piece"

    @property
    def explanation(self) -> str:
        """One line of English saying what the rule forbids."""
        return EXPLANATIONS[self]


EXPLANATIONS: dict[Rule, str] = {
    Rule.WRONG_PLAYER: "the move names the player who is not to move",
    Rule.WRONG_PHASE: "a stick laid in phase 2, a slide or move in phase 1, or a whole turn given mid-turn",
    Rule.GAME_OVER: "the game has already ended",
    Rule.OFF_BOARD: "a stick or a destination lies outside the board",
    Rule.BORDER_GROOVE: "a stick in a border groove: those grooves are never used",
    Rule.OVERLAPS_STICK: "a stick would share a groove segment with another stick",
    Rule.CROSSES_STICK: "a stick would cover a crossing another stick already covers",
    Rule.CASTLE_AREA: "a stick would lie in a castle's interior grooves",
    Rule.FULL_GROOVE: "a stick would complete a groove line: no line may be covered completely",
    Rule.NO_STICK: "no stick lies where the slide names one",
    Rule.SLIDE_TWICE: "one stick slid twice in a turn: 1-3 different sticks, each one way only",
    Rule.SLIDE_BACK: "slides back, the way it came, a stick the opponent slid in their last turn",
    Rule.SLIDE_BLOCKED: "another stick's segment or covered crossing, a castle or the edge is in the way",
    Rule.SLIDE_TOTAL: "the slides of a turn must add up to 3 fields, or the most any combination allows",
    Rule.NO_PIECE: "no own piece or castle stands on the field the move starts from",
    Rule.NOT_STRAIGHT: "a move must go in a straight line along a row or column, at least one field",
    Rule.STICK_IN_WAY: "a stick lies between two fields on the way",
    Rule.JUMPS: "the way crosses a piece or castle: nothing may be jumped over",
    Rule.OWN_PIECE: "the move ends on an own piece",
    Rule.OWN_CASTLE: "own castles cannot be entered",
    Rule.OCCUPIED_CASTLE: "an occupied castle (a piece or castle on it) cannot be entered or moved",
    Rule.CASTLE_LANE: "a castle needs a lane 2 fields wide with no stick across it or under the chip",
    Rule.CASTLE_OVERLAP: "a castle may only land on another castle exactly, and only on an enemy one",
    Rule.MUST_LEAVE: "a piece or castle standing on a castle must leave it when it can",
    Rule.LEAVE_FULLY: "a move from a castle must end fully off that castle",
    Rule.CASTLE_PASSES_PIECE: "a castle's move ends at the first step whose 2x2 holds an enemy piece; "
                              "it may not go one field further (farther is a jump)",
}
