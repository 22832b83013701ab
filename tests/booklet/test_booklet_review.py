"""What the review of the printed booklets asked for (issue 13), checked on the parsed texts,
on the typesetting helpers and on rendered pages."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from plans import content, each_game
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]

from cardgen.booklet.build import document
from cardgen.booklet.markup import NBSP, Document, inline, parse, tie
from cardgen.booklet.tiles import Grid, S, tile_group
from cardgen.colours import NEUTRAL, colour as palette_colour
from cardgen.games.schlangengrube.booklet import values as pit_values
from cardgen.games.schlangennest.booklet import grey_parts
from cardgen.registry import GAMES

GAMES_LANGS = each_game("de", "en")


def doc_of(game: str, lang: str) -> Document:
    g = GAMES.get(game)
    return document(content(game), lang, g.load_set(None))


def rules_part(doc: Document) -> str:
    """The text of the booklet up to the computer / printing sections at the back."""
    out = []
    for block in doc.blocks:
        if block.kind == "h2" and re.match(r"(Partien am Computer|Games on the computer|Drucken|How to print)",
                                           block.text):
            break
        out.append(block.text)
    return "\n".join(out)


@pytest.mark.parametrize(("game", "lang"), GAMES_LANGS)
def test_rules_speak_of_the_game_not_the_program(game: str, lang: str) -> None:
    doc = doc_of(game, lang)
    text = rules_part(doc) + "\n" + "\n".join(v for k, v in doc.texts.items() if k.startswith("caption:"))
    assert not re.search(r"\b(Programm|program)\b", text), f"{game}/{lang} mentions the program in the rules"


@pytest.mark.parametrize(("game", "lang"), GAMES_LANGS)
def test_english_quotes_are_typographic_and_original_claims_are_rare(game: str, lang: str) -> None:
    doc = doc_of(game, lang)
    everything = "\n".join(b.text for b in doc.blocks) + "\n".join(doc.texts.values())
    if lang == "en":
        assert '"' not in everything
    # "So steht es im Original" may only stand where the original says so; no booklet needs it now
    assert "So steht es im Original" not in everything and "the original's rule, and it stays" not in everything


def test_schlangennest_text_covers_opening_combinations_and_loop_turns() -> None:
    de, en = (rules_part(doc_of("schlangennest", lang)) for lang in ("de", "en"))
    assert "keinen Kopf" in de and "not a head" in en
    for text, pairs in ((de, ["„Offenes Nest“ mit „Rahmen“ oder „Rahmen-Schlange“", "„Rahmen“ mit „Rahmen-Schlange“",
                              "„Zwei Schlangen“ mit „Zwei Schlangen, eine Karte“"]),
                        (en, ["“Open nest” with “Frame” or “Frame snake”", "“Frame” with “Frame snake”",
                              "“Two snakes” with “Two snakes, one card”"])):
        for pair in pairs:
            assert pair in text
    # the loop turn: a turn leaving both ends blocked does not reopen the snake (its own paragraph,
    # so the engine's loop-not-opened anchor can be added to it)
    assert "nach der beide Enden versperrt sind, ist nicht erlaubt" in de
    assert "after which both ends are blocked is not allowed" in en
    # touching is allowed, joining is not
    assert "ohne die Schlangen anderer zu berühren" not in de and "Berühren dürfen sich die Schlangen" in de


def test_schlangennest_areas_name_persons_and_mark_the_recommended_sizes() -> None:
    de = doc_of("schlangennest", "de")
    setup = next(b.text for b in de.blocks if "Kartenplätzen" in b.text)
    assert "Spieler" not in setup
    for players in (2, 3, 4):
        assert f"{players} Personen:" in setup
    assert setup.count("(empfohlen)") == 3 and "5×7 (empfohlen)" in setup and "6×8 oder 5×9 (empfohlen)" in setup
    en = doc_of("schlangennest", "en")
    assert "7×9 or 6×10 (recommended)" in next(b.text for b in en.blocks if "card places" in b.text)


def test_counted_words_agree_with_their_numbers() -> None:
    assert grey_parts(1, "de") == "1 graues" and grey_parts(3, "de") == "3 graue" and grey_parts(1, "en") == "1"
    pit = GAMES.get("schlangengrube").load_set(None)
    de, en = pit_values(pit, "de"), pit_values(pit, "en")
    assert de["kinds.straight_end"] == "12 Geraden mit Ende" and de["kinds.curve_end"] == "12 Kurven mit Ende"
    assert en["kinds.straight_end"] == "12 straights with an end" and en["kinds.curve_end"] == "12 bends with an end"
    caption = content("schlangengrube").figures(pit, "en", doc_of("schlangengrube", "en"))["tiles"]().caption
    assert "12 straights with an end, 12 bends with an end" in caption


def test_schlangengrube_and_irrlaeufer_corrections() -> None:
    pit_de = "\n".join(b.text for b in doc_of("schlangengrube", "de").blocks)
    assert "zweimal durchläuft" not in pit_de and "einen halben Zug" in pit_de
    irr_de = "\n".join(b.text for b in doc_of("irrlaeufer", "de").blocks)
    irr_en = "\n".join(b.text for b in doc_of("irrlaeufer", "en").blocks)
    assert "von ihr aus wird nicht geschlagen" not in irr_de and "nothing captures from it" not in irr_en
    assert "die Figur darauf kann nicht geschlagen werden" in irr_de
    assert "the piece on it cannot be captured" in irr_en
    assert "wer an der Reihe ist, keines mehr legen kann" in irr_de
    # 80 sticks, red lays first: the 81st stick would be red's, so red begins part two
    assert "Liegen alle 80 Stäbchen, ist das Rot" in irr_de and "all 80 sticks are laid, that is red" in irr_en


@pytest.mark.parametrize("lang", ["de", "en"])
def test_calibration_sheet_is_named_as_the_build_writes_it(lang: str) -> None:
    from click.testing import CliRunner

    from cardgen.cli import main

    for game in ("schlangennest", "schlangengrube"):
        text = "\n".join(b.text for b in doc_of(game, lang).blocks)
        assert "cardgen build --calibration" in text and "calibration-a4-long.pdf" in text
    result = CliRunner().invoke(main, ["build", "--help"])
    assert "calibration-<paper>-<flip>.pdf" in result.output.replace("\n", "").replace(" ", "")
    result = CliRunner().invoke(main, ["build", "--calibration", "--out", "o"])
    assert result.exit_code == 0
    import pathlib
    assert pathlib.Path("o/calibration-a4-long.pdf").is_file()


def test_ties_keep_numbers_with_units_and_the_last_two_words_together() -> None:
    assert tie("Druckt in 100 % Größe und faltet") == f"Druckt in 100{NBSP}% Größe und{NBSP}faltet"
    assert tie("eine Karte 45 mm groß") == f"eine Karte 45{NBSP}mm{NBSP}groß"
    assert tie("zwei Wörter") == "zwei Wörter"  # nothing to gain: the paragraph is one line anyway
    assert NBSP in inline("a **b** c d")


def test_captions_start_with_a_capital() -> None:
    doc = parse("@caption placement = [player] to move.\n", {})
    assert doc.caption("placement", player="red") == "Red to move."


def test_booklet_diagrams_cut_cards_at_their_trim() -> None:
    """A card on a grid next to an empty cell: nothing of its art (bleed) reaches the empty cell."""
    nest = GAMES.get("schlangennest").load_set(None)
    straight = next(c for c in nest.cards if c.kind == "straight")
    grid = Grid()
    grid.card((0, 0), tile_group(straight.parts, {"own": palette_colour("red"), "neutral": NEUTRAL}))
    grid.extra.add((1, 0))
    grid.extra.add((0, 1))
    drawing = grid.drawing(pad=0.5)
    pdf = pdfium.PdfDocument(renderPDF.drawToString(drawing))
    scale = 4.0
    img = pdf[0].render(scale=scale).to_pil().convert("RGB")
    pad = 0.5 * S
    # the card spans [pad, pad + S] horizontally; the cell east of it starts at pad + S
    y_mid = int((pad + S / 2) * scale)
    x_card_end = (pad + S) * scale
    outside = [img.getpixel((int(x_card_end + d), y_mid)) for d in (3, 6, 10)]
    inside = img.getpixel((int(x_card_end - 6), y_mid))
    assert all(px == (255, 255, 255) for px in outside), outside
    assert inside != (255, 255, 255)  # the grey body runs E-W to the trim: there is art up to it


def test_german_and_english_booklets_fill_the_same_sheets() -> None:
    from pypdf import PdfReader

    from cardgen.booklet.build import booklet_pages

    g = GAMES.get("schlangennest")
    counts = []
    for lang in ("de", "en"):
        _, padded, _ = booklet_pages(content("schlangennest"), lang, g.load_set(None))
        counts.append(len(PdfReader(io.BytesIO(padded)).pages))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(("paper", "lang"), [("a4", "de"), ("letter", "en")])
def test_imposed_sheets_carry_a_fold_mark_and_the_flip_instruction(paper: str, lang: str) -> None:
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

    from cardgen.booklet.impose import A5, FOLD_TICK, MM, SHEET_NOTE, SHEETS, impose_pdf

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(A5[0] * MM, A5[1] * MM), invariant=1)
    for _ in range(8):
        c.showPage()  # blank pages: whatever is dark on the sheet is the imposition's own
    c.save()
    data = impose_pdf(buf.getvalue(), paper, "T", lang)
    reader = PdfReader(io.BytesIO(data))
    texts = [re.sub(r"\s+", " ", p.extract_text()) for p in reader.pages]
    assert [SHEET_NOTE[lang] in t for t in texts] == [True, False, True, False]  # fronts only
    pdf = pdfium.PdfDocument(data)
    sw, sh = SHEETS[paper]
    k = 150 / 25.4  # pixels per mm at 150 dpi
    for i in range(len(pdf)):
        img = pdf[i].render(scale=150 / 72).to_pil().convert("L")
        mid = int(sw / 2 * k)
        top = [min(img.getpixel((mid + dx, int(yy * k))) for dx in (-1, 0, 1))
               for yy in [FOLD_TICK[0] + j * 0.25 for j in range(int((FOLD_TICK[1] - FOLD_TICK[0]) / 0.25))]]
        assert min(top) < 200  # a dashed tick on the fold at the top

        bottom = [min(img.getpixel((mid + dx, int((sh - yy) * k))) for dx in (-1, 0, 1))
                  for yy in [FOLD_TICK[0] + j * 0.25 for j in range(int((FOLD_TICK[1] - FOLD_TICK[0]) / 0.25))]]
        assert min(bottom) < 200
        # the note and the ticks stand on the fold only: folded, no page inside the booklet shows them
        away = [img.getpixel((x, y)) for x in range(0, img.width, 3) for y in range(0, img.height, 3)
                if abs(x - mid) > 3 * k]
        assert min(away) > 240
        # nothing within 5 mm of the paper edge (where printers cannot print)
        edge = [img.getpixel((x, y)) for x in range(0, img.width, 7) for y in (1, int(4.5 * k), img.height - 2)]
        assert min(edge) > 240
