"""Irrläufer's engine as it was before issue 20 made it fast, built from a pinned commit only when
asked (`make bench-irr-old`, i.e. `python bench/bench_irr.py --old`), for bench/bench_irr.py to
time the live engine against.

`OldEngine()` writes the `cardgen/` folder of commit `PINNED` (`git archive`, from this checkout's
own history: no network) into a temporary folder and starts this file there as a worker process
whose import path starts with that folder, so `cardgen` in the worker is the old package whole
(pure Python: that commit had no compiled core). The worker answers one JSON line per request:

- `{"phase2": seed}`: `[steps, CPU seconds]` of phase 2 of that seeded random game;
- `{"decide": path}`: the median CPU seconds of one decision of the old `mcts` at 100 simulations
  (the shared search as it was) over the positions of the JSON file at `path`.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PINNED = "03b3f8401f14418491983ad2ccbe615ce72b1591"
"""The last commit before the fast Irrläufer engine of issue 20: its engine is the one this
benchmark compared against since (a verbatim copy of it lay in bench/irr_frozen until issue 39)."""


def extract(commit: str, dest: Path) -> None:
    """Write the `cardgen/` folder of `commit` into `dest`, or stop with one line saying why not."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "cardgen"],
                             capture_output=True, check=True).stdout
    except FileNotFoundError:
        raise SystemExit("bench: the old Irrläufer engine is built with git, which is not installed") from None
    except subprocess.CalledProcessError as exc:
        reason = exc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["git archive failed"]
        raise SystemExit(f"bench: the old Irrläufer engine needs commit {commit[:12]} in this checkout's "
                         f"history (a shallow clone: git fetch --unshallow): {reason[0]}") from None
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        # the "data" filter where this Python has it (3.11.4 on); the archive is this checkout's own
        archive.extractall(dest, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))


class OldEngine:
    """The old engine in its own process (see the module text), for a `with` block."""

    def __init__(self, commit: str = PINNED) -> None:
        self.commit = commit
        self._folder = tempfile.TemporaryDirectory(prefix="cardgen-old-irr-")
        self._worker: subprocess.Popen[str] | None = None

    def __enter__(self) -> OldEngine:
        try:
            extract(self.commit, Path(self._folder.name))
        except BaseException:
            self._folder.cleanup()
            raise
        self._worker = subprocess.Popen([sys.executable, __file__, self._folder.name], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._worker is not None:
            assert self._worker.stdin is not None
            self._worker.stdin.close()
            self._worker.wait()
        self._folder.cleanup()

    def _ask(self, request: dict[str, Any]) -> Any:
        assert self._worker is not None and self._worker.stdin is not None and self._worker.stdout is not None
        self._worker.stdin.write(json.dumps(request) + "\n")
        self._worker.stdin.flush()
        line = self._worker.stdout.readline()
        if not line:
            raise SystemExit(f"bench: the old Irrläufer engine's process ended (exit {self._worker.wait()})")
        return json.loads(line)

    def phase2(self, seed: int) -> tuple[int, float]:
        """Steps and CPU seconds of phase 2 of the seeded random game `seed` (as irr_timing.phase2)."""
        steps, seconds = self._ask({"phase2": seed})
        return int(steps), float(seconds)

    def seconds_per_decision(self, positions: Path) -> float:
        """The old search's median CPU seconds per decision over the positions stored in `positions`."""
        return float(self._ask({"decide": str(positions)}))


def serve(folder: str) -> None:
    """The worker: the old package from `folder`, answering requests from stdin (module text)."""
    sys.path.insert(0, folder)
    from irr_timing import phase2, seconds_per_decision  # beside this file, standard library only

    import cardgen
    from cardgen.engine.mcts import MctsPlayer
    from cardgen.games.irrlaeufer.rules import IrrState, new_game

    assert Path(cardgen.__file__).is_relative_to(folder), f"not the old package: {cardgen.__file__}"
    for line in sys.stdin:
        request = json.loads(line)
        if "phase2" in request:
            answer: Any = phase2(new_game, int(request["phase2"]))
        else:
            data = json.loads(Path(request["decide"]).read_text(encoding="utf-8"))
            answer = seconds_per_decision(MctsPlayer(100), [IrrState.from_json(d) for d in data])
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    serve(sys.argv[1])
