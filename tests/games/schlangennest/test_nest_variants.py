"""Variant set-ups: pre-laid frames, tail-first, two snakes per player."""

from __future__ import annotations

import pytest

from cardgen.errors import DataError, IllegalMove
from cardgen.games.schlangennest.moves import place
from cardgen.games.schlangennest.rules import new_game


@pytest.mark.parametrize("area", [(6, 6), (5, 7), (4, 8), (7, 7), (6, 8), (5, 9), (4, 10)])
def test_frame_snake_spans_the_area_with_every_card_of_a_colour(area):
    players = ["red", "blue"] if area[0] + area[1] == 12 else ["red", "yellow", "green"]
    state = new_game({"players": players, "area": list(area), "variant": "frame-snake"})
    rules = state.rules
    cells = [cell for cell, _, _ in rules.prelaid]
    assert len(cells) == 18
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    assert (min(xs), min(ys), max(xs), max(ys)) == (0, 0, area[0] - 1, area[1] - 1)
    kinds = sorted(rules.kinds[k] for _, k, _ in rules.prelaid)
    assert kinds.count("straight") == 7 and kinds.count("curve") == 9
    assert all(col == -1 for _, col, _, _ in state.cells.values())  # every part neutral
    assert state.chains[state.chain_of[state.cells[cells[0]][3][0]]].caps == 2  # tail ... head
    state.verify()


def test_frame_fixes_the_area_inside_the_ring():
    state = new_game({"players": ["red", "blue"], "area": [5, 7], "variant": "frame"})
    ring = {cell for cell, _, _ in state.rules.prelaid}
    assert all(not (0 <= x < 5 and 0 <= y < 7) for x, y in ring)
    assert len(ring) == 28  # 4 corners + 24 side cells: a full frame
    state.check(place("red", "curve", (2, 3)))  # the game's first card goes anywhere, off the frame too
    state.check(place("red", "head", (-3, 3), 90))  # a head outside, touching nothing
    with pytest.raises(IllegalMove, match="outside-area"):
        state.check(place("red", "curve", (-2, 3)))  # outside the ring
    state.check(place("red", "curve", (0, 3)))
    state.check(place("red", "head", (-2, 3), 90))  # a head may lie outside


def test_tail_first():
    state = new_game({"players": ["red", "blue"], "area": [5, 7], "variant": "tail-first"})
    with pytest.raises(IllegalMove, match="tail-first"):
        state.check(place("red", "curve", (0, 0)))
    state.apply(place("red", "tail", (0, 0)))
    assert all(m.card == "tail" for m in state.legal_moves())


def test_two_snakes_turn_structure():
    state = new_game({"players": ["red", "blue"], "area": [5, 7], "variant": "two-snakes"})
    assert state.rules.seats == ((0, 1), (2, 3))  # each seat gets an unused colour
    red, yellow, green, blue = state.rules.colours
    state.apply(place(red, "tail", (0, 0)))  # seat 0's first turn: one card
    assert state.current_player == 1
    state.apply(place(blue, "tail", (1, 1)))
    assert state.current_player == 1  # both tails
    with pytest.raises(IllegalMove, match="wrong-player"):
        state.check(place(blue, "curve", (1, 2)))  # blue already played this turn
    state.apply(place(green, "tail", (2, 2), 180))
    assert state.current_player == 0 and set(state.pending) == {0, 1}


def test_two_snakes_single_lays_both_tails_first():
    state = new_game({"players": ["red", "blue"], "area": [5, 7], "variant": "two-snakes-single"})
    red, yellow, green, blue = state.rules.colours
    state.apply(place(red, "tail", (0, 0)))
    state.apply(place(green, "tail", (1, 1)))
    assert state.current_player == 0
    moves = state.legal_moves()
    assert moves and all(m.colour == yellow and m.card == "tail" for m in moves)


@pytest.mark.parametrize("options,fragment", [
    ({"players": ["red", "blue", "green"], "variant": "frame"}, "is for 2 players"),
    ({"players": ["red", "blue"], "variant": "spiral"}, "unknown variant"),
    ({"players": ["red"]}, "players"),
    ({"players": ["red", "blue"], "area": [5]}, "options.area"),
    ({"players": ["red", "red"]}, "listed twice"),
])
def test_bad_options(options, fragment):
    with pytest.raises(DataError, match=fragment):
        new_game(options)
