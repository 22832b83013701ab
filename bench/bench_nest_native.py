"""Schlangennest's compiled core against the pure-Python one (a plain script, run by `make bench`
through bench/run.py; issue 33).

Each figure is measured by a child process per core, the pure one with CARDGEN_PURE=1, the two
interleaved round by round on the same seeds, and printed as the median over the rounds with the
ratio beside it (bench_pit_native.py's way):

- games between `room` players (the report player) per CPU second, two and four players on the
  recommended area;
- the legal moves of a position listed per CPU second, over positions of seeded room games;
- the CPU time (s) of a small `cardgen check schlangennest` (two players, 40 games a
  configuration, 10 a skill line, one worker): the check's own mix of players and bookkeeping.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pit_native import ROOT, interleaved, print_figures  # noqa: E402

ROUNDS = 3
"""Rounds per core; each figure is the median over them."""
GAMES = {2: 10, 4: 4}
"""Seeded room games per round, by player count."""
CHECK = ["check", "schlangennest", "--players", "2", "--games", "40", "--skill-games", "10", "--workers", "1",
         "--quiet", "--no-chart"]


def child() -> None:
    """Measure once with the core this process has, print JSON {figure: value}."""
    sys.path.insert(0, str(ROOT))
    from cardgen.engine.simulate import simulate
    from cardgen.registry import GAMES as REGISTRY

    game = REGISTRY.get("schlangennest")
    colours = ["red", "yellow", "green", "blue"]
    room = game.players()["room"](None)
    out: dict[str, float] = {}
    states = []
    for players, count in GAMES.items():
        start = time.process_time()
        for seed in range(count):
            simulate(lambda: game.new_state({"players": colours[:players]}), room, seed,  # noqa: B023 - called within this iteration
                     after_move=lambda s: states.append(s.clone()) if len(states) < 400 else None)
        out[f"{players}p room games per CPU second"] = count / (time.process_time() - start)
    random.Random(0).shuffle(states)
    start = time.process_time()
    for state in states[:200]:
        state.legal_moves()
    out["legal move lists per CPU second"] = 200 / (time.process_time() - start)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    subprocess.run([sys.executable, "-m", "cardgen", *CHECK], capture_output=True, check=False, cwd=ROOT)
    out["small check CPU time (s)"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    print(json.dumps(out))


def main() -> None:
    """Interleave the two cores' children and print each figure with both medians."""
    runs = interleaved(__file__, ROUNDS)
    detail = {f"{p}p room games per CPU second": f"[{n} games]" for p, n in GAMES.items()}
    detail["legal move lists per CPU second"] = "[200 positions of room games]"
    detail["small check CPU time (s)"] = f"[cardgen {' '.join(CHECK)}]"
    print_figures("schlangennest", runs, detail)


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        main()
