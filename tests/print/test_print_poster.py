"""Poster geometry as data: a board split over pages with overlap strips, glue strips, cut lines
and registration crosses (cardgen/print/poster.py)."""

from __future__ import annotations

import itertools

import pytest

from cardgen.errors import LayoutError
from cardgen.print import paper
from cardgen.print.geometry import Box
from cardgen.print.poster import Poster, PosterOptions, Tile, plan_poster, tile_sheet

BOARDS = [(284.4, 392.4), (284.4, 542.4), (284.4, 298.4), (100.0, 80.0)]


def _poster(w: float, h: float, name: str = "a4", bleed: float = 3.0) -> Poster:
    return plan_poster(w, h, bleed, PosterOptions(paper(name)))


def _neighbours(p: Poster) -> list[tuple[Tile, Tile, bool]]:
    """(under, top, vertical seam) for every pair of neighbouring pages."""
    at = {(t.row, t.column): t for t in p.tiles}
    out = []
    for t in p.tiles:
        if (t.row, t.column + 1) in at:
            out.append((t, at[(t.row, t.column + 1)], True))
        if (t.row + 1, t.column) in at:
            out.append((t, at[(t.row + 1, t.column)], False))
    return out


def _in(box: Box, x: float, y: float) -> bool:
    return box.x - 1e-9 <= x <= box.right + 1e-9 and box.y - 1e-9 <= y <= box.bottom + 1e-9


@pytest.mark.parametrize("size", BOARDS)
@pytest.mark.parametrize("name", ["a4", "letter"])
def test_every_board_point_is_on_a_page_and_kept_after_cutting(size: tuple[float, float], name: str) -> None:
    w, h = size
    p = _poster(w, h, name)
    for i, j in itertools.product(range(41), range(41)):
        x, y = w * i / 40, h * j / 40
        assert any(_in(t.view, x, y) for t in p.tiles), (x, y)
        # After cutting, the part of the page that is kept is its trim box (page coordinates).
        kept = [t for t in p.tiles if _in(t.trim.shifted(-t.origin[0], -t.origin[1]), x, y)]
        assert kept, (x, y)
    # The bleed round the board is printed on the outer pages too.
    assert min(t.view.x for t in p.tiles) == pytest.approx(-3.0)
    assert max(t.view.bottom for t in p.tiles) == pytest.approx(h + 3.0)


@pytest.mark.parametrize("size", BOARDS)
def test_pages_fit_the_paper_inside_the_margins(size: tuple[float, float]) -> None:
    p = _poster(*size)
    o = p.options
    assert p.rows * p.columns == len(p.tiles)
    for t in p.tiles:
        printable = Box(o.margin, o.margin, t.width - 2 * o.margin, t.height - 2 * o.margin - o.band)
        assert printable.contains(t.view_on_page())
        assert (t.width, t.height) == paper("a4").oriented(p.landscape)


def test_the_standard_board_takes_four_portrait_a4_pages() -> None:
    p = _poster(284.4, 392.4)
    assert (p.rows, p.columns, p.landscape) == (2, 2, False)
    assert [t.label for t in p.tiles] == ["A1", "A2", "B1", "B2"]


@pytest.mark.parametrize("size", BOARDS[:3])
def test_neighbours_overlap_by_the_strip_with_cut_line_and_glue_strip(size: tuple[float, float]) -> None:
    p = _poster(*size)
    o = p.options
    pairs = _neighbours(p)
    assert pairs
    for under, top, vertical in pairs:
        if vertical:
            assert under.view.right - top.view.x == pytest.approx(o.overlap)
            assert (under.view.y, under.view.height) == (top.view.y, top.view.height)
            cut = top.view.x + o.cut
            # the page on top is cut at the cut line: one vertical cut on its left
            assert any(not m.horizontal and m.x0 == pytest.approx(cut + top.origin[0]) for m in top.cuts)
            glue = [g for g in under.glue if g.height > g.width]
            assert len(glue) == 1
            assert glue[0].x - under.origin[0] == pytest.approx(cut)
            assert glue[0].right - under.origin[0] == pytest.approx(under.view.right)
            assert top.trim.x - top.origin[0] == pytest.approx(cut)
        else:
            assert under.view.bottom - top.view.y == pytest.approx(o.overlap)
            assert (under.view.x, under.view.width) == (top.view.x, top.view.width)
            cut = top.view.y + o.cut
            assert any(m.horizontal and m.y0 == pytest.approx(cut + top.origin[1]) for m in top.cuts)
            glue = [g for g in under.glue if g.width >= g.height]
            assert len(glue) == 1
            assert glue[0].y - under.origin[1] == pytest.approx(cut)
    # The first page is cut nowhere; the last carries no glue strip.
    assert p.tiles[0].cuts == () and p.tiles[-1].glue == ()


@pytest.mark.parametrize("size", BOARDS[:3])
@pytest.mark.parametrize("snapped", [False, True])
def test_registration_crosses_lie_under_the_page_on_top(size: tuple[float, float], snapped: bool) -> None:
    """Every cross lies in the middle of a glue strip, where the page on top covers it once glued,
    so none is left on the finished board; with lines across the seam (snaps), on those lines."""
    lines = [18.0 * k for k in range(1, 40)]
    p = plan_poster(*size, 3.0, PosterOptions(paper("a4")), *((lines, lines) if snapped else ((), ())))
    o = p.options
    for under, top, vertical in _neighbours(p):
        k = 0 if vertical else 1
        middle = (top.view.x if vertical else top.view.y) + o.cut + (o.overlap - o.cut) / 2
        here = [c for c in under.registration if c[k] == pytest.approx(middle)]
        assert len(here) >= 2
        for c in here:
            assert _in(top.trim.shifted(-top.origin[0], -top.origin[1]), *c)  # covered by the page on top
            assert 0 <= c[1 - k] <= (p.board.height if vertical else p.board.width)
            if snapped:
                assert any(c[1 - k] == pytest.approx(v) for v in lines)
    for t in p.tiles:  # and none on the art a page keeps
        glue = [g.shifted(-t.origin[0], -t.origin[1]) for g in t.glue]
        assert all(any(_in(g, *c) for g in glue) for c in t.registration)


def test_sheet_carries_label_map_and_boxes() -> None:
    p = _poster(284.4, 392.4)
    tile = p.tiles[3]
    sheet = tile_sheet(p, tile, "board", "Irrläufer")
    words = " ".join(t.text for t in sheet.texts)
    assert "B2" in words and "row 2, column 2 of 2 x 2" in words and "page map" in words
    assert len(sheet.rects) == len(p.tiles) and sum(r.fill is not None for r in sheet.rects) == 1
    assert sheet.clip == tile.view_on_page()
    assert sheet.bleed_box.contains(sheet.trim)
    assert sheet.cut_lines == tile.cuts and len(sheet.cut_lines) == 2


def test_bad_options_are_one_clear_error() -> None:
    with pytest.raises(LayoutError, match="cut line"):
        plan_poster(100, 100, 3, PosterOptions(paper("a4"), overlap=5, cut=6))
    with pytest.raises(LayoutError, match="too small"):
        plan_poster(100, 100, 3, PosterOptions(paper("a4"), margin=100))
