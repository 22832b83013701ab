"""PNG and SVG writers: pixel size, DPI metadata, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.print import Face, write_png, write_svg
from cardgen.print.files import atomic_path
from cardgen.print.png import pixel_size

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="51mm" height="51mm" viewBox="0 0 51 51">'
    '<rect width="51" height="51" fill="#2060c0"/><circle cx="25.5" cy="25.5" r="10" fill="white"/></svg>'
)


def test_png_size_and_dpi(tmp_path: Path) -> None:
    face = Face("tile", SVG, 45, 45, 3)
    assert pixel_size(face, 300) == (602, 602)
    out = write_png(face, tmp_path / "png" / "tile.png")
    with Image.open(out) as img:
        assert img.size == (602, 602)
        assert img.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert img.convert("RGB").getpixel((5, 5)) == (0x20, 0x60, 0xC0)
        assert img.convert("RGB").getpixel((301, 301)) == (255, 255, 255)
    with Image.open(write_png(face, tmp_path / "t150.png", dpi=150)) as img:
        assert img.size == (301, 301) and img.info["dpi"] == pytest.approx((150, 150), abs=0.02)  # pHYs holds whole px/m


def test_svg_written_atomically(tmp_path: Path) -> None:
    face = Face("tile", SVG, 45, 45, 3)
    out = write_svg(face, tmp_path / "svg" / "tile.svg")
    assert out.read_text("utf-8") == SVG
    with pytest.raises(RuntimeError):
        with atomic_path(tmp_path / "svg" / "tile.svg") as tmp:
            tmp.write_text("half")
            raise RuntimeError("boom")
    assert out.read_text("utf-8") == SVG
    assert [p.name for p in (tmp_path / "svg").iterdir()] == ["tile.svg"]
