"""The stable rule identifiers of Schlangennest (docs/rulings.md): what a refused move broke.

Each id is a kebab-case string that records, tests and `replay --json` rely on; the explanation
is one line of English for reports and documentation. An id the engine no longer gives stays
readable: `Rule(old_id)` is the rule that replaced it (`RETIRED`, docs/rulings.md).
"""

from __future__ import annotations

from enum import Enum


class Rule(Enum):
    """Why a Schlangennest move is refused. `value` is the stable id, `explanation` the meaning."""

    GAME_OVER = "game-over"
    WRONG_PLAYER = "wrong-player"
    SNAKE_FINISHED = "snake-finished"
    UNKNOWN_CARD = "unknown-card"
    NO_CARD_LEFT = "no-card-left"
    OCCUPIED = "occupied"
    NOT_TOUCHING = "not-touching"
    OPENING_TOUCHES = "opening-touches"
    TAIL_FIRST = "tail-first"
    OPENING_BODY = "opening-body"
    NOT_OWN_END = "not-own-end"
    OUTSIDE_AREA = "outside-area"
    JOINS_SNAKES = "joins-snakes"
    THREE_SNAKES = "three-snakes"
    DOUBLE_CROSSING = "double-crossing"
    CURVE_GUARD = "curve-guard"
    NOT_A_LOOP = "not-a-loop"
    NOT_OWN_CURVE = "not-own-curve"
    STILL_CLOSED = "still-closed"
    LOOP_NOT_OPENED = "loop-not-opened"
    SPLIT_SNAKE = "split-snake"
    TURN_POSSIBLE = "turn-possible"
    NOT_OWN_STRAIGHT = "not-own-straight"
    SWAP_MISFIT = "swap-misfit"
    PASS_NOT_ALLOWED = "pass-not-allowed"

    @property
    def explanation(self) -> str:
        """One line of English saying what the rule forbids."""
        return EXPLANATIONS[self]

    @classmethod
    def _missing_(cls, value: object) -> Rule | None:
        # a retired id (in an older record's expected result, say) reads as its successor
        return RETIRED.get(value) if isinstance(value, str) else None


EXPLANATIONS: dict[Rule, str] = {
    Rule.GAME_OVER: "the game has ended; no more moves are played",
    Rule.WRONG_PLAYER: "it is not this player's (or this snake's) turn",
    Rule.SNAKE_FINISHED: "this player's snake is finished; finished players are skipped",
    Rule.UNKNOWN_CARD: "the set has no card of that name",
    Rule.NO_CARD_LEFT: "the player has no card of that kind left in hand",
    Rule.OCCUPIED: "the cell already holds a card",
    Rule.NOT_TOUCHING: "a snake's first card must touch a laid card orthogonally or diagonally "
                       "(with the set's rule diagonal_opening = false: lie one place away from one)",
    Rule.OPENING_TOUCHES: "with the set's rule diagonal_opening = false a snake's first card may not "
                          "touch a laid card, not even at a corner",
    Rule.TAIL_FIRST: "in this variant a snake's first card must be its tail card",
    Rule.OPENING_BODY: "two-snakes opening: in the first player's second turn the card at the first tail "
                       "is a straight or curve, not a head",
    Rule.NOT_OWN_END: "the card's coloured part must face an open end of the player's own snake",
    Rule.OUTSIDE_AREA: "straight and curve cards must fit in a W×H or H×W box (heads and tails may lie outside)",
    Rule.JOINS_SNAKES: "the move would join the snakes of two players (or two colours) into one chain",
    Rule.THREE_SNAKES: "a card would lead three different snakes through its cell (a grey chain joined "
                       "to no snake does not count), now or once a grey chain on it joins a snake",
    Rule.DOUBLE_CROSSING: "two orthogonally adjacent cells would both be crossings of the same two snakes",
    Rule.CURVE_GUARD: "it would create a cell closed by two snakes' ends that only a curve can fill, "
                      "and the next of the two owners to move holds no curve card",
    Rule.NOT_A_LOOP: "turning or swapping a card is only allowed while the player's snake is a loop",
    Rule.NOT_OWN_CURVE: "only one of the player's own curve cards may be turned",
    Rule.STILL_CLOSED: "the turn must open the loop (the snake may not be a loop afterwards)",
    Rule.LOOP_NOT_OPENED: "after the turn at least one end of the snake must point into an empty cell; "
                          "a turn leaving both ends blocked or capped does not reopen it",
    Rule.SPLIT_SNAKE: "a turn or swap may not split a player's coloured parts over two chains",
    Rule.TURN_POSSIBLE: "the tail swap is allowed only when no turn of a curve card is legal",
    Rule.NOT_OWN_STRAIGHT: "only one of the player's own straight cards in the loop may be swapped",
    Rule.SWAP_MISFIT: "the tail card must put its coloured tail and grey head on the two card edges the straight's "
                      "coloured part met",
    Rule.PASS_NOT_ALLOWED: "a player may pass only when no legal move exists",
}


RETIRED: dict[str, Rule] = {"three-chains": Rule.THREE_SNAKES}
"""Ids the engine gave once and no longer gives, with the rule that replaced each.
`three-chains` refused a card carrying parts of three chains, spare grey parts included, so a
card with three parts could never be laid; the rule counts snakes, not chains (`three-snakes`)."""
