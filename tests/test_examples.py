"""Every game record in examples/ replays through the public command line as documented.

`cardgen replay FILE --json` must give exit 0, `legal: true` and the expected `finished` for the
legal examples, and exit 1 with the expected rule id for the illegal ones. Every .json file in
the folder must be listed here, so a new example cannot slip in untested.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# file name -> (finished, refused rule id or None)
EXPECTED: dict[str, tuple[bool, str | None]] = {
    "nest-base-2p.json": (True, None),
    "nest-base-3p.json": (True, None),
    "nest-base-4p.json": (True, None),
    "nest-open-area.json": (True, None),
    "nest-tail-first.json": (True, None),
    "nest-two-snakes.json": (True, None),
    "nest-two-snakes-single.json": (True, None),
    "nest-frame-snake.json": (True, None),
    "nest-frame.json": (True, None),
    "nest-tail-first-open-area.json": (True, None),
    "nest-illegal-joins-snakes.json": (False, "joins-snakes"),
    "pit-base-2p.json": (True, None),
    "pit-secret-colour.json": (True, None),
    "pit-double-markers-3p.json": (True, None),
    "pit-illegal-edge-mismatch.json": (False, "edge-mismatch"),
    "irr-full-21rows.json": (True, None),
    "irr-short-17rows.json": (False, None),
    "irr-illegal-crosses-stick.json": (False, "crosses-stick"),
}


def test_every_example_is_listed() -> None:
    found = {p.name for p in EXAMPLES.glob("*.json")}
    assert found == set(EXPECTED)


def test_every_game_has_an_illegal_example() -> None:
    games = {json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["game"]
             for name, (_, rule) in EXPECTED.items() if rule is not None}
    assert games == {"schlangennest", "schlangengrube", "irrlaeufer"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays(name: str) -> None:
    finished, rule = EXPECTED[name]
    result = CliRunner().invoke(main, ["replay", str(EXAMPLES / name), "--json"])
    out = json.loads(result.stdout)
    if rule is None:
        assert result.exit_code == 0, result.output
        assert out["legal"] is True
        assert out["error"] is None
        assert out["finished"] is finished
        assert out["applied"] == len(json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["moves"])
    else:
        assert result.exit_code == 1
        assert out["legal"] is False
        assert out["error"]["rule"] == rule
        assert out["error"]["move"] == out["applied"]
        assert out["finished"] is False
