"""The written booklets read back: page order for folding, real text in embedded fonts,
German hyphenation, the rule paragraphs and the manifest-free builder output."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pyphen
import pytest
from plans import booklet_games, content, each_game
from pypdf import PdfReader

from cardgen.booklet.build import document, write_booklets
from cardgen.booklet.impose import A5, MM, SHEETS, placement, saddle_order
from cardgen.booklet.pages import FOOTER_Y
from cardgen.options import BuildOptions
from cardgen.registry import GAMES as REGISTRY

GAMES = sorted(booklet_games())


def booklets(game: str, options: BuildOptions) -> list[dict]:
    """Write the booklets of `game` for `options` (its `--set` or the default set)."""
    g = REGISTRY.get(game)
    return write_booklets(content(game), options, g.load_set(options.set_path))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[dict]]]:
    out = tmp_path_factory.mktemp("booklets")
    entries = {g: booklets(g, BuildOptions(out=out)) for g in GAMES}
    return out, entries


def footer_numbers(path: Path, paper: str = "a4") -> list[tuple[int, int]]:
    """(left, right) page numbers printed in the footers of each sheet side."""
    pdf = pdfium.PdfDocument(str(path))
    sw, sh = SHEETS[paper]
    scale, _, _, y = placement(paper)
    lo, hi = y + (FOOTER_Y - 3) * scale, y + (FOOTER_Y + 4) * scale  # the footer line only
    out = []
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        nums = []
        for x0, x1 in ((0, sw / 2), (sw / 2, sw)):
            strip = text.get_text_bounded(left=x0 * MM, bottom=lo * MM, right=x1 * MM, top=hi * MM)
            found = re.findall(r"\d+", strip)
            assert len(found) == 1, f"{path.name} sheet side {i + 1}: footer {strip!r}"
            nums.append(int(found[0]))
        out.append((nums[0], nums[1]))
    return out


def plain_text(path: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", each_game())
def test_imposed_page_order_folds_right(built, game: str, lang: str) -> None:
    out, _ = built
    sides = footer_numbers(out / game / f"rules-{lang}-a4-duplex-short.pdf")
    n = 2 * len(sides)
    assert n % 4 == 0
    assert sides == [(s.left, s.right) for s in saddle_order(n)]
    for left, right in sides:
        assert left + right == n + 1  # a page and its partner share the sheet side
    page = PdfReader(str(out / game / f"rules-{lang}-a4-duplex-short.pdf")).pages[0]
    assert abs(float(page.mediabox.width) - 297 * MM) < 1 and abs(float(page.mediabox.height) - 210 * MM) < 1


def test_letter_booklet(tmp_path: Path) -> None:
    entries = booklets("schlangengrube", BuildOptions(out=tmp_path, paper="letter", langs=("en",)))
    path = tmp_path / "schlangengrube" / "rules-en-letter-duplex-short.pdf"
    page = PdfReader(str(path)).pages[0]
    assert abs(float(page.mediabox.width) - 11 * 72) < 1 and abs(float(page.mediabox.height) - 8.5 * 72) < 1
    sides = footer_numbers(path, "letter")
    assert sides == [(s.left, s.right) for s in saddle_order(2 * len(sides))]
    assert entries[0]["paper"] == "letter" and entries[0]["flip"] == "short"


@pytest.mark.parametrize("game", each_game())
def test_reading_version_is_a5_with_embedded_fonts(built, game: str) -> None:
    out, entries = built
    reader = PdfReader(str(out / game / "rules-de-a5-read.pdf"))
    fonts = {}
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - A5[0] * MM) < 1
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            fonts[str(font["/BaseFont"])] = "/FontFile2" in desc.get_object()
    assert fonts and all(fonts.values()), fonts
    assert any("DejaVuSerif" in f for f in fonts)
    files = {e["file"] for e in entries[game]}
    assert files == {"rules-de-a4-duplex-short.pdf", "rules-de-a5-read.pdf", "rules-en-a4-duplex-short.pdf", "rules-en-a5-read.pdf"}
    assert all("print" in e for e in entries[game])


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", each_game())
def test_rule_paragraphs_are_printed(built, game: str, lang: str) -> None:
    out, _ = built
    text = plain_text(out / game / f"rules-{lang}-a5-read.pdf")
    flat = re.sub(r"\s+", " ", re.sub(r"-\n", "", text))
    doc = document(content(game), lang, REGISTRY.get(game).load_set())
    for block in doc.blocks:
        if block.rules:
            start = re.sub(r"\*+", "", block.text)[:30]
            assert start in flat, f"{game}/{lang}: paragraph for {block.rules} not found: {start!r}"


def test_german_words_are_hyphenated_at_pyphen_points(built) -> None:
    out, _ = built
    dic = pyphen.Pyphen(lang="de_DE")
    good = []
    for game in GAMES:
        lines = plain_text(out / game / "rules-de-a5-read.pdf").splitlines()
        for a, b in zip(lines, lines[1:]):
            m = re.search(r"(\w+)-$", a)
            n = re.match(r"(\w+)", b)
            if m and n and m.group(1)[-1].islower() and n.group(1)[0].islower():
                word = m.group(1) + n.group(1)
                if len(m.group(1)) in dic.positions(word):
                    good.append(f"{m.group(1)}-{n.group(1)}")
    assert len(good) >= 5, good


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hyphenation_keeps_three_letters_and_names_whole_and_never_three_lines_running(built, lang: str) -> None:
    from cardgen.booklet.build import kept_names
    from cardgen.booklet.hyphens import MIN_PART, kept
    from cardgen.booklet.pages import MAX_HYPHENATED

    out, _ = built
    breaks = []
    for game in GAMES:
        names = [w.lower() for n in kept_names(content(game), lang) for w in n.split()]
        for page in PdfReader(str(out / game / f"rules-{lang}-a5-read.pdf")).pages:
            lines = page.extract_text().splitlines()
            run = 0
            for a, b in zip(lines, lines[1:]):
                where = f"{game}/{lang}: {a[-30:]!r} / {b[:30]!r}"
                assert not re.search(r"\bcardgen$", a.rstrip()), f"a command broken: {where}"
                m = re.search(r"(\S+)-$", a)
                run = run + 1 if m else 0
                assert run <= MAX_HYPHENATED, f"{run} hyphenated lines in a row: {where}"
                if not m:
                    continue
                head, tail = m.group(1), b.split(" ")[0]
                breaks.append(f"{head}-{tail}")
                before = re.sub(r"\W", "", head.split("-")[-1])
                after = re.sub(r"\W", "", tail.split("-")[0])
                assert len(before) >= MIN_PART and len(after) >= MIN_PART, f"fewer than 3 letters: {where}"
                assert not re.search(r"\d|^\W*--", head + tail), f"a number or option broken: {where}"
                assert not kept(before + after, names), f"a name broken: {where}"
    assert len(breaks) >= 5, breaks  # the booklets are hyphenated at all
