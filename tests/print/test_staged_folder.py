"""`staged_folder`: a folder is built beside its target and swapped in whole, or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.print.files import recover_folder, staged_folder


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def _previous(tmp_path: Path) -> Path:
    target = tmp_path / "kit"
    (target / "svg").mkdir(parents=True)
    (target / "old.pdf").write_text("old")
    (target / "svg" / "a.svg").write_text("a")
    return target


def test_a_finished_block_replaces_the_folder_whole(tmp_path: Path) -> None:
    target = _previous(tmp_path)
    with staged_folder(target) as stage:
        (stage / "kit").mkdir()
        (stage / "kit" / "new.pdf").write_text("new")
        assert _tree(target) == {"old.pdf": "old", "svg/a.svg": "a"}  # untouched until the end
    assert _tree(target) == {"new.pdf": "new"}  # nothing of the earlier folder is left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]  # no temporary sibling


@pytest.mark.parametrize("error", [RuntimeError("disk full"), KeyboardInterrupt()])
def test_a_failed_or_interrupted_block_leaves_the_previous_folder(tmp_path: Path, error: BaseException) -> None:
    target = _previous(tmp_path)
    with pytest.raises(type(error)):
        with staged_folder(target) as stage:
            (stage / "kit").mkdir()
            (stage / "kit" / "half.pdf").write_text("half")
            raise error
    assert _tree(target) == {"old.pdf": "old", "svg/a.svg": "a"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_a_first_build_that_fails_leaves_no_folder(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError):
        with staged_folder(tmp_path / "kit") as stage:
            (stage / "kit").mkdir()
            raise RuntimeError
    assert list(tmp_path.iterdir()) == []


def test_leftovers_of_a_killed_run_are_tidied_and_a_set_aside_folder_comes_back(tmp_path: Path) -> None:
    """A kill between the swap's two renames leaves no target and the old folder set aside; a
    kill while building leaves a half-built sibling. The next run repairs both."""
    old = tmp_path / ".kit.old-0000abcd"
    old.mkdir()
    (old / "old.pdf").write_text("old")
    half = tmp_path / ".kit.new-0000abcd"
    (half / "kit").mkdir(parents=True)
    (half / "kit" / "half.pdf").write_text("half")
    recover_folder(tmp_path / "kit")
    assert _tree(tmp_path / "kit") == {"old.pdf": "old"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]
