"""A `--layout` is built or refused, never skipped in silence (the Schlangengrube tiles' gutterfold
layout is tested with their kit, tests/games/schlangengrube/test_kit_pit.py); large cards fill the
printable area."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cardgen.cli import main


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def _manifest(folder: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("game", "layout", "what"), [
    ("irrlaeufer", "single", "castles of Irrläufer"),
    ("irrlaeufer", "glue", "castles of Irrläufer"),
])
def test_a_layout_that_does_not_apply_is_refused_before_anything_is_written(tmp_path: Path, game: str,
                                                                            layout: str, what: str) -> None:
    """The Irrläufer castles built without the parts sheet, on their own two-sided sheets (with
    the parts they lie on the parts sheet in every layout: tests/kit/test_castles_on_parts.py)."""
    code, out = _run("build", game, "--only", "castles", "--layout", layout, "--out", str(tmp_path), "-q")
    assert code == 2
    error = [line for line in out.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and f"--layout: {layout} does not apply to the {what}" in error[0]
    assert "duplex, gutterfold" in error[0]
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_large_cards_fill_the_printable_area(tmp_path: Path) -> None:
    """90 mm cards: 2 on an A4 page within 10 mm margins, 4 within the printable area."""
    code, out = _run("build", "schlangennest", "--card-size", "90", "--layout", "single", "--only", "cards",
                     "--format", "pdf", "--out", str(tmp_path), "-q")
    assert code == 0, out
    entry = next(e for e in _manifest(tmp_path / "schlangennest")["files"] if e["file"] == "cards-a4.pdf")
    reader = pypdf.PdfReader(tmp_path / "schlangennest" / "cards-a4.pdf")
    assert entry["per_sheet"] == 4 and len(reader.pages) == 72 // 4
    trim = [float(v) / 72 * 25.4 for v in reader.pages[0].trimbox]
    assert trim[2] - trim[0] == pytest.approx(2 * 90 + 6, abs=0.01)  # two columns, 6 mm apart
    assert trim[3] - trim[1] == pytest.approx(2 * 90 + 6, abs=0.01)  # two rows
    assert trim[0] - 3 >= 5 - 1e-6  # the bleed stays in the printable area


@pytest.mark.slow
def test_a_turned_sheet_of_real_tiles_turns_its_calibration_sheet(tmp_path: Path) -> None:
    """65 mm tiles in duplex: 8 on the turned (landscape) sheet, and the calibration sheet turned
    too (the fast version: the chips of tests/kit/test_kit_pipeline.py)."""
    code, out = _run("build", "schlangengrube", "--card-size", "65", "--layout", "duplex", "--only", "tiles",
                     "--format", "pdf", "--out", str(tmp_path), "-q")
    assert code == 0, out
    files = {e["file"]: e for e in _manifest(tmp_path / "schlangengrube")["files"]}
    sheet = files["tiles-a4-duplex-long.pdf"]
    assert sheet["landscape"] and sheet["per_sheet"] == 8
    assert sheet["calibration"] == "calibration-a4-long-landscape.pdf" in files
    for name in ("tiles-a4-duplex-long.pdf", "calibration-a4-long-landscape.pdf"):
        for page in pypdf.PdfReader(tmp_path / "schlangengrube" / name).pages:
            assert float(page.mediabox.width) > float(page.mediabox.height)
