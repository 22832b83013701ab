"""Schlangengrube rules on hand-built positions: scoring, every rule id, turns, the end, variants.

Positions use the standard set. Coordinates: x east, y south; rot clockwise, flip (E<->W) first.
"""

from __future__ import annotations

import pytest

from cardgen.errors import DataError, IllegalMove
from cardgen.games.schlangengrube.moves import RULES, Pass, Place, Start, Turn
from cardgen.games.schlangengrube.options import PitOptions
from cardgen.games.schlangengrube.rules import PitGame, PitState
from cardgen.games.schlangengrube.scoring import triangle


def P(tile: str, x: int, y: int, rot: int = 0, flip: bool = False) -> Place:  # noqa: N802
    return Place(tile, (x, y), rot, flip)


GAME = PitGame()

# A red snake of 3 (head at (0,-2), body at (0,-1), the tail comes with TH-RG at (0,0)) and a
# green chain running east from (1,0) that ends in a green tail; TH-RG at (0,0) (red tail@N,
# green head@E) completes both. A yellow detour at (1,-1) keeps the position connected.
RED_3 = [P("HT-RG", 0, -2, 180), P("X-RY", 0, -1), P("CC-RY", 1, -1), P("X-GY", 1, 0, 90)]
GREEN_BODIES = [P("X-RG", 2, 0), P("X-GP", 3, 0, 90), P("SH-GR", 4, 0, 90), P("ST-GY", 5, 0, 90),
                P("SH-GP", 6, 0, 90)]
GREEN_TAIL = "ST-RG"  # red N-S + green tail@E; turned 180: the tail points west
COMPLETER = P("TH-RG", 0, 0)


def _position(bodies: int, hand: list[str], **kw: object) -> PitState:
    green = GREEN_BODIES[:bodies] + [P(GREEN_TAIL, 2 + bodies, 0, 180)]
    return GAME.setup(RED_3 + green, [hand, ["CC-GY"]], **kw)  # type: ignore[arg-type]


def test_one_tile_completing_3_and_8_tiles_scores_84() -> None:
    state = _position(5, ["TH-RG"])
    state.apply(Turn(0, (COMPLETER,)))  # the hand is empty afterwards: a one-tile turn
    assert state.scores() == (84, 0)
    assert [(c.colour, c.tiles, c.points) for c in state.completions] == [("red", 3, 12), ("green", 8, 72)]
    assert (6 + 36) * 2 == 84


def test_one_tile_completing_3_and_6_tiles_scores_54() -> None:
    state = _position(3, ["TH-RG"])
    state.apply_trusted(COMPLETER)
    assert state.scores() == (54, 0)
    assert (triangle(3) + triangle(6)) * 2 == 54


def test_one_snake_scores_the_triangle_number_without_doubling() -> None:
    # the red head meets the red tail of TH-RG directly: the smallest snake, 2 tiles, 3 points
    state = GAME.setup([P("HT-RG", 0, -1, 180)], [["TH-RG"]])
    state.apply_trusted(P("TH-RG", 0, 0))
    assert state.scores() == (3, 0)


def test_a_loop_scores_like_a_snake_of_its_tiles() -> None:
    ring = [P("CC-RG", 0, 0, 90), P("CC-RY", 1, 0, 180), P("CC-RP", 1, 1, 270)]
    state = GAME.setup(ring, [["CC-RG"]])
    assert P("CC-RG", 0, 1) in state.legal_moves()
    state.apply(P("CC-RG", 0, 1))
    assert state.scores() == (10, 0)
    assert state.completions[0].tiles == 4


# ---------------------------------------------------------------------------- every rule id


def _refused(state: PitState, move: object, rule: str) -> IllegalMove:
    before = state.clone()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)  # type: ignore[arg-type]
    assert info.value.rule == rule, str(info.value)
    assert f"[{rule}]" in str(info.value)
    assert state == before, "a refused move must leave the state as it was"
    return info.value


def test_edge_mismatch_colour_and_blank() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-GY", "HT-RG"]])
    # X-GY unturned puts a green port on its S side against X-RG's red N port
    err = _refused(state, P("X-GY", 0, -1), "edge-mismatch")
    assert "green snake" in err.reason and "red snake" in err.reason
    # HT-RG turned 90: red head@E, green tail@W; at (1,0) its W tail meets X-RG's green E port: fine,
    # at (0,-1) its S side is blank against X-RG's red N port
    _refused(state, P("HT-RG", 0, -1, 90), "edge-mismatch")
    state.check(P("HT-RG", 1, 0, 90))


def test_every_shared_edge_must_match_not_just_one() -> None:
    # (1,1) has a purple port to the north (X-YP turned) and to the west (X-GP)
    state = GAME.setup([P("X-GY", 0, 0), P("X-YP", 1, 0, 90), P("X-GP", 0, 1)], [["X-RP", "CC-RP"]])
    _refused(state, P("X-RP", 1, 1, 90), "edge-mismatch")  # N matches (purple), W (red) does not
    state.check(P("CC-RP", 1, 1, 90))  # purple curve W-N: both match


def test_two_heads_and_two_tails() -> None:
    # a red head at (0,-1) pointing south; a second red head may not join that snake
    state = GAME.setup([P("HT-RG", 0, -1, 180), P("X-RG", 0, 0)], [["SH-GR", "ST-PR"]])
    # SH-GR: green N-S, red head@E; turned 270 the red head points north onto X-RG's red S port
    _refused(state, P("SH-GR", 0, 1, 270), "two-heads")
    # tails: a red tail below the snake is fine (ST-PR turned 270: red tail@N; it completes it) ...
    state.check(P("ST-PR", 0, 1, 270))
    # ... but a snake with a tail may not get a second one
    tails = GAME.setup([P("TH-RG", 0, -1), P("X-RY", 0, -2)], [["ST-PR"]])
    _refused(tails, P("ST-PR", 0, -3, 90), "two-tails")


def test_a_body_joining_two_headed_snakes_is_refused() -> None:
    # two red snakes with a head each, ends facing the empty cell (1,0) from W and E
    # red head@E at (0,0) and red head@W at (2,0), joined by a green/yellow bridge along y=-1
    heads = [P("SH-GR", 0, 0), P("CC-GY", 0, -1, 90), P("SH-GP", 1, -1, 270), P("CC-GY", 2, -1, 270),
             P("SH-YR", 2, 0, 0, True)]
    state = GAME.setup(heads, [["SH-RY"]])
    _refused(state, P("SH-RY", 1, 0, 90), "two-heads")  # red body W-E, blank N, yellow head S


def test_occupied_not_touching_not_in_hand_unknown_tile() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY"]])
    _refused(state, P("X-RY", 0, 0), "occupied")
    _refused(state, P("X-RY", 5, 5), "not-touching")
    _refused(state, P("X-RY", 1, 1), "not-touching")  # diagonal only
    _refused(state, P("X-RP", 0, 1), "not-in-hand")
    _refused(state, P("nope", 0, 1), "unknown-tile")
    _refused(state, Place("X-RY", (0, 1), 45), "bad-orientation")


def test_wrong_player_game_over_start_again_and_turn_shapes() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY", "X-RP", "CC-RG"], ["X-GY"]])
    _refused(state, Turn(1, (P("X-GY", 0, 1),)), "wrong-player")
    _refused(state, Pass(1), "wrong-player")
    _refused(state, Turn(0, ()), "empty-turn")
    three = (P("X-RY", 0, 1), P("X-RP", 0, 2), P("CC-RG", 0, 3))
    _refused(state, Turn(0, three), "too-many-tiles")
    _refused(state, Start(P("X-RY", 0, 0)), "start-again")
    state.apply(P("X-RY", 0, 1))
    _refused(state, Turn(0, (P("X-RP", 0, 2),)), "mid-turn")
    state.over = True
    _refused(state, P("X-RP", 0, 2), "game-over")


def test_pass_only_when_nothing_fits() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY"], ["X-GY"]])
    _refused(state, Pass(0), "pass-not-allowed")
    # X-RG shows red and green ports on all four sides; yellow/purple crossings and curves
    # have ports on all four sides too, so they fit nowhere next to it
    blocked = GAME.setup([P("X-RG", 0, 0)], [["X-YP", "CC-YP"], ["X-GY"]], bag=["CC-RG"])
    assert blocked.legal_moves() == [Pass(0)]
    blocked.apply(Pass(0))
    assert blocked.current_player == 1 and blocked.passes == 1
    assert blocked.hands[0] == [blocked.game.cat.ids["X-YP"], blocked.game.cat.ids["CC-YP"]]
    assert blocked.bag, "a pass draws nothing"


def test_the_second_tile_must_be_laid_when_one_fits() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY", "X-RP"], ["X-GY"]], bag=["CC-RG", "CC-GY", "CC-YP"])
    _refused(state, Turn(0, (P("X-RY", 0, 1),)), "must-place-second")
    state.apply(P("X-RY", 0, 1))
    assert state.current_player == 0 and state.placed == 1
    _refused(state, Pass(0), "must-place-second")
    state.apply(P("X-RP", 0, 2))
    assert state.current_player == 1 and state.placed == 0
    assert len(state.hands[0]) == 3 and not state.bag  # refilled as far as the bag allows
    assert state.record()["moves"][1] == {"player": 0, "place": [P("X-RY", 0, 1).to_json(),
                                                                  P("X-RP", 0, 2).to_json()]}


def test_one_legal_tile_is_laid_then_the_turn_ends_and_refills() -> None:
    # only CC-RG fits next to X-RG; HT-YP fits nowhere, before or after it
    state = GAME.setup([P("X-RG", 0, 0)], [["CC-RG", "HT-YP"], ["X-GY"]], bag=["CC-GY", "CC-RY"])
    assert {m.tile for m in state.legal_moves()} == {"CC-RG"}  # type: ignore[union-attr]
    state.apply(P("CC-RG", 1, 0))
    assert state.current_player == 1 and state.passes == 0  # not a pass
    assert sorted(state.hands[0]) == sorted(state.game.cat.ids[i] for i in ["HT-YP", "CC-RY", "CC-GY"])
    assert state.record()["moves"][-1] == {"player": 0, "place": [P("CC-RG", 1, 0).to_json()]}


def test_no_refill_from_an_empty_bag_and_the_game_ends_when_every_hand_is_empty() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY"], ["X-RP"]])
    state.apply(P("X-RY", 0, 1))
    assert state.hands[0] == [] and not state.is_terminal()
    state.apply(P("X-RP", 0, 2))
    assert state.is_terminal() and state.legal_moves() == []


def test_the_game_ends_after_a_full_round_of_passes() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-YP"], ["CC-YP"]], bag=["CC-RG"])
    state.apply(Pass(0))
    assert not state.is_terminal()
    state.apply(Pass(1))
    assert state.is_terminal()


def test_flip_is_applied_before_the_rotation() -> None:
    # SH-RY: red N-S, yellow head@E. Flipped: head@W; then turned 90: head@N.
    state = GAME.setup([P("HT-GY", 0, 0)], [["SH-RY"]])  # HT-GY: yellow tail@S
    state.check(P("SH-RY", 0, 1, 90, True))
    _refused(state, P("SH-RY", 0, 1, 90, False), "edge-mismatch")  # unflipped the head points south


def test_the_rule_table_is_complete() -> None:
    for rule in ("edge-mismatch", "two-heads", "two-tails", "not-touching", "occupied", "not-in-hand",
                 "must-place-second", "pass-not-allowed", "wrong-player"):
        assert RULES[rule]


# ---------------------------------------------------------------------------- variants


def test_double_markers_are_taken_for_6_tiles_and_double_the_next_completion() -> None:
    game = PitGame(options=PitOptions(2, frozenset({"double-markers"})))
    state = game.setup(RED_3[:1] + RED_3[1:] + GREEN_BODIES[:3] + [P(GREEN_TAIL, 5, 0, 180)],
                       [["TH-RG", "CC-GY"], []])
    state.apply_trusted(COMPLETER)  # 3 + 6 tiles: 54, and a marker for the 6-tile snake
    assert state.points == [54, 0] and state.ready == [True, False] and state.supply == 1
    small = game.setup([P("HT-RG", 0, -1, 180)], [["TH-RG"]])
    small.ready[0], small.taken[0] = True, True
    small.apply_trusted(P("TH-RG", 0, 0))
    assert small.scores() == (6, 0) and small.ready == [False, False]  # 3 doubled, marker spent


def test_secret_colour_doubles_that_colour_at_the_end() -> None:
    game = PitGame(options=PitOptions(2, frozenset({"secret-colour"}), ("green", "red")))
    state = game.replay_state(P("HT-RG", 0, -1, 180))
    state.apply(Turn(0, (P("TH-RG", 0, 0),)))  # the red 2-tile snake: 3 points for seat 0
    assert state.scores() == (3, 0)  # secret until the end
    state.over = True
    assert state.scores() == (3, 0)  # seat 0's colour is green
    game_red = PitGame(options=PitOptions(2, frozenset({"secret-colour"}), ("red", "green")))
    red = game_red.replay_state(P("HT-RG", 0, -1, 180))
    red.apply(Turn(0, (P("TH-RG", 0, 0),)))
    red.over = True
    assert red.scores() == (6, 0)


def test_secret_colour_draws_different_marker_colours_per_seat() -> None:
    game = PitGame(options=PitOptions(4, frozenset({"secret-colour"})))
    state = game.new_initial_state(7)
    assert state.secret is not None and sorted(state.secret) == [0, 1, 2, 3]
    assert state.record()["options"]["secret"] == [game.set.colours[c] for c in state.secret]
    with pytest.raises(DataError, match="snake-head marker per player"):
        PitGame(options=PitOptions(5, frozenset({"secret-colour"})))
    with pytest.raises(DataError, match="options.secret"):
        PitGame(options=PitOptions(2, frozenset({"secret-colour"}))).replay_state(P("X-RG", 0, 0))


def test_new_game_deals_five_each_and_lays_the_start_tile() -> None:
    state = PitGame(options=PitOptions(3)).new_initial_state(3)
    assert [len(h) for h in state.hands] == [5, 5, 5] and len(state.bag) == 54 - 1 - 15
    assert list(state.board.cells) == [(0, 0)]
    assert state.record()["moves"][0]["start"]["at"] == [0, 0]
    assert state == PitGame(options=PitOptions(3)).new_initial_state(3)
    assert state != PitGame(options=PitOptions(3)).new_initial_state(4)


def test_a_turn_is_all_or_nothing() -> None:
    state = GAME.setup([P("X-RG", 0, 0)], [["X-RY", "X-RP"], ["X-GY"]], bag=["CC-RG"])
    # the first tile is fine, the second touches nothing: nothing of the turn may stay
    err = _refused(state, Turn(0, (P("X-RY", 0, 1), P("X-RP", 7, 7))), "not-touching")
    assert "X-RP at (7, 7)" in str(err)
    state.apply(Turn(0, (P("X-RY", 0, 1), P("X-RP", 0, 2))))
    assert state.current_player == 1 and len(state.board.cells) == 3


def test_doublings_multiply_and_an_empty_supply_gives_no_marker() -> None:
    game = PitGame(options=PitOptions(2, frozenset({"double-markers"})))
    green = GREEN_BODIES + [P(GREEN_TAIL, 7, 0, 180)]
    state = game.setup(RED_3 + green, [["TH-RG"], []])
    state.ready[0] = state.taken[0] = True
    state.apply_trusted(COMPLETER)  # 3 + 8 tiles: (6 + 36) x2 for two snakes, x2 for the marker
    assert state.points == [168, 0] and state.ready == [False, False] and state.supply == 2
    empty = game.setup(RED_3 + green, [["TH-RG"], []])
    empty.supply = 0
    empty.apply_trusted(COMPLETER)
    assert empty.points == [84, 0] and empty.taken == [False, False]
