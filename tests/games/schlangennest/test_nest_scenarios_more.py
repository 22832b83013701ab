"""More scenario tests for Schlangennest (docs/rulings.md (Schlangennest)): a turn that leaves the loop closed, the
curve guard for turns (and why it cannot fire for a swap), and the turn structure of the
two-snakes variants. Each test builds its position by hand (tests/test_nest_helpers.py) and asserts
the rule id of the refusal or the legality of the move, as tests/test_nest_rules.py does.

Faces at rotation 0 (rotations clockwise): curve own N-E + grey S-W, so rot 90 = own E-S + grey W-N,
rot 180 = own S-W + grey N-E, rot 270 = own W-N + grey E-S; tail own tail@N + grey head@S.
"""

from __future__ import annotations

from test_nest_helpers import legal, loop_2x2, position, refused

from cardgen.games.schlangennest.moves import place, turn
from cardgen.games.schlangennest.rules import new_game

# ---------------------------------------------------------------- still-closed


def still_closed_position():
    """Red's 2×2 loop on (1,0)-(2,1); the grey S-W part of its curve on (1,1) closes a second,
    all-grey loop with the grey parts of blue's curves on (0,1), (0,2) and (1,2). Blue's coloured
    parts run outside that ring ((-1,1), (-1,2), (0,3), (1,3)) and end at (0,0) and (2,2)."""
    red = [("red", "curve", (1, 0), 90), ("red", "curve", (2, 0), 180), ("red", "curve", (2, 1), 270),
           ("red", "curve", (1, 1), 0)]
    blue = [("blue", "curve", (0, 1), 270), ("blue", "curve", (-1, 1), 90), ("blue", "curve", (-1, 2), 0),
            ("blue", "curve", (0, 2), 180), ("blue", "curve", (0, 3), 0), ("blue", "curve", (1, 3), 270),
            ("blue", "curve", (1, 2), 90)]
    return position(red + blue, "red")


def test_turn_that_leaves_the_loop_closed_is_refused():
    """Turning the curve on (1,1) either way re-pairs its four ports: the red chain then runs from
    the red loop through the grey part into the grey ring and back through the coloured part, so
    the snake is a loop again (bigger, with no blue coloured part, so nothing else is broken)."""
    state = still_closed_position()
    state.verify()
    assert state.is_loop(0) and not state.is_loop(1)
    grey_ring = state.chain_of[state.cells[(1, 1)][3][1]]  # the curve's grey part
    assert state.chains[grey_ring].is_loop and state.chains[grey_ring].owner == -1
    assert refused(state, turn("red", (1, 1), cw=True)) == "still-closed"
    assert refused(state, turn("red", (1, 1), cw=False)) == "still-closed"
    # the corner curves with empty cells outside still reopen the loop
    moves = state.legal_moves()
    assert moves and all(m.kind.value == "turn" and m.at != (1, 1) for m in moves)
    assert {m.at for m in moves} == {(1, 0), (2, 0), (2, 1)}
    assert legal(state, turn("red", (2, 0), cw=True))


def test_still_closed_after_the_turn_really_is_a_bigger_loop():
    """What `still-closed` protects against: the turned position (played without checks) has red
    still closed, now holding the loop's four coloured parts and the ring's four grey parts."""
    state = still_closed_position()
    before = state.scores()[0]
    trial = state.clone()
    trial.apply_trusted(turn("red", (1, 1), cw=True))
    assert trial.is_loop(0)
    assert trial.scores()[0] == before + 4  # the turned card's grey part and blue's three


# ---------------------------------------------------------------- the curve guard for turns and swaps


def guard_turn_position(blue_curves: int, green_curves: int = 9):
    """Red's 2×2 loop (loop_2x2). Blue's three curves end in (-1,0) from S and W. Green's four-card
    snake lends its grey parts on (0,-1) (S-W) and (-1,-1) (E-S): with the grey W-N part of red's
    (0,0) they form a grey chain whose both ends point into (-1,0) from E and N. Turning red's
    (0,0) hands that grey chain to red, so red's two ends then point into (-1,0) on adjacent sides,
    with blue's on the other two: the curve-guard situation."""
    green = [("green", "curve", (0, -1), 0), ("green", "curve", (0, -2), 180), ("green", "curve", (-1, -2), 90),
             ("green", "curve", (-1, -1), 270)]
    blue = [("blue", "curve", (-1, 1), 270), ("blue", "curve", (-2, 1), 0), ("blue", "curve", (-2, 0), 90)]
    return position(loop_2x2() + green + blue, "red", players=("red", "blue", "green"),
                    hands={"blue": {"curve": blue_curves}, "green": {"curve": green_curves}})


def test_curve_guard_fires_for_a_turn():
    state = guard_turn_position(blue_curves=0)
    assert state.is_loop(0) and not state.all_configs()  # the grey chain belongs to nobody yet
    assert refused(state, turn("red", (0, 0), cw=True)) == "curve-guard"
    assert refused(state, turn("red", (0, 0), cw=False)) == "curve-guard"
    assert legal(state, turn("red", (1, 1), cw=True))  # a turn that creates no situation is fine


def test_curve_guard_lets_the_turn_pass_while_the_next_owner_holds_a_curve():
    state = guard_turn_position(blue_curves=6, green_curves=0)  # green owns no snake of the cell
    move = turn("red", (0, 0), cw=True)
    assert legal(state, move)
    state.apply(move)
    assert not state.is_loop(0)
    assert state.all_configs() == {((-1, 0), 0, 1)}  # red's and blue's ends all point into (-1,0)


# Why no test of the curve guard for a SWAP: it is unreachable with two-part cards.
# The curve guard only looks at situations the move creates (cell, A, B), where snakes A and B
# each have no head or tail and exactly two free ports, both pointing into the one empty cell.
# A swap puts the tail card's two parts on exactly the straight's two coloured ports, which were
# already joined to the loop, so it joins nothing new: no chain gains parts or an owner. What it
# changes: (1) the mover's snake now holds a tail and a grey head, so it is never A or B; (2) the
# straight's grey body is gone, so the chain through it (if any) is cut: a piece with no coloured
# part is grey and never A or B, and a piece that keeps its owner now has a free port facing the
# swapped cell, which is occupied, so its two free ports cannot both point into an empty cell
# (and if both pieces keep coloured parts the swap is refused with split-snake first). Hands only
# lose the tail, which is not a curve. So with two-part cards `created` is always empty for a
# swap and `curve-guard` is never its rule id (turns do reach it: test_curve_guard_fires_for_a_turn).


# ---------------------------------------------------------------- two-snakes


def two_snakes_position(variant: str = "two-snakes", yellow_started: bool = True):
    """Seat 0 owns red + yellow, seat 1 blue + green; every started snake is a tail (tail@N, grey
    head@S) and open to the north."""
    cards = [("red", "tail", (0, 0), 0), ("blue", "tail", (2, 0), 0), ("green", "tail", (4, 0), 0)]
    if yellow_started:
        cards.append(("yellow", "tail", (6, 0), 0))
    return position(cards, "red", variant=variant, area=(8, 8))


def test_two_snakes_seats_own_two_colours():
    state = two_snakes_position()
    assert state.rules.colours == ("red", "yellow", "blue", "green")
    assert state.rules.seats == ((0, 1), (2, 3))
    assert state.pending == (0, 1) and state.quota == 2


def test_two_snakes_one_card_of_each_colour_then_the_other_seat():
    state = two_snakes_position()
    assert legal(state, place("red", "straight", (0, -1)))
    assert legal(state, place("yellow", "straight", (6, -1)))
    state.apply(place("red", "straight", (0, -1)))
    assert state.current_player == 0 and state.pending == (1,)
    # a second card of the same colour in the same turn
    assert refused(state, place("red", "straight", (0, -2))) == "wrong-player"
    # a card of a colour the seat does not own
    assert refused(state, place("blue", "straight", (2, -1))) == "wrong-player"
    assert refused(state, place("green", "straight", (4, -1))) == "wrong-player"
    state.apply(place("yellow", "straight", (6, -1)))
    assert state.current_player == 1 and state.pending == (2, 3) and state.quota == 2
    assert refused(state, place("red", "straight", (0, -2))) == "wrong-player"
    assert refused(state, place("yellow", "straight", (6, -2))) == "wrong-player"
    state.verify()


def test_two_snakes_either_order():
    state = two_snakes_position()
    state.apply(place("yellow", "curve", (6, -1), 90))  # own E-S
    assert state.current_player == 0 and state.pending == (0,)
    assert refused(state, place("yellow", "straight", (7, -1), 90)) == "wrong-player"
    state.apply(place("red", "curve", (0, -1), 90))
    assert state.current_player == 1


def test_two_snakes_first_card_of_a_colour_is_its_tail():
    state = two_snakes_position(yellow_started=False)
    assert refused(state, place("yellow", "curve", (6, 0))) == "tail-first"
    assert refused(state, place("yellow", "straight", (1, 1))) == "tail-first"
    assert legal(state, place("yellow", "tail", (1, 1)))  # touching a laid card diagonally
    state.apply(place("red", "straight", (0, -1)))  # red may go first even so
    assert state.pending == (1,)
    assert refused(state, place("yellow", "head", (1, 1))) == "tail-first"
    state.apply(place("yellow", "tail", (1, 1)))
    assert state.current_player == 1


def test_two_snakes_a_seat_may_not_join_its_own_two_snakes():
    # red's tail (0,0) is open into (0,-1) from S, yellow's tail (1,-1) into (0,-1) from E
    cards = [("red", "tail", (0, 0), 0), ("yellow", "tail", (1, -1), 270), ("blue", "tail", (4, 0), 0),
             ("green", "tail", (6, 0), 0)]
    state = position(cards, "red", variant="two-snakes", area=(8, 8))
    assert refused(state, place("red", "curve", (0, -1), 90)) == "joins-snakes"  # own E-S
    assert legal(state, place("red", "curve", (0, -1), 180))  # own S-W: yellow meets the grey N-E
    assert refused(state, place("yellow", "curve", (0, -1), 90)) == "joins-snakes"  # own E-S


def test_two_snakes_finished_colour_is_refused_and_the_other_still_plays():
    cards = [("red", "tail", (0, 0), 0), ("red", "head", (0, -1), 180), ("yellow", "tail", (3, 0), 0),
             ("blue", "tail", (5, 0), 0), ("green", "tail", (7, 0), 0)]
    state = position(cards, "yellow", variant="two-snakes", area=(9, 9))
    assert state.finished(0) and state.pending == (1,)
    assert refused(state, place("red", "straight", (1, 1))) == "snake-finished"
    state.apply(place("yellow", "straight", (3, -1)))
    assert state.current_player == 1  # the seat's only colour still playing has played


# Tail-less snakes: in a real two-snakes game every snake holds its tail from its first card on,
# so it never has two open ends and the curve guard cannot fire. The two tests below build snakes
# without a tail to exercise the guard's two-snakes reading (reopen.guard_problem's docstring).


def test_two_snakes_curve_guard_asks_the_colour_of_the_snake_the_seat_owns():
    """Red lays the card that shuts (1,1) in by red and blue: blue's seat is asked about blue's
    curves only; green's curves do not help. (Tail-less snakes: see above.)"""
    red = [("red", "curve", (1, 0), 90), ("red", "curve", (2, 0), 180), ("yellow", "tail", (5, 5), 0)]
    blue = [("blue", "curve", (1, 2), 270), ("blue", "curve", (0, 2), 0), ("blue", "curve", (0, 1), 90),
            ("green", "tail", (5, 7), 0)]
    move = place("red", "curve", (2, 1), 270)  # red's ends both into (1,1), blue's already there
    state = position(red + blue, "red", variant="two-snakes", area=(8, 8),
                     hands={"blue": {"curve": 0}, "green": {"curve": 9}})
    assert refused(state, move) == "curve-guard"
    state = position(red + blue, "red", variant="two-snakes", area=(8, 8), hands={"green": {"curve": 0}})
    assert legal(state, move)


def test_two_snakes_curve_guard_for_a_seats_own_two_snakes():
    """The cell (1,1) shut in by red and yellow, both seat 0's: fine while either colour holds a
    curve (after the move), refused when neither does. (Tail-less snakes: see above.)"""
    red = [("red", "curve", (1, 0), 90), ("red", "curve", (2, 0), 180)]
    yellow = [("yellow", "curve", (1, 2), 270), ("yellow", "curve", (0, 2), 0), ("yellow", "curve", (0, 1), 90)]
    others = [("blue", "tail", (5, 5), 0), ("green", "tail", (5, 7), 0)]
    move = place("red", "curve", (2, 1), 270)

    def state_with(red_curves: int, yellow_curves: int):
        return position(red + yellow + others, "red", variant="two-snakes", area=(8, 8),
                        hands={"red": {"curve": red_curves}, "yellow": {"curve": yellow_curves}})

    assert refused(state_with(1, 0), move) == "curve-guard"  # red's last curve is the one laid
    assert legal(state_with(1, 1), move)
    assert legal(state_with(2, 0), move)


# ---------------------------------------------------------------- two-snakes-single


def test_two_snakes_single_one_card_per_turn_for_either_snake():
    state = two_snakes_position("two-snakes-single")
    assert state.quota == 1 and state.pending == (0, 1)
    assert legal(state, place("red", "straight", (0, -1)))
    assert legal(state, place("yellow", "straight", (6, -1)))
    assert refused(state, place("blue", "straight", (2, -1))) == "wrong-player"
    state.apply(place("yellow", "straight", (6, -1)))
    assert state.current_player == 1  # one card, and the turn is over
    assert refused(state, place("red", "straight", (0, -1))) == "wrong-player"
    assert refused(state, place("yellow", "straight", (6, -2))) == "wrong-player"
    state.apply(place("green", "straight", (4, -1)))
    assert state.current_player == 0
    state.apply(place("yellow", "straight", (6, -2)))  # the same snake again on a later turn
    assert state.current_player == 1
    state.verify()


def test_two_snakes_single_both_tails_before_any_other_card():
    state = two_snakes_position("two-snakes-single", yellow_started=False)
    assert refused(state, place("red", "straight", (0, -1))) == "tail-first"  # yellow's tail first
    assert refused(state, place("yellow", "curve", (1, 1))) == "tail-first"
    assert legal(state, place("yellow", "tail", (1, 1)))
    state.apply(place("yellow", "tail", (1, 1)))
    assert state.current_player == 1
    assert refused(state, place("yellow", "straight", (1, 0))) == "wrong-player"


def test_two_snakes_single_from_the_start():
    state = new_game({"players": ["red", "blue"], "area": [8, 8], "variant": "two-snakes-single"})
    assert refused(state, place("yellow", "curve", (0, 0))) == "tail-first"
    assert refused(state, place("blue", "tail", (0, 0))) == "wrong-player"
    state.apply(place("yellow", "tail", (0, 0)))
    assert state.current_player == 1
    assert refused(state, place("yellow", "tail", (1, 1))) == "wrong-player"
