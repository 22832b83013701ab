"""`cardgen build --cutter cricut`: every Print Then Cut image and its outline read back.

Design Space cuts what it traces around each opaque part of an uploaded image, so the image is
read as Design Space reads it: its transparent gaps split it into pieces, and every piece must be
an opaque rectangle within 0.25 mm of the trim of a piece the kit prints (its size read from the
kit's own single-sided or duplex sheet PDF, where the piece is printed with its bleed), at the
pixel size and dpi the manifest states, no larger than the largest image Design Space prints then
cuts (6.75 x 9.25 in). The outline SVG beside each image holds the same cuts in the same frame.
The manifest and HOW-TO-PRINT.txt name the program and the size to give each image.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.errors import LayoutError
from cardgen.print import Face, Item, paper
from cardgen.print.cutfile import outline_box, read_svg
from cardgen.print.cutter_images import impose_images
from cardgen.print.geometry import Box
from cardgen.units import MM_PER_INCH, MM_PER_POINT

TOLERANCE = 0.25  # mm: how far a cut may lie from its piece's trim box
LARGEST = (6.75 * MM_PER_INCH, 9.25 * MM_PER_INCH)  # mm: the largest Print Then Cut image


def _build(tmp_path: Path, game: str, part: str, paper: str, *more: str) -> Path:
    result = CliRunner().invoke(main, ["build", game, "--only", part, "--cutter", "cricut", "--paper", paper,
                                       "--format", "pdf", "--out", str(tmp_path), "--quiet", *more])
    assert result.exit_code == 0, result.output
    return tmp_path / game


def _runs(line: np.ndarray) -> list[tuple[int, int]]:
    """The runs of True in `line`: (first, one past the last)."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], line.astype(np.int8), [0]))))
    return list(zip(edges[0::2].tolist(), edges[1::2].tolist()))


def _pieces(path: Path) -> tuple[list[Box], tuple[int, int], tuple[float, float]]:
    """The opaque parts of the image at `path` in pixels (as boxes), its size and its dpi; every
    part must be an opaque rectangle of art, not of one colour."""
    with Image.open(path) as image:
        size, dpi = image.size, image.info["dpi"]
        rgba = np.asarray(image.convert("RGBA"))
    alpha = rgba[:, :, 3]
    assert set(np.unique(alpha).tolist()) <= {0, 255}  # nothing half transparent for the trace to guess at
    opaque = alpha == 255
    boxes = []
    for y0, y1 in _runs(opaque.any(axis=1)):
        for x0, x1 in _runs(opaque[y0:y1].any(axis=0)):
            assert opaque[y0:y1, x0:x1].all(), (x0, y0)  # a rectangle, no holes to trace
            assert rgba[y0:y1, x0:x1, :3].std() > 0  # art, not an empty box
            boxes.append(Box(x0, y0, x1 - x0, y1 - y0))
    return boxes, size, dpi


def _trim(folder: Path, manifest: dict, component: str) -> tuple[float, float]:
    """The trim size of `component`'s pieces as its sheet PDF prints them: the faces' forms'
    /BBox (the art with its bleed) less the sheet's bleed on both sides."""
    sheet = next(e for e in manifest["files"] if e.get("component") == component and e.get("type") == "pdf"
                 and e.get("layout") in ("single", "duplex"))
    forms = PdfReader(folder / sheet["file"]).pages[0]["/Resources"]["/XObject"].values()
    (x0, y0, x1, y1), = {tuple(float(v) for v in form.get_object()["/BBox"]) for form in forms}
    bleed = 2 * sheet["bleed_mm"]
    return (x1 - x0) * MM_PER_POINT - bleed, (y1 - y0) * MM_PER_POINT - bleed


def _near(a: Box, b: Box) -> float:
    return max(abs(a.x - b.x), abs(a.y - b.y), abs(a.right - b.right), abs(a.bottom - b.bottom))


def _check(folder: Path, trim: tuple[float, float] | None = None) -> dict[str, int]:
    """Every image of `folder` read back (see the module docstring); the pieces its front images
    cut, by component. `trim`: the pieces' size when no sheet PDF prints them."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    howto = (folder / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    images = [e for e in manifest["files"] if e.get("type") == "cutter-image"]
    assert images and all(e["program"] == "Cricut Design Space" for e in images)
    cut: dict[str, int] = {}
    for entry in images:
        size = trim or _trim(folder, manifest, entry["component"])
        pieces, pixels, dpi = _pieces(folder / entry["file"])
        assert list(pixels) == entry["pixels"] and dpi == pytest.approx((entry["dpi"],) * 2, abs=0.01)
        mm = [p * MM_PER_INCH / entry["dpi"] for p in pixels]
        assert entry["size_mm"] == pytest.approx(mm, abs=0.005)
        assert entry["size_in"] == pytest.approx([m / MM_PER_INCH for m in mm], abs=0.0005)
        assert mm[0] <= LARGEST[0] + 1e-6 and mm[1] <= LARGEST[1] + 1e-6
        scale = MM_PER_INCH / entry["dpi"]
        traced = [Box(b.x * scale, b.y * scale, b.width * scale, b.height * scale) for b in pieces]
        assert len(traced) == entry["pieces"]
        for box in traced:  # what Design Space cuts, at the size the manifest says to give the image
            assert abs(box.width - size[0]) <= TOLERANCE and abs(box.height - size[1]) <= TOLERANCE, (box, size)
        outline = next(e for e in manifest["files"] if e["file"] == entry["cut_file"])
        assert outline["image"] == entry["file"] and outline["pieces"] == entry["pieces"]
        svg = read_svg(folder / entry["cut_file"])
        assert _near(outline_box(svg["PAGE"][0]), Box(0, 0, *mm)) < 0.01  # the outlines' frame is the image's
        assert len(svg["CUT"]) == len(traced)
        for path in svg["CUT"]:
            box = min(traced, key=lambda t: _near(outline_box(path), t))
            assert len(path) == 4 and all(math.dist(p, q) <= TOLERANCE for p, q in
                                          zip(path, [(box.x, box.y), (box.right, box.y), (box.right, box.bottom),
                                                     (box.x, box.bottom)])), (path, box)
        if entry["side"] == "front":
            cut[entry["component"]] = cut.get(entry["component"], 0) + len(traced)
    for first in (e for e in images if e.get("print")):
        assert first["file"] in howto and "Cricut Design Space" in howto and "Print Then Cut" in howto
        for entry in (e for e in images if e["component"] == first["component"]):
            assert entry["file"] in first["images"]
            assert f"{entry['size_in'][0]:.3f} x {entry['size_in'][1]:.3f} in" in first["print"]
    return cut


def test_irrlaeufer_castles_cut_as_printed(tmp_path: Path) -> None:
    folder = _build(tmp_path, "irrlaeufer", "castles", "a4", "--layout", "duplex")
    assert _check(folder) == {"castles": 4}
    names = {e["file"] for e in json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]}
    assert {"castles-a4-cricut-1.png", "castles-a4-cricut-1-back.png", "castles-a4-cricut-1.svg"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "part", "pieces"), [("schlangennest", "cards", {"cards": 72}),
                                                      ("schlangengrube", "tiles", None)])
def test_every_grid_component_cut_as_printed(tmp_path: Path, game: str, part: str, paper: str,
                                             pieces: dict[str, int] | None) -> None:
    cut = _check(_build(tmp_path, game, part, paper))
    assert cut == pieces if pieces else cut and all(n > 0 for n in cut.values())


def test_irrlaeufer_standees_cut_and_scored_on_their_folds(tmp_path: Path) -> None:
    """The fold-over standees: cut out like the other pieces, and every fold line (tab, panel,
    panel, tab) in the outline's SCORE lines, within the tolerance of where the piece folds."""
    from cardgen.games.irrlaeufer.parts_art import StandeeSize

    folder = _build(tmp_path, "irrlaeufer", "parts", "a4")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    size = StandeeSize.for_field(next(e for e in manifest["files"] if e["file"] == "parts-a4.pdf")["field_mm"])
    assert _check(folder, (size.width, size.height)) == {"standees": 12}
    folds = (size.tab, size.tab + size.panel, size.tab + 2 * size.panel)
    image = next(e for e in manifest["files"] if e.get("type") == "cutter-image")
    svg = read_svg(folder / image["cut_file"])
    trims = [outline_box(path) for path in svg["CUT"]]
    assert len(svg["SCORE"]) == 3 * len(trims) == 36
    wanted = [((t.x, t.y + f), (t.right, t.y + f)) for t in trims for f in folds]
    for a, b in svg["SCORE"]:
        assert min(max(math.dist(a, p), math.dist(b, q)) for p, q in wanted) <= TOLERANCE, (a, b)
    assert "Fold each standee on its printed dashes" in image["cutting_order"]


def test_scanncut_is_refused_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "schlangennest", "--cutter", "scanncut", "--out", str(tmp_path)])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "ScanNCut" in errors[0] and "--cutter" in errors[0]
    assert not any(tmp_path.iterdir())


def _items(size: float, count: int) -> list[Item]:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}"><rect width="{size}" height="{size}"/></svg>'
    return [Item(Face(f"piece-{n}", svg, size, size, 0.0), None, 1) for n in range(count)]


def test_each_image_holds_as_many_pieces_as_the_largest_image_takes() -> None:
    """45 mm pieces at 300 dpi: every image within 6.75 x 9.25 in, and one more column or row of
    pieces (2 mm apart) would not be; the last image ends at its last piece."""
    imp = impose_images(_items(45.0, 20), paper("a4"), 300)
    first, last = imp.pages
    assert len(first.placements) == imp.columns * imp.rows and len(last.placements) == 20 - len(first.placements)
    assert first.width <= LARGEST[0] and first.height <= LARGEST[1]
    assert first.width + 2 + 45 > LARGEST[0] + TOLERANCE and first.height + 2 + 45 > LARGEST[1] + TOLERANCE
    assert last.height == pytest.approx(max(s.bottom for s in last.slots))
    assert all(abs(s.width - 45) <= 0.5 * MM_PER_INCH / 300 for s in first.slots)


def test_a_piece_larger_than_the_largest_image_is_refused() -> None:
    with pytest.raises(LayoutError, match="larger than the largest image"):
        impose_images(_items(180.0, 1), paper("a4"), 300)
