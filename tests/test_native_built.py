"""Where a C compiler and the Python headers exist, the install (`make`, `pip install .`) builds
the compiled core of every game that has one (`cardgen/games/<game>/_core.c`). The build is
optional (a failing compile still installs the pure core), and the differential tests skip where
no core was built, so without this test a build that silently stopped compiling would leave the
suite green on the pure core alone."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.native import pure_forced
from cardgen.registry import GAMES


def _compiler() -> str | None:
    """The C compiler setuptools would call (sysconfig's CC, else cc), where it is on PATH."""
    configured = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(configured) or shutil.which("cc")


def test_every_game_runs_its_compiled_core_where_the_machine_can_build_it() -> None:
    if pure_forced():
        pytest.skip("CARDGEN_PURE is set: the pure-Python core is asked for")
    if _compiler() is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        pytest.skip("no C compiler or no Python headers here: the pure-Python core is the one installed")
    games = Path(__file__).resolve().parents[1] / "cardgen" / "games"
    cored = sorted(name for name in GAMES.names if (games / name / "_core.c").is_file())  # a new game may have none
    assert cored, "no game has a compiled core"
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    core = result.stdout.split("core: ", 1)[1].strip()
    assert core.startswith("native (C: "), core
    built = core.removeprefix("native (C: ").removesuffix(")").split(", ")
    assert sorted(built) == cored, core
