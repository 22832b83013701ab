"""The Irrläufer kit after the print review (issue 13): the one-page boards keep bleed and marks
inside the printable area, every part fits the boards of its kit, field sizes are stated
sensibly, and both sides' places are painted alike."""

from __future__ import annotations

import colorsys
import json
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.games.irrlaeufer.components import IrrBoard, Side
from cardgen.games.irrlaeufer.kit_layout import SINGLE_MARGIN, kit_field
from cardgen.games.irrlaeufer.render import board_spec
from cardgen.units import pt_to_mm

KITS = {"a4": "a3", "letter": "tabloid"}
"""Each small paper the README recommends and the one-page board that goes with its kit."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for small in KITS:
        folder = tmp_path_factory.mktemp(small)
        with pytest.MonkeyPatch.context() as mp:
            import cardgen.booklet.build as booklets

            mp.setattr(booklets, "write_booklets", lambda *args, **kwargs: [])
            result = CliRunner().invoke(main, ["build", "irrlaeufer", "--paper", small, "--out", str(folder),
                                               "--quiet", "--format", "pdf,svg"])
        assert result.exit_code == 0, result.output
        out[small] = folder / "irrlaeufer"
    return out


def _manifest(kit: Path) -> dict[str, dict[str, object]]:
    data = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    return {e["file"]: e for e in data["files"] if e["type"] == "pdf"}


@pytest.mark.parametrize("small", list(KITS))
def test_one_page_board_keeps_bleed_and_marks_inside_the_printable_area(kits: dict[str, Path], small: str) -> None:
    path = kits[small] / f"board-{KITS[small]}.pdf"
    page = pypdf.PdfReader(path).pages[0]
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    bleed = page.bleedbox
    for gap in (bleed.left, bleed.bottom, w - bleed.right, h - bleed.top):
        assert pt_to_mm(float(gap)) >= SINGLE_MARGIN - 1e-6
    # rendered: not a dot of ink (marks, bleed, footer text) in the outer 5 mm
    dpi = 100
    img = pypdfium2.PdfDocument(path)[0].render(scale=dpi / 72).to_pil().convert("L")
    n = int(SINGLE_MARGIN / 25.4 * dpi) - 1
    strips = [img.crop((0, 0, img.width, n)), img.crop((0, img.height - n, img.width, img.height)),
              img.crop((0, 0, n, img.height)), img.crop((img.width - n, 0, img.width, img.height))]
    assert all(s.getextrema()[0] >= 250 for s in strips)
    # and the corner marks are there, just inside: ink in the 4 mm beyond the left margin
    m = int((SINGLE_MARGIN + 4) / 25.4 * dpi)
    assert img.crop((n + 1, 0, m, img.height)).getextrema()[0] < 128



@pytest.mark.parametrize("small", list(KITS))
def test_every_part_fits_both_boards_of_its_kit(kits: dict[str, Path], small: str) -> None:
    kit = kits[small]
    pdfs = _manifest(kit)
    field = kit_field(IrrBoard(), small, 3.0)
    sizes = {name: e["field_mm"] for name, e in pdfs.items() if "field_mm" in e}
    assert set(sizes) == {f"board-{small}.pdf", f"board-{KITS[small]}.pdf", f"parts-{small}.pdf"}
    assert set(sizes.values()) == {field}
    # the stick strip is 3 fields minus one groove long, at that field size
    svg = (kit / "svg" / "stick.svg").read_text(encoding="utf-8")
    width = float(re.search(r'width="([\d.]+)mm"', svg).group(1))  # type: ignore[union-attr]
    assert width == pytest.approx(3 * field - field / 6, abs=0.01)
    # the castle chip covers 2x2 fields of the same size (less a groove at each side)
    castle = (kit / "svg" / "castle-red.svg").read_text(encoding="utf-8")
    viewbox = [float(v) for v in re.search(r'viewBox="([^"]+)"', castle).group(1).split()]  # type: ignore[union-attr]
    assert 1.5 * field < viewbox[2] - 6 <= 2 * field


@pytest.mark.parametrize("small", list(KITS))
def test_footers_and_headings_state_the_field_size_rounded(kits: dict[str, Path], small: str) -> None:
    kit = kits[small]
    field = kit_field(IrrBoard(), small, 3.0)
    for name in (f"board-{small}.pdf", f"board-{KITS[small]}.pdf", f"parts-{small}.pdf"):
        text = " ".join(p.extract_text() for p in pypdf.PdfReader(kit / name).pages)
        assert f"{field:g} mm" in text, name
        assert not re.search(r"\d\.\d{2,} ?mm", text), name  # never "48.1667 mm"


def test_both_sides_places_are_painted_alike(kits: dict[str, Path]) -> None:
    """Rendered: a blue start field is as saturated as a red one (no grey beside pink), and each
    is clearly its side's hue; likewise the castle fields."""
    path = kits["a4"] / "board-a3.pdf"
    page = pypdf.PdfReader(path).pages[0]
    trim = page.trimbox
    dpi = 100
    img = pypdfium2.PdfDocument(path)[0].render(scale=dpi / 72).to_pil().convert("RGB")
    board = IrrBoard(field_size=kit_field(IrrBoard(), "a4", 3.0))
    spec = board_spec(board)
    x0, top = pt_to_mm(float(trim.left)), pt_to_mm(float(page.mediabox.height) - float(trim.top))

    def colour_at(cx: float, cy: float) -> tuple[float, float, float]:
        r, g, b = img.getpixel((round((x0 + cx) / 25.4 * dpi), round((top + cy) / 25.4 * dpi)))
        return colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)

    red = colour_at(*spec.centre(*board.piece_fields(Side.RED)[0]))
    blue = colour_at(*spec.centre(*board.piece_fields(Side.BLUE)[0]))
    assert red[1] > 0.1 and blue[1] > 0.1 and abs(red[1] - blue[1]) < 0.08
    assert (red[0] < 0.05 or red[0] > 0.9) and 0.55 < blue[0] < 0.7  # red hue and blue hue
    # castle places: the field inside the top-left 2x2 (away from its tinted grooves)
    castle = {}
    for side in (Side.RED, Side.BLUE):
        c, r = board.castle_places(side)[0]
        cx, cy = spec.centre(c, r)
        castle[side] = colour_at(cx - spec.field * 0.2, cy - spec.field * 0.2)
    assert castle[Side.RED][1] > 0.05 and castle[Side.BLUE][1] > 0.05
    assert abs(castle[Side.RED][1] - castle[Side.BLUE][1]) < 0.06
    assert 0.55 < castle[Side.BLUE][0] < 0.7 and (castle[Side.RED][0] < 0.05 or castle[Side.RED][0] > 0.9)
