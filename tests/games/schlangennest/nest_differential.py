"""Seeded Schlangennest games as JSON, for the differential test of the two cores
(test_nest_native.py runs this script once with CARDGEN_PURE=1 and once without and compares the
output byte for byte).

Usage: python nest_differential.py SPEC.json. The spec is a list of configurations, each
{"set": PATH or null, "rules": {...}, "options": {...}, "lineup": [...], "seeds": [...]}: the
set (null: the standard one) with those `[rules]` values, the record options, one player name
per seat. For each game it prints the record, the final scores and, when asked (`trace`), at
every step the legal moves, every candidate's legality, the `room` value of each legal move and
of the position for every seat, so a difference shows even where the players would not notice it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.games.schlangennest.components import RULE_PARAMS
from cardgen.games.schlangennest.strategy import move_values, seat_value
from cardgen.native import load
from cardgen.registry import GAMES
from cardgen.sets import default_set_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "schlangengrube"))
from pit_differential import played  # noqa: E402  (the same loop over seeded games)

GAME = GAMES.get("schlangennest")


def _trace(digest: Any) -> Any:
    def after_move(state: GameState[Any]) -> None:
        if state.is_terminal():
            return
        moves = state.legal_moves()
        candidates = state.candidate_moves() or []
        step = [[state.move_to_json(m) for m in moves], [state.candidate_is_legal(m) for m in candidates],
                move_values(state, moves),  # type: ignore[arg-type]
                [seat_value(state, s) for s in range(state.num_players)]]  # type: ignore[arg-type]
        digest.update(json.dumps(step, sort_keys=True).encode())
    return after_move


def _base(config: dict[str, Any]) -> str:
    path = Path(config["set"]) if config.get("set") else default_set_path("schlangennest")
    return path.read_text(encoding="utf-8")


def main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    out: list[Any] = [load("cardgen.games.schlangennest._core") is not None]
    out += played(GAME, spec, RULE_PARAMS, _base, _trace)
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
