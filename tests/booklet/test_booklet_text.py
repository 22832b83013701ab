"""Booklet texts and imposition as data: the rule-id table against the engines, the markup
parser, and the saddle-stitch page order (pure functions, no PDF)."""

from __future__ import annotations

import pytest
from plans import booklet_games, content, each_game

from cardgen.booklet.build import document
from cardgen.booklet.impose import padded, placement, saddle_order
from cardgen.booklet.markup import MarkupError, parse
from cardgen.kit.spec import resolve
from cardgen.options import BuildOptions
from cardgen.registry import GAMES as REGISTRY

GAMES = sorted(booklet_games())


def anchors(game: str, lang: str) -> dict[str, list[str]]:
    """The table rule id -> paragraphs that explain it, from the booklet text."""
    doc = _doc(game, lang)
    table: dict[str, list[str]] = {}
    for block in doc.blocks:
        for rule in block.rules:
            table.setdefault(rule, []).append(block.text)
    return table


def _doc(game: str, lang: str):
    g = REGISTRY.get(game)
    return document(content(game), lang, g.load_set())


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", each_game())
def test_every_engine_rule_id_is_explained(game: str, lang: str) -> None:
    engine = REGISTRY.get(game).rule_ids()
    table = anchors(game, lang)
    assert engine - set(table) == set(), f"{game}/{lang}: rule ids without a paragraph"
    assert set(table) - engine == set(), f"{game}/{lang}: anchors naming no engine rule"
    assert all(t.strip() for texts in table.values() for t in texts)


@pytest.mark.parametrize("game", each_game())
def test_both_languages_have_the_same_diagrams_and_captions(game: str) -> None:
    docs = [_doc(game, lang) for lang in ("de", "en")]
    assert docs[0].diagrams == docs[1].diagrams
    assert set(docs[0].texts) == set(docs[1].texts)


def test_markup_blocks_placeholders_and_anchors() -> None:
    doc = parse("# T\n\n## H\nA {n} b\nc. {rule:x-y}\n\n- item\n  more\n1. first\n> note\n> too\n"
                "{diagram:d}\n@reason x-y = why\n@caption d = c [k]\n% comment\n", {"n": 7})
    assert [b.kind for b in doc.blocks] == ["title", "h2", "para", "bullet", "bullet", "note", "diagram"]
    assert doc.blocks[2].text == "A 7 b c." and doc.blocks[2].rules == ("x-y",)
    assert doc.blocks[3].text == "item more" and doc.blocks[4].label == "1."
    assert doc.blocks[5].text == "note too"
    assert doc.reason("x-y") == "why" and doc.caption("d", k=3) == "C 3"

    with pytest.raises(MarkupError):
        parse("{missing}")
    with pytest.raises(MarkupError):
        doc.caption("d")


@pytest.mark.parametrize("n", [4, 8, 12, 16, 24])
def test_saddle_order_pairs_partners_and_uses_every_page_once(n: int) -> None:
    sides = saddle_order(n)
    assert len(sides) == n // 2
    assert sorted(p for s in sides for p in (s.left, s.right)) == list(range(1, n + 1))
    for s in sides:
        assert s.left + s.right == n + 1
        # the outer half of a sheet's front is the back cover side: even page on the left
        assert s.left % 2 == 0 and s.right % 2 == 1
    assert (sides[0].left, sides[0].right, sides[1].left, sides[1].right) == (n, 1, 2, n - 1)


def test_padding_and_placement() -> None:
    assert [padded(n) for n in (1, 4, 5, 8, 9)] == [4, 4, 8, 8, 12]
    with pytest.raises(ValueError):
        saddle_order(6)
    scale, xl, xr, y = placement("a4")  # two A5 pages fill A4 landscape exactly
    assert scale == 1 and abs(xl - 0.5) < 1e-9 and abs(xr - 148.5) < 1e-9 and y == 0
    scale, xl, xr, y = placement("letter")  # shrunk to fit, meeting at the fold
    assert 0.94 < scale < 1 and abs(xr - 139.7) < 1e-9 and abs(xl) < 1e-9 and y > 0


@pytest.mark.parametrize(("lang", "words"), [("de", ("langen", "kurzen")), ("en", ("long", "short"))])
@pytest.mark.parametrize("game", each_game())
def test_the_duplex_instructions_name_the_flip_edge_the_kit_was_built_for(game: str, lang: str,
                                                                          words: tuple[str, str]) -> None:
    g = REGISTRY.get(game)
    plan = g.kit(g.load_set(), resolve(BuildOptions()))
    if not any("duplex" in c.layouts for c in plan.components):
        pytest.skip(f"{game}'s kit prints nothing duplex")
    for flip, word in zip(("long", "short"), words):
        doc = document(content(game), lang, g.load_set(), "a4", flip)
        # the line about the component sheets printed duplex (the booklet's own line is always "short")
        (line,) = [b.text.replace("*", " ") for b in doc.blocks
                   if f"-a4-duplex-{flip}.pdf" in b.text and "rules-" not in b.text]
        other = words[1 - words.index(word)]
        assert f" {word} " in line and f" {other} " not in line
