"""`cardgen check schlangennest --set FILE --watch`: the seconds from a save to the verdicts of the
main configurations (issue 40 asks for at most 10 s on a quiet 2-core machine). A plain script,
run by `make bench` through bench/run.py.

One watch process on all cores, the default players and player; after its first verdicts the set
file (a copy of the standard set) is saved 5 times, each save a changed comment, and each time
the wall time from the write to the line "main configurations in …" is taken (the watch drops
the rest of the check when the next save comes, as for a designer saving again). Printed: the
median of the 5, each figure, and the CPU time (user + system) of the whole watch, workers
included, from getrusage after it ended.
"""

from __future__ import annotations

import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAVES = 5
GAME = "schlangennest"


def _until(proc: subprocess.Popen[str], text: str) -> str:
    assert proc.stdout is not None
    for line in proc.stdout:
        if text in line:
            return line.strip()
    raise RuntimeError(f"the watch ended before {text!r}")


def main() -> None:
    standard = (ROOT / "templates" / GAME / "standard.toml").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        watched = Path(folder) / "watched.toml"
        watched.write_text(standard, encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.Popen([sys.executable, "-m", "cardgen", "check", GAME, "--set", str(watched), "--watch"],
                                cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                start_new_session=True)
        try:
            _until(proc, "main configurations in")
            times = []
            for n in range(SAVES):
                watched.write_text(standard + f"\n# save {n + 1}\n", encoding="utf-8")
                start = time.perf_counter()
                _until(proc, "main configurations in")
                times.append(time.perf_counter() - start)
        finally:
            proc.send_signal(signal.SIGTERM)  # not SIGINT: a shell's background job inherits it ignored
            proc.wait()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"check {GAME} --watch, save to main verdicts: {statistics.median(times):5.1f} s  "
          f"[median of {SAVES} saves: {', '.join(f'{t:.1f}' for t in times)}; whole watch {cpu:.1f} CPU s]")


if __name__ == "__main__":
    main()
