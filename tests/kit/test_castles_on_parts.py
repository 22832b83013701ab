"""Irrläufer's castle chips go on the parts sheet where they fit there (issue 36): as fold-over
pairs, red side beside blue side, on A4 and Letter, with and without bleed, whatever `--layout`
asks; only where they do not fit (a long board with many sticks on A4) do they keep their own
two-sided sheets, and the manifest, HOW-TO-PRINT.txt and the booklet say where they are."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageStat

from cardgen.booklet.build import document
from cardgen.cli import main
from cardgen.games.irrlaeufer.booklet import CONTENT
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.kit_layout import PARTS_MARGIN, kit_field, parts_sheets
from cardgen.print import paper
from cardgen.print.geometry import Box
from cardgen.units import pt_to_mm

LONG = 'game = "irrlaeufer"\nname = "Irrläufer"\nrows = 27\nsticks = 90\n'
"""A long board with 90 sticks: its stick block leaves the castles no room on an A4 parts sheet
(on Letter, whose kit fields are smaller, it does)."""


def _build(out: Path, *args: str) -> tuple[Path, dict]:  # type: ignore[type-arg]
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--out", str(out), "--quiet", "--format", "pdf",
                                       "--only", "parts,castles", *args])
    assert result.exit_code == 0, result.output
    folder = out / "irrlaeufer"
    return folder, json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def _uses(path: Path) -> list[dict[str, int]]:
    """How often each face is placed, page by page."""
    out = []
    for page in pypdf.PdfReader(path).pages:
        found: dict[str, int] = {}
        for key in re.findall(rb"/FormXob\.face\.([\w.-]+) Do", page.get_contents().get_data()):
            found[key.decode()] = found.get(key.decode(), 0) + 1
        out.append(found)
    return out


def _flat(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())


def _render(path: Path, box: Box, dpi: float = 300) -> Image.Image:
    """The part `box` (mm) of the first page, greyscale."""
    page = pypdfium2.PdfDocument(path)[0]
    w, h = (pt_to_mm(v) for v in page.get_size())
    crop = tuple(v / 25.4 * 72 for v in (box.x, h - box.bottom, w - box.right, box.y))
    return page.render(scale=dpi / 72, crop=crop).to_pil().convert("RGB")


@pytest.mark.parametrize(("paper_name", "bleed", "layout"), [
    ("a4", "3", None), ("a4", "0", "single"), ("a4", "3", "gutterfold"), ("letter", "3", "glue"),
    ("letter", "0", "duplex")])
def test_the_castles_lie_on_the_parts_sheet_wherever_they_fit(tmp_path: Path, paper_name: str, bleed: str,
                                                              layout: str | None) -> None:
    folder, manifest = _build(tmp_path, "--paper", paper_name, "--bleed", bleed,
                              *(("--layout", layout) if layout else ()))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    parts = f"parts-{paper_name}.pdf"
    assert set(pdfs) == {parts}  # no castle sheets (nor their calibration sheet), for every --layout
    entry = pdfs[parts]
    assert entry["pages"] == 1 and entry["castles"] == 4 and "note" not in entry
    assert "castles: cut out each red-and-blue pair along its corner marks, fold it where red meets blue" \
        in entry["cutting_order"]
    assert _uses(folder / parts) == [{"piece-red": 6, "piece-blue": 6, "stick-gauge": 1, "stick": 80,
                                      "castle-fold": 4}]
    how = _flat(folder / "HOW-TO-PRINT.txt")
    assert entry["cutting_order"] in how and "castles-" not in how
    assert manifest["faces"]["castle-red"] == manifest["faces"]["castle-blue"] == 4  # counted once, as chips
    # Where they lie: inside the margins, clear of every other part and its bleed
    board = IrrBoard(field_size=kit_field(IrrBoard(), paper_name, float(bleed)))
    (page,), _, _ = parts_sheets(board, paper(paper_name), float(bleed), castles=True)
    content = Box(PARTS_MARGIN, PARTS_MARGIN, page.width - 2 * PARTS_MARGIN, page.height - 2 * PARTS_MARGIN)
    pairs = [p for p in page.placements if p.face_key == "castle-fold"]
    others = [p for p in page.placements if p.face_key != "castle-fold"]
    for pair in pairs:
        assert content.contains(pair.trim.grown(pair.bleed))
        assert not any(pair.trim.grown(pair.bleed).overlaps(o.trim.grown(o.bleed)) for o in others + pairs
                       if o is not pair)
    # Each pair, rendered at 300 dpi: red left, blue right, and the blue side folded over on the
    # line where they meet lies on the red side: the light frame and tower cover the same place
    for pair in pairs:
        t = pair.trim
        red = _render(folder / parts, Box(t.x, t.y, t.width / 2, t.height))
        blue = _render(folder / parts, Box(t.x + t.width / 2, t.y, t.width / 2, t.height))
        for side, (most, least) in ((red, (0, 2)), (blue, (2, 0))):
            mean = ImageStat.Stat(side).mean
            assert mean[most] > 2 * mean[least], mean
        light = [side.convert("L").point(lambda v: 255 if v > 200 else 0) for side in (red, blue)]
        folded = light[1].transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        front, back = light[0].getbbox(), folded.getbbox()
        assert front is not None and back is not None
        assert max(abs(a - b) for a, b in zip(front, back)) <= 2, (front, back)  # pixels at 300 dpi: 0.17 mm
        count = [im.histogram()[255] for im in (light[0], folded)]
        assert abs(count[0] - count[1]) < 0.03 * count[0], count


def test_castles_that_do_not_fit_keep_their_own_sheets_and_every_text_says_so(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    path.write_text(LONG, encoding="utf-8")
    folder, manifest = _build(tmp_path / "a4", "--set", str(path))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    assert set(pdfs) == {"parts-a4.pdf", "castles-a4-duplex-long.pdf", "castles-a4-gutterfold.pdf",
                         "calibration-a4-long.pdf"}
    entry = pdfs["parts-a4.pdf"]
    assert entry["castles"] == 0 and "castle-fold" not in _uses(folder / "parts-a4.pdf")[-1]
    assert entry["note"] == ("the 4 castle chips do not fit beside the other parts on this sheet, so they have "
                             "their own: castles-a4-duplex-long.pdf or castles-a4-gutterfold.pdf")
    how = _flat(folder / "HOW-TO-PRINT.txt")
    assert f"Note: {entry['note']}" in how
    assert "castles then touch" not in how  # 4 chips take one sheet with or without bleed: no tip
    # their own duplex sheet: the backs land behind the fronts (the back page turned over its long edge)
    duplex = folder / "castles-a4-duplex-long.pdf"
    assert _uses(duplex) == [{"castle-red": 4}, {"castle-blue": 4}]
    pages = pypdfium2.PdfDocument(duplex)

    def ink(index: int) -> Image.Image:
        return pages[index].render(scale=50 / 72).to_pil().convert("L").point(lambda v: 0 if v > 240 else 255)

    front, back = ink(0).getbbox(), ink(1).transpose(Image.Transpose.FLIP_LEFT_RIGHT).getbbox()
    assert front is not None and back is not None
    assert max(abs(a - b) for a, b in zip(front, back)) <= 2  # pixels at 50 dpi: 1 mm
    # on Letter the same set's smaller kit fields leave them room on the parts sheet
    folder, manifest = _build(tmp_path / "letter", "--set", str(path), "--paper", "letter")
    assert {e["file"] for e in manifest["files"] if e["type"] == "pdf"} == {"parts-letter.pdf"}


def test_a_single_sided_layout_is_refused_only_where_the_castles_need_their_own_sheets(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    path.write_text(LONG, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--layout", "single", "--out", str(tmp_path / "out"),
                                       "-q", "--set", str(path)])
    assert result.exit_code == 2, result.output
    assert "--layout: single does not apply to the castles of Irrläufer" in result.output
    assert not (tmp_path / "out").exists()  # (the default set: built, test_the_castles_lie_on_the_parts_sheet…)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_booklet_says_where_the_castles_are(lang: str) -> None:
    def castles(board: IrrBoard, paper_name: str) -> str:
        doc = document(CONTENT, lang, board, paper_name, "long", 3.0)
        (line,) = [b.text for b in doc.blocks if b.text.startswith("**Castles**" if lang == "en" else "**Burgen**")]
        return line

    on_parts = castles(IrrBoard(), "a4")
    assert "**parts-a4.pdf**" in on_parts and "castles-a4" not in on_parts
    assert ("fold it where red meets blue" if lang == "en" else "wo Rot auf Blau trifft") in on_parts
    long = dataclasses.replace(IrrBoard(), rows=27, sticks=90)
    own = castles(long, "a4")
    assert "**castles-a4-duplex-long.pdf**" in own and "**castles-a4-gutterfold.pdf**" in own
    assert ("do not fit beside the other parts" if lang == "en" else "passen nicht neben die anderen Teile") in own
    assert "**parts-letter.pdf**" in castles(long, "letter")
