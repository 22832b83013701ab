"""The Schlangennest kit as a user gets it: `cardgen build schlangennest`, read back from disk."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageFilter

from cardgen.cli import main
from cardgen.sets import default_set_path
from cardgen.units import pt_to_mm

LAYOUTS = {"single": "cards-{p}.pdf", "duplex": "cards-{p}-duplex-long.pdf",
           "gutterfold": "cards-{p}-gutterfold.pdf", "glue": "cards-{p}-glue.pdf"}


def _build(out: Path, *args: str) -> None:
    result = CliRunner().invoke(main, ["build", "schlangennest", "--out", str(out), "--quiet", *args])
    assert result.exit_code == 0, result.output + result.stderr


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    _build(out)
    return out / "schlangennest"


def _fronts(reader: pypdf.PdfReader) -> int:
    n = 0
    for page in reader.pages:
        data = page.get_contents().get_data()
        n += len([k for k in re.findall(rb"/FormXob\.face\.([\w.-]+) Do", data) if k != b"back"])
    return n


def _box(page: pypdf.PageObject, name: str) -> list[float]:
    return [pt_to_mm(float(v)) for v in getattr(page, name)]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_layout_pdf_holds_72_fronts_on_a4_with_boxes(kit: Path, layout: str) -> None:
    reader = pypdf.PdfReader(kit / LAYOUTS[layout].format(p="a4"))
    assert _fronts(reader) == 72
    for page in reader.pages:
        media = _box(page, "mediabox")
        assert media == pytest.approx([0, 0, 210, 297], abs=0.01)
        trim, bleed = _box(page, "trimbox"), _box(page, "bleedbox")
        if trim == media:  # a page with nothing on it (never expected here)
            pytest.fail("a page without faces")
        # trim inside bleed inside media, the bleed 3 mm around the trim
        assert bleed[0] == pytest.approx(trim[0] - 3, abs=0.01)
        assert bleed[3] == pytest.approx(trim[3] + 3, abs=0.01)
        assert 5 <= bleed[0] and bleed[2] <= 205 and 5 <= bleed[1] and bleed[3] <= 292


def test_manifest_describes_every_file(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "schlangennest" and manifest["paper"] == "a4"
    files = {entry["file"]: entry for entry in manifest["files"]}
    for layout, name in LAYOUTS.items():
        entry = files[name.format(p="a4")]
        reader = pypdf.PdfReader(kit / entry["file"])
        assert entry["pages"] == len(reader.pages)
        assert entry["layout"] == layout and entry["fronts"] == 72
        assert entry["sides"] == ("double-sided" if layout == "duplex" else "single-sided")
        assert entry["cutting_order"]
    assert files["cards-a4-duplex-long.pdf"]["flip"] == "long"
    on_disk = {str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file()} - {"manifest.json"}
    assert on_disk == set(files)
    assert sum(count for key, count in manifest["faces"].items() if key != "back") == 72


def test_pngs_are_300_dpi_with_bleed_and_named_with_their_count(kit: Path) -> None:
    pngs = sorted((kit / "png").glob("*.png"))
    assert len(pngs) == 17  # 4 colours x 4 kinds + the back
    counts = {}
    for png in pngs:
        key, count = re.fullmatch(r"(.+)_x(\d+)\.png", png.name).groups()  # type: ignore[union-attr]
        counts[key] = int(count)
        with Image.open(png) as image:
            assert image.size == (602, 602)  # (45 + 2 x 3) mm at 300 dpi
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.05)
    assert counts["red-curve"] == 9 and counts["blue-straight"] == 7 and counts["back"] == 72
    assert sorted(p.stem for p in (kit / "svg").glob("*.svg")) == sorted(counts)


def test_letter_builds_the_same(tmp_path: Path) -> None:
    _build(tmp_path, "--paper", "letter", "--format", "pdf")
    for name in LAYOUTS.values():
        reader = pypdf.PdfReader(tmp_path / "schlangennest" / name.format(p="letter"))
        assert _fronts(reader) == 72
        media = _box(reader.pages[0], "mediabox")
        assert sorted(media[2:]) == pytest.approx([215.9, 279.4], abs=0.01)  # portrait or landscape


@pytest.mark.parametrize("flip", [pytest.param("long", marks=pytest.mark.slow), "short"])
def test_real_card_backs_land_behind_their_fronts(tmp_path: Path, flip: str) -> None:
    """Rasterise a duplex pair of the real kit at 300 dpi: with no bleed the fronts are light
    card stock and the backs a dark ground; the back page mirrored for the flip edge covers
    exactly the fronts' grid (to 0.2 mm on every side). The grid is regular, so its outer edges
    landing right puts every card right; the print tests check single faces the same way."""
    _build(tmp_path, "--layout", "duplex", "--flip", flip, "--format", "pdf", "--bleed", "0",
           "--marks", "none")
    pdf = pypdfium2.PdfDocument(tmp_path / "schlangennest" / f"cards-a4-duplex-{flip}.pdf")
    dpi = 300
    px_per_mm = dpi / 25.4
    front = pdf[0].render(scale=dpi / 72).to_pil().convert("L")
    back = pdf[1].render(scale=dpi / 72).to_pil().convert("L")
    # The sheet turns over its long or short edge; on a landscape page the long edge is the top.
    about_vertical = (flip == "long") == (front.height > front.width)
    back = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT if about_vertical else Image.Transpose.FLIP_TOP_BOTTOM)
    boxes = []
    for image in (front, back):
        # Erode the mask so the footer's thin letters vanish and only the card areas remain
        # (both pages lose the same 4 pixels on every side).
        mask = image.point(lambda v: 255 if v < 250 else 0).filter(ImageFilter.MinFilter(9))
        box = mask.getbbox()
        assert box is not None
        boxes.append(box)
    assert boxes[0][2] - boxes[0][0] > 100 * px_per_mm  # the grid, not a stray mark
    for a, b in zip(*boxes):
        assert abs(a - b) / px_per_mm <= 0.2


SWEEP = [pytest.param(paper, range(25, 95, 5), id=f"{paper}-every-5mm", marks=pytest.mark.slow) for paper in ("a4", "letter")]
"""The whole sweep, 25 to 90 mm in 5 mm steps (slow); the default run builds the ends and a size between."""


@pytest.mark.parametrize("paper,sizes", [*SWEEP, *(pytest.param(paper, (25, 60, 90), id=f"{paper}-25-60-90")
                                                  for paper in ("a4", "letter"))])
def test_every_card_size_from_25_to_90_mm_builds(tmp_path: Path, paper: str, sizes: range | tuple[int, ...]) -> None:
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    for size in sizes:
        path = tmp_path / f"set{size}.toml"
        path.write_text(text.replace('card_size = "45mm"', f'card_size = "{size}mm"'), encoding="utf-8")
        out = tmp_path / str(size)
        _build(out, "--set", str(path), "--paper", paper, "--format", "pdf", "--layout", "duplex", "--only", "cards")
        reader = pypdf.PdfReader(out / "schlangennest" / f"cards-{paper}-duplex-long.pdf")
        assert _fronts(reader) == 72
        for page in reader.pages:
            W = _box(page, "mediabox")[2]
            trim = _box(page, "trimbox")
            assert trim[2] - trim[0] >= size - 0.01 and trim[3] - trim[1] >= size - 0.01
            assert trim[0] >= 5 and trim[2] <= W - 5
