"""Atomic file output: write under a temporary name in the target folder, then rename; and
whole folders built beside their target and swapped in at the end (`staged_folder`)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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


def _blocked_signals() -> contextlib.AbstractContextManager[object]:
    """Ctrl-C and SIGTERM held back for the two renames of a folder swap (a no-op off POSIX or
    outside the main thread, where Python cannot mask signals)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        return contextlib.nullcontext()

    @contextmanager
    def blocked() -> Iterator[None]:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    return blocked()


def _siblings(target: Path, kind: str) -> list[Path]:
    """Left-over temporary siblings of `target` (".<name>.<kind>-<hex>") from an earlier run."""
    if not target.parent.is_dir():
        return []
    return sorted(target.parent.glob(f".{target.name}.{kind}-*"))


def recover_folder(target: str | os.PathLike[str]) -> None:
    """Tidy what an earlier, killed run may have left beside `target`: a half-built new folder is
    deleted; if the run died between the two renames of its swap (no `target`, the previous one
    set aside), the previous folder is put back."""
    target = Path(target)
    for part in _siblings(target, "new"):
        shutil.rmtree(part, ignore_errors=True)
    old = _siblings(target, "old")
    if old and not target.exists():
        os.replace(old[-1], target)
        old = old[:-1]
    for path in old:
        shutil.rmtree(path, ignore_errors=True)


@contextmanager
def staged_folder(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty temporary folder beside `target`, in which the block builds a folder of
    the same name as `target` (so code that writes to `<out>/<name>` just gets another `out`).
    When the block ends normally that folder replaces `target` as a whole; if the block fails,
    or the process is interrupted, it is deleted and `target` stays as it was.

    So a folder is always one run's complete output (or absent), never a mix: files an earlier
    run wrote and this one did not are gone with the old folder. Neither POSIX nor Windows
    swaps two folders atomically, so the old folder is first renamed aside; `recover_folder`
    (called here first) puts it back if a run was killed between the two renames.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    recover_folder(target)
    new = target.parent / f".{target.name}.new-{secrets.token_hex(4)}"
    new.mkdir()
    try:
        yield new
        built = new / target.name
        built.mkdir(exist_ok=True)
        old = target.parent / f".{target.name}.old-{secrets.token_hex(4)}"
        with _blocked_signals():
            had_old = target.exists()
            if had_old:
                os.replace(target, old)
            os.replace(built, target)
        if had_old:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if new.exists():
            shutil.rmtree(new, ignore_errors=True)
