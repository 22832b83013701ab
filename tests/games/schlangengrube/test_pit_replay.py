"""Replaying Schlangengrube game records: scores replayed, errors named by move index and rule id."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardgen.commands.replay import replay_record
from cardgen.errors import DataError
from cardgen.games.schlangengrube.moves import Pass, Place, Start, Turn, move_from_json, move_to_json
from cardgen.registry import GAMES


def _start(tile: str = "HT-RG", rot: int = 180) -> dict[str, Any]:
    return {"start": {"tile": tile, "at": [0, 0], "rot": rot, "flip": False}}


def _place(tile: str, x: int, y: int, rot: int = 0, flip: bool = False) -> dict[str, Any]:
    return {"tile": tile, "at": [x, y], "rot": rot, "flip": flip}


def _record(*moves: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {"game": "schlangengrube", "options": {"players": 2, **options}, "moves": list(moves)}


def test_a_record_replays_with_scores() -> None:
    # the start HT-RG turned 180 shows a red head to the south; TH-RG below it completes a 2-tile snake
    record = _record(_start(), {"player": 0, "place": [_place("TH-RG", 0, 1)]},
                     {"player": 1, "place": [_place("X-GY", 1, 1, 90), _place("X-RG", 0, -1, 90)]},
                     {"player": 0, "pass": True})
    result = replay_record(record, GAMES)
    assert result.legal and result.applied == 4 and not result.finished
    assert result.scores == {"player 1": 3, "player 2": 0}
    assert result.lines[1].endswith("TH-RG at (0, 1) rot 0 (+3)")
    assert result.to_json() == {"legal": True, "applied": 4, "error": None, "finished": False, "ending": None,
                                "winners": [], "scores": {"player 1": 3, "player 2": 0}}
    json.dumps(result.to_json())


@pytest.mark.parametrize(
    ("moves", "index", "rule"),
    [
        ([{"player": 0, "pass": True}], 0, "start-missing"),
        ([_start("nope")], 0, "unknown-tile"),
        ([_start(), {"player": 0, "place": [_place("X-GY", 0, 1)]}], 1, "edge-mismatch"),
        ([_start(), {"player": 1, "place": [_place("TH-RG", 0, 1)]}], 1, "wrong-player"),
        ([_start(), {"player": 0, "place": [_place("TH-RG", 0, 1)]}, _start()], 2, "start-again"),
        ([_start(), {"player": 0, "place": [_place("TH-RG", 0, 3)]}], 1, "not-touching"),
        ([_start(), {"player": 0, "place": [_place("HT-RG", 0, 1)]}], 1, "no-tile-left"),
        ([_start(), {"player": 0, "place": [_place("SH-GR", 0, 1, 270)]}], 1, "two-heads"),
        ([_start(), {"player": 0, "place": []}], 1, "empty-turn"),
        ([_start(), {"player": 0, "place": [_place("TH-RG", 0, 1)] * 3}], 1, "too-many-tiles"),
        ([_start(), {"player": 0, "pass": True}, {"player": 1, "pass": True},
          {"player": 0, "pass": True}], 3, "game-over"),
    ],
)
def test_bad_records_stop_at_the_move_with_the_rule(moves: list[Any], index: int, rule: str) -> None:
    result = replay_record(_record(*moves), GAMES)
    assert not result.legal
    assert result.error is not None and (result.error["move"], result.error["rule"]) == (index, rule), result.error
    assert result.applied == index
    assert result.to_json()["error"]["rule"] == rule


@pytest.mark.parametrize("moves", [
    [{"start": {"tile": "X-RG", "at": [0, 0], "rot": 45}}],
    [_start(), {"player": 0, "place": [_place("X-RG", 0, 1)], "extra": 1}],
    [_start(), {"player": "0", "pass": True}],
    [_start(), {"player": 0, "pass": False}],
    [_start(), {"player": 0, "place": [{"tile": "X-RG", "at": [0]}]}],
    [_start(), [1, 2]],
])
def test_malformed_entries_are_data_errors_naming_the_move(moves: list[Any]) -> None:
    with pytest.raises(DataError, match=r"moves\[\d\]"):
        replay_record(_record(*moves), GAMES)


def test_a_full_round_of_passes_finishes_a_replay() -> None:
    result = replay_record(_record(_start(), {"player": 0, "pass": True}, {"player": 1, "pass": True}), GAMES)
    assert result.legal and result.finished


def test_malformed_records_and_options_are_data_errors(tmp_path: Path) -> None:
    for record, fragment in [
        ([], "a record is a JSON object"),
        ({"game": "chess", "options": {}, "moves": []}, "unknown game 'chess'"),
        ({"game": "schlangengrube", "options": {}}, "missing key 'moves'"),
        ({"game": "schlangengrube", "options": {}, "moves": [], "colour": 1}, "unknown key 'colour'"),
        (_record(_start(), players=9), "options.players"),
        (_record(_start(), variants=["mirror"]), "unknown variant 'mirror'"),
        (_record(_start(), variants=["secret-colour"]), "options.secret"),
        (_record(_start(), variants=["secret-colour"], secret=["red", "red"]), "options.secret"),
        ({**_record(_start()), "set": "missing.toml"}, "no such file"),
    ]:
        with pytest.raises(DataError, match=fragment):
            replay_record(record, GAMES, base=tmp_path)


def test_secret_colour_record_scores_the_bonus_at_the_end() -> None:
    record = _record(_start(), {"player": 0, "place": [_place("TH-RG", 0, 1)]},
                     {"player": 1, "pass": True}, {"player": 0, "pass": True},
                     variants=["secret-colour"], secret=["red", "green"])
    result = replay_record(record, GAMES)
    assert result.finished and result.scores == {"player 1": 6, "player 2": 0}


def test_move_json_round_trip() -> None:
    place = Place("X-RG", (3, -2), 270, True)
    for move in (Turn(1, (place, Place("CC-RG", (0, 1)))), Pass(2), Start(place)):
        assert move_from_json(json.loads(json.dumps(move_to_json(move, 0)))) == move
    assert move_to_json(place, 1) == {"player": 1, "place": [place.to_json()]}
    assert move_from_json({"player": 0, "place": [{"tile": "X-RG", "at": [1, 2]}]}) == \
        Turn(0, (Place("X-RG", (1, 2)),))  # rot and flip default to 0 and false


def test_rules_modules_import_no_rendering_or_cli_libraries(modules_loaded_by: Callable[..., set[str]]) -> None:
    loaded = modules_loaded_by("cardgen.games.schlangengrube.rules", "cardgen.games.schlangengrube.state_json")
    assert "cardgen.games.schlangengrube.table" in loaded
    assert [m for m in sorted(loaded) if m.split(".")[0] in ("click", "reportlab", "cairosvg", "svgwrite")
            or m.startswith(("cardgen.art", "cardgen.print"))] == []


def test_saved_states_round_trip_and_garbage_is_a_data_error() -> None:
    from cardgen.games.schlangengrube.rules import PitGame, PitState
    from cardgen.games.schlangengrube.state_json import state_from_json

    def empty(game: Any, replaying: bool) -> PitState:
        return PitState(game, None, replaying)

    state = PitGame().new_initial_state(1)
    data = json.loads(json.dumps(state.to_json()))
    assert state_from_json(empty, data) == state  # the set is loaded again from the saved path
    for broken in ({}, {**data, "bag": ["nope"]}, {**data, "hands": [[]]}, {**data, "board": [1]}):
        with pytest.raises(DataError):
            state_from_json(empty, broken, state.game)
