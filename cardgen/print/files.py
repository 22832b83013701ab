"""Atomic file output: write under a temporary name in the target folder, then rename; and
whole folders built beside their target and swapped in at the end (`staged_folder`)."""

from __future__ import annotations

import errno
import gc
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.signals import held


@contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside `target`; on success rename it to `target`, else delete it.

    The folder is created if missing. A failure part-way leaves no file at `target` (an older
    file there stays untouched) and no temporary file behind.
    """
    target = Path(target)
    with names_target(target):
        target.parent.mkdir(parents=True, exist_ok=True)
        with _atomic(target) as tmp:
            yield tmp


@contextmanager
def names_target(target: str | os.PathLike[str]) -> Iterator[None]:
    """Let an OSError raised inside name `target` (the file the user asked for) instead of no
    file (a full disk fails a write, which knows no name) or a temporary file's name."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None or Path(exc.filename).name.startswith("."):
            raise OSError(*os_reason(exc), str(target)) from exc
        raise


def os_reason(exc: OSError) -> tuple[int | None, str]:
    """The error number and the reason of `exc`, also for libraries that fill OSError's fields
    with other things (cairo's write error carries its message as the errno, its status as the
    reason)."""
    number = exc.errno if isinstance(exc.errno, int) else None
    if isinstance(exc.strerror, str):
        return number, exc.strerror
    return number, next((a for a in exc.args if isinstance(a, str)), type(exc).__name__)


@contextmanager
def _atomic(target: Path) -> Iterator[Path]:
    # Not mkstemp: its files are private (0600); this one honours the umask like any output.
    while True:
        tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}.part"
        try:
            os.close(os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
            break
        except FileExistsError:
            continue
    try:
        yield tmp
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def write_bytes_atomic(target: str | os.PathLike[str], data: bytes) -> Path:
    """Write `data` to `target` atomically; return the target path."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


def _siblings(target: Path, kind: str) -> list[Path]:
    """Left-over temporary siblings of `target` (".<name>.<kind>-<hex>") from an earlier run."""
    if not target.parent.is_dir():
        return []
    return sorted(target.parent.glob(f".{target.name}.{kind}-*"))


def _running(part: Path) -> bool:
    """Whether the staged folder `part` (".<name>.new-<pid>-<hex>") is of a build still running
    in another process (not of one that was killed, nor of an older cardgen without the pid)."""
    pid = part.name.rpartition(".new-")[2].partition("-")[0]
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def recover_folder(target: str | os.PathLike[str]) -> None:
    """Tidy what an earlier, killed run may have left beside `target`: a half-built new folder is
    deleted (unless the build that made it still runs); if the run died between the two renames
    of its swap (no `target`, the previous one set aside), the previous folder is put back."""
    target = Path(target)
    for part in _siblings(target, "new"):
        if part.is_symlink() or not _running(part):
            _remove(part)  # a link is removed as a link: what it points to is not cardgen's
    old: list[Path] = []
    links: list[Path] = []
    for path in _siblings(target, "old"):
        (links if path.is_symlink() else old).append(path)
    for link in links:
        link.unlink()  # no run of cardgen sets a link aside: never put back, never followed
    if old and not target.exists() and not target.is_symlink():
        os.replace(old[-1], target)
        old = old[:-1]
    for path in old:
        _remove(path)


def _remove(path: Path) -> None:
    """Delete the folder (or file, or symbolic link: the link) `path` if it is there, whatever
    it holds. A folder that resists (a process that ran out of file descriptors cannot walk
    it) is tried once more after the garbage collector has closed what was dropped."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    elif path.exists():
        shutil.rmtree(path, ignore_errors=True)
        if path.exists():
            gc.collect()
            shutil.rmtree(path, ignore_errors=True)


def real_folder(target: Path) -> Path:
    """The folder a build at `target` replaces: `target` itself. OSError naming `target` when it
    is no folder, or a symbolic link: a build replaces its folder whole, and never follows a
    link out of its output folder to replace (or delete the files of) a folder elsewhere."""
    if target.is_symlink():
        try:
            dest = os.readlink(target)
        except OSError:
            dest = "?"
        raise OSError(errno.ELOOP, f"a symbolic link (to {dest}); a build replaces this folder whole and does "
                                   "not follow a link: remove the link, or build into the folder it points to",
                      str(target))
    if target.exists() and not target.is_dir():
        raise FileExistsError(errno.EEXIST, "a file, not a folder", str(target))
    return target


@contextmanager
def _names_final(new: Path, built: Path, final: Path) -> Iterator[None]:
    """Errors raised inside name the file where it would end up (under `final`), never the
    staged folder `new` (whose `built` becomes `final`) the user does not know of; an OSError
    naming no file names `final`."""

    def renamed(text: str) -> str:
        return text.replace(str(built), str(final)).replace(str(new), str(final))

    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            exc.filename = str(final)
        for field in ("filename", "filename2", "strerror"):
            value = getattr(exc, field)
            if isinstance(value, str):
                setattr(exc, field, renamed(value))
        raise
    except CardgenError as exc:
        if renamed(str(exc)) != str(exc):
            exc.args = (renamed(str(exc)),)
            exc.place = renamed(exc.place)
        raise


@contextmanager
def staged_folder(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty temporary folder beside `target`, in which the block builds a folder of
    the same name as `target` (so code that writes to `<out>/<name>` just gets another `out`).
    When the block ends normally that folder replaces `target` as a whole; if the block fails,
    or the process is interrupted or stopped by a signal it can catch (`cardgen.signals`), it is
    deleted and `target` stays as it was. Errors raised in the block name files under `target`.

    So a folder is always one run's complete output (or absent), never a mix: files an earlier
    run wrote and this one did not are gone with the old folder. `target` may be neither a file
    nor a symbolic link (OSError naming it: the folder a link points to is never touched).
    Neither POSIX nor Windows swaps two folders atomically, so the old folder is first renamed
    aside; `recover_folder` (called here first) puts it back if a run was killed between the
    two renames, and deletes the staged folders of killed runs.
    """
    given = Path(target)
    target = real_folder(given)
    target.parent.mkdir(parents=True, exist_ok=True)
    recover_folder(target)
    target = real_folder(given)  # recovered: a file may be back
    new = target.parent / f".{target.name}.new-{os.getpid()}-{secrets.token_hex(4)}"
    built = new / given.name  # what the block builds (the link's name, if `given` is one)
    try:
        with _names_final(new, built, given):
            new.mkdir()
            yield new
            built.mkdir(exist_ok=True)
        old = target.parent / f".{target.name}.old-{secrets.token_hex(4)}"
        with held():
            had_old = target.exists()
            if had_old:
                os.replace(target, old)
            os.replace(built, target)
            if had_old:
                _remove(old)
    finally:
        with held():
            _remove(new)
