"""`make bench`: the project's timings, each the median of several runs, with the core count.

Plain script (not a test): how quickly a command starts and costly input is refused, per-card
PDF time, PNG time per face, the whole default build of each game with a kit, the rules engines'
random games per second and Irrläufer's engine and search figures (bench/bench_*.py; beside
the engine before issue 20 with `make bench-irr-old`), and the wall time of each game's default
`cardgen check` on all cores.
"""

from __future__ import annotations

import os
import resource
import runpy
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def median_time(func: Callable[[], object], runs: int = 5) -> float:
    """Median wall time of `runs` calls, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_print() -> None:
    from cardgen.games.schlangennest.render import items
    from cardgen.print import FaceCache, Layout, LayoutOptions, impose, write_pdf, write_png
    from cardgen.registry import GAMES

    nest = GAMES.get("schlangennest").load_set()
    cards = items(nest, 3.0)
    n = sum(i.count for i in cards)
    with tempfile.TemporaryDirectory() as tmp:
        for layout in (Layout.SINGLE, Layout.DUPLEX):
            imp = impose(cards, LayoutOptions(layout=layout))
            cold = median_time(lambda: write_pdf(Path(tmp) / "c.pdf", imp, cache=FaceCache()))  # noqa: B023 - called within this iteration
            cache = FaceCache()
            write_pdf(Path(tmp) / "w.pdf", imp, cache=cache)
            warm = median_time(lambda: write_pdf(Path(tmp) / "w.pdf", imp, cache=cache))  # noqa: B023 - called within this iteration
            print(f"schlangennest PDF {layout.value:7s} per card: {cold / n * 1000:6.2f} ms "
                  f"(faces parsed each run), {warm / n * 1000:6.2f} ms (faces already parsed and drawn)  "
                  f"[{n} cards, median of 5]")
        faces = {i.front.key: i.front for i in cards} | {"back": cards[0].back}
        per_face = [median_time(lambda f=f: write_png(f, Path(tmp) / "p.png", dpi=300), runs=3)
                    for f in faces.values() if f is not None]
        print(f"schlangennest PNG 300 dpi per face: median {statistics.median(per_face) * 1000:6.1f} ms, "
              f"slowest {max(per_face) * 1000:6.1f} ms  [{len(per_face)} faces]")


def bench_build(game: str) -> None:
    cli = ROOT / ".venv" / "bin" / "cardgen"
    command = [str(cli) if cli.exists() else "cardgen", "build", game, "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        wall = median_time(lambda: subprocess.run([*command, "--out", tmp], check=True), runs=3)
    print(f"{game} whole default build (cardgen build {game}, new process): {wall:5.2f} s  [median of 3]")


def bench_startup() -> None:
    """How long a command takes to start: `cardgen --help` in a new process (the command line
    built from every game's declarations; the check's engine and the players load later)."""
    cli = ROOT / ".venv" / "bin" / "cardgen"
    command = [str(cli) if cli.exists() else "cardgen", "--help"]
    wall = median_time(lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL), runs=9)
    print(f"command start (cardgen --help, new process): {wall * 1000:6.1f} ms  [median of 9]")


def timed_run(command: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system of the process and its workers) of one run. A
    check that judges a set failing exits 1: that is its report, not a broken benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 1) or (done.returncode == 1 and "cardgen: check:" not in done.stderr):
        raise subprocess.CalledProcessError(done.returncode, command, stderr=done.stderr)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_check(game: str) -> None:
    cli = ROOT / ".venv" / "bin" / "cardgen"
    command = [str(cli) if cli.exists() else "cardgen", "check", game, "--quiet", "--no-chart"]
    runs = [timed_run(command) for _ in range(3)]
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    print(f"{game} default check (cardgen check {game}, all cores): {wall:5.1f} s wall, "
          f"{cpu:5.1f} s CPU  [median of 3]")


def bench_check_all() -> None:
    """The default `cardgen check` of every game at once (the budget: 60 s on two cores, with
    every hard criterion of each player count's main configuration decided). The CPU time is the
    steadier figure on a shared machine: wall time there depends on the load."""
    cli = ROOT / ".venv" / "bin" / "cardgen"
    command = [str(cli) if cli.exists() else "cardgen", "check", "--quiet", "--no-chart"]
    runs = [timed_run(command) for _ in range(3)]
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    load = os.getloadavg()[0]
    print(f"default check of all games (cardgen check --quiet --no-chart, {os.cpu_count()} cores): "
          f"{wall:5.1f} s wall, {cpu:5.1f} s CPU  [median of 3; load average {load:.1f} after]")


def bench_refusals() -> None:
    """How long cardgen takes to refuse costly input (issue 24): set files nested deep through
    dotted keys and table headers (refused by the raw-text pre-scan before the TOML parser sees
    them) and `variant` counts far beyond what a set can hold (refused as a usage error)."""
    from cardgen.commands.variant import check_options
    from cardgen.errors import DataError
    from cardgen.inputs import parse_toml
    from cardgen.registry import GAMES

    texts = {"a dotted key of 200,000 parts": "a" + ".a" * 200_000 + " = 1\n",
             "a table header of 200,000 parts": "[" + "a." * 200_000 + "a]\n",
             "20,001 keys": "".join(f"k{i} = 1\n" for i in range(20_001))}

    def refuse(text: str) -> None:
        try:
            parse_toml(text, "bench.toml")
        except DataError:
            return
        raise AssertionError("not refused")

    for label, text in texts.items():
        print(f"refuse a set file with {label}: {median_time(lambda t=text: refuse(t)) * 1000:7.2f} ms  "
              "[pre-scan, median of 5]")
    pit = GAMES.get("schlangengrube")

    def heads() -> None:
        try:
            check_options(pit, {"heads": 1_000_000_000})
        except DataError:
            return
        raise AssertionError("not refused")

    print(f"refuse variant schlangengrube --heads 1000000000: {median_time(heads) * 1000:7.3f} ms  [median of 5]")


def main() -> None:
    print(f"cardgen benchmarks on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    bench_startup()
    bench_refusals()
    bench_print()
    from cardgen.registry import GAMES

    for game in GAMES:
        if game.has_kit():
            bench_build(game.name)
    for script in sorted((ROOT / "bench").glob("bench_*.py")):
        try:
            runpy.run_path(str(script), run_name="__main__")
        except Exception as exc:  # one broken benchmark must not hide the others
            print(f"{script.name}: failed ({type(exc).__name__}: {exc})")
    for game in GAMES:
        bench_check(game.name)
    bench_check_all()


if __name__ == "__main__":
    main()
