"""`make bench-tune`: the search issue #26 names, timed on this machine's cores:
`cardgen tune schlangengrube --players 3 --vary hand_size=4..7 --trials 30 --out pit3.toml`
(within 15 minutes on two cores), then `cardgen check --set pit3.toml` of the set it wrote."""

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
        subprocess.run([*CARDGEN, "tune", "schlangengrube", "--players", "3", "--vary", "hand_size=4..7",
                        "--trials", "30", "--quiet", "--out", str(out)], check=True)
        searched = time.perf_counter() - start
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
