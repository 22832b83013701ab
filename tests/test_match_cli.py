"""`cardgen match` through the command line: the JSON shapes, every seat rotation, seeds that
reproduce a match, a bad player name as a usage mistake on one line, and `--ladder`; the card
games' ladders measured (slow: the search rungs)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine.ladder import Ladder
from cardgen.games.schlangengrube.game import Schlangengrube

ENTRY_KEYS = {"player", "share", "low", "high", "score", "seconds_per_decision"}


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _match(*args: str) -> dict[str, Any]:
    code, out, err = _run("match", *args, "--json", "--workers", "1")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def _without_times(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "players": [{k: v for k, v in p.items() if k != "seconds_per_decision"}
                                for p in data["players"]]}


def test_the_json_gives_one_entry_per_seat_of_the_lineup_in_its_order() -> None:
    data = _match("schlangennest", "--players", "room,sensible", "--games", "8")
    assert set(data) == {"game", "games", "draws", "players"}
    assert data["game"] == "schlangennest" and data["games"] == 8
    assert [p["player"] for p in data["players"]] == ["room", "sensible"]
    assert all(set(p) == ENTRY_KEYS for p in data["players"])
    assert sum(p["share"] for p in data["players"]) == pytest.approx(1.0)
    assert all(p["low"] <= p["share"] <= p["high"] and p["seconds_per_decision"] > 0 for p in data["players"])


def test_every_seat_rotation_is_played() -> None:
    # Alike players meet the same games from every seat: without the rotations the first
    # seat's advantage would show; with them each has exactly the fair share.
    data = _match("schlangengrube", "--players", "greedy,greedy,greedy", "--games", "6")
    assert [p["share"] for p in data["players"]] == pytest.approx([1 / 3] * 3)
    # The same games, the lineup's order reversed: each player's figures are the same.
    ab = _match("schlangennest", "--players", "room,sensible", "--games", "8")
    ba = _match("schlangennest", "--players", "sensible,room", "--games", "8")
    assert _without_times(ab)["players"] == _without_times(ba)["players"][::-1]


def test_a_seed_reproduces_a_match_and_another_seed_plays_other_games() -> None:
    args = ("schlangengrube", "--players", "careful,sensible", "--games", "6")
    first, again = _match(*args, "--seed", "3"), _match(*args, "--seed", "3")
    assert _without_times(first) == _without_times(again)
    other = _match(*args, "--seed", "4")
    assert [p["score"] for p in other["players"]] != [p["score"] for p in first["players"]]


@pytest.mark.parametrize("lineup", ["sensible,nosuch", "mcts@0,sensible"])
def test_a_bad_player_name_is_a_usage_mistake_on_one_line(lineup: str) -> None:
    code, out, err = _run("match", "schlangennest", "--players", lineup)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cardgen: --players: ") and "Traceback" not in err


def test_players_or_ladder_but_not_both() -> None:
    code, _, err = _run("match", "schlangennest")
    assert code == 2 and "--ladder" in err


def test_the_ladder_plays_each_rung_against_the_one_below(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap = Ladder(("sensible", "greedy", "careful"), report="sensible", cheap=3, search="careful")
    monkeypatch.setattr(Schlangengrube, "ladder", lambda self: cheap)
    data = json.loads(_run("match", "schlangengrube", "--ladder", "--games", "6", "--json", "--workers", "1")[1])
    assert data["game"] == "schlangengrube"
    assert [r["player"] for r in data["ladder"]] == list(cheap.rungs)
    assert "vs_below" not in data["ladder"][0]
    for rung in data["ladder"][1:]:
        assert set(rung["vs_below"]) == {"share", "low", "high", "games"}
        assert rung["vs_below"]["games"] == 6
    code, out, _ = _run("match", "schlangengrube", "--ladder", "--games", "6", "--workers", "1", "-q")
    assert code == 0 and "careful" in out and "vs greedy" in out


def test_room_beats_sensible_in_schlangennest() -> None:
    room = _match("schlangennest", "--players", "room,sensible", "--games", "40")["players"][0]
    assert room["low"] > 0.5, room


@pytest.mark.slow
def test_every_rung_of_schlangennest_beats_the_one_below() -> None:
    code, out, err = _run("match", "schlangennest", "--ladder", "--games", "60", "--json")
    assert code == 0, err
    for rung in json.loads(out)["ladder"][1:]:
        assert rung["vs_below"]["low"] > 0.5, rung


def test_greedy_beats_sensible_in_schlangengrube() -> None:
    greedy = _match("schlangengrube", "--players", "greedy,sensible", "--games", "20")["players"][0]
    assert greedy["low"] > 0.5, greedy


@pytest.mark.slow
def test_every_rung_of_schlangengrube_beats_the_one_below() -> None:
    # A figure of docs/players.md: the ladder's 100 games a rung at seed 0, `thorough` on top.
    code, out, err = _run("match", "schlangengrube", "--ladder", "--games", "100", "--seed", "0", "--json")
    assert code == 0, err
    ladder = json.loads(out)["ladder"]
    assert ladder[-1]["player"] == "thorough", ladder
    for rung in ladder[1:]:
        assert rung["vs_below"]["low"] > 0.5, rung
