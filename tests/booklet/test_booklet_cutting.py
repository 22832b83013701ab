"""The booklets' cutting instructions say what the printed sheets need: read back from a built
kit, the gap between two cards on the sheet (measured from the PDF: where each card's form is
placed, and the trim box) is the gap the booklet names, and every gap takes two cuts."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from plans import content as booklet_content
from pypdf import PdfReader

from cardgen.booklet.build import document
from cardgen.registry import GAMES

PT = 72 / 25.4
PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.face\.[\w.-]+ Do")


def sheet_gap(pdf: Path) -> float:
    """The gap (mm) between neighbouring faces of the first sheet: the column step of the
    placed faces less a face's width (the trim box spans n faces and n - 1 gaps)."""
    page = PdfReader(str(pdf)).pages[0]
    xs = sorted({round(float(x), 2) for x, _ in PLACED.findall(page.get_contents().get_data())})
    assert len(xs) >= 2, "a sheet of one column"
    step = (xs[-1] - xs[0]) / (len(xs) - 1)
    trim = float(page.trimbox[2]) - float(page.trimbox[0])
    width = trim - (len(xs) - 1) * step
    return (step - width) / PT


def booklet_text(pdf: Path) -> str:
    raw = "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", raw)).replace("\u00a0", " ")


@pytest.mark.parametrize(("game", "lang", "bleed", "part", "gap_words", "cuts"), [
    ("schlangennest", "en", 2.0, "cards", r"a strip of ([\d.]+) mm", "Every gap therefore takes two cuts"),
    pytest.param("schlangengrube", "de", 3.0, "tiles", r"ein Streifen von ([\d,]+) mm",
                 "Jede Lücke braucht deshalb zwei Schnitte", marks=pytest.mark.slow),
])
def test_the_booklet_names_the_gap_the_sheets_have(tmp_path: Path, game: str, lang: str, bleed: float, part: str,
                                                   gap_words: str, cuts: str) -> None:
    done = subprocess.run([sys.executable, "-m", "cardgen", "build", game, "--layout", "single", "--format", "pdf",
                           "--only", f"{part},booklets", "--lang", lang, "--bleed", f"{bleed:g}", "--out", str(tmp_path),
                           "-q"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    gap = sheet_gap(tmp_path / game / f"{part}-a4.pdf")
    assert gap == pytest.approx(2 * bleed, abs=0.05)  # the sheets: two bleeds between two faces
    text = booklet_text(tmp_path / game / f"rules-{lang}-a5-read.pdf")
    said = re.search(gap_words, text)
    assert said, text[-1500:]
    assert float(said.group(1).replace(",", ".")) == pytest.approx(gap, abs=0.05)
    assert cuts in text


@pytest.mark.parametrize("game", ["schlangennest", "schlangengrube"])
def test_without_bleed_the_faces_lie_edge_to_edge_and_one_cut_parts_two(game: str) -> None:
    g = GAMES.get(game)
    for lang, words in (("de", "Kante an Kante"), ("en", "edge to edge")):
        doc = document(booklet_content(game), lang, g.load_set(), bleed=0.0)
        cutting = next(b.text for b in doc.blocks if b.text.startswith(("Schneiden", "Cutting")))
        assert words in cutting and "Streifen von" not in cutting and "strip of" not in cutting
