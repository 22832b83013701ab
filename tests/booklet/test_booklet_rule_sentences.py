"""The booklets' sentences under a set's `[rules]`, in both languages (a rules audit found three
left over from the original's rules): with own-colour capture, "Moving castles" stops a castle at
a piece of either colour and never says "enemy piece" there; with another scoring, the note on the
original's "1 + … + 8" example says the example beside it scores by the set's rules; with
`diagonal_opening = false`, the two-snakes opening keeps every tail apart, the second one too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from plans import content

from cardgen.booklet.build import document
from cardgen.booklet.markup import Block
from cardgen.registry import GAMES
from cardgen.sets import with_rules


def blocks(game: str, rules: dict[str, Any], lang: str, tmp_path: Path) -> tuple[Block, ...]:
    """The booklet text of `game` in `lang` for its standard set with `rules` (none: the original)."""
    g = GAMES.get(game)
    path = tmp_path / f"{game}-{lang}.toml"
    path.write_text(with_rules(g.default_set_path().read_text(encoding="utf-8"), g.rule_params, rules),
                    encoding="utf-8")
    return document(content(game), lang, g.load_set(path)).blocks


def anchored(found: tuple[Block, ...], rule: str) -> str:
    """The one paragraph that explains `rule`."""
    (text,) = [b.text for b in found if rule in b.rules]
    return text


CASTLE = {  # (the original's words, the set's own-colour capture)
    "en": ("as soon as its 2×2 fields reach an enemy piece, the move ends there",
           "as soon as its 2×2 fields reach a piece of either colour, the move ends there"),
    "de": ("Sobald ihre 2×2 Felder eine gegnerische Figur erreichen, endet der Zug",
           "Sobald ihre 2×2 Felder eine Figur, gleich welcher Farbe, erreichen, endet der Zug"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_moving_castles_under_own_colour_capture_stop_at_either_colour(lang: str, tmp_path: Path) -> None:
    original, own = CASTLE[lang]
    text = anchored(blocks("irrlaeufer", {}, lang, tmp_path), "castle-passes-piece")
    assert original in text and own not in text
    text = anchored(blocks("irrlaeufer", {"capture_own": True}, lang, tmp_path), "castle-passes-piece")
    assert own in text and original not in text
    assert ("first piece of either colour" if lang == "en" else "vor jeder Figur") not in text  # said once


EXAMPLE = {"en": ("counts 1 + … + 8", "here the example scores by this set's rules"),
           "de": ("gerechnet wird aber mit 1 + … + 8", "hier zählt das Beispiel nach den Regeln dieses Satzes")}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("rules", [{"snake_score": "linear"}, {"snake_score": "square"}, {"double_factor": 3}],
                         ids=["linear", "square", "factor-3"])
def test_the_note_on_the_originals_example_says_the_example_scores_by_the_set(lang: str, rules: dict[str, Any],
                                                                           tmp_path: Path) -> None:
    slip, own = EXAMPLE[lang]
    (original,) = [b.text for b in blocks("schlangengrube", {}, lang, tmp_path) if slip in b.text]
    assert "84" not in original and own not in original
    (note,) = [b for b in blocks("schlangengrube", rules, lang, tmp_path) if slip in b.text]
    assert note.kind == "note" and own in note.text and "(36 + 6) × 2 = 84" in note.text


APART = {"en": "a player's second tail keeps that distance from their first one too",
         "de": "auch der zweite Schwanz einer Person hält so Abstand zu ihrem ersten"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_two_snakes_under_openings_apart_keeps_the_second_tail_away(lang: str, tmp_path: Path) -> None:
    text = anchored(blocks("schlangennest", {}, lang, tmp_path), "opening-body")
    assert APART[lang] not in text and "  " not in text
    text = anchored(blocks("schlangennest", {"diagonal_opening": False}, lang, tmp_path), "opening-body")
    assert APART[lang] in text
    assert ("one place away" if lang == "en" else "einen Platz entfernt") in text
