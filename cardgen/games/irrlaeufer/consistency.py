"""Board and set-up consistency for `cardgen check irrlaeufer` (issue 5, item 4).

`check_board` returns one `Finding` per statement it verifies: the board size, the pieces on
fields 3..13 odd of the home rows, the castles where docs/rulings.md (Irrläufer) puts them, and that the
configured number of sticks fits under the phase-1 rules, proven by laying them one by one
through the checked rules engine (`lay_proof`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import IllegalMove
from cardgen.games.irrlaeufer.components import (
    COLUMNS,
    MAX_ROWS,
    MIN_ROWS,
    PIECE_COLUMNS,
    Field,
    IrrBoard,
    Side,
    castle_fields,
)
from cardgen.games.irrlaeufer.maze import fit_construction
from cardgen.games.irrlaeufer.moves import Lay
from cardgen.games.irrlaeufer.rules import IrrState


@dataclass(frozen=True, slots=True)
class Finding:
    """One verified statement about a board: `topic` (rows, pieces, castles, sticks), whether
    it holds, and a sentence saying what was found."""

    topic: str
    ok: bool
    message: str


def lay_proof(board: IrrBoard) -> tuple[IrrState, str | None]:
    """Lay `board.sticks` sticks of `maze.fit_construction` alternately for red and blue through
    the checked `apply`. Returns the state reached and None, or the state and why it failed."""
    state = IrrState(board)
    places = fit_construction(board.rows)
    if len(places) < board.sticks:
        return state, (f"the construction has only {len(places)} places on {board.rows} rows, "
                       f"{board.sticks} sticks are set")
    for n, stick in enumerate(places[:board.sticks], 1):
        try:
            state.apply(Lay(state.to_move, stick))
        except IllegalMove as exc:
            return state, f"stick {n} ({stick}) was refused: {exc}"
    return state, None


def _mirror(f: Field, rows: int) -> Field:
    return (f[0], rows + 1 - f[1])


def check_board(board: IrrBoard) -> list[Finding]:
    """Every consistency statement about `board` and its set-up, each as a Finding."""
    out: list[Finding] = []
    rows = board.rows
    out.append(Finding("rows", MIN_ROWS <= rows <= MAX_ROWS and board.columns == COLUMNS,
                       f"board {board.columns} x {rows} fields (allowed: {COLUMNS} x {MIN_ROWS}-{MAX_ROWS})"))
    state = IrrState(board)
    pos = state.pos
    for side in (Side.RED, Side.BLUE):
        fields = sorted(f for f, s in pos.pieces.items() if s is side)
        home = [(c, board.home_row(side)) for c in PIECE_COLUMNS]
        out.append(Finding("pieces", fields == home and all(c % 2 == 1 and 3 <= c <= 13 for c, _ in fields),
                           f"{side.label}: {len(fields)} pieces on row {board.home_row(side)}, "
                           f"fields {', '.join(str(c) for c, _ in fields)}"))
    # docs/rulings.md: red's chips sit on the crossings of horizontal line 2 (rows 2/3) with
    # vertical lines 1 (fields 1/2) and 14 (fields 14/15); blue's mirror them.
    red_want = {frozenset(castle_fields((c, 2))) for c in (1, COLUMNS - 1)}
    for side in (Side.RED, Side.BLUE):
        places = [p for p, o in zip(pos.c_pos, pos.c_owner) if o is side]
        got = {frozenset(castle_fields(p)) for p in places}
        want = red_want if side is Side.RED else {frozenset(_mirror(f, rows) for f in fs) for fs in red_want}
        clear = not any(f in pos.pieces for fs in got for f in fs)
        out.append(Finding("castles", got == want and len(places) == 2 and clear,
                           f"{side.label}: castles over fields "
                           + " and ".join(f"({p[0]}-{p[0] + 1}, {p[1]}-{p[1] + 1})" for p in sorted(places))))
    proved, why = lay_proof(board)
    if why is None:
        out.append(Finding("sticks", proved.phase == 2 and len(proved.pos.sticks) == board.sticks,
                           f"{board.sticks} sticks fit on {rows} rows: laid one by one under the phase-1 rules"))
    else:
        out.append(Finding("sticks", False, f"{board.sticks} sticks not proven to fit: {why}"))
    return out
