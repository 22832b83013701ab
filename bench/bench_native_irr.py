"""Irrläufer's compiled core against its pure-Python code (issue 33), run by `make bench`.

Every figure is taken for both cores in the same process on the same seeded games, interleaved
game by game so the machine's load hits both alike (`cores.switched`), and printed side by side
with their ratio:

- castle games: whole games (phase 1 and 2) between two `castle` players per CPU second
  (`time.process_time`), median over the games (target: 20x the pure core);
- random play: phase-2 engine steps per CPU second, each listing the legal moves and playing a
  seeded random one (target 10x): the pure core step by step through the state's methods, the
  compiled core a whole phase 2 in one call (`random_game`, the same steps and draws);
- search: CPU seconds per decision of `mcts@100`, median over the 20 fixed phase-2 positions of
  bench/irr_positions.json (target at most 0.03 s);
- the default `cardgen check irrlaeufer` (wall and CPU, all cores) with each core
  (`CARDGEN_PURE=1` for the pure one).

Both cores must give the same games: a game whose result differs stops the benchmark.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import irr_positions  # noqa: E402
from cardgen.engine.players import make_player  # noqa: E402
from cardgen.engine.simulate import simulate  # noqa: E402
from cardgen.games.irrlaeufer.cores import switched  # noqa: E402
from cardgen.games.irrlaeufer.game import Irrlaeufer  # noqa: E402
from cardgen.games.irrlaeufer.native_core import compiled  # noqa: E402
from cardgen.games.irrlaeufer.rules import new_game  # noqa: E402
from cardgen.games.irrlaeufer.runs import tables_for  # noqa: E402
from cardgen.games.irrlaeufer.strategy import CastlePlayer  # noqa: E402

CORES = (("pure", False), ("native", True))


def castle_game(seed: int) -> tuple[float, Any]:
    """CPU seconds of one seeded game between castle players, and its result's figures."""
    start = time.process_time()
    result = simulate(new_game, CastlePlayer(), seed)
    return time.process_time() - start, (result.winners, result.moves, result.ending, result.labels)


def random_phase2(seed: int, native: bool) -> tuple[int, float]:
    """Steps and CPU seconds of phase 2 of bench_irr's seeded random game (phase 1 and the
    board's tables made untimed): the pure core step by step through the state's methods, the
    compiled one whole in one call."""
    state, rng = new_game(), random.Random(seed)
    tables = tables_for(state.board.rows)
    with switched(native):
        while state.phase == 1:
            moves = state.legal_moves()
            state.apply_trusted(moves[rng.randrange(len(moves))])
        start = time.process_time()
        if native:
            core = compiled()
            assert core is not None
            steps, _, _, _ = core.random_game(state, rng.getrandbits, tables)
            return steps, time.process_time() - start
        steps = 0
        while not state.is_terminal():
            moves = state.legal_moves()
            state.apply_trusted(moves[rng.randrange(len(moves))])
            steps += 1
        return steps, time.process_time() - start


def per_decision(player: Any, states: list[Any]) -> list[float]:
    """CPU seconds of one decision of `player` in each of `states`."""
    times = []
    for i, state in enumerate(states):
        start = time.process_time()
        player.choose(state.clone(), random.Random(i))
        times.append(time.process_time() - start)
    return times


def check_run(pure: bool) -> tuple[float, float]:
    """Wall and CPU seconds of the default `cardgen check irrlaeufer` with one core."""
    cli = ROOT / ".venv" / "bin" / "cardgen"
    env = dict(os.environ)
    env.pop("CARDGEN_PURE", None)
    if pure:
        env["CARDGEN_PURE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(cli) if cli.exists() else "cardgen", "check", "irrlaeufer", "--quiet", "--no-chart"],
                   env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def line(what: str, pure: float, native: float, unit: str, note: str) -> None:
    print(f"irrlaeufer {what}: native {native:9.4g} {unit} vs pure {pure:9.4g} {unit}: "
          f"{native / pure if 'per s' in unit else pure / native:5.1f}x  [{note}]")


def main() -> None:
    """Print the figures of both cores."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8, help="castle games and random games per core")
    parser.add_argument("--no-check", action="store_true", help="leave out the default check's timing")
    args, _ = parser.parse_known_args()
    if compiled() is None:
        print("irrlaeufer compiled core: not built (no compiler at install time): no native figures")
        return
    print(f"irrlaeufer compiled core vs pure Python (issue 33): {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    rates: dict[str, list[float]] = {"pure": [], "native": []}
    for seed in range(args.games):
        seen = {}
        for name, on in CORES:
            with switched(on):
                cpu, seen[name] = castle_game(seed)
            rates[name].append(1 / cpu)
        if seen["pure"] != seen["native"]:
            raise SystemExit(f"castle game {seed} differs between the cores: {seen}")
    line("castle games per CPU s", statistics.median(rates["pure"]), statistics.median(rates["native"]),
         "games per s", f"target 20x; median of {args.games} games, seeds 0-{args.games - 1}, one core")
    steps: dict[str, list[float]] = {"pure": [], "native": []}
    for seed in range(args.games):
        counted = {}
        for name, on in CORES:
            counted[name], spent = random_phase2(seed, on)
            steps[name].append(counted[name] / spent)
        if counted["pure"] != counted["native"]:
            raise SystemExit(f"random game {seed} differs between the cores: {counted}")
    line("random-play phase-2 steps per CPU s", statistics.median(steps["pure"]), statistics.median(steps["native"]),
         "steps per s", f"target 10x; median of {args.games} random games, seeds 0-{args.games - 1}; "
         "native: a whole phase 2 per call")
    positions = irr_positions.load()
    game = Irrlaeufer()
    search = make_player(game.ladder().search, extra=game.players())
    times: dict[str, list[float]] = {"pure": [], "native": []}
    for state in positions:
        for name, on in CORES:
            with switched(on):
                times[name] += per_decision(search, [state])
    line(f"{game.ladder().search} per decision", statistics.median(times["pure"]),
         statistics.median(times["native"]), "CPU s", f"target 0.03 s; median of {len(positions)} positions")
    if not args.no_check:
        runs = {name: check_run(not on) for name, on in CORES}
        for name, (wall, cpu) in runs.items():
            print(f"irrlaeufer default check with the {name} core: {wall:5.1f} s wall, {cpu:5.1f} s CPU  "
                  f"[cardgen check irrlaeufer --quiet --no-chart, {os.cpu_count()} cores, one run each]")


if __name__ == "__main__":
    main()
