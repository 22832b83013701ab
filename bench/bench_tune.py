"""`make bench-tune`: the search issue #26 names, timed on this machine's cores:
`cardgen tune schlangengrube --players 3 --vary hand_size=4..7 --trials 30 --out pit3.toml`
(within 15 minutes on two cores), then `cardgen check --set pit3.toml` of the set it wrote; when no
set passes, tune's exit code and its one line instead."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CARDGEN = [sys.executable, "-m", "cardgen"]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pit3.toml"
        start = time.perf_counter()
        tuned = subprocess.run([*CARDGEN, "tune", "schlangengrube", "--players", "3", "--vary", "hand_size=4..7",
                                "--trials", "30", "--quiet", "--out", str(out)], capture_output=True, text=True)
        searched = time.perf_counter() - start
        if tuned.returncode != 0:  # no set passed: tune's one line says which trial came nearest, and why
            said = (tuned.stderr.strip().splitlines() or ["(no message)"])[-1]
            print(f"tune schlangengrube --players 3 --vary hand_size=4..7 --trials 30: {searched:.1f} s wall "
                  f"[{os.cpu_count()} cores; budget 900 s]; exit {tuned.returncode}: {said}")
            return
        start = time.perf_counter()
        done = subprocess.run([*CARDGEN, "check", "--set", str(out), "--quiet", "--no-chart"], capture_output=True,
                              text=True)
        checked = time.perf_counter() - start
        chosen = next(line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("# Chosen"))
        print(f"tune schlangengrube --players 3 --vary hand_size=4..7 --trials 30: {searched:.1f} s wall "
              f"[{os.cpu_count()} cores; budget 900 s]; {chosen[2:]}")
        print(f"check --set pit3.toml: exit {done.returncode} in {checked:.1f} s; "
              + (done.stdout.strip().splitlines() or ["(no output)"])[-1])


if __name__ == "__main__":
    main()
