"""A game's output folder is always one build's complete output: builds with other options leave
no stale file, the manifest lists exactly the folder, and a build killed or failing part-way
leaves the previous folder as it was."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.kit.pipeline import build_game
from cardgen.kit.spec import resolve


def _build(out: Path, *args: str) -> None:
    result = CliRunner().invoke(main, ["build", "schlangennest", "--out", str(out), "-q", *args])
    assert result.exit_code == 0, result.output


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` with a hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _listed(folder: Path) -> set[str]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return {entry["file"] for entry in manifest["files"]} | {"manifest.json"}


def _signal_mid_build(out: Path, sig: signal.Signals, *args: str) -> int:
    """Start a real `cardgen build schlangennest` into `out`, send it `sig` once it has written a
    file into its temporary folder, and return its exit code."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "schlangennest", "--out", str(out), "-q",
                             *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if any(p.is_file() for p in out.glob(".schlangennest.new-*/schlangennest/*")):
                break
            time.sleep(0.02)
        assert proc.poll() is None, f"the build ended before it got {sig.name}"
        proc.send_signal(sig)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode


def test_two_builds_with_different_options_leave_no_stale_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(out, "--format", "pdf,svg", "--layout", "duplex", "--lang", "de")
    first = set(_snapshot(out / "schlangennest"))
    assert {"cards-a4-duplex-long.pdf", "calibration-a4-long.pdf", "rules-de-a4-duplex-short.pdf"} <= first
    assert any(name.startswith("svg/") for name in first)
    _build(out, "--format", "pdf", "--layout", "single", "--paper", "letter", "--lang", "en")
    second = set(_snapshot(out / "schlangennest"))
    assert second == _listed(out / "schlangennest")
    assert second == {"cards-letter.pdf", "rules-en-letter-duplex-short.pdf", "rules-en-a5-read.pdf",
                      "proof.png", "manifest.json", "HOW-TO-PRINT.txt"}
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]  # no temporary folder left


def test_a_build_failing_part_way_leaves_the_previous_output(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up while the booklets are written: the earlier kit is still all there."""
    out = tmp_path / "out"
    _build(out, "--format", "pdf", "--layout", "single", "--lang", "en")
    before = _snapshot(out / "schlangennest")

    def full_disk(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("cardgen.booklet.build.write_bytes_atomic", full_disk)
    from cardgen.registry import GAMES
    from cardgen.options import BuildOptions

    with pytest.raises(OSError):
        build_game(GAMES.get("schlangennest"), resolve(BuildOptions(out=out, formats=("pdf",), langs=("de",))),
                   quiet=True)
    assert _snapshot(out / "schlangennest") == before
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]


def test_a_build_killed_mid_way_leaves_the_previous_complete_output(tmp_path: Path) -> None:
    """SIGKILL a real `cardgen build` once it has written files into its temporary folder: the
    previous output is untouched, and the next build clears what the killed one left."""
    out = tmp_path / "out"
    _build(out, "--format", "pdf", "--layout", "single", "--only", "cards")
    before = _snapshot(out / "schlangennest")
    assert _signal_mid_build(out, signal.SIGKILL, "--format", "pdf,svg", "--paper", "letter") == -signal.SIGKILL
    assert _snapshot(out / "schlangennest") == before  # the previous kit, complete and unchanged
    assert set(before) == _listed(out / "schlangennest")
    _build(out, "--format", "svg", "--only", "cards")
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]  # the killed build's folder is gone
    assert set(_snapshot(out / "schlangennest")) == _listed(out / "schlangennest")


def test_ctrl_c_during_a_build_leaves_the_previous_complete_output(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) to a real `cardgen build`: it stops, and the previous kit is unchanged."""
    out = tmp_path / "out"
    _build(out, "--format", "pdf", "--layout", "single", "--only", "cards")
    before = _snapshot(out / "schlangennest")
    assert _signal_mid_build(out, signal.SIGINT, "--format", "pdf,svg") != 0
    assert _snapshot(out / "schlangennest") == before
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]  # Ctrl-C tidies its own folder


def test_a_build_keeps_the_check_chart_of_the_same_output_folder(tmp_path: Path) -> None:
    """`check` writes its chart beside the kits (`<out>/checks/<game>.png`), not into the game's
    kit folder, which the next build replaces whole."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["check", "schlangennest", "--games", "4", "--skill-games", "0",
                                       "--workers", "1", "--chart", str(out), "-q"])
    assert result.exit_code == 0, result.output
    chart = out / "checks" / "schlangennest.png"
    before = chart.read_bytes()
    _build(out, "--format", "pdf", "--only", "cards", "--layout", "single")
    assert chart.read_bytes() == before
    assert (out / "schlangennest" / "cards-a4.pdf").is_file()
