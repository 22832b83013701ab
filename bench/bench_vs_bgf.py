"""cardgen's build against board-game-factory, in one paired run (part of `make bench`).

Each round runs, one after another and each as a new process with a fresh output folder:
board-game-factory drawing 72 comparable cards to 300 dpi PNG sheets (`bgf_cards.py`),
`cardgen build schlangennest --format pdf` (all four layouts and both booklets) and the same
with `--only cards`. Rounds rotate the order so that neither side always runs first; the
report gives each side's median wall time and cardgen's medians as fractions of
board-game-factory's (targets: the whole build at most 0.5, the cards alone at most 0.33), and
each side's median CPU time (user + system over all its processes), which other programs on
the machine disturb far less than the wall times.

`python bench/bench_vs_bgf.py [ROUNDS]` (default 5). Needs board-game-factory in the same
environment (`pip install board-game-factory`); without it the comparison is skipped.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"whole build": 0.5, "cards only": 0.33}


def _cardgen() -> list[str]:
    cli = Path(sys.executable).parent / "cardgen"
    return [str(cli)] if cli.exists() else [sys.executable, "-m", "cardgen"]


def commands(out: Path) -> dict[str, list[str]]:
    """The three timed commands, writing under `out`."""
    build = [*_cardgen(), "build", "schlangennest", "--format", "pdf", "--quiet"]
    return {
        "board-game-factory": [sys.executable, str(ROOT / "bench" / "bgf_cards.py"), str(out / "bgf")],
        "whole build": [*build, "--out", str(out / "whole")],
        "cards only": [*build, "--only", "cards", "--out", str(out / "cards")],
    }


def wall(command: list[str]) -> float:
    """Wall time of one run of `command` (which must succeed), in seconds."""
    return timed(command)[0]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system, of the command and every process it started and
    waited for) of one run of `command` (which must succeed), in seconds. The CPU time tells
    how much work a run did even when other programs share the cores and stretch wall times."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = os.times()  # children's times: 0 where the system does not report them (Windows)
    return elapsed, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main(rounds: int = 5) -> None:
    """Run the paired rounds and print the medians and the ratios."""
    if importlib.util.find_spec("bgfactory") is None:
        print("cardgen vs board-game-factory: skipped (pip install board-game-factory)")
        return
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    for i in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            runs = list(commands(Path(tmp)).items())
            for name, command in runs[i % 3:] + runs[:i % 3]:
                elapsed, used = timed(command)
                times.setdefault(name, []).append(elapsed)
                cpu.setdefault(name, []).append(used)
    median = {name: statistics.median(values) for name, values in times.items()}
    median_cpu = {name: statistics.median(values) for name, values in cpu.items()}
    base = median["board-game-factory"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cardgen vs board-game-factory, {rounds} paired rounds on {os.cpu_count()} cores "
          f"(load average {load_before:.1f} at the start, {load:.1f} at the end; wall times are "
          "only comparable on an otherwise idle machine):")
    print(f"  board-game-factory, 72 cards to 300 dpi PNG sheets: {base:5.2f} s "
          f"(CPU {median_cpu['board-game-factory']:.2f} s)")
    for name, target in TARGETS.items():
        ratio = median[name] / base
        verdict = "met" if ratio <= target else "NOT met"
        print(f"  cardgen build schlangennest --format pdf, {name}: {median[name]:5.2f} s = "
              f"{ratio:.2f} of board-game-factory (target {target}: {verdict}; "
              f"CPU {median_cpu[name]:.2f} s on all cores)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 5)
