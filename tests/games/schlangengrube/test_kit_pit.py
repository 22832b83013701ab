"""The Schlangengrube kit as a user gets it: tiles with mirror-image backs, markers, four layouts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from cardgen.cli import main
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.games.schlangengrube.render import items
from cardgen.print import Layout, LayoutOptions, impose

DPI = 150


def _build(out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["build", "schlangengrube", "--out", str(out), "--quiet", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return out / "schlangengrube"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("pit"), "--format", "pdf,png")


def test_files_and_counts(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    assert set(pdfs) == {"tiles-a4.pdf", "tiles-a4-glue.pdf", "tiles-a4-duplex-long.pdf",
                         "tiles-a4-gutterfold.pdf", "calibration-a4-long.pdf"}
    assert pdfs["tiles-a4.pdf"]["marks"] == "crosses"
    for entry in (e for e in pdfs.values() if e["component"] == "tiles"):
        assert entry["fronts"] == 54 + 4 + 2  # tiles, snake-head markers, "2x" markers
    faces = manifest["faces"]
    assert sum(n for key, n in faces.items() if key.startswith("tile-") and not key.endswith("-back")) == 54
    assert faces["marker-2x"] == 2
    assert sorted(k for k in faces if k.startswith("marker-head-")) == [
        f"marker-head-{c}" for c in sorted(("red", "green", "yellow", "purple"))]
    pngs = list((kit / "png").glob("*.png"))
    assert len(pngs) == len(faces)
    with Image.open(kit / "png" / "marker-2x_x2.png") as image:
        assert image.size == (520, 520)  # (38 + 2 x 3) mm at 300 dpi


def test_markers_share_the_last_tile_sheet(kit: Path) -> None:
    reader = pypdf.PdfReader(kit / "tiles-a4.pdf")
    assert len(reader.pages) == 3  # 60 faces at 24 a sheet: no sheet of markers alone
    last = reader.pages[-1].get_contents().get_data()
    assert b"face.marker-2x" in last and b"face.tile-" in last


def _render(path: Path, index: int) -> Image.Image:
    return pypdfium2.PdfDocument(path)[index].render(scale=DPI / 72).to_pil().convert("RGB")


@pytest.mark.parametrize("layout", ["glue", "duplex"])
def test_every_tile_back_is_its_front_mirrored_behind_it(kit: Path, layout: str) -> None:
    """Rasterised: the back sheet turned over (long edge) shows each tile's own art at exactly
    the place of its front, because a tile's back is the mirror image of its front."""
    path = kit / ("tiles-a4-duplex-long.pdf" if layout == "duplex" else f"tiles-a4-{layout}.pdf")
    imp = impose(items(load_pit_set(), 3.0), LayoutOptions(layout=Layout(layout)))
    assert not imp.landscape  # the long edge is the vertical one: turning over mirrors left-right
    px = DPI / 25.4
    for sheet in range(len(imp.pages) // 2):
        front_page = imp.pages[2 * sheet]
        front = _render(path, 2 * sheet)
        back = _render(path, 2 * sheet + 1).transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        regions = []
        for p in front_page.placements:
            if p.face_key.startswith("tile-"):
                inset = 1.0
                box = (round((p.trim.x + inset) * px), round((p.trim.y + inset) * px),
                       round((p.trim.right - inset) * px), round((p.trim.bottom - inset) * px))
                regions.append(box)
        assert regions
        for i, box in enumerate(regions):
            same = ImageStat.Stat(ImageChops.difference(front.crop(box), back.crop(box))).mean
            assert max(same) < 6, (sheet, i, same)
        # The comparison can fail: a tile against another tile's back differs clearly.
        a, b = regions[0], regions[-1]
        other = ImageStat.Stat(ImageChops.difference(front.crop(a), back.crop(b))).mean
        assert max(other) > 15


def test_gutterfold_tiles_have_every_back_mirrored_about_the_fold(kit: Path) -> None:
    """Folded across the sheet, each back is the mirror image of the page's other half: the sheet
    rendered and flipped top to bottom shows every tile where it was (its back behind it, in
    register: the tiles' backs are drawn upside down there)."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["files"] if e["file"] == "tiles-a4-gutterfold.pdf")
    assert entry["layout"] == "gutterfold" and entry["fronts"] == 60
    assert "6 mm apart (their bleeds): every gap takes two cuts" in entry["cutting_order"]
    path = kit / "tiles-a4-gutterfold.pdf"
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == entry["pages"]
    page = _render(path, 0)
    x0, y0, x1, y1 = (float(v) / 72 * DPI for v in reader.pages[0].trimbox)
    art = page.crop((round(x0), round(page.height - y1), round(x1), round(page.height - y0)))
    assert max(ImageStat.Stat(ImageChops.difference(art, art.transpose(Image.Transpose.FLIP_TOP_BOTTOM))).mean) < 4
    # the comparison can fail: the same art turned left to right is clearly different
    assert max(ImageStat.Stat(ImageChops.difference(art, art.transpose(Image.Transpose.FLIP_LEFT_RIGHT))).mean) > 10


def test_letter_builds_all_three_layouts(tmp_path: Path) -> None:
    folder = _build(tmp_path, "--paper", "letter", "--format", "pdf")
    for name in ("tiles-letter.pdf", "tiles-letter-glue.pdf", "tiles-letter-duplex-long.pdf"):
        reader = pypdf.PdfReader(folder / name)
        fronts = sum(len([k for k in re.findall(rb"/FormXob\.face\.([\w.:@+-]+) Do", p.get_contents().get_data())
                          if not k.endswith(b"-back")]) for p in reader.pages)
        assert fronts == 60
        media = [float(v) for v in reader.pages[0].mediabox]
        assert sorted(media[2:]) == pytest.approx([612, 792], abs=0.01)
