"""Scenario tests and golden records for the Schlangennest rule fixes: a turn must really reopen
a loop (`loop-not-opened`), the curve guard asks about the right seat when a loop's reopening is
tried before its owner's turn, the two-snakes opening (`opening-body`), and variants played
together. Positions are built with tests/test_nest_helpers.py.

Faces at rotation 0 (rotations clockwise): curve own N-E + grey S-W; head own head@N + grey E-S
(no port on W); tail own tail@N + grey head@S (no ports on E and W); straight own N-S + grey E-W.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_nest_helpers import legal, loop_2x2, position, refused

from cardgen.commands.replay import replay
from cardgen.engine.invariants import check_invariants
from cardgen.engine.simulate import simulate
from cardgen.errors import DataError
from cardgen.games.schlangennest.generator import NestVariant, set_text
from cardgen.games.schlangennest.moves import place, swap, turn
from cardgen.games.schlangennest.rules import NestState, new_game
from cardgen.registry import GAMES

RECORDS = Path(__file__).resolve().parents[2] / "records"


def neutral(state: NestState, card: str, cell: tuple[int, int], rot: int) -> None:
    """Lay a card of nobody's on `cell`, all its parts grey, as the frame variants pre-lay them."""
    state._put_card(cell, state.rules.card_ids.index(card), -1, rot // 90)


# ---------------------------------------------------------------- loop-not-opened


def blocked_corner_position() -> NestState:
    """Red's 2×2 loop (loop_2x2). Blue's tail on (-1,0) and head on (0,-1) turn their sides
    without a port towards red's corner (0,0): turning that curve either way points red's two
    new ends at those sides."""
    blue = [("blue", "tail", (-1, 0), 0), ("blue", "curve", (-1, -1), 90), ("blue", "head", (0, -1), 270)]
    return position(loop_2x2() + blue, "red")


def test_loop_not_opened():
    state = blocked_corner_position()
    state.verify()
    assert state.is_loop(0) and state.finished(1)
    assert refused(state, turn("red", (0, 0), cw=True)) == "loop-not-opened"
    assert refused(state, turn("red", (0, 0), cw=False)) == "loop-not-opened"
    assert {m.at for m in state.legal_moves()} == {(1, 0), (1, 1), (0, 1)}  # the other corners open it
    assert legal(state, turn("red", (1, 1), cw=True))


def test_loop_not_opened_the_refused_turn_leaves_a_finished_snake():
    """What the rule protects against: played without checks, the turn leaves red no longer a
    loop, but with both ends blocked, so the snake would simply be finished."""
    trial = blocked_corner_position().clone()
    trial.apply_trusted(turn("red", (0, 0), cw=True))
    assert not trial.is_loop(0) and not trial.open_ends(trial.snake[0]) and trial.finished(0)


def boxed_loop(red_tail: int = 1) -> NestState:
    """Red's 2×3 loop (corner curves, straights on (1,0) and (1,1)); each of the eight cells
    beside a corner holds a grey tail card showing that corner a side without a port, so every
    turn leaves both ends blocked. Blue plays elsewhere."""
    red = [("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90), ("red", "curve", (2, 0), 180),
           ("red", "curve", (2, 1), 270), ("red", "straight", (1, 1), 90), ("red", "curve", (0, 1), 0)]
    blue = [("blue", "straight", (6, 6), 0)]
    state = position(red + blue, "red", area=None, hands={"red": {"tail": red_tail}})
    for cell, rot in (((-1, 0), 0), ((0, -1), 90), ((3, 0), 0), ((2, -1), 90),
                      ((3, 1), 0), ((2, 2), 90), ((-1, 1), 0), ((0, 2), 90)):
        neutral(state, "tail", cell, rot)
    return state


def test_loop_not_opened_turns_do_not_count_against_the_swap():
    state = boxed_loop()
    state.verify()
    for at in ((0, 0), (2, 0), (2, 1), (0, 1)):
        for cw in (True, False):
            assert refused(state, turn("red", at, cw)) == "loop-not-opened"
    moves = state.legal_moves()
    assert moves and all(m.kind.value == "swap" for m in moves)
    assert legal(state, swap("red", (1, 0), 90))  # not `turn-possible`: no turn is legal
    before = state.scores()[0]
    state.apply(swap("red", (1, 0), 90))
    assert state.scores()[0] == before + 1 and state.finished(0)


def test_loop_not_opened_without_tail_the_loop_is_finished():
    state = boxed_loop(red_tail=0)
    state.seat, state.pending = 1, (1,)
    state.apply(place("blue", "straight", (6, 7), 0))
    assert state.dead[0] and state.finished(0)
    assert state.current_player == 1  # red is skipped


def test_loop_not_opened_record():
    """A game from the first card: red closes a 2×2 loop beside blue's finished tail-curve-head
    snake; the turn of the corner facing blue's port-less sides is refused."""
    result = replay(RECORDS / "nest-loop-not-opened.json", GAMES)
    assert result.applied == 7 and not result.legal
    assert result.error["move"] == 7 and result.error["rule"] == "loop-not-opened"
    assert not result.finished and result.scores == {"red": 4, "blue": 3}


# ---------------------------------------------------------------- the curve guard's seat for a loop


def guard_seat_position(tmp_path: Path, hands: dict[str, dict[str, int]] | None = None) -> NestState:
    """Two players with a set of 12 curves a colour. Red's 2×2 loop (loop_2x2). Blue's snake of
    eleven curves runs through the grey parts of red's corners (1,0), (1,1) and (0,1), so turning
    any of those joins it to red; it lends the grey parts of (0,-1) and (-1,-1) to a grey chain
    whose both ends point into (-1,0), as the grey part of red's (0,0) does. Blue is to move and
    lays its twelfth curve on (-2,0): both its ends then point into (-1,0) from S and W. Turning
    red's (0,0) would then make red's two ends point into (-1,0) from E and N: the curve-guard
    situation, whose next owner to move after red is blue."""
    path = tmp_path / "twelve-curves.toml"
    path.write_text(set_text(NestVariant(("red", "yellow", "green", "blue"), 7, 12)))
    blue = [("blue", "curve", (-1, 1), 0), ("blue", "curve", (0, 2), 0), ("blue", "curve", (1, 2), 270),
            ("blue", "curve", (2, 1), 270), ("blue", "curve", (2, 0), 180), ("blue", "curve", (1, -1), 180),
            ("blue", "curve", (0, -1), 0), ("blue", "curve", (0, -2), 180), ("blue", "curve", (-1, -2), 90),
            ("blue", "curve", (-1, -1), 270), ("blue", "curve", (-2, -1), 90)]
    return position(loop_2x2() + blue, "blue", area=None, set_path=str(path), hands=hands)


def test_curve_guard_for_a_loop_asks_the_seat_after_the_loop_owner(tmp_path: Path):
    """Blue lays its last curve; red still holds curves. Red's only possible turn, (0,0), shuts
    (-1,0) in and blue, next after red, has no curve: the turn is refused, so red's loop can be
    neither turned nor swapped (no straights) and red is finished and skipped. Asking the seat
    after blue (red itself, with curves) would have let red keep a loop it then must pass with."""
    state = guard_seat_position(tmp_path)
    state.verify()
    state.apply(place("blue", "curve", (-2, 0), 0))
    state.verify()
    assert state.hands[1][state.rules.card_index("curve")] == 0 < state.hands[0][state.rules.card_index("curve")]
    assert state.all_configs() == set()  # nothing is shut in yet
    assert state.dead[0] and state.finished(0)
    assert state.current_player == 1
    trial = state.clone()  # on red's turn the same turn is refused by the guard
    trial.seat, trial.pending, trial.dead[0] = 0, (0,), False
    assert refused(trial, turn("red", (0, 0), cw=True)) == "curve-guard"
    assert refused(trial, turn("red", (1, 1), cw=True)) == "joins-snakes"


def test_curve_guard_for_a_loop_the_reverse(tmp_path: Path):
    """Red has no curve left, blue keeps one after its move: red's turn of (0,0) is legal (blue,
    next after red, can still fill the cell), so red plays it; asking red about its own curves
    would have marked the loop finished."""
    state = guard_seat_position(tmp_path, hands={"red": {"curve": 0}, "blue": {"curve": 2}})
    state.apply(place("blue", "curve", (-2, 0), 0))
    assert not state.dead[0] and state.current_player == 0
    assert legal(state, turn("red", (0, 0), cw=True))
    state.apply(turn("red", (0, 0), cw=True))
    assert state.all_configs() == {((-1, 0), 0, 1)}


def test_curve_guard_for_a_loop_record():
    """A legal five-player game from the first card (a set of four curves a colour, so red's
    2×2 loop uses up red's curves) reaches the reverse situation: purple moves last, and red's
    only possible turns, of (0,0), would make red's and blue's ends point into (-1,0). Asked
    about the right seat (blue, the first of the two owners after red, who still has curves)
    the turn is legal and red plays it; asked about the seat after purple (red itself) the loop
    would have been finished and red skipped, so red's turn would be out of turn."""
    result = replay(RECORDS / "nest-curve-guard-loop-seat.json", GAMES)
    assert result.legal and result.applied == 21 and result.error is None
    assert result.scores["red"] == 7 and not result.finished


# ---------------------------------------------------------------- two-snakes opening


def opening(first: str = "red"):
    """A two-snakes game (red+yellow against blue+green) after the first two turns: red's tail
    on (0,0) open to the north, blue's and green's tails below it open to the south."""
    state = new_game({"players": [["red", "yellow"], ["blue", "green"]], "area": [7, 7], "variants": ["two-snakes"]})
    state.apply(place(first, "tail", (0, 0), 0))
    state.apply(place("blue", "tail", (1, 1), 180))
    state.apply(place("green", "tail", (-1, 1), 180))
    assert state.current_player == 0 and state.quota == 2
    return state


def test_opening_body():
    state = opening()
    assert refused(state, place("red", "head", (0, -1), 180)) == "opening-body"
    assert not any(m.card == "head" for m in state.legal_moves())
    assert legal(state, place("red", "straight", (0, -1), 0))
    assert legal(state, place("red", "curve", (0, -1), 90))
    assert refused(state, place("yellow", "curve", (2, 2), 0)) == "tail-first"
    state.apply(place("yellow", "tail", (2, 2), 0))  # either order: the second tail first
    assert refused(state, place("red", "head", (0, -1), 180)) == "opening-body"
    state.apply(place("red", "straight", (0, -1), 0))
    assert state.current_player == 1 and state.quota == 2
    assert legal(state, place("blue", "head", (1, 2), 0))  # from now on heads are fine
    state.apply(place("blue", "straight", (1, 2), 0))
    state.apply(place("green", "straight", (-1, 2), 0))
    assert legal(state, place("red", "head", (0, -2), 180))


def test_opening_body_record():
    result = replay(RECORDS / "nest-two-snakes-opening-body.json", GAMES)
    assert result.applied == 4 and result.error["move"] == 4 and result.error["rule"] == "opening-body"


# ---------------------------------------------------------------- variants combined


def nest(variants, players=("red", "blue"), area=(5, 7), key="variants"):
    return new_game({"players": list(players), "area": list(area) if area else None, key: variants})


def test_variants_combine_tail_first_and_open_area():
    state = nest(["tail-first", "open-area"])
    assert state.rules.variants == {"tail-first", "open-area"} and state.rules.area is None
    assert state.rules.has("tail-first") and not state.rules.has("frame")
    assert refused(state, place("red", "curve", (0, 0))) == "tail-first"
    state.apply(place("red", "tail", (0, 0)))
    assert all(m.card == "tail" for m in state.legal_moves())
    assert state.to_json()["options"]["variants"] == ["open-area", "tail-first"]


def test_variants_combine_frame_snake_and_tail_first():
    state = nest(["frame-snake", "tail-first"], area=(6, 6))
    assert len(state.rules.prelaid) == 18 and state.rules.fixed_box == (0, 0, 5, 5)
    assert refused(state, place("red", "straight", (2, 2))) in ("tail-first", "occupied")
    moves = state.legal_moves()
    assert moves and all(m.card == "tail" for m in moves)


def test_old_single_variant_still_reads_and_is_written_as_a_list():
    old = nest("frame", key="variant")
    assert old.rules.variants == {"frame"}
    assert old.to_json()["options"]["variants"] == ["frame"]
    assert nest(None, key="variant").rules.variants == frozenset()
    assert nest([]).rules.variants == frozenset()


@pytest.mark.parametrize("variants,players,fragment", [
    (["open-area", "frame"], 2, "open-area and frame"),
    (["frame-snake", "open-area"], 2, "open-area and frame-snake"),
    (["frame-snake", "frame"], 2, "frame and frame-snake"),
    (["two-snakes-single", "two-snakes"], 2, "two-snakes and two-snakes-single"),
    (["tail-first", "frame"], 3, "frame (played with tail-first) is for 2 players"),
    (["two-snakes", "open-area"], 3, "two-snakes (played with open-area) is for 2 players"),
    (["two-snakes", "frame-snake"], 2, "frame-snake played with two-snakes"),
    (["tail-first", "spiral"], 2, "unknown variant 'spiral'"),
    (["tail-first", "tail-first"], 2, "listed twice"),
    ("tail-first", 2, "must be a list"),
])
def test_contradictory_variants_are_refused_in_one_line(variants, players, fragment):
    with pytest.raises(DataError, match=re.escape(fragment)) as info:
        nest(variants, players=("red", "blue", "green")[:players])
    assert "\n" not in str(info.value)


def test_variant_and_variants_together_are_refused():
    with pytest.raises(DataError, match="not also"):
        new_game({"players": ["red", "blue"], "variant": "frame", "variants": ["frame"]})


def test_two_snakes_players_list_each_seats_two_colours():
    state = nest(["two-snakes", "tail-first"], players=(["red", "green"], ["blue", "yellow"]), area=(7, 7))
    assert state.rules.seats == ((0, 1), (2, 3)) and state.seat_name(1) == "blue+yellow"
    assert state.to_json()["options"]["players"] == [["red", "green"], ["blue", "yellow"]]


COMBOS = [
    (("red", "blue"), None, ["tail-first", "open-area"]),
    (("red", "blue", "green"), (6, 8), ["frame-snake", "tail-first"]),
    (("red", "blue"), (5, 7), ["frame", "tail-first"]),
    (("red", "blue"), None, ["two-snakes", "open-area"]),
    (("red", "blue"), (5, 7), ["two-snakes-single", "tail-first"]),
]


@pytest.mark.parametrize("players,area,variants", COMBOS, ids=lambda v: "+".join(v) if isinstance(v, list) else None)
@pytest.mark.parametrize("player", ["random", "sensible"])
def test_seeded_games_of_combined_variants_keep_the_invariants(players, area, variants, player):
    for seed in range(3):
        result = simulate(lambda: nest(variants, players, area), player, seed, after_move=check_invariants)
        assert result.ended and len(result.scores) == len(players)


@pytest.mark.parametrize("name,scores", [
    ("nest-2p-tail-first+open-area-sensible-seed3.json", {"red": 23, "blue": 18}),
    ("nest-3p-frame-snake+tail-first-sensible-seed6.json", {"red": 4, "blue": 3, "green": 16}),
])
def test_combined_variant_records_replay_to_the_same_result(name, scores):
    data = json.loads((RECORDS / name).read_text())
    assert len(data["options"]["variants"]) == 2
    result = replay(RECORDS / name, GAMES)
    assert result.legal and result.finished and result.scores == scores
    assert result.applied == len(data["moves"])
