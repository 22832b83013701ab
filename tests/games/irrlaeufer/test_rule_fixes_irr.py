"""Scenario tests and a golden record for the Irrläufer rule fix: a moving castle never passes
over a piece; its move ends at the latest at the first step whose 2×2 holds an enemy piece
(`castle-passes-piece` one field further, `jumps` beyond that)."""

from __future__ import annotations

import json
from pathlib import Path

from test_irr_rules import HOME_CASTLES, B, R, castle, play2, refused

from cardgen.commands.replay import replay
from cardgen.games.irrlaeufer.moves import Go
from cardgen.registry import GAMES

RECORDS = Path(__file__).resolve().parents[2] / "records"
CASTLE = [castle((5, 5), R), *HOME_CASTLES[1:]]
"""A red castle on (5,5)-(6,6) in the open, the other castles at home."""


def castle_dsts(state, src):
    return {m.dst for m in state.legal_moves() if isinstance(m, Go) and m.src == src}


def test_castle_passes_piece():
    """Blue's piece on (7,5): the castle's first step east already holds it, so the move ends
    there (capturing); one field further is `castle-passes-piece`, two fields `jumps`."""
    s = play2(castles=CASTLE, pieces={(7, 5): B, (3, 3): B})
    refused(s, Go(R, (5, 5), (7, 5)), "castle-passes-piece")
    refused(s, Go(R, (5, 5), (8, 5)), "jumps")
    assert {d for d in castle_dsts(s, (5, 5)) if d[1] == 5 and d[0] > 5} == {(6, 5)}
    s.apply(Go(R, (5, 5), (6, 5)))
    assert s.pos.pieces == {(3, 3): B} and s.castles[0].pos == (6, 5)


def test_castle_passes_piece_in_every_direction_and_on_the_lane_s_other_side():
    """The piece may stand in either field of the lane's width; the rule holds along columns."""
    s = play2(castles=CASTLE, pieces={(6, 9): B})  # south: rows 9 is entered by the step to (5,8)
    refused(s, Go(R, (5, 5), (5, 9)), "castle-passes-piece")
    assert (5, 8) in castle_dsts(s, (5, 5)) and (5, 9) not in castle_dsts(s, (5, 5))
    s = play2(castles=CASTLE, pieces={(3, 6): B})  # west: column 3 is entered by the step to (3,5)
    refused(s, Go(R, (5, 5), (2, 5)), "castle-passes-piece")
    assert (3, 5) in castle_dsts(s, (5, 5)) and (2, 5) not in castle_dsts(s, (5, 5))


def test_castle_still_lands_on_pieces_in_the_row_it_enters_last():
    """Pieces in the row entered by the last step are captured as before, even two at once."""
    s = play2(castles=CASTLE, pieces={(8, 5): B, (8, 6): B})
    assert (7, 5) in castle_dsts(s, (5, 5))
    s.apply(Go(R, (5, 5), (7, 5)))
    assert s.pos.pieces == {} and s.castles[0].pos == (7, 5)


def test_own_piece_one_step_before_is_still_own_piece():
    s = play2(castles=CASTLE, pieces={(7, 6): R})
    refused(s, Go(R, (5, 5), (7, 5)), "own-piece")


def test_castle_passes_piece_record():
    """From the start (two sticks): blue walks a piece into the lane of red's castle at (1,2);
    the castle may go down to (1,9), whose 2×2 holds the piece, but not to (1,10)."""
    result = replay(RECORDS / "irr-castle-passes-piece.json", GAMES)
    assert result.applied == 6 and not result.legal
    assert result.error["move"] == 6 and result.error["rule"] == "castle-passes-piece"
    state = result.state
    last = state.move_from_json(json.loads((RECORDS / "irr-castle-passes-piece.json").read_text())["moves"][6])
    for step in last.steps()[:-1]:  # the refused turn's slides, then the castle's choices
        state.apply(step)
    assert (1, 9) in castle_dsts(state, (1, 2)) and (1, 10) not in castle_dsts(state, (1, 2))
