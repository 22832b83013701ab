"""Schlangengrube's compiled core gives exactly the pure-Python results: the same seeded games
(records, scores, and at every step the legal moves and the score each would bring), the same
`check --json` and the same replays of the example records, byte for byte, for every `[rules]`
parameter at both ends of its range, every variant and 2 to 6 players. Each side runs in its
own process, the pure one with CARDGEN_PURE=1 (cardgen/native.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pit_differential import both, native_built, same_games

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SCRIPT = HERE / "pit_differential.py"

EDGES: list[tuple[dict[str, Any], dict[str, Any], list[str]]] = [
    ({}, {"players": 2}, ["greedy", "careful"]),
    ({}, {"players": 2}, ["mcts@5", "careful"]),
    ({"hand_size": 2, "tiles_per_turn": 1, "snake_score": "triangular"}, {"players": 3},
     ["greedy", "sensible", "careful"]),
    ({"hand_size": 10, "tiles_per_turn": 3, "snake_score": "square", "double_factor": 4, "double_markers": 8,
      "double_threshold": 2}, {"players": 2, "variants": ["double-markers"]}, ["careful", "greedy-open"]),
    ({"snake_score": "linear", "double_factor": 1, "double_markers": 0, "double_threshold": 20},
     {"players": 4, "variants": ["double-markers"]}, ["greedy", "careful", "sensible", "mcts@5"]),
    ({}, {"players": 3, "variants": ["secret-colour"]}, ["careful", "greedy", "mcts@5"]),
    ({"hand_size": 10, "tiles_per_turn": 3, "snake_score": "square"}, {"players": 2, "variants": ["secret-colour"]},
     ["mcts@5", "careful"]),
    ({"hand_size": 2, "tiles_per_turn": 2, "double_factor": 4}, {"players": 5}, ["greedy", "careful", "sensible",
                                                                               "thorough", "careful"]),
    ({"hand_size": 3, "tiles_per_turn": 3}, {"players": 2}, ["thorough", "greedy"]),
    ({"double_markers": 8, "double_threshold": 2},
     {"players": 2, "variants": ["double-markers", "secret-colour"]}, ["mcts@5", "careful"]),
    ({"snake_score": "linear"}, {"players": 6}, ["greedy", "sensible", "careful", "mcts-open@5", "greedy-open",
                                                 "careful"]),
]
"""(rules, record options, lineup): every `[rules]` parameter at both ends of its range (hand
size 2 and 10, tiles a turn 1 and 3, each snake score, double factor 1 and 4, markers 0 and 8,
threshold 2 and 20), each variant and both together, 2 to 6 players, every player."""


@pytest.fixture(scope="module")
def native() -> None:
    if not native_built("cardgen.games.schlangengrube._core"):
        pytest.skip("the compiled core is not built here (no C compiler at install time)")


def _games(tmp_path: Path, seeds: range, trace: bool) -> None:
    spec = [{"rules": rules, "options": options, "lineup": lineup, "seeds": list(seeds), "trace": trace}
            for rules, options, lineup in EDGES]
    same_games(SCRIPT, spec, tmp_path)


def test_seeded_games_are_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    _games(tmp_path, range(5), trace=True)  # 55 games (1,100 in the slow test below)


@pytest.mark.slow
def test_a_thousand_seeded_games_are_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    _games(tmp_path, range(100, 200), trace=False)  # 1,100 games


def _cli() -> list[str]:
    return [sys.executable, "-m", "cardgen"]


def test_check_json_is_the_same_with_either_core(native: None, tmp_path: Path) -> None:
    command = [*_cli(), "check", "schlangengrube", "--games", "16", "--skill-games", "6", "--players", "2",
               "--json", "--no-chart"]
    fast, pure = both(command, tmp_path)
    assert json.loads(fast)["schlangengrube"]["ceiling"] == 16
    assert fast == pure


ENDS = {"low": {"hand_size": 2, "tiles_per_turn": 1, "snake_score": "linear", "double_factor": 1,
                "double_markers": 0, "double_threshold": 20},
        "high": {"hand_size": 10, "tiles_per_turn": 3, "snake_score": "square", "double_factor": 4,
                 "double_markers": 8, "double_threshold": 2}}
"""Every `[rules]` parameter at the low end of its range, and at the high end (the original's
own values are the default check's above); the snake scores not at an end ("triangular") are
the original's."""


@pytest.mark.slow  # long (make test-slow): keeps make test near its 3 minutes
@pytest.mark.parametrize("end", sorted(ENDS))
def test_check_json_of_a_set_with_other_rules_is_the_same_with_either_core(native: None, tmp_path: Path,
                                                                           end: str) -> None:
    from cardgen.games.schlangengrube.components import RULE_PARAMS
    from cardgen.sets import default_set_path, with_rules

    text = default_set_path("schlangengrube").read_text(encoding="utf-8")
    path = tmp_path / "other.toml"
    path.write_text(with_rules(text, RULE_PARAMS, ENDS[end]), encoding="utf-8")
    command = [*_cli(), "check", "schlangengrube", "--set", str(path), "--games", "12", "--skill-games", "4",
               "--players", "2", "--json", "--no-chart"]
    fast, pure = both(command, tmp_path)
    assert json.loads(fast)["schlangengrube"]["ceiling"] == 12
    assert fast == pure


@pytest.mark.parametrize("record", sorted(p.name for p in (ROOT / "examples").glob("pit-*.json")))
def test_an_example_record_replays_the_same_with_either_core(native: None, tmp_path: Path, record: str) -> None:
    fast, pure = both([*_cli(), "replay", "--json", str(ROOT / "examples" / record)], tmp_path)
    assert json.loads(fast)
    assert fast == pure


def test_a_state_the_compiled_core_has_read_still_pickles(native: None) -> None:
    # Worker processes and the cluster receive states by pickle; the core's copy of the faces
    # stays behind and is made again on first use.
    import pickle
    import random

    from cardgen.games.schlangengrube.rules import new_game

    state = new_game({"players": 3}, None, 4)
    rng = random.Random(4)
    for _ in range(7):
        state.apply_trusted(rng.choice(state.legal_moves()))
    moves = state.legal_moves()
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.legal_moves() == moves
    assert copy.scores_after(copy.legal_moves()) == state.scores_after(moves)
