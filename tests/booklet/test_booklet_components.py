"""Every sentence a booklet says about the set's components is generated from the set: the
booklets of unusual sets (a five-colour Schlangennest set with three-part curve cards and no area
for five players, a Schlangengrube set without crossings and with uneven colours, a long
Irrläufer board with fewer sticks) are built, and each such sentence is checked against the set,
in both languages. The standard sets keep the original's sentences."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from plans import content
from test_booklet_variant import text_of

from cardgen.booklet.build import document, write_booklets
from cardgen.booklet.markup import Document
from cardgen.geometry import PartKind
from cardgen.options import BuildOptions
from cardgen.registry import GAMES
from cardgen.sets import default_set_path

CAPPED = '\n[[card]]\nid = "capped"\ncount = 2\nparts = ["own:N-E", "neutral:head@S", "neutral:tail@W"]\n'


def nest_five(tmp_path: Path) -> Path:
    """Five colours, 2 curve cards per colour carrying a grey head and a grey tail, areas for
    2-4 players only: the set of issue 36."""
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    text = text.replace('colours = ["red", "yellow", "green", "blue"]',
                        'variant = true\ncolours = ["red", "yellow", "green", "blue", "purple"]')
    text = text.replace('\n[[card]]\nid = "head"', CAPPED + '\n[[card]]\nid = "head"')
    path = tmp_path / "nest-five.toml"
    path.write_text(text, encoding="utf-8")
    return path


def pit_uneven(tmp_path: Path) -> Path:
    """No crossings, and one double curve three times: the colours on 24 or 25 tiles."""
    text = default_set_path("schlangengrube").read_text(encoding="utf-8")
    text = re.sub(r'\[\[tile\]\]\nid = "X-[A-Z]+"\nparts = \[[^\]]*\]\n\n?', "", text)
    text = text.replace('id = "CC-RG"\ncount = 2', 'id = "CC-RG"\ncount = 3', 1)
    path = tmp_path / "pit-uneven.toml"
    path.write_text(text, encoding="utf-8")
    return path


def irr_long(tmp_path: Path) -> Path:
    text = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    path = tmp_path / "irr-long.toml"
    path.write_text(text.replace("rows = 21", "rows = 27").replace("sticks = 80", "sticks = 64"), encoding="utf-8")
    return path


def booklet(game: str, path: Path | None, lang: str) -> tuple[Any, Document, list[str]]:
    """The set, the booklet's parsed text and the texts of its blocks."""
    g = GAMES.get(game)
    source = g.load_set(path) if path else g.load_set()
    doc = document(content(game), lang, source)
    return source, doc, [b.text for b in doc.blocks]


def section(texts: list[str], doc: Document, heading: str) -> list[str]:
    """The blocks' texts under the h2 `heading` (up to the next h2)."""
    kinds = [b.kind for b in doc.blocks]
    start = texts.index(heading)
    end = next((i for i in range(start + 1, len(texts)) if kinds[i] == "h2"), len(texts))
    return texts[start + 1:end]


NEST = {  # (components heading, the setup heading, a kind's nouns, the grey parts' words)
    "en": ("Components", "Set-up", {"straight": "straight", "curve": "curve", "head": "head", "tail": "tail"},
           {"head": "a grey head", "tail": "a grey tail"}, "players", "none in this set"),
    "de": ("Spielmaterial", "Vorbereitung", {"straight": "Gerade", "curve": "Kurve", "head": "Kopf", "tail": "Schwanz"},
           {"head": "ein grauer Kopf", "tail": "ein grauer Schwanz"}, "Personen", "keine in diesem Satz"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_five_colour_nest_set_with_three_part_curves_is_described_as_it_is(lang: str, tmp_path: Path) -> None:
    heading, setup, nouns, grey, people, none = NEST[lang]
    nest, doc, texts = booklet("schlangennest", nest_five(tmp_path), lang)
    parts = section(texts, doc, heading)
    bullets = [t for t, b in zip(texts, doc.blocks) if b.kind == "bullet" and t in parts]
    assert len(bullets) == len(nest.cards)  # one line per card type, in the set's order
    for line, card in zip(bullets, nest.cards):
        assert line.startswith(f"{card.count} {nouns[card.kind]}"), line
    capped = bullets[[c.id for c in nest.cards].index("capped")]
    assert grey["head"] in capped and grey["tail"] in capped and "gegenüberliegend" not in capped \
        and "opposite" not in capped
    assert f"{nest.cards_per_colour * 5}" in parts[0] and "5" in parts[0]
    said = " ".join(parts)
    assert ("two snake parts" not in said and "one or two in neutral grey" in said if lang == "en" else
            "zwei Schlangenteile" not in said and "ein oder zwei in neutralem Grau" in said)
    assert ("the numbers are the original's" not in said and "the numbers are this set's own" in said
            if lang == "en" else "stammen aus dem Original" not in said and "die Anzahlen sind die dieses" in said)
    caption = content("schlangennest").figures(nest, lang, doc)["cards"]().caption
    assert caption.endswith("straight, curve, curve with a grey head and a grey tail, head and tail." if lang == "en"
                            else "Gerade, Kurve, Kurve mit grauem Kopf und grauem Schwanz, Kopf und Schwanz."), caption
    areas = " ".join(section(texts, doc, setup))
    for players in range(2, 6):
        assert f"{players} {people}:" in areas
    assert f"5 {people}: {none}" in areas
    whole = " ".join(texts)
    assert ("“curve with a grey head and a grey tail” cards carry more than two parts" in whole if lang == "en"
            else "„Kurve mit grauem Kopf und grauem Schwanz“ dieses Satzes trägt mehr als zwei Teile" in whole)
    assert ("The tail card and the “curve with a grey head and a grey tail” cards carry a grey head" in whole
            if lang == "en" else "Die Schwanzkarte und die Karte „Kurve mit grauem Kopf und grauem Schwanz“ tragen"
            in whole)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_standard_nest_set_keeps_the_originals_sentences(lang: str) -> None:
    nest, doc, texts = booklet("schlangennest", None, lang)
    whole = " ".join(texts)
    assert ("So every card shows two snake parts" in whole and "the numbers are the original's." in whole
            and "with this game's cards three snakes can never share a place" in whole
            and "The tail card carries a grey head, so" in whole if lang == "en" else
            "Jede Karte zeigt also zwei Schlangenteile" in whole and "die Anzahlen stammen aus dem Original." in whole
            and "Die Schwanzkarte trägt einen grauen Kopf." in whole)
    caption = content("schlangennest").figures(nest, lang, doc)["cards"]().caption
    assert caption.endswith("straight, curve, head and tail." if lang == "en" else "Gerade, Kurve, Kopf und Schwanz.")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_pit_set_without_crossings_and_uneven_colours_is_described_as_it_is(lang: str, tmp_path: Path) -> None:
    pit, doc, texts = booklet("schlangengrube", pit_uneven(tmp_path), lang)
    whole = " ".join(texts)
    assert f"{pit.total} " in whole and (" cross, one passes over" not in whole if lang == "en"
                                         else "Kreuzen sich zwei Körper" not in whole)
    caption = content("schlangengrube").figures(pit, lang, doc)["tiles"]().caption
    assert ("crossing" not in caption if lang == "en" else "Kreuzung" not in caption)
    assert caption.count("13 ") == 1 and caption.count("12 ") == 3  # the groups drawn, with their counts
    on = {c: pit.tiles_with(c) for c in pit.colours}
    assert sorted(set(on.values())) == [24, 25]
    assert ("Our set gives every colour the same number of tiles" not in whole
            and "the colours are on different numbers of tiles: red on 25, green on 25, yellow on 24 and purple on 24"
            in whole if lang == "en" else "jede Farbe gleich oft vorkommt" not in whole
            and "Rot auf 25, Grün auf 25, Gelb auf 24 und Lila auf 24" in whole)
    heads, tails = pit.end_counts(PartKind.HEAD), pit.end_counts(PartKind.TAIL)
    assert all(heads[c] == tails[c] for c in pit.colours)  # so the note may say so
    assert ("every colour has as many heads as tails" in whole if lang == "en"
            else "hat jede Farbe gleich viele Köpfe wie Schwänze" in whole)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_standard_pit_set_keeps_the_originals_sentences(lang: str) -> None:
    pit, doc, texts = booklet("schlangengrube", None, lang)
    whole = " ".join(texts)
    assert ("Where two bodies cross, one passes over the other" in whole
            and "Our set gives every colour the same number of tiles and as many heads as tails" in whole
            if lang == "en" else "Kreuzen sich zwei Körper" in whole and "jede Farbe gleich oft vorkommt" in whole)
    caption = content("schlangengrube").figures(pit, lang, doc)["tiles"]().caption
    assert caption.endswith("6 crossings, 12 double bends, 12 straights with an end, 12 bends with an end and 12 "
                            "with two ends." if lang == "en" else
                            "6 Kreuzungen, 12 Doppelkurven, 12 Geraden mit Ende, 12 Kurven mit Ende und 12 mit zwei "
                            "Enden.")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_long_irrlaeufer_board_with_fewer_sticks_is_described_as_it_is(lang: str, tmp_path: Path) -> None:
    board, doc, texts = booklet("irrlaeufer", irr_long(tmp_path), lang)
    parts = " ".join(section(texts, doc, "Components" if lang == "en" else "Spielmaterial"))
    assert board.rows == 27 and board.sticks == 64
    assert ("15 fields wide and 27 fields long" in parts and "64 sticks" in parts and "6 red and 6 blue pieces" in parts
            and "4 castles" in parts and "we use 27 rows" in parts if lang == "en" else
            "15 Felder breit und 27 Felder lang" in parts and "64 Stäbchen" in parts and "4 Burgen" in parts)
    assert "21" not in parts and "80" not in parts


def test_the_built_booklet_of_the_five_colour_set_prints_its_cards(tmp_path: Path) -> None:
    """The PDF itself, not only the parsed text: the lines reach the page."""
    path = nest_five(tmp_path)
    write_booklets(content("schlangennest"), BuildOptions(out=tmp_path / "out", set_path=path, langs=("en",)),
                   GAMES.get("schlangennest").load_set(path))
    text = text_of(tmp_path / "out" / "schlangennest" / "rules-en-a5-read.pdf")
    assert "2 curves: a coloured bend, with a grey head and a grey tail." in text
    assert "straight, curve, curve with a grey head and a grey tail, head and tail." in text
    assert "5 players: none in this set" in text and "So every card shows two" not in text


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "7 straights: the coloured piece runs straight across, with a grey straight piece crossing above it."),
    ("de", "7 Geraden: das farbige Stück läuft gerade hindurch, dazu ein graues gerades Stück darüber.")])
def test_a_straight_whose_grey_part_lies_on_top_is_not_said_to_pass_beneath(lang: str, line: str,
                                                                            tmp_path: Path) -> None:
    path = tmp_path / "top.toml"
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    path.write_text(text.replace('parts = ["neutral:E-W", "own:N-S"]', 'parts = ["own:N-S", "neutral:E-W"]'),
                    encoding="utf-8")
    _, _, texts = booklet("schlangennest", path, lang)
    assert line in texts
