"""The 20 fixed Irrläufer phase-2 positions the search benchmark times (bench/irr_positions.json).

`python bench/irr_positions.py --write` makes them again: seeded games on the default board,
phase 1 at random, then the `castle` player for both sides, stopped after a seeded number of
phase-2 steps (slide steps and move steps alike). Loading them needs only the JSON.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardgen.games.irrlaeufer.rules import IrrState, new_game  # noqa: E402
from cardgen.games.irrlaeufer.strategy import CastlePlayer  # noqa: E402

FILE = Path(__file__).with_name("irr_positions.json")
COUNT = 20


def make(count: int = COUNT) -> list[dict[str, Any]]:
    """`count` positions as state JSON, each from its own seeded game."""
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < count:
        state, rng, player = new_game(), random.Random(seed), CastlePlayer()
        stop = rng.randrange(20, 600)
        steps = 0
        while not state.is_terminal() and (state.phase == 1 or steps < stop):
            moves = state.legal_moves()
            if state.phase == 1:
                move = moves[rng.randrange(len(moves))]
            else:
                move = player.choose_from(state, moves, rng)
                steps += 1
            state.apply_trusted(move)
        if not state.is_terminal():
            out.append(state.to_json())
        seed += 1
    return out


def load() -> list[IrrState]:
    """The stored positions as states."""
    return [IrrState.from_json(data) for data in json.loads(FILE.read_text(encoding="utf-8"))]


if __name__ == "__main__":
    if "--write" in sys.argv:
        FILE.write_text(json.dumps(make(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {COUNT} positions to {FILE}")
    else:
        print(__doc__)
