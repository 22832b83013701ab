"""Seeded Schlangengrube games as JSON, for the differential test of the two cores
(test_pit_native.py runs this script once with CARDGEN_PURE=1 and once without and compares the
output byte for byte).

Usage: python pit_differential.py SPEC.json. The spec is a list of configurations, each
{"rules": {...}, "options": {...}, "lineup": [...], "seeds": [...]}: the standard set with those
`[rules]` values (the rest the original's), the record options, one player name per seat. For
each game it prints the record, the final scores and, at every step, the legal moves and the
score each would bring (`score_after`, and `scores_after` of a shuffled order), so a difference
in move generation or scoring shows even where the players would not notice it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen.engine.base import GameState
from cardgen.engine.players import make_player
from cardgen.engine.simulate import simulate
from cardgen.game import Game
from cardgen.games.schlangengrube.components import RULE_PARAMS
from cardgen.native import load
from cardgen.registry import GAMES
from cardgen.sets import RuleParam, default_set_path, with_rules

GAME = GAMES.get("schlangengrube")
STANDARD = default_set_path("schlangengrube").read_text(encoding="utf-8")


def environment(pure: bool) -> dict[str, str]:
    """This process's environment, with CARDGEN_PURE=1 when `pure` and without it otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_PURE"}
    if pure:
        env["CARDGEN_PURE"] = "1"
    return env


def both(command: list[str], cwd: Path) -> tuple[str, str]:
    """stdout of `command` with the compiled core and with the pure one (exit 0 or 1 each)."""
    runs = [subprocess.run(command, capture_output=True, text=True, env=environment(pure), cwd=cwd, timeout=3600)
            for pure in (False, True)]
    for run in runs:
        assert run.returncode in (0, 1), run.stderr
    return runs[0].stdout, runs[1].stdout


def native_built(module: str) -> bool:
    """Whether the compiled `module` loads here (it is not built without a C compiler)."""
    code = f"from cardgen.native import load; print(load({module!r}) is not None)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment(False),
                           check=True)
    return found.stdout.strip() == "True"


def same_games(script: Path, spec: list[dict[str, Any]], tmp_path: Path) -> None:
    """Run the differential `script` on `spec` under both cores: each side ran the core it names,
    played every game, and printed the same, byte for byte."""
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    runs = [subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True,
                           env=environment(pure), cwd=tmp_path, timeout=3600) for pure in (False, True)]
    for run, core in zip(runs, ("compiled", "pure")):
        assert run.returncode == 0, f"the games on the {core} core failed: {run.stderr[-3000:]}"
    fast, pure = runs[0].stdout, runs[1].stdout
    fast_games, pure_games = json.loads(fast), json.loads(pure)
    assert fast_games[0] is True and pure_games[0] is False
    assert len(fast_games) == sum(len(config["seeds"]) for config in spec) + 1
    assert fast.split(",", 1)[1] == pure.split(",", 1)[1]


def _trace(digest: Any) -> Any:
    def after_move(state: GameState[Any]) -> None:
        if state.is_terminal():
            return
        moves = state.legal_moves()
        shuffled = list(moves)
        random.Random(len(moves)).shuffle(shuffled)
        step = [[state.move_to_json(m) for m in moves], [state.score_after(m) for m in moves],
                state.scores_after(shuffled), [state.score_after(m) for m in shuffled]]
        digest.update(json.dumps(step, sort_keys=True).encode())
    return after_move


def played(game: Game[Any], spec: list[dict[str, Any]], params: tuple[RuleParam, ...], base: Callable[[Any], str],
           trace: Callable[[Any], Callable[[GameState[Any]], None]]) -> list[Any]:
    """Every seeded game of `spec` as {config, seed, scores, record, trace}: each configuration's
    set is `base(config)` (a set file's text) with its `rules`; `trace(digest)` is the
    after-move hook of a configuration that asks for a trace."""
    out: list[Any] = []
    with tempfile.TemporaryDirectory() as tmp:
        for index, config in enumerate(spec):
            set_path = Path(tmp) / f"set{index}.toml"
            set_path.write_text(with_rules(base(config), params, config["rules"]), encoding="utf-8")
            players = [make_player(name, None, game.players()) for name in config["lineup"]]
            for seed in config["seeds"]:
                digest = hashlib.sha256()
                result = simulate(lambda: game.new_state(config["options"], set_path, seed), players, seed,  # noqa: B023 - called within this iteration
                                  keep_record=True, after_move=trace(digest) if config.get("trace") else None)
                out.append({"config": index, "seed": seed, "scores": list(result.scores),
                            "record": list(result.record), "trace": digest.hexdigest()})
    return out


def main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    out: list[Any] = [load("cardgen.games.schlangengrube._core") is not None]
    out += played(GAME, spec, RULE_PARAMS, lambda config: STANDARD, _trace)
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
