"""A game's output folder is always one build's complete output: builds with other options leave
no stale file, the manifest lists exactly the folder, and a build killed or failing part-way
leaves the previous folder as it was."""

from __future__ import annotations

import hashlib
import json
import os
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
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and proc.poll() is None:
            if any(p.is_file() for p in out.glob(".schlangennest.new-*/schlangennest/*")):
                break
            time.sleep(0.02)
        assert proc.poll() is None, f"the build ended before it got {sig.name}"
        proc.send_signal(sig)
        proc.wait(timeout=600)
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
    from cardgen.options import BuildOptions
    from cardgen.registry import GAMES

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


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_a_build_keeps_the_check_chart_of_the_same_output_folder(tmp_path: Path) -> None:
    """`check` writes its chart beside the kits (`<out>/checks/<game>-<set name>.png`), not into the game's
    kit folder, which the next build replaces whole."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["check", "schlangennest", "--games", "4", "--skill-games", "0",
                                       "--workers", "1", "--chart", str(out), "-q"])
    assert result.exit_code == 0, result.output
    chart = out / "checks" / "schlangennest-schlangennest.png"
    before = chart.read_bytes()
    _build(out, "--format", "pdf", "--only", "cards", "--layout", "single")
    assert chart.read_bytes() == before
    assert (out / "schlangennest" / "cards-a4.pdf").is_file()


def _fails(out: Path, *args: str, needles: tuple[str, ...] = ()) -> str:
    """A build into `out` that must exit 1 with one line holding every needle."""
    result = CliRunner().invoke(main, ["build", "--out", str(out), "-q", *args])
    err = result.stderr
    assert result.exit_code == 1 and err.startswith("cardgen: ") and len(err.splitlines()) == 1, result.output
    for needle in needles:
        assert needle in err, err
    return err


QUICK = ("--format", "svg", "--only", "cards")


def test_a_file_where_the_game_folder_goes_is_one_line_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "schlangennest").write_text("mine")
    _fails(out, "schlangennest", *QUICK, needles=(f"{out / 'schlangennest'}: is a file",))
    assert (out / "schlangennest").read_text() == "mine"
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]  # nothing set aside or staged


def test_every_game_folder_is_checked_before_the_first_game_is_built(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "irrlaeufer").write_text("mine")
    _fails(out, "--format", "svg", "--only", "cards,board", needles=(f"{out / 'irrlaeufer'}: is a file",))
    assert sorted(p.name for p in out.iterdir()) == ["irrlaeufer"]  # Schlangennest's kit not built either
    _build(out, "irrlaeufer", *QUICK)  # a game the build skips (no cards) does not count
    assert (out / "irrlaeufer").read_text() == "mine"


def test_a_linked_game_folder_is_refused_and_the_folder_it_points_to_untouched(tmp_path: Path) -> None:
    """`<out>/<game>` a symbolic link to a folder of the user's: a build never follows it out of
    `--out` (it would replace that folder whole, deleting its files): one line, exit 1, the link
    and its folder as they were, no staged folder left."""
    out, elsewhere = tmp_path / "out", tmp_path / "mine" / "nest"
    elsewhere.mkdir(parents=True)
    (elsewhere / "notes.txt").write_text("my own notes")
    out.mkdir()
    (out / "schlangennest").symlink_to(elsewhere)
    before = _snapshot(elsewhere)
    _fails(out, "schlangennest", *QUICK, needles=(f"{out / 'schlangennest'}: a symbolic link (to {elsewhere})",
                                                   "does not follow a link"))
    assert _snapshot(elsewhere) == before and (out / "schlangennest").is_symlink()
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]
    (out / "schlangennest").unlink()
    (out / "schlangennest").symlink_to(tmp_path / "nowhere")
    _fails(out, "schlangennest", *QUICK, needles=(f"{out / 'schlangennest'}: a symbolic link",))


def test_stale_siblings_that_are_links_are_removed_as_links(tmp_path: Path) -> None:
    """A `.<game>.old-…` or `.<game>.new-…` beside the game folder that is a link to a folder
    of the user's: the next build removes the link, never restores or empties what it points to."""
    out, mine = tmp_path / "out", tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own notes")
    out.mkdir()
    (out / ".schlangennest.old-0123abcd").symlink_to(mine)  # no game folder: a killed swap, it seems
    (out / ".schlangennest.new-1-0123abcd").symlink_to(mine)
    _build(out, *QUICK)
    assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]
    assert not (out / "schlangennest").is_symlink() and set(_snapshot(out / "schlangennest")) == _listed(
        out / "schlangennest")
    assert _snapshot(mine) == {"notes.txt": hashlib.sha256(b"my own notes").hexdigest()}


@pytest.mark.parametrize("limit", [16, pytest.param(20, marks=pytest.mark.slow)])
def test_a_build_out_of_file_descriptors_is_one_line_and_leaves_no_staged_folder(tmp_path: Path, limit: int) -> None:
    import resource

    def lowered() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "cardgen", "build", "schlangennest", "--out", str(out), "-q"],
                          capture_output=True, text=True, timeout=300, preexec_fn=lowered)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Too many open files" in done.stderr, done.stderr
    assert sorted(p.name for p in out.iterdir()) == []


def test_an_input_inside_the_folder_a_build_replaces_is_refused_before_any_work(tmp_path: Path) -> None:
    """The swap would throw `--set` or `--icc` away with the old folder: refused, nothing changes."""
    from cardgen.print.icc import default_profile
    from cardgen.sets import default_set_path

    out = tmp_path / "out"
    _build(out, *QUICK)
    kit = out / "schlangennest"
    (kit / "my.toml").write_bytes(default_set_path("schlangennest").read_bytes())
    (kit / "printer.icc").write_bytes(default_profile())
    (tmp_path / "link").symlink_to(kit)
    before = _snapshot(kit)
    for args, option, given in [
        (("--set", str(kit / "my.toml")), "--set", kit / "my.toml"),
        (("schlangennest", "--set", str(tmp_path / "link" / "my.toml")), "--set", tmp_path / "link" / "my.toml"),
        (("--colour", "cmyk", "--icc", str(kit / "printer.icc")), "--icc", kit / "printer.icc"),
    ]:
        _fails(out, *args, *QUICK, needles=(f"{option}: {given} lies inside {kit}",))
        assert _snapshot(kit) == before
        assert sorted(p.name for p in out.iterdir()) == ["schlangennest"]
    (tmp_path / "my.toml").write_bytes((kit / "my.toml").read_bytes())  # outside: fine
    _build(out, "--set", str(tmp_path / "my.toml"), *QUICK)


def test_the_next_build_clears_staging_left_by_killed_runs_only(tmp_path: Path) -> None:
    """Staged folders of runs that are gone (their pid ended, or an older cardgen's name without
    one) are removed by the next build into the same folder; one of a build still running
    elsewhere is left alone."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    out = tmp_path / "out"
    out.mkdir()
    names = {"old-cardgen": ".schlangennest.new-0123abcd", "killed": f".schlangennest.new-{dead.stdout.strip()}-0123abcd",
             "running": f".schlangennest.new-{os.getppid()}-0123abcd"}
    for name in names.values():
        (out / name / "schlangennest").mkdir(parents=True)
        (out / name / "schlangennest" / "cards-a4.pdf").write_bytes(b"%PDF-1.4 partial")
    _build(out, *QUICK)
    assert sorted(p.name for p in out.iterdir()) == sorted([names["running"], "schlangennest"])


def test_a_deleted_current_folder_is_one_line(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    script = f'cd "{gone}" && rmdir "{gone}" && exec "{sys.executable}" -m cardgen build schlangennest -q'
    done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"cardgen: {gone}: the current folder no longer exists (deleted?); change into a " \
                          "folder that exists and run cardgen again\n"
