"""The lazily read hyphenation patterns give exactly pyphen's hyphenation."""

from __future__ import annotations

import re

import pyphen  # type: ignore[import-untyped]
import pytest

from cardgen.booklet.hyphens import MIN_PART, LazyHyphDict, LazyPyphen, hyphenator, kept
from cardgen.sets import TEMPLATES


def _booklet_words() -> set[str]:
    words: set[str] = set()
    for path in TEMPLATES.rglob("rules-*.txt"):
        words |= set(re.findall(r"\w+", path.read_text(encoding="utf-8")))
    return words


@pytest.mark.parametrize("lang", ["de_DE", "en_US"])
def test_every_pattern_reads_as_pyphen_reads_it(lang: str) -> None:
    eager = pyphen.HyphDict(pyphen.LANGUAGES[lang])
    lazy = LazyHyphDict(pyphen.LANGUAGES[lang])
    assert lazy.maxlen == eager.maxlen
    assert {key: lazy.patterns.get(key) for key in eager.patterns} == eager.patterns
    # and no letters pyphen has no pattern for (a skipped line read as a pattern) give one
    fresh = LazyHyphDict(pyphen.LANGUAGES[lang])
    assert {key for key in [*fresh.patterns._raw, *fresh.patterns] if fresh.patterns.get(key)} \
        == set(eager.patterns)
    # the German file's nonstandard hyphenations (ck -> k-k in old spelling) keep their data
    special = {k: v for k, v in eager.patterns.items() if any(getattr(x, "data", None) for x in v[1])}
    for key, (_, values) in special.items():
        assert [getattr(x, "data", None) for x in lazy.patterns.get(key)[1]] == [x.data for x in values]


@pytest.mark.parametrize("lang", ["de_DE", "en_US"])
def test_the_booklet_words_split_as_with_pyphen(lang: str) -> None:
    words = _booklet_words() | {"Donaudampfschifffahrtsgesellschaft", "Straßenbahnhaltestelle", "Zucker"}
    assert len(words) > 500
    eager, lazy = pyphen.Pyphen(lang=lang), LazyPyphen(lang)
    for word in words:
        assert list(lazy.iterate(word)) == list(eager.iterate(word)), word


@pytest.mark.parametrize("lang", ["de_DE", "en_US"])
def test_the_booklets_break_words_at_pyphens_points_leaving_three_letters(lang: str) -> None:
    # the house rules on top of pyphen's points: MIN_PART letters each side, names kept whole
    eager = pyphen.Pyphen(lang=lang, left=MIN_PART, right=MIN_PART)
    split = hyphenator(lang, ["Schlangennest", "Günter Cornett"])
    for word in _booklet_words():
        if word.isalpha() and not kept(word, split.names):
            assert split.splits(word) == list(eager.iterate(word)), word
    assert split.splits("eigene") == [] and split.splits("Außerdem") == [("Außer", "dem")]
    assert list(split("Schlangennest")) == list(split("Schlangennests")) == list(split("Cornett")) == []
    # a compound breaks at its own hyphen as well, never inside a name, and the head keeps it
    assert ("Schlangennest-", "Karten") in split.splits("Schlangennest-Karten")
    assert all(len(h) >= len("Schlangennest-") for h, _ in split.splits("Schlangennest-Karten"))
    assert split.splits("E-Mail") == []


def test_the_hyphenator_says_which_split_reportlab_took() -> None:
    split = hyphenator("de_DE")
    split.begin()
    refused = split("Straßenbahnhaltestelle")
    assert next(refused)  # reportlab looks at the first split and takes it: left unfinished
    list(split("Donaudampfschiff"))  # every split refused: finished
    assert split.taken == [0]
    split.begin(frozenset({0}))
    assert list(split("Straßenbahnhaltestelle")) == [] and split.taken == []


def test_no_language_means_no_hyphenation() -> None:
    assert hyphenator("") == ""
