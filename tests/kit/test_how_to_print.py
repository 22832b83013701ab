"""What a user reads without opening JSON: the build summary states the bleeds the faces really
have, and every game folder holds HOW-TO-PRINT.txt, made from the manifest."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.kit.png import bleeds
from cardgen.print.faces import Face


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_summary_bleeds_and_how_to_print_match_the_manifest(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--only", "board,parts,castles", "--format", "pdf,png",
                                       "--dpi", "72", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "irrlaeufer"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    # the summary's PNG line names each bleed the faces have, with how many faces have it
    bleeds = Counter(e["bleed_mm"] for e in manifest["files"] if e["type"] == "png")
    assert len(bleeds) == 3  # the board and castles 3 mm, the standees 1 mm, sticks and gauge none
    (line,) = [ln for ln in result.output.splitlines() if "/png/:" in ln]
    said = dict((float(b) if b != "none" else 0.0, int(n))
                for b, n in re.findall(r"(\d+(?:\.\d+)?|none)(?: mm)?(?: bleed)? on (\d+)", line))
    assert said == dict(bleeds), line
    assert "3 mm bleed on" in line and "1 mm on 2" in line and "none on 2" in line
    # HOW-TO-PRINT.txt: listed, and saying for every printed file how to print and cut it
    text = (folder / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    entry = next(e for e in manifest["files"] if e["file"] == "HOW-TO-PRINT.txt")
    assert entry["type"] == "text"
    flat = _flat(text)
    printed = [e for e in manifest["files"] if e["type"] == "pdf"]
    assert printed
    for e in printed:
        assert e["file"] in text
        assert _flat(e["print"]) in flat
        assert _flat(e["cutting_order"]) in flat
    assert "castles: cut out each red-and-blue pair" in flat  # on the parts sheet, which has room for them
    assert "board: one of board-a4.pdf (4 pages) on A4 board-a3.pdf (1 page) on A3" in flat
    assert max(len(ln) for ln in text.splitlines()) <= 78


def test_the_bleed_words_of_the_summary() -> None:
    def face(bleed: float) -> Face:
        return Face("f", "<svg/>", 10, 10, bleed)

    assert bleeds([face(3), face(3)]) == "3 mm bleed"
    assert bleeds([face(3), face(1), face(0), face(0)]) == "3 mm bleed on 1 face, 1 mm on 1, none on 2"
    assert bleeds([face(0)]) == bleeds([]) == "no bleed"  # a kit of booklets only has no faces


def test_how_to_print_says_how_many_cards_a_sheet_takes_without_bleed(tmp_path: Path) -> None:
    """For cutting by hand: the tip's figure is what a `--bleed 0` build really puts on a sheet."""
    for out, extra in (("bleed", ()), ("none", ("--bleed", "0"))):
        result = CliRunner().invoke(main, ["build", "schlangennest", "--format", "pdf", "--layout", "single",
                                           "--only", "cards", "--out", str(tmp_path / out), *extra])
        assert result.exit_code == 0, result.output
    text = _flat((tmp_path / "bleed" / "schlangennest" / "HOW-TO-PRINT.txt").read_text(encoding="utf-8"))
    found = re.search(r"--bleed 0: the cards then touch, (\d+) a sheet of cards-a4.pdf instead of (\d+)", text)
    assert found is not None, text

    def per_sheet(out: str) -> int:
        manifest = json.loads((tmp_path / out / "schlangennest" / "manifest.json").read_text(encoding="utf-8"))
        return int(next(e["per_sheet"] for e in manifest["files"] if e["file"] == "cards-a4.pdf"))

    assert (int(found.group(1)), int(found.group(2))) == (per_sheet("none"), per_sheet("bleed")) == (24, 15)
    assert "--bleed 0" not in (tmp_path / "none" / "schlangennest" / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_letter_booklet_says_its_pages_are_scaled(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "schlangennest", "--paper", "letter", "--only", "booklets",
                                       "--lang", "en", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "schlangennest" / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["files"] if e["file"] == "rules-en-letter-duplex-short.pdf")
    assert "the A5 pages are printed at 94.4 % to fit Letter" in entry["print"]  # 139.7 mm of 148
    assert "94.4 %" in _flat((tmp_path / "schlangennest" / "HOW-TO-PRINT.txt").read_text(encoding="utf-8"))
