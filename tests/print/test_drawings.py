"""Each distinct SVG text is parsed once per process (`cardgen.print.drawings`): the Irrläufer
booklets draw their board under most diagrams, and a test run builds the same faces again."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import svglib.svglib

from cardgen.booklet.build import booklet_pages
from cardgen.games.irrlaeufer.board_art import board_svg
from cardgen.games.irrlaeufer.booklet import CONTENT, FIELD
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.render import board_spec
from cardgen.print import Face, FaceCache, Item, LayoutOptions, impose, write_pdf
from cardgen.print.drawings import svg_drawing


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """svglib's parses from here on, counted by SVG text (none cached before)."""
    counted: Counter[str] = Counter()
    parse = svglib.svglib.svg2rlg

    def counting(source: Any, *args: Any, **kwargs: Any) -> Any:
        counted[source.getvalue().decode("utf-8")] += 1
        return parse(source, *args, **kwargs)

    monkeypatch.setattr(svglib.svglib, "svg2rlg", counting)
    svg_drawing.cache_clear()
    yield counted
    svg_drawing.cache_clear()  # no drawing of the counting parser outlives the test


def test_a_booklet_parses_its_board_once(parses: Counter[str]) -> None:
    board = IrrBoard()
    booklet_pages(CONTENT, "en", board)
    assert parses[board_svg(board_spec(board, FIELD), 0.0)] == 1  # drawn under most diagrams
    assert max(parses.values()) == 1


def test_two_builds_in_one_process_parse_a_face_once(parses: Counter[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # one date: the same bytes twice
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="51mm" height="51mm" viewBox="0 0 51 51">'
           '<rect x="0" y="0" width="51" height="51" fill="#c0392b"/></svg>')
    items = [Item(Face("red", svg, 45, 45, 3), None, 4)]
    for name in ("a", "b"):  # a new face cache each, as each build has
        write_pdf(tmp_path / f"{name}.pdf", impose(items, LayoutOptions()), title="T", cache=FaceCache())
    assert parses == Counter({svg: 1})
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()  # the shared drawing unchanged


def test_the_geometry_and_the_svg_writer_load_no_pdf_library() -> None:
    """`cardgen.print` gives its PDF writer's names when first asked for: what uses the faces,
    the imposition or the SVG writer (and the kit's drawing and imposing of a plan) loads none
    of reportlab, svglib, pypdf, pypdfium2 and cairosvg (a new process, as a command starts)."""
    heavy = ("reportlab", "svglib", "pypdf", "pypdfium2", "cairosvg")
    code = ("import sys\n"
            "import cardgen.print, cardgen.print.svg, cardgen.kit.draw\n"
            "from cardgen.print import Face, Item, LayoutOptions, impose, paper\n"
            f"print(sorted(m for m in {heavy!r} if m in sys.modules))\n"
            "from cardgen.print import write_pdf\n"
            f"print(sorted(m for m in {heavy!r} if m in sys.modules))\n")
    before, after = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                   check=True).stdout.splitlines()
    assert before == "[]"
    assert "reportlab" in after
