"""The one boundary for untrusted files: set files (TOML), game records (JSON) and the ICC
profile of `build --icc` (bytes, `read_bytes`).

Everything a user hands cardgen (or someone else's record hands it) passes through here before
any game code sees it: only a regular file is read (a FIFO would block, a device would never
end), at most `MAX_BYTES` of it, as strict UTF-8; the parsed data is then walked once so that no
game meets nesting deeper than `MAX_DEPTH`, a list longer than `MAX_ITEMS`, a number no game can
use (beyond ±`MAX_INT`, NaN or infinite) or, in JSON, a key given twice in one object. Every
refusal is a DataError naming the file (and line or key where known) and the limit.

Records may name a set file (`"set"`); `inside_folder` keeps that name inside the record's own
folder tree, so a record from someone else cannot make cardgen read or echo other files.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from cardgen.errors import DataError

MAX_BYTES = 1 << 20
"""Largest set file or record read (1 MiB): the biggest real one is some 60 KiB."""
MAX_DEPTH = 12
"""Deepest nesting of tables/lists/objects accepted (real files nest at most 6 deep)."""
MAX_ITEMS = 20_000
"""Longest list accepted (a record's moves: a long Irrläufer game has about 1,000 steps)."""
MAX_PROFILE_BYTES = 32 << 20
"""Largest ICC profile read (32 MiB): a printer's output profile is some 0.5-4 MiB."""
MAX_INT = 1_000_000
"""Largest whole number accepted anywhere (magnitude); each game then bounds its own values."""
MAX_KEYS = 20_000
"""Most keys and table headers a set file may hold (the biggest real one has some 1,300)."""

PARSE_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError)
"""What validating code raises when an untrusted value has a shape its checks overlooked; the
callers turn it into a DataError naming the file, so it still reaches the user as one line."""

# Opening a FIFO for reading blocks until a writer comes; O_NONBLOCK lets the type check refuse it
# first. (The flag does not exist on Windows, where there are no FIFOs to worry about.)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them (a FIFO, a device, a
    folder or a larger file is refused without waiting for it). DataError naming the file."""
    where = str(path)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise DataError(where, "no such file") from None
    except OSError as exc:
        raise DataError(where, f"cannot be read: {exc.strerror or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(where, f"is {_kind(info.st_mode)}, not a regular file")
        raise DataError(where, f"is {info.st_size:,} bytes; the limit is {limit:,} bytes ({_mib(limit)})")
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read(limit + 1)
        except OSError as exc:
            raise DataError(where, f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > limit:  # grew while we looked
        raise DataError(where, f"is over the limit of {limit:,} bytes ({_mib(limit)})")
    return raw


def _mib(size: int) -> str:
    return f"{size / (1 << 20):g} MiB"


def read_text(path: Path) -> str:
    """The text of the regular file at `path`: at most MAX_BYTES of strict UTF-8 (a leading
    byte-order mark is dropped). DataError naming the file otherwise."""
    where = str(path)
    raw = read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DataError(f"{where}:{line}", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})") from None
    return text.removeprefix("\ufeff")


def shown(value: Any, width: int = 60) -> str:
    """`repr(value)` cut to `width` characters, for error messages about untrusted values."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def check_shape(data: Any, where: str) -> None:
    """Refuse parsed data no game can use: nesting beyond MAX_DEPTH, lists beyond MAX_ITEMS,
    whole numbers beyond ±MAX_INT, numbers that are not finite. Walked without recursion."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, key, depth = stack.pop()
        place = f"{where}: key '{key}'" if key else where
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise DataError(place, f"nested more than {MAX_DEPTH} levels deep")
            stack.extend((v, f"{key}.{k}" if key else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise DataError(place, f"nested more than {MAX_DEPTH} levels deep")
            if len(value) > MAX_ITEMS:
                raise DataError(place, f"a list of {len(value):,} items; the limit is {MAX_ITEMS:,}")
            stack.extend((v, f"{key}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise DataError(place, f"{'-' if value < 0 else ''}{_digits(value)} is beyond ±{MAX_INT:,}, "
                                       "larger than any game can use")
        elif isinstance(value, float) and not math.isfinite(value):
            raise DataError(place, f"{value} is not a usable number")


def _digits(value: int) -> str:
    # str() of a huge int is slow and may exceed Python's digit limit: say its size instead.
    n = abs(value)
    return str(n) if n < 10**30 else f"a number of about {len(hex(n)) - 2} hex digits"


_LONE_CR = re.compile(r"\r(?!\n)")
_STRING_OR_COMMENT = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
_BRACKET = re.compile(r"[\[\]{}]")
_DEEP_KEY = re.compile(rf"(?:[\w-]+[ \t]*\.[ \t]*){{{MAX_DEPTH}}}[\w-]")
"""A dotted key (or table header) of more than MAX_DEPTH parts; a number has at most two."""
_KEY = re.compile(r"=|^[ \t]*\[", re.MULTILINE)


def prescan_toml(text: str, where: str) -> None:
    """Refuse a set file's raw text whose parse alone would be costly, before parsing it: over
    MAX_BYTES, brackets or dotted keys nested beyond MAX_DEPTH, more than MAX_KEYS keys and
    tables. (A dotted key of a hundred thousand parts takes the TOML parser many seconds and
    gigabytes to build before the shape check below could refuse it.) Linear in the text; the
    strings and comments are set aside first, so what they hold counts for nothing."""
    def where_at(pos: int) -> str:
        return f"{where}:{bare.count(chr(10), 0, pos) + 1}"

    if len(text) > MAX_BYTES:
        raise DataError(where, f"is {len(text):,} characters; the limit is {MAX_BYTES:,} (1 MiB)")
    bare = _STRING_OR_COMMENT.sub(lambda m: "s" + "\n" * m.group().count("\n"), text)
    depth = 0
    for match in _BRACKET.finditer(bare):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise DataError(where_at(match.start()), f"nested more than {MAX_DEPTH} levels deep")
    deep = _DEEP_KEY.search(bare)
    if deep:
        raise DataError(where_at(deep.start()), f"a dotted key of more than {MAX_DEPTH} parts: nested more "
                                                f"than {MAX_DEPTH} levels deep")
    keys = sum(1 for _ in _KEY.finditer(bare))
    if keys > MAX_KEYS:
        raise DataError(where, f"{keys:,} keys and tables; the limit is {MAX_KEYS:,}")


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """The table in `text` (a set file at `where`), its shape checked. DataError with the line."""
    cr = _LONE_CR.search(text)
    if cr:
        line = text.count("\n", 0, cr.start()) + 1
        raise DataError(f"{where}:{line}", "a carriage return without a line feed (TOML lines end in LF or CR LF)")
    prescan_toml(text, where)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        twice = re.fullmatch(r"Cannot declare \((.*)\) twice", reason)
        if twice is not None:  # a table given twice: say where the first one is
            name = ".".join(part.strip().strip("'\"") for part in twice.group(1).split(",") if part.strip())
            first = re.search(r"^[ \t]*\[[ \t]*" + re.escape(name) + r"[ \t]*\]", text, re.M)
            if first is not None:
                at = text.count("\n", 0, first.start()) + 1
                reason = (f"the [{name}] table is declared twice; it is already at line {at}: "
                          "set the values there instead")
        raise DataError(f"{where}:{match.group(1)}" if match else where, f"not valid TOML: {reason}") from None
    except RecursionError:
        raise DataError(where, f"nested more than {MAX_DEPTH} levels deep") from None
    check_shape(data, where)
    return data


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a usable number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 30:
        raise ValueError(f"a number of {len(text)} digits is larger than any game can use")
    return int(text)


def parse_json(text: str, where: str) -> Any:
    """The JSON value in `text` (a record at `where`), its shape checked; a key given twice in
    one object, NaN and Infinity are refused. DataError with the line where known."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_bad_constant, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise DataError(f"{where}:{exc.lineno}", f"not valid JSON: {exc.msg}") from None
    except _Duplicate as exc:
        raise DataError(where, f"key {shown(exc.key)} appears twice in one object") from None
    except ValueError as exc:
        raise DataError(where, f"not usable JSON: {exc}") from None
    except RecursionError:
        raise DataError(where, f"nested more than {MAX_DEPTH} levels deep") from None
    check_shape(data, where)
    return data


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """The table of the set file at `path` and its text (for line numbers)."""
    text = read_text(path)
    return parse_toml(text, str(path)), text


def read_json(path: Path) -> Any:
    """The JSON value of the record at `path`."""
    return parse_json(read_text(path), str(path))


def inside_folder(base: Path, name: str, where: str) -> Path:
    """The file `name` (relative, from a record) resolved inside `base`'s folder tree; DataError
    if it is absolute or leads out of the tree (also through a symbolic link). The message names
    only what the record says, never anything read from the file."""
    if not name or "\x00" in name:
        raise DataError(where, "must be a file path")
    if Path(name).is_absolute() or re.match(r"^[A-Za-z]:[\\/]", name):
        raise DataError(where, f"{shown(name)} is an absolute path; a record may name only a set file "
                               "in its own folder or below")
    root = base.resolve()
    try:
        target = (root / name).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        raise DataError(where, f"{shown(name)} cannot be resolved (a loop of symbolic links?)") from None
    if not target.is_relative_to(root):
        raise DataError(where, f"{shown(name)} leads outside the record's folder; a record may name only a "
                               "set file in its own folder or below")
    return target
