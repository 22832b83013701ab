"""The recipe of `cardgen/games/__init__.py` works: in a copy of the repository (its tracked
files), the toy game of the tests (`tests/toy_game/`) is added to the product exactly as the
recipe says (the package copied to `cardgen/games/toy/`, its templates to `templates/toy/`, one
import and one entry in `cardgen/registry.py`), the copy is installed into a virtual environment
of its own, and there `cardgen list`, `build toy`, `check toy`, `replay` of the toy's example
record, the conformance harness (`cardgen.engine.conformance.random_sim_test`) on the toy and
the whole default test suite succeed, with no other change.

Slow (minutes: an install and the whole suite); `tests/test_toy_game.py` runs the toy through
the same commands in the default run, and the generic tests run the toy's package shape
whenever a game like it is registered.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def copy_tracked(to: Path) -> None:
    """The repository's tracked files (as they are in the work tree) copied to `to`."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = REPO / name
        if source.is_file():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)


def follow_the_recipe(root: Path) -> None:
    """Add the toy game to the product in `root`, as `cardgen/games/__init__.py` says."""
    toy = root / "tests" / "toy_game"
    shutil.copytree(toy, root / "cardgen" / "games" / "toy", ignore=shutil.ignore_patterns("templates", "__pycache__"))
    shutil.copytree(toy / "templates", root / "templates" / "toy")
    registry = root / "cardgen" / "registry.py"
    text = registry.read_text(encoding="utf-8")
    imports = list(re.finditer(r"^from cardgen\.games\.\w+\.game import \w+\n", text, re.M))
    at = imports[-1].end()
    text = text[:at] + "from cardgen.games.toy.game import Toy\n" + text[at:]
    registry.write_text(with_entry(text, "Toy()"), encoding="utf-8")


def with_entry(source: str, entry: str) -> str:
    """The registry's `source` with `entry` added at the end of the tuple of `GAMES = Registry((…))`."""
    (games,) = [node.value for node in ast.parse(source).body if isinstance(node, ast.Assign)
                and [ast.unparse(t) for t in node.targets] == ["GAMES"]]
    assert isinstance(games, ast.Call) and isinstance(games.args[0], ast.Tuple), ast.unparse(games)
    end = games.args[0]
    lines = source.splitlines(keepends=True)
    at = sum(len(line) for line in lines[: end.end_lineno - 1]) + end.end_col_offset - 1  # type: ignore[operator]
    head = source[:at].rstrip()
    return head + ("" if head.endswith(",") else ",") + f" {entry}" + source[at:]


def run(args: list[str | Path], cwd: Path) -> str:
    """Run a command in `cwd` (the environment as for this test run: pip's own index settings
    included); its output, after asserting it succeeded."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "VIRTUAL_ENV", "COV_"))}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, args))}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.mark.slow
def test_the_recipe_adds_the_toy_game_to_a_copy_of_the_product(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    copy_tracked(root)
    follow_the_recipe(root)
    run([sys.executable, "-m", "venv", root / ".venv"], root)
    bin_ = root / ".venv" / "bin"
    run([bin_ / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f"{root}[test,dev,cluster,play,tune,scan]"], root)  # as the Makefile installs
    assert "toy: Toy row" in run([bin_ / "cardgen", "list"], root)
    run([bin_ / "cardgen", "build", "toy", "-q", "--out", tmp_path / "out"], root)
    assert {"tiles-a4.pdf", "rules-en-a5-read.pdf", "manifest.json"} <= {p.name for p in (tmp_path / "out" / "toy").iterdir()}
    run([bin_ / "cardgen", "check", "toy", "-q", "--no-chart"], root)
    run([bin_ / "cardgen", "replay", "templates/toy/example.json"], root)
    harness = ("from cardgen.engine.conformance import random_sim_test\nfrom cardgen.registry import GAMES\n"
               "print(random_sim_test(GAMES.get('toy'), {'players': 2}, None, 3).moves)")
    assert run([bin_ / "python", "-c", harness], root).strip() == "8"  # the set's eight tiles, all taken
    run([bin_ / "python", "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider"], root)
