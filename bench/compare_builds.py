"""The build figures of `make bench` for several checkouts side by side, so a speed claim "within
N % of commit X" can be measured like for like.

    git worktree add --detach /tmp/old REV && make -C /tmp/old .venv/.installed
    .venv/bin/python bench/compare_builds.py old=/tmp/old new=. --rounds 5

Each checkout runs with its own code and its own `.venv` (its `bench/run.py` must have
`bench_print`, as every commit since the print pipeline has). A round runs every checkout once
(the per-card PDF and PNG figures, then `cardgen build GAME` of each game in a new process), and
the checkouts' order turns each round, so a drift of the machine's speed falls on all of them
alike. Printed: the median of the rounds for each figure, and its change against the first
checkout named. Not part of `make bench` (it needs other checkouts).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

GAMES = ("schlangennest", "schlangengrube", "irrlaeufer")
PRINT_FIGURES = ("import runpy; runpy.run_path({run!r}, run_name='bench')['bench_print']()")


def print_figures(checkout: Path) -> dict[str, float]:
    """The first number of each line `bench_print` prints: ms per card (PDF, faces parsed each
    run) and the median ms per face (PNG at 300 dpi)."""
    out = subprocess.run([str(checkout / ".venv/bin/python"), "-c",
                          PRINT_FIGURES.format(run=str(checkout / "bench/run.py"))],
                         cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True).stdout
    figures = {}
    for line in out.splitlines():
        label, _, rest = line.partition(":")
        words = rest.replace("median", " ").split()
        figures[" ".join(label.split()) + " (ms)"] = float(words[0])
    return figures


def build_seconds(checkout: Path, game: str) -> float:
    """Wall time of `cardgen build GAME --quiet` in a new process, into an empty folder."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([str(checkout / ".venv/bin/cardgen"), "build", game, "--quiet", "--out", out],
                       cwd=tempfile.gettempdir(), check=True)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", metavar="NAME=PATH",
                        help="a name and a checkout with its .venv installed; the first is the reference")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    named = dict(item.split("=", 1) for item in args.checkouts)
    paths = {name: Path(path).resolve() for name, path in named.items()}
    for name, path in paths.items():
        if not (path / ".venv/bin/cardgen").exists():
            parser.error(f"{name}: {path} has no .venv/bin/cardgen (make .venv/.installed there first)")
    runs: dict[str, dict[str, list[float]]] = {name: {} for name in paths}
    names = list(paths)
    for round_no in range(args.rounds):
        turn = round_no % len(names)
        for name in names[turn:] + names[:turn]:
            figures = print_figures(paths[name])
            for game in GAMES:
                figures[f"build {game} (s)"] = build_seconds(paths[name], game)
            for label, value in figures.items():
                runs[name].setdefault(label, []).append(value)
        print(f"round {round_no + 1} of {args.rounds} done (load average {os.getloadavg()[0]:.1f})", flush=True)
    reference = names[0]
    print(f"\nmedian of {args.rounds} rounds on {os.cpu_count()} cores; change against {reference}")
    for label in runs[reference]:
        base = statistics.median(runs[reference][label])
        cells = []
        for name in names:
            value = statistics.median(runs[name][label])
            change = "" if name == reference else f" ({(value / base - 1) * 100:+.1f} %)"
            cells.append(f"{name} {value:.3f}{change}")
        print(f"{label:45s} " + "   ".join(cells))


if __name__ == "__main__":
    main()
