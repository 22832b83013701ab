"""Playthrough regression: seeded games saved in tests/records/ replay to the same result."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.commands.replay import replay
from cardgen.engine.simulate import simulate
from cardgen.games.schlangennest.rules import new_game
from cardgen.registry import GAMES

RECORDS = Path(__file__).resolve().parents[2] / "records"

EXPECTED = {
    # record: (moves applied, finished, scores, winners)
    "nest-2p-5x7-sensible-seed5.json": (29, True, {"red": 21, "blue": 14}, ["red"]),
    "nest-2p-two-snakes-sensible-seed3.json": (16, True, {"red+yellow": 5, "green+blue": 14}, ["green+blue"]),
    "nest-3p-6x8-tail-first-sensible-seed1.json": (23, True, {"red": 6, "yellow": 8, "green": 12}, ["green"]),
    "nest-2p-frame-sensible-seed2.json": (26, True, {"red": 22, "blue": 17}, ["red"]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_replays_to_the_same_result(name):
    result = replay(RECORDS / name, GAMES)
    applied, finished, scores, winners = EXPECTED[name]
    assert result.to_json() == {"legal": True, "applied": applied, "error": None, "finished": finished,
                                "ending": "every snake is finished", "winners": winners, "scores": scores}
    assert len(result.lines) == applied


def test_seeded_game_still_plays_the_recorded_moves():
    """The players and the rules together still produce the saved record (seeded)."""
    import json

    data = json.loads((RECORDS / "nest-2p-5x7-sensible-seed5.json").read_text())
    result = simulate(lambda: new_game(data["options"]), "sensible", 5, keep_record=True)
    assert list(result.record) == data["moves"]


def test_illegal_record_stops_with_the_rule():
    result = replay(RECORDS / "nest-illegal-joins-snakes.json", GAMES)
    assert not result.legal and result.applied == 2
    assert result.error == {"move": 2, "rule": "joins-snakes",
                            "message": "red curve at (0,1) rot 0: it would join the red and blue snakes"}
