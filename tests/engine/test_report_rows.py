"""Report rows are frozen values whose JSON form keeps the report's keys."""

from __future__ import annotations

import dataclasses

import pytest

from cardgen.check.plan import Line, Played, ReportRow, row
from cardgen.engine.simulate import GameResult
from cardgen.registry import GAMES


def test_row_is_a_frozen_value_with_the_report_keys() -> None:
    line = Line(GAMES.get("schlangennest"), 0, "2p 5×7", "greedy vs random", "skill", 2, {}, None, 2,
                {"area": [5, 7], "variant": None})
    results = (GameResult((3.0, 1.0), 10, True, (0,), (("curve", 10),)),
               GameResult((2.0, 2.0), 12, True, (0, 1), (("curve", 12),)))
    r = row(Played(line, results, ("seed 9: boom",)), ("curve",))
    assert isinstance(r, ReportRow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.config = "other"  # type: ignore[misc]
    data = r.to_json()
    assert list(data)[:6] == ["config", "lineup", "section", "players", "area", "variant"]
    assert data["games"] == 2 and data["draws"] == 1 and data["problems"] == ["seed 9: boom"]
    assert data["strong"]["seat"] == 0 and data["strong"]["share"] == pytest.approx(0.75)
    assert r["per_game"] == {"curve": 11.0} and dict(r) == data
