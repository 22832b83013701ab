"""Irrläufer rules on hand-built positions: every rule id, captures, conquests, the endings."""

from __future__ import annotations

import pytest

from cardgen.errors import IllegalMove
from cardgen.games.irrlaeufer.components import Dir, IrrBoard, Side, Stick
from cardgen.games.irrlaeufer.moves import RULES, EndTurn, Go, Lay, Slide, Turn
from cardgen.games.irrlaeufer.position import Castle
from cardgen.games.irrlaeufer.rules import IrrState

R, B = Side.RED, Side.BLUE


def V(line: int, start: int) -> Stick:
    return Stick(Dir.V, line, start)


def H(line: int, start: int) -> Stick:
    return Stick(Dir.H, line, start)


def refused(state: IrrState, move: object, rule: str) -> None:
    """Assert `move` is refused with `rule`, by check and by apply, leaving the state alone."""
    assert rule in RULES
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.check(move)  # type: ignore[arg-type]
    assert info.value.rule == rule, str(info.value)
    with pytest.raises(IllegalMove):
        state.apply(move)  # type: ignore[arg-type]
    assert state.to_json() == before


def castle(pos: tuple[int, int], owner: Side, piece: bool = False, on: int | None = None) -> Castle:
    return Castle(pos, owner, piece, on)


HOME_CASTLES = [castle((1, 2), R), castle((14, 2), R), castle((1, 19), B), castle((14, 19), B)]


def play2(sticks=(), pieces=None, castles=None, to_move=R, last=(), rows=21) -> IrrState:
    """A phase-2 position; by default no pieces, the castles at home, no sticks."""
    return IrrState.custom(IrrBoard(rows=rows), sticks=sticks, pieces=pieces or {},
                           castles=HOME_CASTLES if castles is None else castles,
                           to_move=to_move, last_slides=last)


PARK = Stick(Dir.V, 13, 9)
"""A spare stick, far from the scenes below, that takes a turn's slides."""


def moving(sticks=(), **kw) -> IrrState:
    """A phase-2 position where red has already slid (`PARK` by 3) and now moves."""
    s = play2(sticks=[*sticks, PARK], **kw)
    s.apply(Slide(R, PARK, 3))
    assert not s.sliding
    return s


# --------------------------------------------------------------------------- phase 1


def lay1(*sticks: Stick) -> IrrState:
    return IrrState.custom(sticks=sticks, phase=1)


def test_set_up_matches_rulings() -> None:
    s = IrrState(IrrBoard(rows=21))
    assert sorted(f for f, side in s.pos.pieces.items() if side is R) == [(c, 1) for c in range(3, 14, 2)]
    assert sorted(f for f, side in s.pos.pieces.items() if side is B) == [(c, 21) for c in range(3, 14, 2)]
    assert [(c.pos, c.owner) for c in s.castles] == [((1, 2), R), ((14, 2), R), ((1, 19), B), ((14, 19), B)]
    assert s.to_move is R and s.phase == 1


def test_wrong_player_and_phase() -> None:
    s = IrrState()
    refused(s, Lay(B, V(5, 5)), "wrong-player")
    refused(s, Slide(R, V(5, 5), 1), "wrong-phase")
    refused(s, EndTurn(R), "wrong-phase")
    refused(s, Turn(R, ((V(5, 5), 3),)), "wrong-phase")
    refused(play2(sticks=[V(5, 5)]), Lay(R, V(8, 5)), "wrong-phase")


def test_border_groove_and_off_board() -> None:
    s = IrrState()
    for stick in (V(0, 5), V(15, 5), H(0, 5), H(21, 5)):
        refused(s, Lay(R, stick), "border-groove")
    for stick in (V(16, 5), H(22, 5), V(5, 20), V(5, 0), H(5, 14)):
        refused(s, Lay(R, stick), "off-board")
    s.apply(Lay(R, V(5, 19)))     # rows 19-21: the last place on the line
    s.apply(Lay(B, H(20, 13)))    # columns 13-15


def test_overlaps_stick() -> None:
    refused(lay1(V(3, 5)), Lay(R, V(3, 6)), "overlaps-stick")
    refused(lay1(V(3, 5)), Lay(R, V(3, 3)), "overlaps-stick")
    lay1(V(3, 5)).apply(Lay(R, V(3, 8)))   # end to end is fine


def test_crosses_stick() -> None:
    s = lay1(H(5, 3))                   # columns 3-5 under row 5: covers crossings v3/h5, v4/h5
    refused(s, Lay(R, V(4, 4)), "crosses-stick")
    refused(s, Lay(R, V(3, 5)), "crosses-stick")


def test_t_junction_at_an_end_crossing_is_legal() -> None:
    """Reading: an end crossing is only not covered by its own stick; another may pass it."""
    s = lay1(H(5, 3))
    s.apply(Lay(R, V(5, 4)))            # crosses h5 at v5, which is the horizontal stick's end
    s2 = lay1(H(5, 3))
    s2.apply(Lay(R, V(2, 3)))           # ends at v2/h5, the other end crossing of H(5, 3)


def test_castle_area() -> None:
    s = IrrState()
    for stick in (V(1, 1), V(1, 2), V(1, 3), H(2, 1), H(2, 2), V(14, 2), H(2, 13), V(1, 18), H(19, 13)):
        refused(s, Lay(R, stick), "castle-area")
    for stick in (H(1, 1), H(3, 1), V(2, 1), V(2, 2), V(13, 2), H(1, 13), V(1, 4)):   # along the outline
        assert IrrState().check(Lay(R, stick)) is None


def test_full_groove() -> None:
    refused(lay1(H(5, 1), H(5, 4), H(5, 7), H(5, 10)), Lay(R, H(5, 13)), "full-groove")
    refused(lay1(*[V(5, r) for r in (1, 4, 7, 10, 13, 16)]), Lay(R, V(5, 19)), "full-groove")
    lay1(*[V(5, r) for r in (1, 4, 7, 10, 13)]).apply(Lay(R, V(5, 16)))   # rows 19-21 stay free


def test_phase_1_ends_after_all_sticks() -> None:
    s = IrrState(IrrBoard(sticks=2))
    s.apply(Lay(R, V(5, 5)))
    s.apply(Lay(B, V(8, 5)))
    assert s.phase == 2 and s.to_move is R and s.sliding


def test_phase_1_ends_when_the_player_to_move_cannot_lay() -> None:
    s = IrrState(IrrBoard(rows=17, sticks=200))
    while s.phase == 1:
        mover = s.to_move
        s.apply(s.legal_moves()[0])
    from cardgen.games.irrlaeufer.maze import legal_lays
    assert not legal_lays(s.pos) and len(s.sticks) < 200
    assert s.to_move is mover.other     # the player who could not lay starts phase 2


# --------------------------------------------------------------------------- phase 2: slides


def test_no_stick_and_slide_twice() -> None:
    s = play2(sticks=[V(5, 5), V(8, 5)])
    refused(s, Slide(R, V(5, 6), 1), "no-stick")
    s.apply(Slide(R, V(5, 5), 1))
    refused(s, Slide(R, V(5, 6), 1), "slide-twice")
    refused(s, Slide(R, V(5, 6), -1), "slide-twice")
    s.apply(Slide(R, V(8, 5), 2))
    assert not s.sliding


def test_slide_back() -> None:
    s = play2(sticks=[V(5, 7), V(8, 5)], last=[(V(5, 7), 2)])   # blue slid it from rows 5-7
    refused(s, Slide(R, V(5, 7), -1), "slide-back")
    refused(s, Slide(R, V(5, 7), -3), "slide-back")
    s.apply(Slide(R, V(5, 7), 1))                                 # further the same way is fine


def test_slide_back_across_turns() -> None:
    s = play2(sticks=[V(5, 5), V(9, 5)])
    s.apply(Turn(R, ((V(5, 5), 2), (V(9, 5), 1))))
    assert s.to_move is B
    refused(s, Slide(B, V(5, 7), -1), "slide-back")
    refused(s, Slide(B, V(9, 6), -2), "slide-back")
    s.apply(Turn(B, ((V(5, 7), 1), (V(9, 6), 2))))
    refused(s, Slide(R, V(5, 8), -1), "slide-back")    # now blue slid it: red may not undo that
    s.apply(Slide(R, V(9, 8), 3))


def test_slide_blocked() -> None:
    s = play2(sticks=[V(5, 14), V(5, 17)])
    refused(s, Slide(R, V(5, 14), 1), "slide-blocked")          # the stick ahead on the line
    s.apply(Slide(R, V(5, 17), 2))
    s.apply(Slide(R, V(5, 14), 1))                              # order matters: now there is room
    refused(play2(sticks=[V(5, 5), H(7, 5)]), Slide(R, V(5, 5), 1), "slide-blocked")   # covered crossing
    refused(play2(sticks=[V(1, 4)]), Slide(R, V(1, 4), -1), "slide-blocked")          # castle interior
    refused(play2(sticks=[V(5, 19)]), Slide(R, V(5, 19), 1), "slide-blocked")         # the edge
    refused(play2(sticks=[H(5, 13)]), Slide(R, H(5, 13), 1), "slide-blocked")


def test_sliding_along_a_castle_outline_and_under_pieces() -> None:
    s = play2(sticks=[V(2, 5)], pieces={(2, 4): R, (3, 3): B})
    s.apply(Slide(R, V(2, 5), -3))     # v2 is the red castle's east outline; pieces do not block
    assert s.sticks == (V(2, 2),)


def test_slide_total() -> None:
    s = play2(sticks=[V(5, 5), V(9, 5)])
    refused(s, EndTurn(R), "slide-total")
    refused(s, Go(R, (1, 2), (1, 5)), "slide-total")
    s.apply(Slide(R, V(5, 5), 1))
    refused(s, Slide(R, V(9, 5), 3), "slide-total")
    # a slide that leaves the rest unreachable: only one stick can move at all
    lone = play2(sticks=[V(5, 5)])
    assert lone.remaining == 3
    refused(lone, Slide(R, V(5, 5), 1), "slide-total")
    lone.apply(Slide(R, V(5, 5), 3))


def test_fewer_than_three_when_three_are_impossible() -> None:
    walls = [castle((1, 2), R), castle((1, 9), R), castle((14, 2), B), castle((14, 19), B)]
    s = play2(sticks=[V(1, 4)], castles=walls)     # rows 4-6 between castle interiors: room 2
    assert s.remaining == 2
    refused(s, Slide(R, V(1, 4), 1), "slide-total")
    refused(s, Slide(R, V(1, 4), 3), "slide-total")
    s.apply(Slide(R, V(1, 4), 2))
    assert not s.sliding
    none = play2()
    assert none.remaining == 0 and EndTurn(R) in none.legal_moves()


# --------------------------------------------------------------------------- phase 2: moves


def test_piece_moves_straight_as_far_as_free() -> None:
    s = play2(pieces={(5, 5): R})
    goes = {m.dst for m in s.legal_moves() if isinstance(m, Go)}
    assert (15, 5) in goes and (5, 1) in goes and (5, 21) in goes and (6, 6) not in goes
    refused(s, Go(R, (5, 5), (6, 6)), "not-straight")
    refused(s, Go(R, (5, 5), (5, 5)), "not-straight")
    refused(s, Go(R, (5, 5), (16, 5)), "off-board")


def test_no_piece() -> None:
    s = play2(pieces={(5, 5): R, (8, 8): B})
    refused(s, Go(R, (6, 6), (6, 7)), "no-piece")
    refused(s, Go(R, (8, 8), (8, 9)), "no-piece")
    refused(s, Go(R, (2, 3), (2, 6)), "no-piece")       # a castle is named by its top-left field
    refused(s, Go(R, (1, 19), (1, 16)), "no-piece")     # blue's castle


def test_stick_in_way() -> None:
    s = moving(sticks=[V(6, 4)], pieces={(5, 5): R})
    refused(s, Go(R, (5, 5), (7, 5)), "stick-in-way")       # between (6, 5) and (7, 5)
    s2 = moving(sticks=[V(5, 4)], pieces={(5, 5): R})
    refused(s2, Go(R, (5, 5), (6, 5)), "stick-in-way")
    s3 = moving(sticks=[H(5, 5)], pieces={(5, 5): R})    # a stick along the way does not block
    s3.apply(Go(R, (5, 5), (9, 5)))


def test_jumps() -> None:
    s = play2(pieces={(5, 5): R, (7, 5): B, (5, 3): R})
    refused(s, Go(R, (5, 5), (8, 5)), "jumps")          # over an enemy piece
    refused(s, Go(R, (5, 5), (5, 2)), "jumps")          # over an own piece
    s2 = play2(pieces={(1, 6): R})
    refused(s2, Go(R, (1, 6), (1, 1)), "jumps")         # over a castle (1-2, 2-3)


def test_capture() -> None:
    s = play2(pieces={(5, 5): R, (9, 5): B, (3, 20): B})
    s.apply(Go(R, (5, 5), (9, 5)))
    assert s.pos.pieces == {(9, 5): R, (3, 20): B} and s.quiet == 0


def test_own_piece() -> None:
    refused(play2(pieces={(5, 5): R, (9, 5): R}), Go(R, (5, 5), (9, 5)), "own-piece")


def test_own_castle() -> None:
    refused(play2(pieces={(1, 6): R}), Go(R, (1, 6), (1, 3)), "own-castle")
    refused(play2(pieces={(4, 2): R}), Go(R, (4, 2), (2, 2)), "own-castle")


def test_conquest_and_must_leave() -> None:
    s = play2(pieces={(1, 10): R, (8, 8): R, (10, 10): B})
    s.apply(Go(R, (1, 10), (1, 18)))            # one step short of blue's castle (1-2, 19-20)
    s.apply(EndTurn(B))
    s.apply(Go(R, (1, 18), (1, 19)))
    c = s.castles[2]
    assert c.owner is R and c.piece and (1, 19) not in s.pos.pieces and s.pos.pieces_of(R) == 2
    assert s.scores() == (3.0, 1.0) and s.quiet == 0
    s.apply(EndTurn(B))
    refused(s, Go(R, (8, 8), (8, 9)), "must-leave")
    refused(s, EndTurn(R), "must-leave")
    refused(s, Go(R, (2, 20), (2, 19)), "leave-fully")
    assert all(m.src in {(1, 19), (2, 19), (1, 20), (2, 20)} for m in s.legal_moves())
    s.apply(Go(R, (2, 19), (5, 19)))            # leaves from any of its fields, across the castle
    assert not s.castles[2].piece and s.castles[2].owner is R and s.pos.pieces[(5, 19)] is R


CORNER = {(14, 20), (15, 20), (14, 21), (15, 21)}


def test_must_leave_carries_over_when_no_way_out() -> None:
    cs = HOME_CASTLES[:3] + [castle((14, 20), R, piece=True)]     # red piece on the corner castle
    walls = {(14, 19): R, (15, 19): R, (13, 20): R, (13, 21): R, (5, 5): R, (9, 9): B}
    s = play2(pieces=walls, castles=cs)
    assert not any(isinstance(m, Go) and m.src in CORNER for m in s.legal_moves())
    s.apply(Go(R, (5, 5), (5, 6)))          # no way out: any move, and the duty stays
    assert s.castles[3].piece
    s.apply(EndTurn(B))
    s.apply(Go(R, (13, 21), (10, 21)))      # still boxed in; this opens the west side
    s.apply(EndTurn(B))
    refused(s, Go(R, (5, 6), (5, 7)), "must-leave")
    s.apply(Go(R, (14, 21), (11, 21)))
    assert not s.castles[3].piece and s.pos.pieces[(11, 21)] is R


def test_must_leave_is_judged_after_the_slides() -> None:
    """Reading: whether a leaving move exists is asked at the move, after this turn's slides."""
    cs = HOME_CASTLES[:3] + [castle((14, 19), R, piece=True)]
    walls = {(14, 18): R, (15, 18): R, (14, 21): R, (15, 21): R, (5, 5): R}
    s = play2(sticks=[V(13, 18), V(5, 8)], pieces=walls, castles=cs)
    kept = s.clone()
    s.apply(Slide(R, V(13, 18), -3))        # opens the west side
    refused(s, Go(R, (5, 5), (5, 6)), "must-leave")
    s.apply(Go(R, (14, 19), (12, 19)))
    kept.apply(Slide(R, V(5, 8), 3))        # keeps it shut: free to move anything
    kept.apply(Go(R, (5, 5), (5, 6)))
    assert kept.castles[3].piece


def test_occupied_castle() -> None:
    cs = HOME_CASTLES[:2] + [castle((1, 19), B, piece=True), HOME_CASTLES[3]]
    s = play2(pieces={(1, 10): R}, castles=cs)
    refused(s, Go(R, (1, 10), (1, 19)), "occupied-castle")
    stacked = HOME_CASTLES[:2] + [castle((1, 19), B), castle((1, 19), B, on=2)]
    refused(play2(pieces={(1, 10): R}, castles=stacked), Go(R, (1, 10), (1, 19)), "occupied-castle")
    # a castle with a piece on it is never the thing that moves: the piece leaves instead
    mine = [castle((5, 5), R, piece=True), HOME_CASTLES[1], HOME_CASTLES[2], HOME_CASTLES[3]]
    s2 = play2(castles=mine)
    s2.apply(Go(R, (5, 5), (5, 2)))
    assert s2.castles[0].pos == (5, 5) and not s2.castles[0].piece and s2.pos.pieces == {(5, 2): R}


def test_castle_moves_need_a_lane() -> None:
    cs = [castle((5, 5), R), HOME_CASTLES[1], HOME_CASTLES[2], HOME_CASTLES[3]]
    across = moving(sticks=[V(7, 6)], castles=cs)          # crosses the lane in row 6 only
    refused(across, Go(R, (5, 5), (7, 5)), "castle-lane")
    across.apply(Go(R, (5, 5), (6, 5)))
    under = moving(sticks=[H(5, 8)], castles=cs)           # lies along the lane, between its rows
    refused(under, Go(R, (5, 5), (7, 5)), "castle-lane")
    under.apply(Go(R, (5, 5), (6, 5)))
    piece = moving(sticks=[H(5, 8)], pieces={(5, 5): R}, castles=cs[1:] + [castle((1, 12), R)])
    piece.apply(Go(R, (5, 5), (12, 5)))                   # a piece passes the same way
    refused(play2(castles=cs), Go(R, (5, 5), (15, 5)), "off-board")
    refused(play2(castles=cs), Go(R, (5, 5), (6, 6)), "not-straight")


def test_castle_jumps_captures_and_own_piece() -> None:
    cs = [castle((5, 5), R), HOME_CASTLES[1], HOME_CASTLES[2], HOME_CASTLES[3]]
    refused(play2(castles=cs, pieces={(8, 6): B}), Go(R, (5, 5), (9, 5)), "jumps")
    refused(play2(castles=cs, pieces={(8, 6): R}), Go(R, (5, 5), (7, 5)), "own-piece")
    refused(play2(castles=cs, pieces={(8, 6): B, (8, 5): R}), Go(R, (5, 5), (7, 5)), "own-piece")
    refused(play2(castles=cs, pieces={(7, 6): R}), Go(R, (5, 5), (8, 5)), "jumps")
    s = play2(castles=cs, pieces={(8, 6): B, (8, 5): B, (3, 3): B})
    s.apply(Go(R, (5, 5), (7, 5)))          # slides onto the 2x2 it lands on: both captured
    assert s.pos.pieces == {(3, 3): B} and s.castles[0].pos == (7, 5)


def test_castle_overlap_and_conquest_by_castle() -> None:
    cs = [castle((1, 15), R), HOME_CASTLES[1], HOME_CASTLES[2], HOME_CASTLES[3]]
    s = play2(castles=cs)
    refused(s, Go(R, (1, 15), (1, 18)), "castle-overlap")  # rows 18-19 would half cover (1, 19)
    refused(play2(castles=[castle((12, 2), R)] + HOME_CASTLES[1:]), Go(R, (12, 2), (13, 2)), "castle-overlap")
    s.apply(Go(R, (1, 15), (1, 19)))
    assert s.castles[2].owner is R and s.castles[0].on == 2 and s.scores() == (3.0, 1.0)
    s.apply(EndTurn(B))
    refused(s, EndTurn(R), "must-leave")
    refused(s, Go(R, (1, 19), (1, 18)), "leave-fully")
    refused(s, Go(R, (1, 19), (2, 19)), "leave-fully")
    moves = {m.dst for m in s.legal_moves() if isinstance(m, Go)}
    assert moves and all(abs(d[0] - 1) >= 2 or abs(d[1] - 19) >= 2 for d in moves)
    s.apply(Go(R, (1, 19), (3, 19)))
    assert s.castles[0].on is None and s.castles[2].owner is R


def test_own_castle_by_castle() -> None:
    cs = [castle((5, 5), R), castle((5, 9), R), HOME_CASTLES[2], HOME_CASTLES[3]]
    refused(play2(castles=cs), Go(R, (5, 5), (5, 9)), "own-castle")


def test_win_with_all_four_castles() -> None:
    cs = [HOME_CASTLES[0], HOME_CASTLES[1], castle((1, 19), R), HOME_CASTLES[3]]
    s = play2(pieces={(14, 10): R}, castles=cs)
    s.apply(Go(R, (14, 10), (14, 19)))
    assert s.is_terminal() and s.outcome is not None and s.outcome.winner is R
    assert s.outcome.rule == "all-castles" and s.scores() == (4.0, 0.0) and s.legal_moves() == []
    refused(s, EndTurn(B), "game-over")


def test_draw_by_repetition() -> None:
    cs = [castle((5, 5), R), castle((9, 5), R), castle((5, 15), B), castle((9, 15), B)]
    s = play2(castles=cs)
    for _ in range(2):
        s.apply(Go(R, (5, 5), (5, 6)))
        s.apply(Go(B, (5, 15), (5, 14)))
        s.apply(Go(R, (5, 6), (5, 5)))
        assert not s.is_terminal()
        s.apply(Go(B, (5, 14), (5, 15)))
    assert s.outcome is not None and s.outcome.rule == "repetition" and s.outcome.winner is None


def test_draw_after_100_quiet_rounds() -> None:
    t = play2(pieces={(3, 3): R, (3, 9): B})
    t.quiet = 199
    t.apply(Go(R, (3, 3), (3, 9)))                      # a capture resets the count
    assert t.quiet == 0 and not t.is_terminal()
    t.quiet = 199
    t.apply(EndTurn(B))
    assert t.outcome is not None and t.outcome.rule == "hundred-rounds" and t.outcome.winner is None


def test_whole_turn_is_all_or_nothing() -> None:
    s = play2(sticks=[V(5, 5), V(9, 5)], pieces={(3, 3): R})
    bad = Turn(R, ((V(5, 5), 2), (V(9, 5), 1)), ((3, 3), (4, 4)))
    refused(s, bad, "not-straight")
    short = Turn(R, ((V(5, 5), 2),), ((3, 3), (3, 4)))
    refused(s, short, "slide-total")
    s.apply(Turn(R, ((V(5, 5), 2), (V(9, 5), 1)), ((3, 3), (3, 6))))
    assert s.to_move is B and s.pos.pieces == {(3, 6): R}
    s.apply(Slide(B, V(5, 7), 3))
    refused(s, Turn(B, (), None), "wrong-phase")


def test_every_rule_id_is_tested() -> None:
    from pathlib import Path

    here = Path(__file__).parent  # the scenario tests of the rule fixes live beside this file
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("test_*irr*.py")))
    missing = [rule for rule in RULES if f'"{rule}")' not in source]
    assert not missing
