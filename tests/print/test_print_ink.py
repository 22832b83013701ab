"""`--ink low` measured on the sheets as they print: the written PDFs rendered by pdfium, their
ink separated through cardgen's default profile."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdfium2  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.print.ink import ink_percent

DPI = 100


def _build(out: str, *args: str, game: str = "schlangennest", only: str = "cards") -> dict[str, object]:
    result = CliRunner().invoke(main, ["build", game, "--only", only, "--format", "pdf",
                                       "--layout", "duplex", "--out", out, "--quiet", *args])
    assert result.exit_code == 0, result.output
    text = Path(out, game, "manifest.json").read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def _gs_ink(path: Path, pages: str) -> list[float]:
    """The ink of `pages` ("1,3,5") of `path` as Ghostscript renders them at 300 dpi (no anti-aliasing)."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r300",
                        f"-sPageList={pages}", f"-sOutputFile={folder}/p%03d.png", str(path)], check=True, timeout=600)
        return [ink_percent(Image.open(p).convert("RGB")) for p in sorted(Path(folder).iterdir())]


def _pages(path: Path) -> list[tuple[float, float, float]]:
    """(ink of the whole page, ink inside its TrimBox, the TrimBox's area in pt²) of every page."""
    boxes = [page.trimbox for page in PdfReader(path).pages]
    document = pypdfium2.PdfDocument(str(path))
    out = []
    for page, trim in zip(document, boxes):
        image = page.render(scale=DPI / 72).to_pil()
        s = DPI / 72
        top = page.get_height() - float(trim.top)
        crop = image.crop((round(float(trim.left) * s), round(top * s), round(float(trim.right) * s),
                           round((top + float(trim.height)) * s)))
        out.append((ink_percent(image), ink_percent(crop), float(trim.width) * float(trim.height)))
    document.close()
    return out


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_low_ink_fronts_take_at_most_half_the_ink_and_the_manifest_measures_the_sheets() -> None:
    normal_manifest = _build("normal")
    low_manifest = _build("low", "--ink", "low")
    assert "ink" not in normal_manifest
    name = "schlangennest/cards-a4-duplex-long.pdf"
    normal, low = _pages(Path("normal", name)), _pages(Path("low", name))
    assert len(normal) == len(low) == 10
    fronts = [(n[0], lo[0]) for n, lo in zip(normal[0::2], low[0::2])]
    for full, light in fronts:  # the whole page, its marks and footer included
        assert light <= 0.5 * full, fronts
    if shutil.which("gs"):  # and as Ghostscript renders them at print resolution, with its defaults
        fronts_list = ",".join(str(i) for i in range(1, len(normal) + 1, 2))
        for full, light in zip(*(_gs_ink(Path(out, name), fronts_list) for out in ("normal", "low"))):
            assert light <= 0.5 * full, (full, light)
    backs = [(n[0], lo[0]) for n, lo in zip(normal[1::2], low[1::2])]
    assert all(light <= 0.5 * full for full, light in backs), backs
    # The manifest's figures are those of the rendered sheets inside the pieces: the same,
    # within the cut gaps' share, as the pages' ink inside their TrimBoxes.
    ink = low_manifest["ink"]
    assert isinstance(ink, dict)

    def mean(pages: list[tuple[float, float, float]]) -> float:
        return sum(p[1] * p[2] for p in pages) / sum(p[2] for p in pages)

    # (the cut gaps' share is a share: 3 % of the figure, 2.5 points of the ~110 % of normal ink)
    assert abs(ink["normal_coverage_percent"] - mean(normal)) < 0.03 * mean(normal), (ink, mean(normal))
    assert abs(ink["coverage_percent"] - mean(low)) < max(2.5, 0.03 * mean(low)), (ink, mean(low))
    assert ink["saving_percent"] >= 50


@pytest.mark.slow
@pytest.mark.parametrize(("game", "only"), [("schlangengrube", "tiles"), ("irrlaeufer", "castles,board,parts")])
def test_every_low_ink_sheet_of_the_other_kits_takes_at_most_half_the_ink(game: str, only: str) -> None:
    normal = _build("normal", game=game, only=only)
    low = _build("low", "--ink", "low", game=game, only=only)
    def sheets(manifest: dict[str, object]) -> list[str]:  # every PDF but the calibration sheet
        return [e["file"] for e in manifest["files"]  # type: ignore[attr-defined]
                if str(e["file"]).endswith(".pdf") and e.get("component") != "calibration"]

    files = sheets(low)
    assert len(files) >= 1 and files == sheets(normal)
    for name in files:
        for full, light in zip(_pages(Path("normal", game, name)), _pages(Path("low", game, name))):
            assert light[0] <= 0.5 * full[0], (name, full, light)
