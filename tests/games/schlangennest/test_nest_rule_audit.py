"""Schlangennest findings of a rules audit, through `cardgen replay` on the records in
tests/records/: in the frame variants the game's very first card may go anywhere (the original's
first player lays any card anywhere), while every later first card still touches a laid card,
the frame's included; and a two-player tie shares the win, as the rules say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.errors import IllegalMove
from cardgen.registry import GAMES

RECORDS = Path(__file__).resolve().parents[2] / "records"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("name", "first"), [
    ("nest-frame-opening-anywhere.json", "red curve at (2,3) rot 0"),
    ("nest-frame-snake-opening-anywhere.json", "red straight at (4,0) rot 90"),
])
def test_the_first_card_in_a_frame_variant_may_lie_away_from_the_frame(name: str, first: str) -> None:
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    state = GAMES.get("schlangennest").new_state(record["options"])
    x, y = record["moves"][0]["at"]
    assert state.cells and all(max(abs(x - u), abs(y - v)) > 1 for u, v in state.cells)  # it touches no frame card
    code, out, err = run("replay", str(RECORDS / name))
    assert code == 0 and err == "", err
    assert out.splitlines()[0] == f"  1. {first} (+1)"
    assert out.splitlines()[-1].startswith("finished after ")


def test_the_engine_offers_first_cards_inside_the_frame_and_refuses_later_ones_away_from_it() -> None:
    game = GAMES.get("schlangennest")
    state = game.new_state({"players": ["red", "yellow"], "area": [5, 7], "variants": ["frame"]})
    cells = {m.at for m in state.legal_moves()}
    box = state.rules.fixed_box
    assert {(x, y) for x in range(box[0], box[2] + 1) for y in range(box[1], box[3] + 1)} <= cells
    state.apply(state.move_from_json({"player": "red", "card": "curve", "at": [2, 3], "rot": 0}))
    later = state.move_from_json({"player": "yellow", "card": "curve", "at": [2, 5], "rot": 0})
    with pytest.raises(IllegalMove) as refused:
        state.apply(later)
    assert refused.value.rule == "not-touching"


def test_with_openings_apart_the_first_card_may_touch_the_frame_later_ones_not() -> None:
    """The set's `diagonal_opening = false` keeps later first cards off every laid card, the
    frame's too (`opening-touches`); the game's very first card goes anywhere, next to the
    frame as well."""
    code, out, err = run("replay", "--json", str(RECORDS / "nest-frame-opening-apart.json"))
    result = json.loads(out)
    assert code == 1 and result["applied"] == 1 and result["error"]["rule"] == "opening-touches", out
    assert "(4,6) touches a laid card" in result["error"]["message"]


def test_a_two_player_tie_shares_the_win() -> None:
    record = str(RECORDS / "nest-2p-tie-shares-the-win.json")
    code, out, err = run("replay", record)
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == ("finished after 19 moves: every snake is finished; red and yellow share the "
                                    "win (tied); scores: red 10, yellow 10")
    code, out, err = run("replay", "--json", record)
    result = json.loads(out)
    assert result["winners"] == ["red", "yellow"] and result["scores"] == {"red": 10, "yellow": 10}
