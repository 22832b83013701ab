"""Schlangennest's compiled core gives exactly the pure-Python results: the same seeded games
(records, scores, and at every step the legal moves, every candidate's legality, the `room`
value of each legal move and of the position), the same `check --json` and the same replays of
the example records, byte for byte, for each `[rules]` parameter at both ends of its range,
every variant, 2 to 5 players and a set with three-part cards. Each side runs in its own
process, the pure one with CARDGEN_PURE=1 (cardgen/native.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "schlangengrube"))
from pit_differential import both, native_built, same_games  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SCRIPT = HERE / "nest_differential.py"
THREE = str(ROOT / "tests" / "records" / "nest-three-part.toml")
FIVE = str(ROOT / "tests" / "records" / "nest-five-colours-four-curves.toml")
MANY = str(ROOT / "tests" / "records" / "nest-many-cards.toml")
FOUR = ["red", "yellow", "green", "blue"]

EDGES: list[tuple[str | None, dict[str, Any], dict[str, Any], list[str]]] = [
    (None, {}, {"players": FOUR[:2]}, ["room", "room"]),
    (None, {"diagonal_opening": False, "snake_score": "coloured"}, {"players": FOUR[:3]},
     ["room", "sensible", "room"]),
    (None, {"snake_score": "coloured"}, {"players": FOUR, "area": None}, ["room", "greedy", "random", "room"]),
    (None, {"diagonal_opening": False}, {"players": FOUR[:2], "variants": ["two-snakes"]}, ["room", "sensible"]),
    (None, {}, {"players": FOUR[:2], "variants": ["two-snakes-single", "open-area"]}, ["room", "room"]),
    (None, {"snake_score": "coloured"}, {"players": FOUR[:2], "variants": ["frame"]}, ["room", "room"]),
    (None, {"diagonal_opening": False}, {"players": FOUR[:3], "variants": ["frame-snake", "tail-first"]},
     ["room", "room", "greedy"]),
    (None, {}, {"players": FOUR[:2], "area": [3, 3]}, ["room", "mcts@5"]),
    (THREE, {}, {"players": FOUR}, ["room", "room", "sensible", "room"]),
    (FIVE, {"snake_score": "coloured"}, {"players": ["red", "yellow", "green", "blue", "purple"]},
     ["room"] * 5),
]
"""(set, rules, record options, lineup): each `[rules]` parameter at both ends (diagonal opening
true and false, snake score all and coloured), every variant, a tight area, the open area, 2 to 5
players, a set with three-part cards, every player."""


@pytest.fixture(scope="module")
def native() -> None:
    if not native_built("cardgen.games.schlangennest._core"):
        pytest.skip("the compiled core is not built here (no C compiler at install time)")


def _games(tmp_path: Path, seeds: range, trace: bool) -> None:
    spec = [{"set": set_path, "rules": rules, "options": options, "lineup": lineup, "seeds": list(seeds),
             "trace": trace} for set_path, rules, options, lineup in EDGES]
    same_games(SCRIPT, spec, tmp_path)


def test_seeded_games_are_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    _games(tmp_path, range(5), trace=True)  # 50 games (1,000 in the slow test below)


def test_frames_of_a_set_with_many_cards_are_the_same_with_either_core(native: None, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame of a set with many cards a colour leaves many separate chains, so one valuation
    reads more chains than the core's first cache holds. These seeds (found by `check`) once read
    freed memory as the cache grew ("a chain's owner is no colour", or other values than the
    pure core's, changing from run to run); the cache now keeps each entry in place. Freed
    memory is filled (glibc's MALLOC_PERTURB_, the system allocator for every block), so a read
    of it gives garbage every time rather than now and then."""
    monkeypatch.setenv("PYTHONMALLOC", "malloc")
    monkeypatch.setenv("MALLOC_PERTURB_", "165")
    spec = [{"set": MANY, "rules": {"snake_score": "coloured"}, "options": {"players": FOUR[:2], "area": [6, 7], "variants": ["frame"]},
             "lineup": ["room", "room"], "seeds": [20000022, 20000041], "trace": True},
            {"set": MANY, "rules": {"snake_score": "coloured"}, "options": {"players": FOUR[:3], "area": [10, 12], "variants": ["frame-snake"]},
             "lineup": ["room", "room", "room"], "seeds": [19000071], "trace": True}]
    same_games(SCRIPT, spec, tmp_path)


@pytest.mark.slow
def test_a_thousand_seeded_games_are_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    _games(tmp_path, range(100, 200), trace=False)  # 1,000 games


def _cli() -> list[str]:
    return [sys.executable, "-m", "cardgen"]


def test_check_json_is_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    command = [*_cli(), "check", "schlangennest", "--games", "10", "--skill-games", "4", "--players", "2",
               "--json", "--no-chart"]
    fast, pure = both(command, tmp_path)
    assert json.loads(fast)["schlangennest"]["ceiling"] == 10
    assert fast == pure


@pytest.mark.slow  # long (make test-slow): keeps make test near its 3 minutes
def test_check_json_of_a_set_with_other_rules_is_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    from cardgen.games.schlangennest.components import RULE_PARAMS
    from cardgen.sets import with_rules

    text = Path(THREE).read_text(encoding="utf-8")
    path = tmp_path / "other.toml"
    path.write_text(with_rules(text, RULE_PARAMS, {"diagonal_opening": False, "snake_score": "coloured"}),
                    encoding="utf-8")
    command = [*_cli(), "check", "schlangennest", "--set", str(path), "--games", "12", "--skill-games", "4",
               "--players", "2", "--variants", "base,tail-first,frame", "--json", "--no-chart"]
    fast, pure = both(command, tmp_path)
    assert json.loads(fast)["schlangennest"]["ceiling"] == 12
    assert fast == pure


@pytest.mark.parametrize("record", sorted(p.name for p in (ROOT / "examples").glob("nest-*.json")))
def test_an_example_record_replays_the_same_with_either_core(native: None, tmp_path: Path, record: str) -> None:
    fast, pure = both([*_cli(), "replay", "--json", str(ROOT / "examples" / record)], tmp_path)
    assert json.loads(fast)
    assert fast == pure
