"""A TOML writer for the data cardgen reads from set files (`tomllib`'s parsed tables), so that a
set is changed as data, never by searching its lines: `[ rules ]`, dotted keys (`rules.hand_size
= 5`), an inline table (`rules = {hand_size = 5}`) all parse to the same table, and `dumps` of it
parses back to exactly that table (`tomllib.loads(dumps(data)) == data`).

Written: the plain keys of a table first, then its tables (`[a.b]`), then its arrays of tables
(`[[a.c]]`), in the order of the data; a list holding anything but tables, and a table inside
such a list, inline. Comments do not survive (the parsed data has none); a key may be given
one (`notes`).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from typing import Any

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def toml_string(text: str) -> str:
    """`text` as a TOML basic string, quotes included: a backslash and a double quote escaped,
    and every control character TOML does not allow raw (U+0000-U+001F, U+007F) as its escape,
    so that any text a user gives (`variant --name`) reads back as exactly that text."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else toml_string(key)


def _path(path: tuple[str, ...]) -> str:
    return ".".join(_key(k) for k in path)


def value_text(value: Any) -> str:
    """`value` (a string, number, bool, date or time, list or table) as an inline TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {value_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    raise TypeError(f"no TOML value for {type(value).__name__}")


def _tables(value: Any) -> bool:
    """Whether `value` is written as an array of tables (`[[key]]`)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _body(lines: list[str], path: tuple[str, ...], table: Mapping[str, Any],
          notes: Mapping[tuple[str, ...], str]) -> None:
    for key, value in table.items():
        if not isinstance(value, Mapping) and not _tables(value):
            note = notes.get((*path, key))
            lines.append(f"{_key(key)} = {value_text(value)}" + (f"  # {note}" if note else ""))
    for key, value in table.items():
        if isinstance(value, Mapping):
            lines += ["", f"[{_path((*path, key))}]"]
            _body(lines, (*path, key), value, notes)
    for key, value in table.items():
        if _tables(value):
            for item in value:
                lines += ["", f"[[{_path((*path, key))}]]"]
                _body(lines, (*path, key), item, notes)


def dumps(data: Mapping[str, Any], notes: Mapping[tuple[str, ...], str] | None = None) -> str:
    """The TOML document of `data`; `notes` gives a key (by its path of table names, e.g.
    `("rules", "hand_size")`) a comment after its value (keys written inline get none)."""
    lines: list[str] = []
    _body(lines, (), data, notes or {})
    return "\n".join(lines).strip("\n") + "\n"
