"""Atomic file output: write under a temporary name in the target folder, then rename."""

from __future__ import annotations

import os
import secrets
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
