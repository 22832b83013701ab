"""The package as pip builds it: every package found (no list to keep), the dependencies
declared, the optional extras optional, nothing that points at development material."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_every_package_under_cardgen_is_found_and_none_is_listed_by_name() -> None:
    """A new game's folder needs no line in pyproject.toml: setup.py finds the packages."""
    import os
    import runpy
    from unittest import mock

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "packages" not in config
    assert config["package-dir"]["cardgen.templates"] == "templates"
    assert (REPO / "templates" / "__init__.py").is_file()
    before = Path.cwd()
    os.chdir(REPO)  # setuptools finds packages from the project folder, as pip runs it
    try:
        with mock.patch("setuptools.setup") as setup:
            runpy.run_path(str(REPO / "setup.py"))
    finally:
        os.chdir(before)
    found = set(setup.call_args.kwargs["packages"])
    on_disk = {".".join(init.parent.relative_to(REPO).parts) for init in (REPO / "cardgen").rglob("__init__.py")}
    assert found == on_disk | {"cardgen.templates"}


def test_the_version_is_written_once_and_the_metadata_reads_it() -> None:
    """pyproject.toml names no version of its own: the installed metadata carries
    cardgen.__version__ (what `cardgen --version` and the kits' manifests print)."""
    import importlib.metadata

    import cardgen

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert importlib.metadata.version("cardgen") == cardgen.__version__


def test_runtime_imports_are_declared_dependencies() -> None:
    """Every third-party module the package imports is one of its declared dependencies (the
    test extras do not count: a user's install has only these)."""
    import sys

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {d.split(">")[0].split("=")[0].split("[")[0].strip().lower().replace("-", "_")
                for d in project["dependencies"]}
    provides = {"PIL": "pillow", "rl_accel": "rl_accel", "_rl_accel": "rl_accel"}
    optional = {"cardgen/check/cluster.py", "cardgen/commands/play/server.py", "cardgen/commands/tunesearch.py",
                "cardgen/print/scan.py"}  # the optional `cluster`, `play`, `tune` and `scan` extras: the tests below
    imported = {i.package for i in _imports() if i.module not in optional and i.package}
    third_party = {m for m in imported if m not in sys.stdlib_module_names and m != "cardgen"}
    assert {provides.get(m, m).lower() for m in third_party} - declared == set()


@dataclass(frozen=True)
class Import:
    """One package named by an import statement of one of cardgen's modules."""

    module: str  # the module's path in the repository, "cardgen/..."
    package: str  # the top-level package imported ("" for a relative import)
    at_top: bool  # at the top of the module (loaded with it), not in a function or under `if TYPE_CHECKING:`


@functools.cache
def _imports() -> tuple[Import, ...]:
    """Every import of every module of cardgen (the package is parsed once per test process)."""
    import ast

    out: list[Import] = []
    for path in sorted((REPO / "cardgen").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = path.relative_to(REPO).as_posix()
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out.extend(Import(name, a.name.split(".")[0], id(node) in top) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                out.append(Import(name, (node.module or "").split(".")[0] if node.level == 0 else "",
                                  id(node) in top))
    return tuple(out)


def _importers(packages: tuple[str, ...]) -> dict[str, bool]:
    """Every module of cardgen that imports one of the top-level `packages`, with whether it
    does so at the top of the module (loaded with the module) rather than inside a function
    or under `if TYPE_CHECKING:`."""
    out: dict[str, bool] = {}
    for found in _imports():
        if found.package in packages:
            out[found.module] = out.get(found.module, False) or found.at_top
    return out


def _extras() -> dict[str, list[str]]:
    extras: dict[str, list[str]] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    return extras


def test_the_cluster_extra_is_imported_only_by_the_cluster_module_and_only_when_used() -> None:
    """`distributed` comes with the optional `cluster` extra: only cardgen/check/cluster.py may
    import it, and only inside a function (a plain install never loads it)."""
    assert any(d.startswith("dask[distributed]") for d in _extras()["cluster"])
    assert _importers(("distributed", "dask")) == {"cardgen/check/cluster.py": False}


def test_the_tune_extra_is_imported_only_by_the_search_and_only_when_used() -> None:
    """Optuna comes with the optional `tune` extra: only cardgen/commands/tunesearch.py may import it,
    and only inside a function (`cardgen check` and a plain install never load it)."""
    assert any(d.startswith("optuna") for d in _extras()["tune"])
    assert _importers(("optuna",)) == {"cardgen/commands/tunesearch.py": False}


def test_the_play_extra_is_imported_only_by_the_play_server_and_only_when_used() -> None:
    """Starlette and uvicorn come with the optional `play` extra: only cardgen/commands/play/server.py
    may import them, and only inside a function (or for type checking): a plain install never
    loads them, and `cardgen play` without the extra says which extra to install."""
    assert {d.split(">")[0] for d in _extras()["play"]} == {"starlette", "uvicorn"}
    assert _importers(("starlette", "uvicorn")) == {"cardgen/commands/play/server.py": False}


def test_the_scan_extra_is_imported_only_by_the_scan_reader_and_only_when_used() -> None:
    """OpenCV (and numpy with it) come with the optional `scan` extra: only cardgen/print/scan.py
    may import them, and only inside a function (or for type checking): building the calibration
    sheet needs neither, and `cardgen calibrate` without the extra says which extra to install."""
    assert {d.split(">")[0] for d in _extras()["scan"]} == {"opencv-python-headless", "numpy"}
    assert _importers(("cv2", "numpy")) == {"cardgen/print/scan.py": False}


def test_svg_art_is_parsed_in_one_place_only_when_drawn() -> None:
    """svglib turns SVG art into reportlab drawings in cardgen/print/drawings.py alone (each text
    once per process), imported inside the function that parses: nothing loads it before a face
    is drawn into a PDF."""
    assert _importers(("svglib",)) == {"cardgen/print/drawings.py": False}


def test_nothing_users_get_refers_to_the_development_material() -> None:
    """The README, docs, package and set files never send a reader to a `shared/` folder: users
    have the repository and the package, nothing beside them."""
    files = [REPO / "README.md", *(p for top in ("docs", "cardgen", "templates") for p in (REPO / top).rglob("*")
                                   if p.is_file() and p.suffix in {".md", ".py", ".toml", ".txt", ".json"})]
    assert len(files) > 100
    assert [str(p.relative_to(REPO)) for p in files if "shared/" in p.read_text(encoding="utf-8")] == []


def _make_dry(target: str) -> str:
    import subprocess

    done = subprocess.run(["make", "-s", "-n", "-C", str(REPO), target], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_readme_starts_with_what_a_hobbyist_needs_and_make_ends_saying_what_next() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = readme.split("\n## ")[1]  # the first section
    assert first.startswith("Print a kit") and "HOW-TO-PRINT.txt" in first and "bench" not in first
    assert readme.index("HOW-TO-PRINT.txt") < readme.index("make bench") < readme.index("git worktree")
    last = _make_dry("kit").strip().splitlines()[-1]
    assert last.startswith("echo") and "Next: open output/<game>/HOW-TO-PRINT.txt" in last


def test_the_readme_says_how_long_make_test_takes_and_offers_a_quick_look() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "make test " in readme and "on a quiet 2-core machine" in readme
    quick = _make_dry("test-quick")
    assert "pytest" in quick and "make test-quick" in readme
    for name in quick.split():
        if name.startswith("tests/"):
            assert (REPO / name).is_file(), name


def test_the_readmes_editable_install_is_what_make_installs() -> None:
    import re

    extras = re.search(r"-e '\.\[([a-z,]+)\]'", (REPO / "Makefile").read_text(encoding="utf-8"))
    assert extras, "the Makefile installs no extras"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    claims = re.findall(r"pip install -e '\.\[([a-z,]+)\]'`?,? ?(?:which is what|as) `make`", readme)
    stated = re.findall(r"`make` does:\s*`pip install -e '\.\[([a-z,]+)\]'`", readme)
    assert not claims and stated == [extras.group(1)], (claims, stated)


@pytest.mark.slow  # long (make test-slow): keeps make test near its 3 minutes
def test_tunes_search_tests_skip_without_optuna_as_the_play_and_cluster_tests_do(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "no_optuna.py").write_text("import sys\nsys.modules['optuna'] = None  # as if not installed\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no_optuna", "-p", "no:xdist", "-p",
                           "no:cacheprovider", "-rs", str(REPO / "tests/engine/test_tune.py")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          env={**__import__("os").environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0, done.stdout[-2000:]
    assert "skipped" in done.stdout and "needs Optuna (pip install -e '.[tune]')" in done.stdout, done.stdout[-2000:]
