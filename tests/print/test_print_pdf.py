"""The written PDFs read back with pypdf: pages, boxes, placed faces, fonts, CMYK, atomicity."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from cardgen.errors import LayoutError
from cardgen.print import (
    PAPERS,
    Face,
    FaceCache,
    Item,
    Layout,
    LayoutOptions,
    calibration_pdf,
    impose,
    write_pdf,
)
from cardgen.print.calibration import calibration_sides, targets
from cardgen.units import mm_to_pt

COLOURS = ["#d01010", "#10a010", "#1030d0", "#f0a000", "#a000a0"]


def face(key: str, colour: str, w: float = 45, h: float = 45, b: float = 3) -> Face:
    W, H = w + 2 * b, h + 2 * b
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}">'
        f'<rect width="{W}" height="{H}" fill="{colour}"/>'
        f'<circle cx="{W / 2}" cy="{H / 2}" r="{w / 4}" fill="white" stroke="#333" stroke-width="0.5"/>'
        "</svg>"
    )
    return Face(key, svg, w, h, b)


def items(count: int = 7, n: int = 3, w: float = 45, h: float = 45) -> list[Item]:
    return [
        Item(face(f"f{i}", COLOURS[i], w, h), face(f"b{i}", COLOURS[-1 - i], w, h), count)
        for i in range(n)
    ]


def do_counts(page: pypdf.PageObject) -> dict[str, int]:
    data = page.get_contents().get_data()
    counts: dict[str, int] = {}
    for name in re.findall(rb"/FormXob\.face\.([\w.-]+) Do", data):
        counts[name.decode()] = counts.get(name.decode(), 0) + 1
    return counts


def box_pt(b, H):
    return [mm_to_pt(b.x), mm_to_pt(H - b.bottom), mm_to_pt(b.right), mm_to_pt(H - b.y)]


@pytest.mark.parametrize("layout", list(Layout))
@pytest.mark.parametrize("name", ["a4", "letter"])
def test_pdf_reads_back(tmp_path: Path, layout: Layout, name: str) -> None:
    imp = impose(items(), LayoutOptions(paper=PAPERS[name], layout=layout))
    out = write_pdf(tmp_path / "x.pdf", imp, title="Test")
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == len(imp.pages)
    for page, data in zip(reader.pages, imp.pages):
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, mm_to_pt(data.width), mm_to_pt(data.height)], abs=1e-3
        )
        assert [float(v) for v in page.trimbox] == pytest.approx(box_pt(data.trim_box, data.height), abs=1e-3)
        assert [float(v) for v in page.bleedbox] == pytest.approx(box_pt(data.bleed_box, data.height), abs=1e-3)
        expected: dict[str, int] = {}
        for p in data.placements:
            expected[p.face_key] = expected.get(p.face_key, 0) + 1
        assert do_counts(page) == expected
    fonts = reader.pages[0]["/Resources"]["/Font"].get_object()
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), font
        assert "DejaVuSans" in font["/BaseFont"]


def test_trim_and_bleed_boxes_in_mm(tmp_path: Path) -> None:
    imp = impose(items(count=5, n=3), LayoutOptions())
    page = pypdf.PdfReader(write_pdf(tmp_path / "x.pdf", imp)).pages[0]
    # 15 faces of 45 mm, 6 mm gutter, on A4: trim 31.5..178.5 x 24..273 mm (top-left origin).
    x0, y0, x1, y1 = (float(v) / mm_to_pt(1) for v in page.trimbox)
    assert (x0, 297 - y1, x1, 297 - y0) == pytest.approx((31.5, 24, 178.5, 273), abs=1e-3)
    x0, y0, x1, y1 = (float(v) / mm_to_pt(1) for v in page.bleedbox)
    assert (x0, 297 - y1, x1, 297 - y0) == pytest.approx((28.5, 21, 181.5, 276), abs=1e-3)


def test_cmyk_uses_only_cmyk_operators(tmp_path: Path) -> None:
    imp = impose(items(), LayoutOptions(layout=Layout.DUPLEX))
    reader = pypdf.PdfReader(write_pdf(tmp_path / "c.pdf", imp, colour="cmyk"))
    rgb = re.compile(rb"(^|\s)(rg|RG)(\s|$)")
    cmyk = re.compile(rb"(^|\s)(k|K)(\s|$)")
    for page in reader.pages:
        content = page.get_contents().get_data()
        assert not rgb.search(content)
        for ref in page["/Resources"]["/XObject"].values():
            data = ref.get_object().get_data()
            assert cmyk.search(data) and not rgb.search(data)
    rgb_reader = pypdf.PdfReader(write_pdf(tmp_path / "r.pdf", imp, colour="rgb"))
    xobj = next(iter(rgb_reader.pages[0]["/Resources"]["/XObject"].values())).get_object()
    assert rgb.search(xobj.get_data())
    with pytest.raises(LayoutError, match="unknown colour mode"):
        write_pdf(tmp_path / "z.pdf", imp, colour="hsv")  # type: ignore[arg-type]


def test_deterministic_and_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # reproducible: one date (and so one ID)
    cache = FaceCache()
    its = items()
    a = write_pdf(tmp_path / "a.pdf", impose(its, LayoutOptions(layout=Layout.DUPLEX)), title="T", cache=cache)
    b = write_pdf(tmp_path / "b.pdf", impose(its, LayoutOptions(layout=Layout.DUPLEX)), title="T", cache=cache)
    write_pdf(tmp_path / "g.pdf", impose(its, LayoutOptions(layout=Layout.GUTTERFOLD)), cache=cache)
    assert cache.parses == 6
    assert a.read_bytes() == b.read_bytes()
    assert write_pdf(tmp_path / "c.pdf", impose(its, LayoutOptions(layout=Layout.DUPLEX)), title="T").read_bytes() == a.read_bytes()


def test_failed_write_leaves_nothing(tmp_path: Path) -> None:
    imp = impose(items(count=20), LayoutOptions())
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == total - 1:
            raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        write_pdf(tmp_path / "out" / "x.pdf", imp, progress=progress)
    assert list((tmp_path / "out").iterdir()) == []
    assert seen[0] == (1, 3 + len(imp.pages))
    done: list[tuple[int, int]] = []
    write_pdf(tmp_path / "out" / "x.pdf", imp, progress=lambda d, t: done.append((d, t)))
    assert done[-1] == (done[-1][1], done[-1][1]) and len(done) == done[-1][1]
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["x.pdf"]


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_sheet(tmp_path: Path, flip: str) -> None:
    out = calibration_pdf(tmp_path / "cal.pdf", "a4", flip)
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert "back-offset" in reader.pages[1].extract_text()
    front, back = calibration_sides("a4", flip)
    W, H = 210, 297
    for x, y in targets(W, H):
        bx, by = (W - x, y) if flip == "long" else (x, H - y)
        # The back's zero ticks lie on the lines of the front's cross (mirrored for the flip).
        zeros = [m for m in back.lines if not m.horizontal and m.x0 == bx and m.length <= 3]
        assert zeros, "no zero tick of the X ruler on the cross's vertical line"
        zeros = [m for m in back.lines if m.horizontal and m.y0 == by and m.length <= 3]
        assert zeros, "no zero tick of the Y ruler on the cross's horizontal line"
        assert any(m.horizontal and m.y0 == y and m.x0 < x < m.x1 for m in front.lines)


def test_semi_transparent_art_stays_transparent_inside_face_forms(tmp_path: Path) -> None:
    # reportlab's form XObjects drop the graphics states that carry transparency; a shadow
    # drawn at 20 % black must print light grey, not solid black.
    import pypdfium2

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="51mm" height="51mm" viewBox="-3 -3 51 51">'
           '<rect x="-3" y="-3" width="51" height="51" fill="#ffffff"/>'
           '<rect x="10" y="10" width="25" height="25" fill="#000000" fill-opacity="0.2"/></svg>')
    imp = impose([Item(Face("shade", svg, 45, 45, 3), None, 1)], LayoutOptions())
    out = write_pdf(tmp_path / "shade.pdf", imp)
    page = imp.pages[0]
    trim = page.placements[0].trim
    scale = 150 / 25.4  # pixels per mm at 150 dpi
    image = pypdfium2.PdfDocument(out)[0].render(scale=150 / 72).to_pil().convert("L")
    centre = (round((trim.x + 22.5) * scale), round((trim.y + 22.5) * scale))
    assert 190 <= image.getpixel(centre) <= 218  # 80 % of white
