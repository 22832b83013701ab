"""Hyphenation of the booklets: pyphen's patterns, each parsed only when a word looks it up.

pyphen parses every pattern of a dictionary before it hyphenates the first word; the German
one has 78 000, which took about 0.9 s of each German booklet. Here the file is only split
into lines by pattern letters (a fraction of that); a pattern's numbers are read the first
time a word contains its letters. The result is the same as pyphen's, pattern for pattern.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pyphen  # type: ignore[import-untyped]

_DIGITS = str.maketrans("", "", "0123456789")
_ODD = frozenset("123456789")


def _values(pattern: str) -> tuple[int, tuple[int, ...]] | None:
    """pyphen's reading of one plain pattern (`.ab1c2`): (offset, values), None if all zero."""
    values = tuple(int(digit or "0") for digit, _ in pyphen.parse(pattern))
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


class _Patterns(dict[str, Any]):
    """pyphen's pattern table (letters -> (offset, values)) that reads each pattern on demand."""

    def __init__(self, raw: dict[str, str], ready: dict[str, Any]) -> None:
        super().__init__(ready)
        self._raw = raw

    def get(self, key: str, default: Any = None) -> Any:
        if key in self:
            return self[key]
        line = self._raw.pop(key, None)
        if line is None:
            return default
        found = self[key] = _values(line)
        return found if found is not None else default


class LazyHyphDict(pyphen.HyphDict):  # type: ignore[misc]
    """A `pyphen.HyphDict` whose patterns are read on first use (see the module docstring)."""

    def __init__(self, path: Any) -> None:
        # Not HyphDict.__init__: that is the eager reading this class replaces.
        with path.open("rb") as fd:
            encoding = fd.readline().decode().strip()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        raw: dict[str, str] = {}
        ready: dict[str, Any] = {}
        text = path.read_text(encoding)
        # Every line's letters at once (a line's own translate was half the time): in UTF-8 the
        # digits are single bytes that no other character contains, so deleting them from the
        # bytes deletes exactly the digits, and the lines stay lines.
        letters = text.encode("utf-8").translate(None, b"0123456789").decode("utf-8")
        for line, key in zip(text.split("\n")[1:], letters.split("\n")[1:]):
            if _ODD.isdisjoint(line) and "/" not in line and "^^" not in line:
                continue  # empty, a comment or an all-zero pattern (changes nothing): pyphen skips it
            if line[:1].isspace() or line[-1:].isspace() or line.startswith(pyphen.ignored):
                line = line.strip()
                if not line or line.startswith(pyphen.ignored):
                    continue
                key = line.translate(_DIGITS)
            if "/" in line or "^^" in line:
                # Rare (two German patterns): a hex character or a nonstandard hyphenation;
                # read at once exactly as pyphen does.
                self._read_now(line, ready, raw)
            elif not _ODD.isdisjoint(line):
                raw[key] = line
                if ready:
                    ready.pop(key, None)  # a later line with the same letters wins, as in pyphen
        self.maxlen = max(max(map(len, raw), default=0), max(map(len, ready), default=0))
        self.patterns = _Patterns(raw, ready)
        self.cache: dict[str, Any] = {}

    @staticmethod
    def _read_now(line: str, ready: dict[str, Any], raw: dict[str, str]) -> None:
        line = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), line)
        factory: Any = int
        if "/" in line and "=" in line:
            line, alternative = line.split("/", 1)
            factory = pyphen.AlternativeParser(line, alternative)
        tags, values = zip(*[(string, factory(i or "0")) for i, string in pyphen.parse(line)])
        if max(values) == 0:
            return
        start, end = 0, len(values)
        while not values[start]:
            start += 1
        while not values[end - 1]:
            end -= 1
        key = "".join(tags)
        raw.pop(key, None)
        ready[key] = start, values[start:end]


class LazyPyphen(pyphen.Pyphen):  # type: ignore[misc]
    """`pyphen.Pyphen` for a language, on the process's one `LazyHyphDict` of it."""

    def __init__(self, lang: str, left: int = 2, right: int = 2) -> None:
        # Not Pyphen.__init__: it would read the dictionary eagerly.
        self.left, self.right = left, right
        self.hd = _dictionary(lang)


@lru_cache(maxsize=None)
def _dictionary(lang: str) -> LazyHyphDict:
    return LazyHyphDict(pyphen.LANGUAGES[pyphen.language_fallback(lang)])


def hyphenator(lang: str) -> Any:
    """reportlab's `hyphenationLang` for `lang` (a pyphen name such as de_DE): a callable giving
    the ways to split a word, longest first part first; "" (no hyphenation) for none."""
    if not lang:
        return ""
    return _Hyphenator(lang)


class _Hyphenator:
    """Loads the dictionary when the first word needs splitting, not when the styles are made."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, word: str) -> Any:
        return LazyPyphen(self.lang).iterate(word)
