"""Irrläufer board settings (TOML), set-up consistency and the stick-fit proof."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.errors import DataError
from cardgen.games.irrlaeufer.components import IrrBoard, Side, board_from_options, castle_fields
from cardgen.games.irrlaeufer.consistency import check_board, lay_proof
from cardgen.games.irrlaeufer.maze import fit_construction, lay_error
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.registry import load_set
from cardgen.sets import default_set_path


def test_default_template_loads() -> None:
    board = load_set(default_set_path("irrlaeufer"), "irrlaeufer")
    assert isinstance(board, IrrBoard)
    assert (board.rows, board.columns, board.sticks, board.field_size) == (21, 15, 80, 18.0)
    assert board.game == "irrlaeufer"


@pytest.mark.parametrize("body,key,fragment", [
    ('rows = 16', "rows", "outside 17-31"),
    ('rows = 32', "rows", "outside 17-31"),
    ('rows = "21"', "rows", "expected a whole number"),
    ('columns = 14', "columns", "always 15"),
    ('sticks = 0', "sticks", "outside 1-200"),
    ('sticks = true', "sticks", "expected a whole number"),
    ('field_size = "5mm"', "field_size", "outside 10-40"),
    ('field_size = "big"', "field_size", "expected a length"),
    ('colour = "red"', "colour", "unknown key"),
])
def test_bad_settings_name_file_line_and_key(tmp_path: Path, body: str, key: str, fragment: str) -> None:
    path = tmp_path / "board.toml"
    path.write_text(f'game = "irrlaeufer"\nname = "Test"\n{body}\n', encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_set(path)
    message = str(info.value)
    assert f"{path}:3" in message and f"'{key}'" in message and fragment in message


def test_record_options() -> None:
    assert board_from_options({"rows": 17}).rows == 17
    assert board_from_options({"rows": 31, "sticks": 100}).sticks == 100
    for bad in ({"rows": 16}, {"rows": True}, {"width": 15}, {"sticks": 0}, [17]):
        with pytest.raises(DataError):
            board_from_options(bad)


def test_castles_sit_on_the_crossings_the_rulings_name() -> None:
    """Red's chips are centred on the crossing of the grooves between rows 2/3 and between
    fields 1/2 (and 14/15): 2x2 over fields 1-2 (14-15) of rows 2-3; blue's mirror them."""
    for rows in (17, 21, 31):
        board = IrrBoard(rows=rows)
        red = [set(castle_fields(p)) for p in board.castle_places(Side.RED)]
        blue = [set(castle_fields(p)) for p in board.castle_places(Side.BLUE)]
        assert red == [{(1, 2), (2, 2), (1, 3), (2, 3)}, {(14, 2), (15, 2), (14, 3), (15, 3)}]
        assert blue == [{(c, rows + 1 - r) for c, r in fs} for fs in red]
        assert [c for c, _ in board.piece_fields(Side.RED)] == [3, 5, 7, 9, 11, 13]
        assert {r for _, r in board.piece_fields(Side.BLUE)} == {rows}


@pytest.mark.parametrize("rows", range(17, 32))
def test_eighty_sticks_fit_on_every_length(rows: int) -> None:
    findings = check_board(IrrBoard(rows=rows))
    assert [f.topic for f in findings] == ["rows", "pieces", "pieces", "castles", "castles", "sticks"]
    assert all(f.ok for f in findings), [f.message for f in findings if not f.ok]
    state, why = lay_proof(IrrBoard(rows=rows))
    assert why is None and state.phase == 2 and len(state.sticks) == 80 and state.to_move is Side.RED


@pytest.mark.parametrize("rows", [17, 24, 31])
def test_the_whole_construction_is_legal(rows: int) -> None:
    places = fit_construction(rows)
    assert len(places) >= 90
    state = IrrState.custom(IrrBoard(rows=rows, sticks=len(places)), phase=1)
    for s in places:
        assert lay_error(state.pos, s) is None, s
        state.pos.add_stick(s)


def test_too_many_sticks_are_reported_not_proven() -> None:
    findings = check_board(IrrBoard(rows=17, sticks=150))
    sticks = [f for f in findings if f.topic == "sticks"]
    assert len(sticks) == 1 and not sticks[0].ok and "not proven" in sticks[0].message


def test_rules_modules_import_no_rendering_or_cli_library(modules_loaded_by: Callable[..., set[str]]) -> None:
    loaded = modules_loaded_by("cardgen.games.irrlaeufer.rules", "cardgen.games.irrlaeufer.components",
                               "cardgen.games.irrlaeufer.record", "cardgen.games.irrlaeufer.consistency")
    assert "cardgen.games.irrlaeufer.movement" in loaded
    assert [m for m in sorted(loaded) if m.split(".")[0] in ("click", "reportlab", "cairosvg", "svgwrite")
            or m.startswith(("cardgen.art", "cardgen.print"))] == []
