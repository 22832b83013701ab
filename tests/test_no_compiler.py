"""Without a C compiler cardgen still installs, and runs its pure-Python core.

A copy of this checkout (no built core in it) is installed with pip into a fresh virtual
environment while the compiler is hidden (`CC`, `CXX` and `LDSHARED` name `/bin/false`, and
`PATH` holds no compiler): the install must succeed, say that the compiled core was not built,
and the installed cardgen must name the pure-Python core and play and replay Irrläufer games.
cardgen's dependencies come from this test environment's own site-packages (a path file); the
build's own (setuptools) from the package index, as for the wheel test. Marked `wheel` (slow: a
build and an install), run by `make test-wheel`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.wheel

REPO = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "output", "*.egg-info", "*.so", "__pycache__", ".mypy_cache",
                              ".pytest_cache")


def _no_compiler_path(root: Path) -> str:
    """A PATH of the few tools pip needs, with no C compiler on it."""
    tools = root / "tools-bin"
    tools.mkdir()
    for name in ("git", "sh", "uname"):
        found = shutil.which(name)
        if found:
            (tools / name).symlink_to(found)
    return str(tools)


def test_installs_and_runs_without_a_compiler(tmp_path: Path) -> None:
    source = tmp_path / "cardgen-src"
    shutil.copytree(REPO, source, ignore=SKIP)
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=False, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # the dependencies from this environment, after the new one's own
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "CARDGEN_PURE")}
    env.update(CC="/bin/false", CXX="/bin/false", LDSHARED="/bin/false", PATH=_no_compiler_path(tmp_path))
    done = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--disable-pip-version-check", "-v",
                           str(source)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "compiled core" in done.stdout + done.stderr and "not built" in done.stdout + done.stderr
    installed = Path(subprocess.run([str(python), "-c", "import cardgen, os; print(os.path.dirname(cardgen.__file__))"],
                                    cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.strip())
    assert installed.is_relative_to(env_dir), installed  # the copy installed here, not the checkout
    assert not list(installed.rglob("*.so")), "a compiled core was built with the compiler hidden"
    cardgen = [str(python), "-m", "cardgen"]
    version = subprocess.run([*cardgen, "--version"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert version.returncode == 0 and "pure Python (no compiled core built)" in version.stdout, version
    check = subprocess.run([*cardgen, "check", "irrlaeufer", "--games", "2", "--skill-games", "0", "--quiet",
                            "--no-chart", "--json", "--workers", "1"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=600)
    assert check.returncode in (0, 1) and '"irrlaeufer"' in check.stdout and "Traceback" not in check.stderr, check
    record = REPO / "examples" / "irr-short-17rows.json"
    replay = subprocess.run([*cardgen, "replay", str(record)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert replay.returncode == 0 and replay.stdout, replay
