"""Schlangengrube's compiled core against the pure-Python one (a plain script, run by `make bench`
through bench/run.py; issue 33).

Each figure is measured by a child process per core, the pure one with CARDGEN_PURE=1, the two
interleaved round by round on the same positions and seeds, and printed as the median over the
rounds with the ratio beside it:

- the time of one decision of the determinized search (`mcts@100`, and the ladder's top rung)
  over positions reached by seeded random play of the base game, two players, on one core;
- `greedy` games per second (every step lists the legal placements and scores them all).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = 12
"""Positions each search player decides per round (seeds 0..POSITIONS-1)."""
GREEDY_GAMES = 10
"""Seeded greedy games per round."""
ROUNDS = 3
"""Rounds per core; each figure is the median over them."""


def child() -> None:
    """Measure once with the core this process has, print JSON {figure: value}."""
    sys.path.insert(0, str(ROOT))
    from cardgen.engine.players import make_player
    from cardgen.engine.policies import RandomPlayer
    from cardgen.engine.simulate import simulate
    from cardgen.registry import GAMES

    game = GAMES.get("schlangengrube")
    names = list(dict.fromkeys(["mcts@100", game.ladder().rungs[-1]]))
    states = []
    for seed in range(POSITIONS):
        state = game.new_state({"players": 2}, None, seed)
        rng = random.Random(seed)
        for _ in range(6 + 2 * seed):
            if not state.is_terminal():
                state.apply_trusted(RandomPlayer().choose(state, rng))
        states.append(state)
    out: dict[str, float] = {}
    for name in names:
        player = make_player(name, None, game.players())
        player.choose(states[0].clone(), random.Random(0))  # warm the catalogue's memo tables
        times = []
        for seed, state in enumerate(states):
            start = time.process_time()
            player.choose(state.clone(), random.Random(seed))
            times.append(time.process_time() - start)
        out[f"{name} per decision (s)"] = statistics.median(times)
    greedy = make_player("greedy", None, game.players())
    start = time.process_time()
    for seed in range(GREEDY_GAMES):
        simulate(lambda seed=seed: game.new_state({"players": 2}, None, seed), greedy, seed)
    out["greedy games per CPU second"] = GREEDY_GAMES / (time.process_time() - start)
    print(json.dumps(out))


def interleaved(script: str, rounds: int) -> dict[bool, list[dict[str, float]]]:
    """Run `script --child` `rounds` times per core, interleaved (compiled, then pure), each in its
    own process; the figures each child printed, by `pure`."""
    runs: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for _ in range(rounds):
        for pure in (False, True):
            env = {k: v for k, v in os.environ.items() if k != "CARDGEN_PURE"}
            if pure:
                env["CARDGEN_PURE"] = "1"
            done = subprocess.run([sys.executable, script, "--child"], env=env, capture_output=True, text=True,
                                  check=True)
            runs[pure].append(json.loads(done.stdout))
    return runs


def core_name() -> str:
    """What `cardgen --version` says of the core."""
    return subprocess.run([sys.executable, "-m", "cardgen", "--version"], capture_output=True, text=True,
                          cwd=ROOT).stdout.strip().partition("core: ")[2]


def print_figures(game: str, runs: dict[bool, list[dict[str, float]]], detail: dict[str, str]) -> None:
    """Each figure's medians under both cores with their ratio; a figure named "... per ..." with
    "time" or "decision" in it is a time (smaller is better), every other one a rate."""
    rounds = len(runs[False])
    print(f"{game} compiled core ({core_name()}) against pure Python, {os.cpu_count()} cores, "
          f"one core each, CPU time, median of {rounds} interleaved rounds:")
    for figure in runs[False][0]:
        fast = statistics.median(r[figure] for r in runs[False])
        pure = statistics.median(r[figure] for r in runs[True])
        timed = "per decision" in figure or "(s)" in figure
        ratio = pure / fast if timed else fast / pure
        unit = f"{fast:8.4f} native, {pure:8.4f} pure" if timed else f"{fast:8.1f} native, {pure:8.1f} pure"
        print(f"  {game} {figure}: {unit}  x{ratio:.1f}  {detail.get(figure, '')}")


def main() -> None:
    """Interleave the two cores' children and print each figure with both medians."""
    runs = interleaved(__file__, ROUNDS)
    detail = {figure: f"[{POSITIONS} positions]" if "per decision" in figure else f"[{GREEDY_GAMES} games]"
              for figure in runs[False][0]}
    print_figures("schlangengrube", runs, detail)


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        main()
