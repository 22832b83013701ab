"""Hyphenation of the booklets: pyphen's patterns, each parsed only when a word looks it up,
and the house rules for where a word may break.

pyphen parses every pattern of a dictionary before it hyphenates the first word; the German
one has 78 000, which took about 0.9 s of each German booklet. Here the file is only split
into lines by pattern letters (a fraction of that); a pattern's numbers are read the first
time a word contains its letters. The result is the same as pyphen's, pattern for pattern.

The booklets' rules (`Hyphenator`): a break leaves at least MIN_PART letters on each side
("ei-gene" and "Au-ßerdem" do not break); names (a game's, a colour's, a person's, the
program's) never break; a compound breaks at its own hyphens too, and nowhere else reportlab
would choose (reportlab's own splitting at hyphens is switched off in `pages.styles`). Words
with digits or options (`--flip`) are never offered to the hyphenator by reportlab. How many
hyphenated lines may follow each other is the paragraph's business (`pages.Para`), helped by
`Hyphenator.veto` and `Hyphenator.taken`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
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


@cache
def _dictionary(lang: str) -> LazyHyphDict:
    return LazyHyphDict(pyphen.LANGUAGES[pyphen.language_fallback(lang)])


MIN_PART = 3
"""The fewest letters a hyphenated break leaves on either side."""


def hyphenator(lang: str, keep: Iterable[str] = ()) -> Any:
    """reportlab's `hyphenationLang` for `lang` (a pyphen name such as de_DE): a `Hyphenator`
    giving the ways to split a word, longest first part first, that never splits a word of the
    names `keep`; "" (no hyphenation) for none."""
    if not lang:
        return ""
    return Hyphenator(lang, keep)


def kept(word: str, names: Iterable[str]) -> bool:
    """Whether `word` is one of `names` (lower case), possibly inflected (up to two letters
    more: "Irrläufers", "rote"), and so never hyphenated."""
    low = word.lower()
    return any(low.startswith(n) and len(low) - len(n) <= 2 for n in names)


class Hyphenator:
    """The booklets' hyphenation (see the module docstring). Loads the dictionary when the
    first word needs splitting, not when the styles are made.

    reportlab asks it once per word that does not fit and takes the first split that does;
    a paragraph that must not take one of them (a third hyphenated line in a row) names the
    call in `veto` and breaks its lines again. `taken` lists the calls, counted from `begin`,
    whose split reportlab took: a generator it left unfinished."""

    def __init__(self, lang: str, keep: Iterable[str] = ()) -> None:
        self.lang = lang
        self.names = tuple(sorted({w.lower() for name in keep for w in name.split()}))
        self.veto: frozenset[int] = frozenset()
        self.calls = 0
        self._open: dict[int, bool] = {}

    def begin(self, veto: frozenset[int] = frozenset()) -> None:
        """Start counting calls (a paragraph is about to break its lines), refusing `veto`."""
        self.veto, self.calls, self._open = veto, 0, {}

    @property
    def taken(self) -> list[int]:
        """The calls since `begin` whose split reportlab took, in order."""
        return [i for i, left_open in self._open.items() if left_open]

    def splits(self, word: str) -> list[tuple[str, str]]:
        """Every allowed (head, tail) split of `word`, the longest head first. A head ending
        in the word's own hyphen keeps it (reportlab adds none); at least MIN_PART letters
        stay on either side of every break; kept names are not split inside."""
        parts = word.split("-")
        if any(not p for p in parts):
            return []
        out: list[tuple[str, str]] = []
        dictionary = LazyPyphen(self.lang, MIN_PART, MIN_PART)
        for i, part in enumerate(parts):
            before, after = "-".join(parts[:i]), "-".join(parts[i + 1:])
            lead = before + "-" if before else ""
            if i and len(parts[i - 1]) >= MIN_PART and len(part) >= MIN_PART:
                out.append((before + "-", "-".join(parts[i:])))
            if kept(part, self.names):
                continue
            for head, tail in dictionary.iterate(part):
                out.append((lead + head, tail + ("-" + after if after else "")))
        return sorted(out, key=lambda pair: -len(pair[0]))

    def __call__(self, word: str) -> Iterator[tuple[str, str]]:
        call = self.calls
        self.calls += 1
        if call in self.veto or kept(word, self.names):
            return iter(())
        return self._offer(call, self.splits(word))

    def _offer(self, call: int, splits: list[tuple[str, str]]) -> Iterator[tuple[str, str]]:
        self._open[call] = True
        yield from splits
        self._open[call] = False  # every split was refused: reportlab took none
