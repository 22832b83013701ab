"""The Irrläufer kit as a user gets it: `cardgen build irrlaeufer`, read back and rasterised."""

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
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.kit import cut_places
from cardgen.games.irrlaeufer.kit_layout import kit_field
from cardgen.games.irrlaeufer.render import board_face
from cardgen.print import paper
from cardgen.print.geometry import Box
from cardgen.print.poster import PosterOptions, plan_poster
from cardgen.units import pt_to_mm

DPI = 600
KIT_FIELD = kit_field(IrrBoard(), "a4", 3.0)
"""The field size of the default A4 kit: its one-page A3 board's."""


def _build(out: Path, *args: str) -> Path:
    """Build the kit; the rule booklets (tested on their own) are left out to keep this quick."""
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--out", str(out), "--quiet",
                                       "--only", "board,parts,castles", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return out / "irrlaeufer"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("irr"))


def _set(tmp: Path, **keys: object) -> Path:
    path = tmp / "board.toml"
    lines = ['game = "irrlaeufer"', 'name = "Irrläufer"'] + [
        f"{k} = {json.dumps(v)}" for k, v in keys.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _uses(reader: pypdf.PdfReader) -> dict[str, int]:
    counts: dict[str, int] = {}
    for page in reader.pages:
        for key in re.findall(rb"/FormXob\.face\.([\w.-]+) Do", page.get_contents().get_data()):
            counts[key.decode()] = counts.get(key.decode(), 0) + 1
    return counts


def test_files_and_manifest(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    # the castles lie on the parts sheet (tests/kit/test_castles_on_parts.py): no sheets of their own
    assert set(pdfs) == {"board-a4.pdf", "board-a3.pdf", "parts-a4.pdf"}
    assert pdfs["parts-a4.pdf"]["castles"] == 4
    assert pdfs["board-a4.pdf"]["layout"] == "poster" and pdfs["board-a4.pdf"]["grid"] == [2, 2]
    # 18 mm fields with 3 mm bleed and marks do not fit inside A3's printable area: the kit is 17.7 mm
    assert pdfs["board-a3.pdf"]["scaled_from_mm"] == 18.0 and pdfs["board-a3.pdf"]["field_mm"] == KIT_FIELD
    for entry in pdfs.values():
        assert entry["sides"] in ("single-sided", "double-sided") and "100 %" in entry["print"]
        assert entry["cutting_order"]
        assert len(pypdf.PdfReader(kit / entry["file"]).pages) == entry["pages"]
    assert manifest["faces"] == {"castle-red": 4, "castle-blue": 4, "board-21rows": 1, "piece-red": 6,
                                 "piece-blue": 6, "stick-gauge": 1, "stick": 80}
    for key in manifest["faces"]:
        assert (kit / "svg" / f"{key}.svg").is_file()
        assert (kit / "png" / f"{key}_x{manifest['faces'][key]}.png").is_file()
    with Image.open(kit / "png" / "board-21rows_x1.png") as image:
        face = board_face(IrrBoard(field_size=KIT_FIELD), 3.0)
        assert image.size == (round((face.width + 6) / 25.4 * 300), round((face.height + 6) / 25.4 * 300))


def test_every_page_has_trim_and_bleed_boxes(kit: Path) -> None:
    for pdf in kit.glob("*.pdf"):
        for page in pypdf.PdfReader(pdf).pages:
            trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
            assert media.left <= bleed.left <= trim.left and trim.right <= bleed.right <= media.right, pdf
            assert media.bottom <= bleed.bottom <= trim.bottom and trim.top <= bleed.top <= media.top, pdf


def test_parts_hold_twelve_pieces_four_castles_and_the_sticks(kit: Path) -> None:
    assert _uses(pypdf.PdfReader(kit / "parts-a4.pdf")) == {"piece-red": 6, "piece-blue": 6, "castle-fold": 4,
                                                            "stick-gauge": 1, "stick": 80}


def _render(path: Path, index: int, box: Box, dpi: float = DPI) -> Image.Image:
    """The part `box` (page mm) of a page, rendered at `dpi`, greyscale."""
    page = pypdfium2.PdfDocument(path)[index]
    w, h = (pt_to_mm(v) for v in page.get_size())
    crop = tuple(v / 25.4 * 72 for v in (box.x, h - box.bottom, w - box.right, box.y))
    return page.render(scale=dpi / 72, crop=crop).to_pil().convert("L")


def _best_offset(a: Image.Image, b: Image.Image, pad: int) -> tuple[int, int, float]:
    """The shift (dx, dy) of `a` inside `b` (b is `a` grown by `pad` pixels) with the least
    mean difference, and that difference."""
    best = (0, 0, 1e9)
    for dy in range(-pad, pad + 1):
        for dx in range(-pad, pad + 1):
            part = b.crop((pad + dx, pad + dy, pad + dx + a.width, pad + dy + a.height))
            diff = ImageStat.Stat(ImageChops.difference(a, part)).mean[0]
            if diff < best[2]:
                best = (dx, dy, diff)
    return best


def test_overlap_strips_of_neighbouring_pages_carry_the_same_drawing(kit: Path) -> None:
    """Rasterised at 600 dpi: the shared part of each overlap strip (before the cut line; the
    rest is glue strip on one page) shows the same art on both pages, offset by at most 0.2 mm."""
    board = IrrBoard(field_size=KIT_FIELD)
    face = board_face(board, 3.0)
    poster = plan_poster(face.width, face.height, 3.0, PosterOptions(paper("a4")), *cut_places(board))
    o = poster.options
    at = {(t.row, t.column): t for t in poster.tiles}
    index = {t.label: i for i, t in enumerate(poster.tiles)}
    px = DPI / 25.4
    pad_mm = 0.5
    checked = 0
    for t in poster.tiles:
        for nb, vertical in (((t.row, t.column + 1), True), ((t.row + 1, t.column), False)):
            top = at.get(nb)
            if top is None:
                continue
            if vertical:
                x0, x1 = top.view.x + 0.6, top.view.x + o.cut - 0.6
                y0 = max(t.view.y, 0) + (o.cut + 0.6 if t.row else 0)
                y1 = (at[(t.row + 1, t.column)].view.y + o.cut - 0.6) if (t.row + 1, t.column) in at else \
                    min(t.view.bottom, face.height)
            else:
                y0, y1 = top.view.y + 0.6, top.view.y + o.cut - 0.6
                x0 = max(t.view.x, 0) + (o.cut + 0.6 if t.column else 0)
                x1 = (at[(t.row, t.column + 1)].view.x + o.cut - 0.6) if (t.row, t.column + 1) in at else \
                    min(t.view.right, face.width)
            region = Box(x0, y0, x1 - x0, y1 - y0)  # board mm
            path = kit / "board-a4.pdf"
            a = _render(path, index[t.label], region.shifted(*t.origin))
            b = _render(path, index[top.label], region.shifted(*top.origin).grown(pad_mm))
            pad = round(pad_mm * px)
            b = b.crop((0, 0, a.width + 2 * pad, a.height + 2 * pad))
            dx, dy, diff = _best_offset(a, b, pad)
            assert max(abs(dx), abs(dy)) / px <= 0.2, (t.label, top.label, dx, dy)
            assert diff < 4.0, (t.label, top.label, diff)
            # and it is art to line up by: the strip holds a groove across the seam
            across = a.resize((a.width, 1) if vertical else (1, a.height), Image.Resampling.BOX)
            assert ImageStat.Stat(across).extrema[0][1] - ImageStat.Stat(across).extrema[0][0] > 40
            checked += 1
    assert checked == 4


def test_single_page_fits_a3_and_tabloid(kit: Path, tmp_path: Path) -> None:
    letter = _build(tmp_path, "--paper", "letter", "--format", "pdf")
    for path, name in ((kit / "board-a3.pdf", "a3"), (letter / "board-tabloid.pdf", "tabloid")):
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) == 1
        page = reader.pages[0]
        w, h = pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height))
        sheet = paper(name)
        assert (round(w, 1), round(h, 1)) == (sheet.width, sheet.height)
        trim = page.trimbox
        for edge in (trim.left, trim.bottom, float(page.mediabox.width) - trim.right,
                     float(page.mediabox.height) - trim.top):
            assert pt_to_mm(float(edge)) >= 5.0 - 1e-6
    manifest = json.loads((letter / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["files"] if e["file"] == "board-tabloid.pdf")
    assert entry["scaled_from_mm"] == 18.0 and entry["field_mm"] < 18.0
    assert "scaled down" in entry["note"]
    assert {e["file"] for e in manifest["files"] if e["type"] == "pdf"} >= {"board-letter.pdf", "parts-letter.pdf"}


@pytest.mark.parametrize("rows", [17, 31])
def test_boards_of_other_lengths_keep_the_standard_field_size(tmp_path: Path, rows: int) -> None:
    """A long board does not shrink the kit: the tiled board and the parts keep the standard
    board's field size; the one-page board is there when it fits A3 at that size, else left out
    with one note."""
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--out", str(tmp_path), "--only", "board,parts,castles",
                                       "--set", str(_set(tmp_path, rows=rows, sticks=60)), "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "irrlaeufer"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    assert pdfs["board-a4.pdf"]["field_mm"] == pdfs["parts-a4.pdf"]["field_mm"] == KIT_FIELD  # 17.7, as standard
    assert _uses(pypdf.PdfReader(out / "parts-a4.pdf"))["stick"] == 60
    svg = (out / "svg" / f"board-{rows}rows.svg").read_text(encoding="utf-8")
    assert f"{face_height(rows) + 6:g}" in svg.split("viewBox=")[1][:40].replace('"', " ")
    if rows == 17:
        assert pdfs["board-a3.pdf"]["field_mm"] == KIT_FIELD and "notes" not in manifest
    else:
        assert "board-a3.pdf" not in pdfs
        (note,) = manifest["notes"]
        assert note.startswith(f"no one-page board: the 31-row board at {KIT_FIELD:g} mm fields") and "A3" in note
        assert sum(f"irrlaeufer: {note}" == line for line in result.output.splitlines()) == 1


def face_height(rows: int) -> float:
    """The board's trim height at the A4 kit's field size, as the SVG writes it."""
    board = IrrBoard(rows=rows)
    return round(board_face(IrrBoard(rows=rows, field_size=kit_field(board, "a4", 3.0)), 3.0).height, 3)


def test_a3_paper_splits_a_board_too_long_for_one_page_over_a3_pages(tmp_path: Path) -> None:
    out = _build(tmp_path, "--paper", "a3", "--set", str(_set(tmp_path, rows=31)), "--format", "pdf")
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    pdfs = {e["file"]: e for e in manifest["files"] if e["type"] == "pdf"}
    assert "board-a4.pdf" not in pdfs
    assert pdfs["board-a3.pdf"]["layout"] == "poster" and pdfs["board-a3.pdf"]["pages"] >= 2
    assert pdfs["parts-a3.pdf"]["field_mm"] == pdfs["board-a3.pdf"]["field_mm"] == KIT_FIELD
    assert len(pypdf.PdfReader(out / "board-a3.pdf").pages) == pdfs["board-a3.pdf"]["pages"]
    assert manifest["notes"][0].endswith(f"print board-a3.pdf, the board over {pdfs['board-a3.pdf']['pages']} pages")


def test_tiled_board_seams_run_in_grooves_and_its_crosses_lie_under_the_glued_strips(kit: Path) -> None:
    """Each cut line of the tiled board is the middle of a groove: rendered, the art just beside it
    on the page on top is groove, not field; every registration cross lies on a glue strip (so the
    page on top covers it) and on a groove crossing the seam."""
    board = IrrBoard(field_size=KIT_FIELD)
    face = board_face(board, 3.0)
    xs, ys = cut_places(board)
    poster = plan_poster(face.width, face.height, 3.0, PosterOptions(paper("a4")), xs, ys)
    o = poster.options
    path = kit / "board-a4.pdf"
    index = {t.label: i for i, t in enumerate(poster.tiles)}
    seams = 0
    for t in poster.tiles:
        for cut in t.cuts:
            at = (cut.x0 - t.origin[0]) if not cut.horizontal else (cut.y0 - t.origin[1])
            assert any(abs(at - g) < 1e-6 for g in (xs if not cut.horizontal else ys))  # a groove's middle
            mid_x, mid_y = (cut.x0 + cut.x1) / 2, (cut.y0 + cut.y1) / 2
            beside = (Box(cut.x0 + 0.3, mid_y - 20, 0.4, 40) if not cut.horizontal
                      else Box(mid_x - 20, cut.y0 + 0.3, 40, 0.4))
            strip = _render(path, index[t.label], beside, dpi=300)
            assert ImageStat.Stat(strip).mean[0] < 170, (t.label, ImageStat.Stat(strip).mean)  # groove brown
            field = beside.shifted(KIT_FIELD / 2, 0) if not cut.horizontal else beside.shifted(0, KIT_FIELD / 2)
            assert ImageStat.Stat(_render(path, index[t.label], field, dpi=300)).mean[0] > 170  # can fail
            seams += 1
        for x, y in t.registration:
            assert any(g.contains(Box(x + t.origin[0] - 0.1, y + t.origin[1] - 0.1, 0.2, 0.2)) for g in t.glue)
            assert any(abs(v - g) < 1e-6 for v in (x, y) for g in xs + ys)
    assert seams == 4  # 2 x 2 pages: A2 and B1 cut once, B2 twice
    assert o.cut < o.overlap
