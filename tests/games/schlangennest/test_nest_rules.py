"""Scenario tests: one hand-built position per rule of docs/rulings.md (Schlangennest), asserting the rule id of
the refusal or the legality of the move."""

from __future__ import annotations

import re

import pytest
from test_nest_helpers import legal, loop_2x2, position, refused, swap_only_position

from cardgen.errors import IllegalMove
from cardgen.games.schlangennest.moves import pass_move, place, swap, turn
from cardgen.games.schlangennest.ruleids import Rule
from cardgen.games.schlangennest.rules import new_game

# ---------------------------------------------------------------- round 1 and laying


def test_first_card_anywhere_then_touching_orthogonally_or_diagonally():
    state = new_game({"players": ["red", "blue"], "area": [5, 7]})
    state.apply(place("red", "curve", (10, -3), 90))
    assert refused(state, place("blue", "curve", (12, -3))) == "not-touching"
    assert legal(state, place("blue", "curve", (11, -2)))  # diagonal
    assert legal(state, place("blue", "straight", (10, -4)))  # orthogonal


def test_wrong_player_occupied_no_card_left_unknown_card():
    state = position([("red", "straight", (0, 0), 0), ("blue", "straight", (3, 0), 0)], "red",
                     hands={"red": {"head": 0}})
    assert refused(state, place("blue", "curve", (3, 1))) == "wrong-player"
    assert refused(state, place("red", "curve", (0, 0))) == "occupied"
    assert refused(state, place("red", "head", (0, 1))) == "no-card-left"
    assert refused(state, place("red", "dragon", (0, 1))) == "unknown-card"
    assert refused(state, place("green", "curve", (0, 1))) == "wrong-player"


def test_coloured_part_must_face_an_open_end_of_own_snake():
    state = position([("red", "straight", (0, 0), 0), ("blue", "straight", (3, 0), 0)], "red")
    assert refused(state, place("red", "curve", (1, 0), 0)) == "not-own-end"
    # the grey part facing the end is not enough: curve rot 180 has grey N-E, coloured S-W
    assert refused(state, place("red", "curve", (0, 1), 180)) == "not-own-end"
    assert legal(state, place("red", "curve", (0, 1), 0))  # coloured N-E meets the end
    assert refused(state, place("red", "curve", (3, 1), 0)) == "not-own-end"  # blue's end


def test_grey_chain_joined_to_a_snake_belongs_to_it():
    # blue's curve at (1,1) has its grey S-W part free; red's coloured curve reaches it
    state = position([("red", "straight", (0, 0), 0), ("blue", "curve", (1, 1), 0)], "red", area=None)
    assert state.scores()[0] == 1
    state.apply(place("red", "curve", (0, 1), 0))  # coloured N-E: N meets red, E meets the grey
    assert state.scores()[0] == 3  # + the new curve + blue's grey part
    assert (1, 1, 2) in state.open_ends(state.snake[0])  # red goes on from the grey part's end


def test_never_join_two_snakes():
    state = position([("red", "straight", (0, 0), 0), ("blue", "straight", (0, 2), 0)], "red")
    assert refused(state, place("red", "straight", (0, 1), 0)) == "joins-snakes"
    # a curve turning away is fine
    assert legal(state, place("red", "curve", (0, 1), 0))


def test_grey_part_may_not_join_two_snakes_either():
    # red's end at (1,0) W; blue's end at (1,1) N... a red head whose grey E-S meets blue and green
    cards = [("red", "tail", (0, -1), 180)] + [("red", "straight", (0, y), 0) for y in range(7)] + \
            [("blue", "tail", (1, 7), 270), ("green", "tail", (0, 8), 0)]
    state = position(cards, "red", players=("red", "blue", "green"))
    assert refused(state, place("red", "head", (0, 7), 0)) == "joins-snakes"


def test_grey_head_given_to_another_players_snake():
    state = position([("blue", "straight", (0, 0), 0), ("red", "straight", (0, 2), 0)], "red")
    blue_before = state.scores()[1]
    state.apply(place("red", "tail", (0, 1), 180))  # red tail@S on red's end, grey head@N on blue's
    assert state.scores()[1] == blue_before + 1
    blue = state.chains[state.snake[1]]
    assert blue.caps == 1  # blue's snake ends in a (grey) head now


def test_area_refuses_a_body_card_at_its_edge_and_accepts_a_head():
    cards = [("red", "tail", (0, -1), 180)] + [("red", "straight", (0, y), 0) for y in range(7)]
    state = position(cards, "red", area=(5, 7))
    assert refused(state, place("red", "curve", (0, 7), 0)) == "outside-area"
    assert legal(state, place("red", "head", (0, 7), 0))


def test_area_fits_either_way_round():
    cards = [("red", "straight", (x, 0), 90) for x in range(6)]
    state = position(cards, "red", area=(5, 7))  # 6 wide is fine as H×W
    assert legal(state, place("red", "straight", (6, 0), 90))  # 7 wide, 1 high
    state.apply(place("red", "straight", (6, 0), 90))
    state.seat, state.pending, state.quota = 0, (0,), 1
    assert refused(state, place("red", "curve", (7, 0), 270)) == "outside-area"  # 8 > 7


def test_open_area_has_no_limit():
    cards = [("red", "straight", (0, y), 0) for y in range(7)]
    state = position(cards, "red", area=None)
    assert legal(state, place("red", "curve", (0, 7), 0))


def test_double_crossing():
    cards = [("red", "straight", (0, 0), 0), ("red", "curve", (0, -1), 90), ("blue", "straight", (1, 0), 90)]
    state = position(cards, "red")
    # (0,0) is already a red/blue crossing; reaching (1,0)'s grey would make a second beside it
    assert refused(state, place("red", "curve", (1, -1), 180)) == "double-crossing"
    assert legal(state, place("red", "curve", (0, 1), 0))  # the other end is fine


def test_curve_guard_fires_when_the_next_owner_has_no_curve():
    red = [("red", "curve", (1, 0), 90), ("red", "curve", (2, 0), 180)]
    blue = [("blue", "curve", (1, 2), 270), ("blue", "curve", (0, 2), 0), ("blue", "curve", (0, 1), 90)]
    move = place("red", "curve", (2, 1), 270)  # red's ends both into (1,1), blue's already there
    state = position(red + blue, "red", hands={"blue": {"curve": 0}})
    assert refused(state, move) == "curve-guard"
    state = position(red + blue, "red")  # blue still holds curves: allowed
    assert legal(state, move)


# ---------------------------------------------------------------- loops, turns, swaps


def test_loop_reopened_by_a_turn():
    state = position(loop_2x2(), "red")
    assert state.is_loop(0)
    moves = state.legal_moves()
    assert moves and all(m.kind.value == "turn" for m in moves)
    assert refused(state, place("red", "curve", (2, 0), 0)) == "not-own-end"
    state.apply(turn("red", (0, 0), cw=True))
    assert not state.is_loop(0)
    assert state.scores()[0] == 5  # the turned card's grey part joined the snake
    assert state.open_ends(state.snake[0])


def test_turn_only_own_curve_and_only_in_a_loop():
    state = position(loop_2x2() + [("blue", "curve", (4, 4), 0)], "red")
    assert refused(state, turn("red", (4, 4))) == "not-own-curve"
    assert refused(state, turn("red", (3, 3))) == "not-own-curve"
    state = position([("red", "curve", (0, 0), 0)], "red")
    assert refused(state, turn("red", (0, 0))) == "not-a-loop"
    assert refused(state, swap("red", (0, 0), 0)) == "not-a-loop"


def test_turn_into_another_snake_joins_it():
    # blue's two cards meet only through the grey part of red's curve at (0,0): any turn of that
    # card puts red's coloured part or its grey (now joined to red) against blue
    cards = loop_2x2() + [("blue", "straight", (-1, 0), 90), ("blue", "straight", (0, -1), 0)]
    state = position(cards, "red", area=None)
    assert refused(state, turn("red", (0, 0), cw=True)) == "joins-snakes"
    assert refused(state, turn("red", (0, 0), cw=False)) == "joins-snakes"
    assert legal(state, turn("red", (1, 1), cw=True))


def test_swap_may_not_split_another_snake():
    """With two-part cards only the swap can split a snake (a turned curve keeps all four ports):
    blue's two cards meet only through the grey body of red's straight at (1,0)."""
    from cardgen.games.schlangennest.reopen import _trial_problem

    ring = [("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90), ("red", "straight", (2, 0), 90),
            ("red", "curve", (3, 0), 180), ("red", "straight", (3, 1), 0), ("red", "curve", (3, 2), 270),
            ("red", "straight", (2, 2), 90), ("red", "straight", (1, 2), 90), ("red", "curve", (0, 2), 0),
            ("red", "straight", (0, 1), 0)]
    blue = [("blue", "curve", (1, -1), 180), ("blue", "curve", (1, 1), 0)]
    state = position(ring + blue, "red", area=None)
    state.verify()
    problem = _trial_problem(state, 0, swap("red", (1, 0), 90))
    assert problem is not None and problem[0] is Rule.SPLIT_SNAKE
    assert _trial_problem(state, 0, swap("red", (2, 0), 90)) is None
    assert refused(state, swap("red", (1, 0), 90)) == "turn-possible"  # corners can still turn


def test_swap_only_when_no_turn_is_legal():
    cards = [("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90), ("red", "curve", (2, 0), 180),
             ("red", "curve", (2, 1), 270), ("red", "straight", (1, 1), 90), ("red", "curve", (0, 1), 0)]
    state = position(cards, "red")
    assert refused(state, swap("red", (1, 0), 90)) == "turn-possible"


def test_the_reopening_refusals_speak_the_players_words_not_the_engines() -> None:
    """A refused swap names the legal turn as a player says it and the card edges, not the
    engine's move text ("cw", "turns the curve") or its "ports"."""
    cards = [("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90), ("red", "curve", (2, 0), 180),
             ("red", "curve", (2, 1), 270), ("red", "straight", (1, 1), 90), ("red", "curve", (0, 1), 0)]
    with pytest.raises(IllegalMove) as turnable:
        position(cards, "red").check(swap("red", (1, 0), 90))
    assert turnable.value.rule == "turn-possible"
    assert re.search(r"red can turn the curve card at \(\d,\d\) (anti)?clockwise; swap only when no turn is "
                     "legal", turnable.value.reason), turnable.value.reason
    with pytest.raises(IllegalMove) as misfit:
        swap_only_position().check(swap("red", (1, 0), 0))
    assert misfit.value.rule == "swap-misfit"
    assert "turned 0°, the tail card" in misfit.value.reason and "port" not in misfit.value.reason


def test_tail_swap_scores_one_more():
    state = swap_only_position()
    assert state.is_loop(0)
    assert refused(state, turn("red", (0, 0), cw=True)) == "joins-snakes"
    moves = state.legal_moves()
    assert moves and all(m.kind.value == "swap" for m in moves)
    assert refused(state, swap("red", (1, 0), 0)) == "swap-misfit"
    assert refused(state, swap("red", (0, 0), 90)) == "not-own-straight"
    before = state.scores()[0]
    state.apply(swap("red", (1, 0), 90))
    assert state.scores()[0] == before + 1
    assert state.finished(0)  # coloured tail and grey head: both ends capped
    assert state.hands[0][state.rules.tail] == 0


def test_loop_that_cannot_be_reopened_is_finished():
    state = swap_only_position()
    state.hands[0][state.rules.tail] = 0  # no tail left for the swap
    state.seat, state.pending = 1, (1,)
    state.apply(place("blue", "curve", (0, 2), 270))  # blue extends at its end into (0,2)
    assert state.dead[0] and state.finished(0)
    assert state.current_player == 1  # red is skipped


# ---------------------------------------------------------------- passing, finishing, the end


def test_must_pass_only_when_nothing_is_legal():
    cards = [("red", "tail", (0, -1), 180)] + [("red", "straight", (0, y), 0) for y in range(7)] + \
            [("blue", "tail", (1, 7), 270), ("green", "tail", (0, 8), 0)]
    state = position(cards, "red", players=("red", "blue", "green"))
    assert state.legal_moves() == [pass_move("red")]
    state.apply(pass_move("red"))
    assert state.current_player == 1
    assert refused(state, pass_move("blue")) == "pass-not-allowed"


def test_finished_when_both_ends_are_heads_or_tails():
    cards = [("red", "tail", (0, -1), 180), ("red", "straight", (0, 0), 0), ("red", "head", (0, 1), 0),
             ("blue", "straight", (3, 0), 0)]
    state = position(cards, "blue")
    assert state.finished(0) and not state.finished(1)
    state.apply(place("blue", "straight", (3, 1), 0))
    assert state.current_player == 1  # red is skipped
    assert refused(state, place("red", "curve", (5, 5))) == "wrong-player"


def test_game_ends_after_a_full_round_of_passes():
    cards = [("red", "tail", (0, -1), 180)] + [("red", "straight", (0, y), 0) for y in range(7)] + \
            [("blue", "tail", (1, 7), 270), ("green", "tail", (0, 8), 0)]
    state = position(cards, "red", players=("red", "blue", "green"),
                     hands={"blue": {"straight": 0, "curve": 0, "head": 0},
                            "green": {"straight": 0, "head": 0}})
    assert state.finished(1)  # blue has no card left: finished, skipped
    state.apply(pass_move("red"))
    assert not state.is_terminal() and state.current_player == 2
    assert state.legal_moves() == [pass_move("green")]  # green's curves would leave the area
    state.apply(pass_move("green"))
    assert state.is_terminal()
    assert state.legal_moves() == []


def test_score_counts_every_part():
    cards = [("red", "tail", (0, -1), 180), ("red", "straight", (0, 0), 0), ("red", "head", (0, 1), 0)]
    state = position(cards, "red")
    assert state.scores()[0] == 3
    state = position([("red", "straight", (0, 0), 0), ("blue", "straight", (1, 0), 90)], "red")
    assert state.scores() == (1.0, 2.0)  # blue's coloured body + red's grey body it runs into


def test_game_over_refuses_moves():
    state = new_game({"players": ["red", "blue"], "area": [5, 7]})
    state.terminal = True
    assert refused(state, place("red", "curve", (0, 0))) == "game-over"
    assert state.legal_moves() == []


def test_rule_table_is_complete_and_kebab_case():
    for rule in Rule:
        assert rule.value == rule.value.lower() and " " not in rule.value
        assert rule.explanation
