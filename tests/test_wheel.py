"""The wheel, installed into a fresh virtual environment, works from any folder.

Built with `pip wheel`, installed with its dependencies from the package index into a new
environment without the system's site-packages, then run from an empty folder with the
repository off `sys.path` (`python -I`): `list`, `build`, `check`, `replay` and `variant` must
succeed, and no Python-level file read may touch the source tree or the system's fonts. Every
file cardgen opens is recorded by an audit hook (`sys.addaudithook`), so a template or font
read from outside the installed package would show up.

Slow (a minute or two, mostly installing the dependencies) and needs the network or a warm
pip cache: marked `wheel`, left out of `make test` and run by `make test-wheel` in `.ci/run`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from cardgen.print.settings import settings_path

pytestmark = pytest.mark.wheel

REPO = Path(__file__).resolve().parent.parent

# Runs cardgen's command line as the `cardgen` script would, after installing an audit hook
# that appends every path opened for reading or writing to OPENED (one per line).
RUNNER = """
import os, sys
log = open(os.environ["OPENED"], "a", encoding="utf-8")
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        log.write(os.path.abspath(os.fsdecode(args[0])) + "\\n")
        log.flush()
sys.addaudithook(hook)
from cardgen.cli import main
sys.argv[0] = "cardgen"
main()
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel of this checkout installed; its python."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
                    str(REPO)], check=True, cwd=root)
    wheels = list(dist.glob("cardgen-*.whl"))
    assert len(wheels) == 1, wheels
    env_dir = root / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=False, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    str(wheels[0])], check=True, cwd=root)
    return python


def _cardgen(python: Path, folder: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], list[Path]]:
    """Run `cardgen ARGS` with the installed package in `folder`; the result and every opened path."""
    log = folder / ".opened"
    log.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["OPENED"] = str(log)
    result = subprocess.run([str(python), "-I", "-c", RUNNER, *args], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=600)
    opened = [Path(p) for p in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return result, opened


def _outside_package(opened: list[Path], env: Path, work: Path) -> list[Path]:
    """Opened paths that are in the source tree or the system's fonts, or that are cardgen data
    files (set files, booklet texts, fonts) read from anywhere but the installed package or the
    user's folder `work` (or, for the user's saved printer settings, their configuration folder)."""
    package = next(env.glob("lib/python*/site-packages/cardgen"))
    bad = []
    for path in opened:
        if path.is_relative_to(REPO) or path.is_relative_to("/usr/share/fonts"):
            bad.append(path)
        elif path.suffix in (".toml", ".ttf") or path.name.startswith("rules-") and path.suffix == ".txt":
            if not path.is_relative_to(package) and not path.is_relative_to(work) and path != settings_path():
                bad.append(path)
    return bad


def test_the_installed_wheel_builds_checks_replays_and_makes_variants_from_any_folder(
        installed: Path, tmp_path: Path) -> None:
    env = installed.parent.parent
    work = tmp_path / "somewhere else"
    work.mkdir()
    record = work / "game.json"
    shutil.copy(REPO / "examples" / "pit-base-2p.json", record)
    runs = [
        ("list",),
        ("build", "schlangennest", "--format", "pdf", "--layout", "duplex", "-q"),
        ("check", "schlangengrube", "--games", "4", "--skill-games", "0", "--no-chart", "--workers", "1", "-q"),
        ("replay", "--json", "game.json"),
        # two games cannot settle a verdict: the wheel test asks only that the set is written
        ("variant", "schlangennest", "--colours", "5", "--out", "five.toml", "--games", "2", "--workers", "1",
         "--allow-inconclusive", "-q"),  # 2 games decide nothing: since the verdict, that is refused unless allowed
        ("build", "--set", "five.toml", "--format", "pdf", "--layout", "single", "--lang", "en", "-q"),
        ("sets", "schlangengrube", "--out", "mine.toml"),
    ]
    outputs = {}
    for args in runs:
        result, opened = _cardgen(installed, work, *args)
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr
        assert _outside_package(opened, env, work) == [], args
        outputs[args[0]] = result.stdout
        manifest = work / "output" / "schlangennest" / "manifest.json"
        if args[0] == "build" and args[1] == "schlangennest":
            files = {entry["file"] for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]}
            assert {"cards-a4-duplex-long.pdf", "rules-de-a4-duplex-short.pdf", "rules-en-a5-read.pdf"} <= files
    assert "schlangennest" in outputs["list"] and "irrlaeufer" in outputs["list"]
    assert json.loads(outputs["replay"])["legal"] is True
    assert "colours" in (work / "five.toml").read_text(encoding="utf-8")
    assert (work / "mine.toml").read_text(encoding="utf-8") == (REPO / "templates" / "schlangengrube" /
                                                              "standard.toml").read_text(encoding="utf-8")
    # the last build printed the variant: its kit replaced the standard one in the same folder
    last = json.loads((work / "output" / "schlangennest" / "manifest.json").read_text(encoding="utf-8"))
    assert last["set"] == "five.toml"
    assert {entry["file"] for entry in last["files"]} == {"cards-a4.pdf", "rules-en-a4-duplex-short.pdf",
                                                          "rules-en-a5-read.pdf", "proof.png", "HOW-TO-PRINT.txt"}


def test_the_wheel_carries_every_package_of_the_source_tree(installed: Path) -> None:
    """A package added under cardgen/ but missing from pyproject.toml's list would be left out."""
    package = next(installed.parent.parent.glob("lib/python*/site-packages/cardgen"))
    for init in (REPO / "cardgen").rglob("__init__.py"):
        assert (package / init.relative_to(REPO / "cardgen")).is_file(), init
    for data in (REPO / "templates").rglob("*"):
        if data.is_file() and data.suffix in (".toml", ".txt"):
            assert (package / "templates" / data.relative_to(REPO / "templates")).is_file(), data
    assert (package / "fonts" / "LICENSE").is_file()
    for profile in (REPO / "cardgen" / "profiles").glob("*.icc"):  # the press profiles --colour cmyk uses
        assert (package / "profiles" / profile.name).is_file(), profile
    static = [p for p in (REPO / "cardgen").rglob("static/*") if p.is_file()]
    assert len(static) >= 6  # the play page's frame and each game's style sheet
    for data in static:
        assert (package / data.relative_to(REPO / "cardgen")).is_file(), data


def test_play_without_the_play_extra_names_the_extra(installed: Path, tmp_path: Path) -> None:
    """The wheel installed without `[play]`: `cardgen play` says what to install, in one line."""
    result, _ = _cardgen(installed, tmp_path, "play", "schlangennest", "--no-open", "--port", "0")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip() == "cardgen: play: the browser table needs the play extra: pip install 'cardgen[play]'"
