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

import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.players import make_player
from cardgen.engine.simulate import simulate
from cardgen.games.schlangennest.components import RULE_PARAMS
from cardgen.games.schlangennest.strategy import move_values, seat_value
from cardgen.native import load
from cardgen.registry import GAMES
from cardgen.sets import default_set_path, with_rules

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


def main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    out: list[Any] = [load("cardgen.games.schlangennest._core") is not None]
    with tempfile.TemporaryDirectory() as tmp:
        for index, config in enumerate(spec):
            base = Path(config["set"]) if config.get("set") else default_set_path("schlangennest")
            set_path = Path(tmp) / f"set{index}.toml"
            set_path.write_text(with_rules(base.read_text(encoding="utf-8"), RULE_PARAMS, config["rules"]),
                                encoding="utf-8")
            players = [make_player(name, None, GAME.players()) for name in config["lineup"]]
            for seed in config["seeds"]:
                digest = hashlib.sha256()
                result = simulate(lambda: GAME.new_state(config["options"], set_path, seed), players, seed,
                                  keep_record=True, after_move=_trace(digest) if config.get("trace") else None)
                out.append({"config": index, "seed": seed, "scores": list(result.scores),
                            "record": list(result.record), "trace": digest.hexdigest()})
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
