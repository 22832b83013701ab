"""Irrläufer faces: the board (at any field size), standees, castle chips, sticks and the gauge.

Translates the board settings (`IrrBoard`) into the plain art specs of `cardgen.art`; imports
no rules module.
"""

from __future__ import annotations

from cardgen.games.irrlaeufer.board_art import BLUE, RED, BoardSpec, board_svg
from cardgen.games.irrlaeufer.components import IrrBoard, Side
from cardgen.games.irrlaeufer.parts_art import (
    StandeeSize,
    castle_pair_svg,
    castle_size,
    castle_svg,
    gauge_size,
    gauge_svg,
    standee_figure_svg,
    standee_svg,
    stick_svg,
)
from cardgen.print.faces import Face

PIECES_PER_SIDE = 6
CASTLES = 4


def board_spec(board: IrrBoard, field: float | None = None) -> BoardSpec:
    """The art spec of `board`, drawn with fields of `field` mm (default: the board's own)."""
    return BoardSpec(
        rows=board.rows, field=field or board.field_size, columns=board.columns,
        red_starts=board.piece_fields(Side.RED), blue_starts=board.piece_fields(Side.BLUE),
        red_castles=board.castle_places(Side.RED), blue_castles=board.castle_places(Side.BLUE),
    )


def _mm(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", "_")


def board_face(board: IrrBoard, bleed: float, field: float | None = None) -> Face:
    """The whole board with `bleed` mm of frame colour; a scaled board's key names its field size."""
    spec = board_spec(board, field)
    key = f"board-{board.rows}rows" + ("" if field in (None, board.field_size) else f"-{_mm(spec.field)}mm")
    return Face(key, board_svg(spec, bleed), spec.width, spec.height, bleed)


def standee_faces(board: IrrBoard, bleed: float) -> tuple[Face, Face]:
    """The red and the blue fold-over standee."""
    size = StandeeSize.for_field(board.field_size)
    return tuple(  # type: ignore[return-value]
        Face(f"piece-{name}", standee_svg(size, col, bleed), size.width, size.height, bleed)
        for name, col in (("red", RED), ("blue", BLUE))
    )


def standee_figures(board: IrrBoard) -> tuple[Face, Face]:
    """The red and the blue standee as they stand (the front panel alone, no bleed)."""
    size = StandeeSize.for_field(board.field_size)
    return tuple(  # type: ignore[return-value]
        Face(f"piece-{name}-standing", standee_figure_svg(size, col), size.width, size.panel, 0.0)
        for name, col in (("red", RED), ("blue", BLUE))
    )


def castle_faces(board: IrrBoard, bleed: float) -> tuple[Face, Face]:
    """The castle chip's red side (front) and blue side (back)."""
    spec = board_spec(board)
    s = castle_size(spec.field, spec.groove)
    return (Face("castle-red", castle_svg(s, RED, bleed), s, s, bleed),
            Face("castle-blue", castle_svg(s, BLUE, bleed), s, s, bleed))


def castle_pair_face(board: IrrBoard, bleed: float) -> Face:
    """A castle chip to fold: its red side and, beside it, its blue side (`castle_pair_svg`)."""
    spec = board_spec(board)
    s = castle_size(spec.field, spec.groove)
    return Face("castle-fold", castle_pair_svg(s, RED, BLUE, bleed), 2 * s, s, bleed)


def stick_face(board: IrrBoard) -> Face:
    """One stick strip: 3 fields long (3 f - g) and one groove wide, no bleed."""
    spec = board_spec(board)
    length = 3 * spec.field - spec.groove
    return Face("stick", stick_svg(length, spec.groove), length, spec.groove, 0.0)


def gauge_face(board: IrrBoard) -> Face:
    """The length gauge for cutting matches or skewers to stick length."""
    spec = board_spec(board)
    w, h = gauge_size(spec.field, spec.groove)
    return Face("stick-gauge", gauge_svg(spec.field, spec.groove), w, h, 0.0)
