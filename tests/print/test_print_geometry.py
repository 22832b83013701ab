"""Print geometry as data: papers, grids, margins, bleeds, marks, duplex/gutterfold/glue maps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from cardgen.errors import LayoutError
from cardgen.print import (
    PAPERS,
    Face,
    Flip,
    Item,
    Layout,
    LayoutOptions,
    MarkKind,
    MarkStyle,
    impose,
    paper,
)
from cardgen.print.geometry import MARK_CLEARANCE, Box, Side
from cardgen.print.impose import MIN_MARGIN, flips_across_x
from cardgen.print.labels import footer_lines, mark_box
from cardgen.print.pdf import FOOTER_SIZE, label_font

EPS = 1e-6


def face(key: str, w: float = 45, h: float = 45, b: float = 3, colour: str = "red") -> Face:
    W, H = w + 2 * b, h + 2 * b
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" '
        f'viewBox="0 0 {W} {H}"><rect width="{W}" height="{H}" fill="{colour}"/></svg>'
    )
    return Face(key, svg, w, h, b)


def items(w: float = 45, h: float = 45, b: float = 3, n: int = 2, count: int = 7) -> list[Item]:
    return [Item(face(f"f{i}", w, h, b), face(f"b{i}", w, h, b), count) for i in range(n)]


def check_page_invariants(imp, margin: float) -> None:
    assert margin in (imp.options.margin, imp.options.printable)  # the margin asked for, or the printable area
    for page in imp.pages:
        sheet = Box(0, 0, page.width, page.height)
        trims = [p.trim for p in page.placements]
        for p in page.placements:
            bb = p.bleed_box
            assert sheet.contains(bb)
            # Faces keep the margins (duplex backs may move by the back offset only).
            if page.side != "back" or imp.options.back_offset == (0.0, 0.0):
                assert bb.x >= margin - EPS and bb.y >= margin - EPS
                assert bb.right <= page.width - margin + EPS
                assert bb.bottom <= page.height - margin + EPS
            for other in page.placements:
                if other is not p:
                    assert not bb.overlaps(other.trim), (p, other)
        if page.footer is not None:
            assert all(not page.footer.overlaps(p.bleed_box) for p in page.placements)
        for m in page.marks:
            for t in trims + list(page.slots):
                assert not m.enters(t.grown(MARK_CLEARANCE)), (m, t)
            assert m.length > 0
        if page.footer is not None:  # the footer line moves off the marks, which stay whole
            text = "A kit – its cards · page 1/9 (front) · double-sided, flip on long edge · print at 100 % / actual size"
            for line in footer_lines(page, text, label_font(FOOTER_SIZE)):
                assert not any(line.box.overlaps(mark_box(m)) for m in page.marks), (line, page.number)
                assert Box(0, 0, page.width, page.height).grown(-MIN_MARGIN).contains(line.box)


def test_papers() -> None:
    assert (PAPERS["a4"].width, PAPERS["a4"].height) == (210, 297)
    assert (PAPERS["letter"].width, PAPERS["letter"].height) == (215.9, 279.4)
    assert (PAPERS["a3"].width, PAPERS["a3"].height) == (297, 420)
    assert (PAPERS["tabloid"].width, PAPERS["tabloid"].height) == (279.4, 431.8)
    assert paper("A4") is PAPERS["a4"]
    with pytest.raises(LayoutError, match="unknown paper 'b5'"):
        paper("b5")


def test_single_a4_positions_in_mm() -> None:
    imp = impose(items(), LayoutOptions())
    assert not imp.landscape and (imp.columns, imp.rows) == (3, 5)
    page = imp.pages[0]
    assert (page.width, page.height) == (210, 297)
    # 3 x 45 + 2 x 6 = 147 wide -> x0 = 31.5; 5 x 45 + 4 x 6 = 249 high -> y0 = 24
    assert page.placements[0].trim == Box(31.5, 24.0, 45, 45)
    assert page.placements[1].trim == Box(82.5, 24.0, 45, 45)
    assert page.placements[3].trim == Box(31.5, 75.0, 45, 45)
    assert [p.face_key for p in page.placements] == ["f0"] * 7 + ["f1"] * 7 + []
    assert page.trim_box == Box(31.5, 24.0, 147, 249)
    assert page.bleed_box == Box(28.5, 21.0, 153, 255)


@pytest.mark.parametrize("name", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("layout", list(Layout))
def test_grid_centred(name: str, layout: Layout) -> None:
    opts = LayoutOptions(paper=PAPERS[name], layout=layout)
    full = impose(items(38, 52, n=1), opts).per_page
    imp = impose(items(38, 52, n=1, count=2 * full), opts)  # full pages only
    for page in imp.pages:
        tb = page.trim_box
        assert tb.x == pytest.approx(page.width - tb.right)
        assert tb.y == pytest.approx(page.height - tb.bottom)
    check_page_invariants(imp, imp.margin)


def test_orientation_and_margins_take_the_fewest_sheets_and_portrait_on_ties() -> None:
    # 45 mm faces on Letter within 10 mm margins: landscape 5 x 3 beats portrait 3 x 4 ...
    imp = impose(items(45, 45), LayoutOptions(paper=PAPERS["letter"], printable=None))
    assert imp.landscape and imp.per_page == 15 and imp.margin == 10
    # ... and the printable area (5 mm margins) holds 4 x 5 upright: the layout takes that when it
    # needs fewer sheets (10 instead of 14 for 200 faces), and not for 14 faces, which fit on one
    imp = impose(items(45, 45, count=100), LayoutOptions(paper=PAPERS["letter"]))
    assert not imp.landscape and imp.per_page == 20 and imp.margin == 5 and len(imp.pages) == 10
    imp = impose(items(45, 45), LayoutOptions(paper=PAPERS["letter"]))
    assert imp.landscape and imp.margin == 10 and len(imp.pages) == 1
    imp = impose(items(90, 90), LayoutOptions(paper=PAPERS["a4"]))
    assert not imp.landscape  # 2 x 2 either way


@pytest.mark.parametrize("name", ["a4", "letter"])
@pytest.mark.parametrize("size", range(25, 91, 5))
def test_every_square_size_lays_out(name: str, size: int) -> None:
    for layout in Layout:
        imp = impose(items(size, size, count=3), LayoutOptions(paper=PAPERS[name], layout=layout))
        assert imp.per_page >= 1
        check_page_invariants(imp, imp.margin)


def test_too_big_names_both_sizes() -> None:
    with pytest.raises(LayoutError) as err:
        impose(items(205, 205), LayoutOptions(margin=5))
    msg = str(err.value)
    assert "205 x 205 mm card (211 x 211 mm with bleed)" in msg
    assert "A4 (210 x 297 mm) with 5 mm margins" in msg
    assert "\n" not in msg


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (LayoutOptions(margin=4), "below the 5 mm minimum"),
        (LayoutOptions(gutter=2), "gutter: 2 mm is below the 3 mm bleed"),
        (LayoutOptions(bleed=4), "between 0 and the art's 3 mm"),
        (LayoutOptions(layout=Layout.DUPLEX, back_offset=(30, 0)), "pushes backs off"),
    ],
)
def test_bad_options(options: LayoutOptions, fragment: str) -> None:
    with pytest.raises(LayoutError, match=fragment):
        impose(items(), options)


def test_bad_inputs() -> None:
    with pytest.raises(LayoutError, match="needs items with backs"):
        impose([Item(face("a"), None, 3)], LayoutOptions(layout=Layout.DUPLEX))
    with pytest.raises(LayoutError, match="one layout takes faces of one size"):
        impose([Item(face("a"), face("b", 50), 1)])
    with pytest.raises(LayoutError, match="nothing to print"):
        impose([Item(face("a"), None, 0)])
    with pytest.raises(LayoutError, match="letters, digits"):
        face("a b")


def test_smaller_bleed_crops_and_gutter_zero() -> None:
    imp = impose(items(b=3), LayoutOptions(bleed=0, gutter=0, marks=MarkStyle.LINES))
    assert imp.bleed == 0 and imp.gutter == 0
    p0, p1 = imp.pages[0].placements[:2]
    assert p1.trim.x == p0.trim.right
    check_page_invariants(imp, imp.margin)


@pytest.mark.parametrize("landscape_paper", [False, True])
@pytest.mark.parametrize("flip", list(Flip))
def test_duplex_backs_mirror_fronts(flip: Flip, landscape_paper: bool) -> None:
    # 45 mm faces on Letter go landscape, on A4 portrait.
    name = "letter" if landscape_paper else "a4"
    its = items()
    imp = impose(its, LayoutOptions(paper=PAPERS[name], layout=Layout.DUPLEX, flip=flip, printable=None))
    assert imp.landscape == landscape_paper
    assert [p.side for p in imp.pages] == ["front", "back"] * (len(imp.pages) // 2)
    long_edge_vertical = not imp.landscape
    mirror_x = (flip is Flip.LONG) == long_edge_vertical
    for front, back in zip(imp.pages[::2], imp.pages[1::2]):
        W, H = front.width, front.height
        for f, b in zip(front.placements, back.placements):
            assert b.face_key == "b" + f.face_key[1:]
            assert b.side is Side.BACK
            if mirror_x:
                assert b.trim.x == pytest.approx(W - f.trim.x - f.trim.width)
                assert b.trim.y == pytest.approx(f.trim.y)
            else:
                assert b.trim.x == pytest.approx(f.trim.x)
                assert b.trim.y == pytest.approx(H - f.trim.y - f.trim.height)
    assert flips_across_x(210, 297, Flip.LONG) and not flips_across_x(297, 210, Flip.LONG)
    assert flips_across_x(297, 210, Flip.SHORT) and not flips_across_x(210, 297, Flip.SHORT)


def test_back_offset_moves_backs_and_marks() -> None:
    plain = impose(items(), LayoutOptions(layout=Layout.DUPLEX))
    moved = impose(items(), LayoutOptions(layout=Layout.DUPLEX, back_offset=(1.5, -2.0)))
    for a, b in zip(plain.pages[1].placements, moved.pages[1].placements):
        assert b.trim.x == pytest.approx(a.trim.x + 1.5)
        assert b.trim.y == pytest.approx(a.trim.y - 2.0)
    assert plain.pages[0] == moved.pages[0]
    ys = sorted({m.y0 for m in moved.pages[1].marks if m.horizontal})
    ys0 = sorted({m.y0 for m in plain.pages[1].marks if m.horizontal})
    assert ys == pytest.approx([y - 2.0 for y in ys0])
    check_page_invariants(moved, moved.margin)


def test_items_without_back_leave_blanks() -> None:
    its = [Item(face("a"), face("ab"), 2), Item(face("c"), None, 2)]
    imp = impose(its, LayoutOptions(layout=Layout.DUPLEX))
    assert [p.face_key for p in imp.pages[1].placements] == ["ab", "ab"]
    assert len(imp.pages[1].slots) == 4  # the cut grid on the back covers the blanks too


@pytest.mark.parametrize("name", ["a4", "letter", "a3"])
def test_gutterfold_backs_mirror_about_fold(name: str) -> None:
    imp = impose(items(50, 70), LayoutOptions(paper=PAPERS[name], layout=Layout.GUTTERFOLD))
    page = imp.pages[0]
    fold = [m for m in page.marks if m.kind is MarkKind.FOLD]
    assert fold and all(m.horizontal == (imp.fold == "across") for m in fold)
    fronts = [p for p in page.placements if p.side is Side.FRONT]
    backs = [p for p in page.placements if p.side is Side.BACK]
    assert len(fronts) == len(backs) == imp.per_page
    for f, b in zip(fronts, backs):
        if imp.fold == "across":
            at = fold[0].y0
            assert at == pytest.approx(page.height / 2)
            assert f.trim.bottom < at < b.trim.y
            assert b.trim.y - at == pytest.approx(at - f.trim.bottom)
            assert b.trim.x == f.trim.x
        else:
            at = fold[0].x0
            assert f.trim.right < at < b.trim.x
            assert b.trim.x - at == pytest.approx(at - f.trim.right)
    check_page_invariants(imp, imp.margin)


def test_gutterfold_picks_the_fold_that_fits_more() -> None:
    # 90 x 40 on A4: portrait fold across holds 1 x 2 fronts, landscape fold down 1 x 3.
    imp = impose(items(90, 40), LayoutOptions(layout=Layout.GUTTERFOLD, printable=None))
    assert (imp.fold, imp.landscape, imp.per_page) == ("down", True, 3)
    # 40 x 120: portrait across (4 x 1) ties with portrait down (2 x 2): the first wins.
    imp = impose(items(40, 120), LayoutOptions(layout=Layout.GUTTERFOLD))
    assert (imp.fold, imp.landscape, imp.per_page) == ("across", False, 4)


def test_glue_back_sheet_is_long_edge_mirror_with_registration() -> None:
    imp = impose(items(), LayoutOptions(layout=Layout.GLUE, flip=Flip.SHORT, back_offset=(0, 0)))
    front, back = imp.pages[0], imp.pages[1]
    for f, b in zip(front.placements, back.placements):
        assert b.trim.x == pytest.approx(front.width - f.trim.right) and b.trim.y == f.trim.y
    reg_f = [m for m in front.marks if m.kind is MarkKind.REGISTRATION]
    reg_b = [m for m in back.marks if m.kind is MarkKind.REGISTRATION]
    assert len(reg_f) == len(reg_b) >= 4 * 2
    mirrored = {(round(front.width - m.x1, 6), m.y0, round(front.width - m.x0, 6), m.y1) for m in reg_f}
    assert mirrored == {(round(m.x0, 6), m.y0, round(m.x1, 6), m.y1) for m in reg_b}
    grid = front.bleed_box
    for m in reg_f:
        assert not m.enters(grid)


@pytest.mark.parametrize("size", [(45, 45), (38, 38), (63, 88)])
def test_glue_registration_shows_which_way_up_the_back_sheet_goes(size: tuple[float, float]) -> None:
    """Glued the right way the back sheet's registration marks lie on the front's; turned
    top-to-bottom (a half turn in its plane) before gluing, they must not: the marks are not
    symmetric under a half turn, so the mistake shows before the glue does."""
    imp = impose(items(*size), LayoutOptions(layout=Layout.GLUE))
    front, back = imp.pages[0], imp.pages[1]
    w, h = front.width, front.height

    def key(ms: list[tuple[float, float, float, float]]) -> set[tuple[float, ...]]:
        # a segment regardless of its direction
        return {tuple(round(v, 6) for v in (min((x0, y0), (x1, y1)) + max((x0, y0), (x1, y1))))
                for x0, y0, x1, y1 in ms}

    reg_f = [(m.x0, m.y0, m.x1, m.y1) for m in front.marks if m.kind is MarkKind.REGISTRATION]
    reg_b = [(m.x0, m.y0, m.x1, m.y1) for m in back.marks if m.kind is MarkKind.REGISTRATION]
    across_x = flips_across_x(w, h, Flip.LONG)

    def glued(ms: list[tuple[float, float, float, float]]) -> set[tuple[float, ...]]:
        """Where a back sheet's marks land on the front sheet once turned over and glued."""
        if across_x:
            return key([(w - x0, y0, w - x1, y1) for x0, y0, x1, y1 in ms])
        return key([(x0, h - y0, x1, h - y1) for x0, y0, x1, y1 in ms])

    assert glued(reg_b) == key(reg_f)
    half_turned = [(w - x0, h - y0, w - x1, h - y1) for x0, y0, x1, y1 in reg_b]
    assert glued(half_turned) != key(reg_f)


def test_marks_styles_have_expected_shapes() -> None:

    its = items(count=15)
    none = impose(its, LayoutOptions(marks=MarkStyle.NONE)).pages[0]
    assert none.marks == ()
    lines = impose(its, LayoutOptions(marks=MarkStyle.LINES)).pages[0]
    xs = {m.x0 for m in lines.marks if not m.horizontal}
    assert xs == {t.x for t in lines.slots} | {t.right for t in lines.slots}
    # A line along a trim edge reaches the margin: 10 mm from the sheet edge.
    assert min(m.y0 for m in lines.marks if not m.horizontal) == 10
    corners = impose(its, LayoutOptions(marks=MarkStyle.CORNERS)).pages[0]
    first = corners.placements[0].trim
    assert any(m.x1 == first.x - MARK_CLEARANCE and m.x0 == first.x - 5 and m.y0 == first.y for m in corners.marks)
    crosses = impose(its, LayoutOptions(marks=MarkStyle.CROSSES)).pages[0]
    assert len(crosses.marks) > 0


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(25, 90),
    h=st.floats(25, 90),
    b=st.floats(0, 5),
    extra_gutter=st.floats(0, 6),
    style=st.sampled_from(list(MarkStyle)),
    name=st.sampled_from(["a4", "letter"]),
    layout=st.sampled_from(list(Layout)),
    flip=st.sampled_from(list(Flip)),
    margin=st.floats(5, 15),
)
def test_invariants_hold_for_any_face(
    w: float, h: float, b: float, extra_gutter: float, style: MarkStyle, name: str,
    layout: Layout, flip: Flip, margin: float,
) -> None:
    opts = LayoutOptions(
        paper=PAPERS[name], layout=layout, marks=style, flip=flip, margin=margin,
        gutter=b + extra_gutter,
    )
    imp = impose(items(w, h, b, count=4), opts)
    assert imp.margin == margin or (imp.margin == 5.0 and margin > 5.0)  # or the printable area's, fitting more
    check_page_invariants(imp, imp.margin)


@pytest.mark.parametrize("size", [45.0, 31.45, 60.0])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_fold_label_sits_on_the_fold_clear_of_every_cut_mark(size: float, paper: str) -> None:
    from cardgen.print import PAPERS, Face, Item, Layout, LayoutOptions, impose
    from cardgen.print.pdf import fold_label

    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 6}mm" height="{size + 6}mm" '
           f'viewBox="0 0 {size + 6} {size + 6}"><rect width="{size + 6}" height="{size + 6}"/></svg>')
    front, back = Face("f", svg, size, size, 3), Face("b", svg, size, size, 3)
    imp = impose([Item(front, back, 30)], LayoutOptions(paper=PAPERS[paper], layout=Layout.GUTTERFOLD))
    for page in imp.pages:
        line, box = fold_label(page)
        assert line.length > (box.width if line.horizontal else box.height) + 2  # room on its segment
        assert not any(m.enters(box) for m in page.marks if m is not line), (page.number, box)


@pytest.mark.parametrize("size", [45.0, 36.0, 31.45, 63.0])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("layout", ["single", "duplex", "gutterfold", "glue"])
def test_no_mark_comes_nearer_the_paper_edge_than_a_quarter_inch(size: float, paper: str, layout: str) -> None:
    """Many printers leave 1/4 inch (6.35 mm) unprinted: every cut, fold and registration mark of
    a grid sheet keeps 6.5 mm from the edge, also where the faces use the 5 mm printable margin."""
    from cardgen.print import PAPERS, Face, Item, Layout, LayoutOptions, MarkStyle, impose

    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 6}mm" height="{size + 6}mm" '
           f'viewBox="0 0 {size + 6} {size + 6}"><rect width="{size + 6}" height="{size + 6}"/></svg>')
    front, back = Face("f", svg, size, size, 3), Face("b", svg, size, size, 3)
    for marks in (MarkStyle.CORNERS, MarkStyle.CROSSES, MarkStyle.LINES):
        imp = impose([Item(front, back, 40)], LayoutOptions(paper=PAPERS[paper], layout=Layout(layout), marks=marks))
        for page in imp.pages:
            assert page.marks
            for m in page.marks:
                assert min(m.x0, m.y0, page.width - m.x1, page.height - m.y1) >= 6.5 - 1e-9, (marks, page.number, m)
