"""Hand-built Schlangennest positions for the scenario tests (helpers only: it holds no tests).

Card faces at rotation 0 (docs/rulings.md): straight own N-S + grey E-W; curve own N-E + grey S-W;
head own head@N + grey E-S; tail own tail@N + grey head@S. Rotations are clockwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.errors import IllegalMove
from cardgen.games.schlangennest.moves import NestMove
from cardgen.games.schlangennest.rules import NestState, new_game

Lay = tuple[str, str, tuple[int, int], int]


def position(cards: list[Lay], to_move: str, players: Any = ("red", "blue"), area: Any = (5, 7),
             variant: str | None = None, hands: dict[str, dict[str, int]] | None = None,
             set_path: str | None = None) -> NestState:
    """A position with `cards` ((colour, card, cell, rot in degrees), laid in order, trusted)
    taken from their owners' hands, `to_move`'s seat to move; `hands` overrides counts."""
    options: dict[str, Any] = {"players": list(players), "area": list(area) if area else None}
    if variant:
        options["variant"] = variant
    state = new_game(options, set_path)
    rules = state.rules
    for colour, card, cell, rot in cards:
        c, k = rules.colours.index(colour), rules.card_ids.index(card)
        state._put_card(cell, k, c, rot // 90)
        state.hands[c][k] -= 1
    for colour, counts in (hands or {}).items():
        for card, n in counts.items():
            state.hands[rules.colours.index(colour)][rules.card_ids.index(card)] = n
    c = rules.colours.index(to_move)
    state.seat = rules.seat_of[c]
    state.pending = tuple(o for o in rules.seats[state.seat] if not state.finished(o))
    state.quota = len(state.pending) if variant == "two-snakes" else 1
    state.turns = 5
    return state


def loop_2x2(colour: str = "red") -> list[Lay]:
    """Four curves of `colour` closed into a loop on (0,0)-(1,1)."""
    return [(colour, "curve", (0, 0), 90), (colour, "curve", (1, 0), 180),
            (colour, "curve", (1, 1), 270), (colour, "curve", (0, 1), 0)]


def swap_only_position() -> NestState:
    """A red 2×3 loop whose every curve turn would join blue's snake wrapped around it, so the
    tail swap is the only way to reopen it (see test_nest_rules.test_tail_swap_scores_one_more)."""
    red = [("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90), ("red", "curve", (2, 0), 180),
           ("red", "curve", (2, 1), 270), ("red", "straight", (1, 1), 90), ("red", "curve", (0, 1), 0)]
    blue = [("blue", "curve", (-1, 1), 0), ("blue", "curve", (-1, 0), 90), ("blue", "curve", (0, -1), 90),
            ("blue", "straight", (1, -1), 90), ("blue", "curve", (2, -1), 180), ("blue", "curve", (3, 0), 180),
            ("blue", "curve", (3, 1), 270)]
    return position(red + blue, "red", area=(8, 8))


def refused(state: NestState, move: NestMove) -> str:
    """The rule id `state` refuses `move` with (fails if the move is legal)."""
    with pytest.raises(IllegalMove) as info:
        state.check(move)
    return info.value.rule


def legal(state: NestState, move: NestMove) -> bool:
    """Whether `move` passes `state.check` (it raises otherwise) and, for turns, swaps and
    passes, is among the listed legal moves."""
    state.check(move)
    return move in state.legal_moves() or move.kind.value == "card"
