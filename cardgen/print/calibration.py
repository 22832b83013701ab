"""The duplex calibration sheet: measures how far a printer shifts the back of a sheet.

The front carries crosshairs with mm rulers at known positions. The back carries mm rulers
exactly behind each crosshair (for the chosen flip edge), each tick labelled with the value to
pass: holding the printed sheet to the light, the user reads, on the back, the numbers where
the front's cross shows through and passes them as `--back-offset X,Y`. X is positive to the
right and Y positive downwards, both as seen looking at the back page, the same convention as
`LayoutOptions.back_offset`.

Both pages also carry six ArUco markers (OpenCV's 4×4 dictionary) at known places, so that
`cardgen calibrate` can measure the offset from a scan (`cardgen.print.scan`). Their ids tell the
side, the flip edge and the orientation of the sheet; the back's markers lie beside the front's
(not behind them), so both sets can be seen in one view against the light.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.print.files import atomic_path
from cardgen.print.geometry import MARK_STROKE, Mark, segment
from cardgen.print.impose import Flip, flips_across_x
from cardgen.print.paper import PAPERS, Paper, paper as paper_named
from cardgen.units import mm_to_pt

#: The rulers reach this far either side of a target, mm.
RULER_SPAN = 10
#: How far the rulers sit from the cross they measure, mm.
RULER_GAP = 16.0


@dataclass(frozen=True, slots=True)
class Label:
    """A short text centred on (x, y) mm (its baseline), `size` in pt; `upright` False turns
    it a quarter turn (reading bottom to top)."""

    x: float
    y: float
    text: str
    size: float = 6.0
    upright: bool = True


#: The side of an ArUco marker, mm (6 cells of 2 mm: a black border round 4 × 4 data cells).
MARKER_SIZE = 12.0
#: How far the front markers' centres sit from the side edges, and the back's further in, mm.
MARKER_INSET = 22.0
MARKER_BACK_INSET = 44.0
#: How far the top and bottom markers' centres sit from the top and the bottom edge, mm (a third
#: pair sits halfway down, so that a sheet that is not flat shows as markers out of place).
MARKER_DROP = 40.0

#: The data cells (row by row, most significant bit first, 1 = black) of ids 0-191 of OpenCV's
#: DICT_4X4_250, one set of 12 for each paper, flip edge and orientation: so that printing the
#: sheet needs no OpenCV (tests/print/test_calibrate.py compares them with OpenCV's).
ARUCO_4X4: tuple[int, ...] = (
    0x4acd, 0xf065, 0xccd2, 0x66b9, 0xab61, 0x8632, 0x61d1, 0x3b0d, 0x0125, 0x30a9, 0x066e,
    0xee58, 0xf148, 0xd5f0, 0xdb4e, 0xd9c1, 0xb99a, 0x99ff, 0x93a1, 0x8950, 0x7974, 0x4fd4,
    0x332a, 0x227d, 0x01b8, 0x6b8e, 0x531b, 0x5aab, 0xdedc, 0xcb90, 0xbbea, 0xa84d, 0x6130,
    0x0f34, 0xf751, 0xf6d6, 0xe78a, 0xfb00, 0xf209, 0xe3a5, 0xe8e7, 0xd5d7, 0xcd73, 0xc74d,
    0xdb17, 0xd114, 0xd2c0, 0xb49b, 0xafd1, 0xafec, 0xae6b, 0xaa97, 0xa2be, 0xa068, 0x97fe,
    0x9798, 0x9edb, 0x9e16, 0x94ed, 0x901a, 0x9820, 0x81e4, 0x7f5f, 0x7cbb, 0x745d, 0x6c85,
    0x7b93, 0x7ad5, 0x7a63, 0x6376, 0x605e, 0x4483, 0x43fb, 0x49a4, 0x4037, 0x4854, 0x35e0,
    0x369d, 0x26a7, 0x2c2a, 0x3367, 0x385f, 0x3ac8, 0x16a2, 0x06da, 0x0444, 0x11d5, 0x08b2,
    0xca8a, 0x7552, 0x89e8, 0xf530, 0xf9b4, 0xd23e, 0xb627, 0xbc0b, 0xb0c9, 0xb02c, 0x961b,
    0x8f38, 0x8591, 0x4b15, 0x12b0, 0x0318, 0x0159, 0xffda, 0xffbc, 0xf577, 0xf579, 0xfd90,
    0xffe3, 0xff68, 0xf7c8, 0xf5ce, 0xf639, 0xf4fe, 0xf604, 0xf4a7, 0xef7d, 0xe7d2, 0xef87,
    0xef8c, 0xed8b, 0xed4e, 0xe506, 0xecf9, 0xf3f1, 0xf30e, 0xfbcc, 0xf360, 0xf10d, 0xf102,
    0xf8b3, 0xf05b, 0xf8d0, 0xfa4a, 0xf06e, 0xf824, 0xe11b, 0xebc6, 0xe27f, 0xea37, 0xe074,
    0xea45, 0xe24e, 0xdf7f, 0xd716, 0xdd5d, 0xd7ac, 0xd50f, 0xdd08, 0xd6bf, 0xdeb9, 0xd646,
    0xd463, 0xd44d, 0xc735, 0xc7d1, 0xcff8, 0xc718, 0xc5b6, 0xc59a, 0xcda2, 0xc477, 0xc6e2,
    0xc42c, 0xd9b8, 0xd87f, 0xd055, 0xd2eb, 0xda21, 0xdaac, 0xd088, 0xcbb7, 0xc357, 0xc3be,
    0xcbf2, 0xcb04, 0xc965, 0xc21f, 0xca95, 0xc2f6, 0xc212, 0xc03b, 0xc093, 0xc831, 0xc2a3,
    0xc289, 0xc84f, 0xc0e8, 0xc000, 0xb71a,
)


@dataclass(frozen=True, slots=True)
class Fiducial:
    """An ArUco marker of DICT_4X4_250: its `id` and centre (x, y) in mm on its page, upright."""

    id: int
    x: float
    y: float
    size: float = MARKER_SIZE

    def cells(self) -> list[tuple[int, int]]:
        """The black cells (column, row) of the 6 × 6 grid, border included."""
        bits = ARUCO_4X4[self.id]
        return [(c, r) for r in range(6) for c in range(6)
                if r in (0, 5) or c in (0, 5) or bits >> (15 - (r - 1) * 4 - (c - 1)) & 1]

    def corners(self) -> tuple[tuple[float, float], ...]:
        """Its four corners in the order OpenCV reports them: top left, top right, bottom right,
        bottom left, as seen on its page."""
        h = self.size / 2
        x, y = self.x, self.y
        return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))


def marker_ids(paper: Paper, flip: Flip, landscape: bool) -> tuple[range, range]:
    """The ids of the front's and the back's markers of the sheet for `paper`, `flip` and
    orientation."""
    base = 12 * (4 * list(PAPERS).index(paper.name) + 2 * landscape + (flip is Flip.SHORT))
    return range(base, base + 6), range(base + 6, base + 12)


def fiducials(paper: Paper, flip: Flip, landscape: bool = False
              ) -> tuple[tuple[Fiducial, ...], tuple[Fiducial, ...]]:
    """The markers of the front and of the back page, each in its own page's coordinates: the
    front's near the corners and the middle of the side edges, the back's beside them further in
    (as seen from the front)."""
    width, height = paper.oriented(landscape)
    front_ids, back_ids = marker_ids(paper, flip, landscape)
    across_x = flips_across_x(width, height, flip)
    ys = (MARKER_DROP, height / 2, height - MARKER_DROP)
    front = tuple(Fiducial(i, x, y) for i, (x, y) in zip(
        front_ids, [(x, y) for y in ys for x in (MARKER_INSET, width - MARKER_INSET)]))
    behind = [(x, y) for y in ys for x in (MARKER_BACK_INSET, width - MARKER_BACK_INSET)]
    back = tuple(Fiducial(i, width - x if across_x else x, y if across_x else height - y)
                 for i, (x, y) in zip(back_ids, behind))
    return front, back


@dataclass(frozen=True, slots=True)
class CalibrationSide:
    """One page of the calibration sheet as data: line segments, labels and markers, in mm."""

    width: float
    height: float
    lines: tuple[Mark, ...]
    labels: tuple[Label, ...]
    markers: tuple[Fiducial, ...] = ()


def targets(width: float, height: float) -> tuple[tuple[float, float], ...]:
    """The front crosshair centres: the middle of the sheet and one off-centre point.

    The off-centre one shows a wrong flip setting: its back rulers are then elsewhere.
    """
    return ((width / 2, height / 2), (round(width * 0.3, 3), round(height * 0.3, 3)))


def _ruler(x: float, y: float, horizontal: bool, sign: int) -> tuple[list[Mark], list[Label]]:
    """A mm ruler whose zero is at (x, y), labelled every 2 mm with the signed distance.

    Ticks and labels go to +y (below) for sign 1, -y for -1 on a horizontal ruler; to +x / -x
    on a vertical one. A horizontal ruler's labels are turned so that neighbours do not touch.
    """
    lines: list[Mark] = []
    labels: list[Label] = []
    for t in range(-RULER_SPAN, RULER_SPAN + 1):
        n = sign * (3.0 if t % 5 == 0 else 2.0 if t % 2 == 0 else 1.2)
        text = f"{t:+d}" if t else "0"
        if horizontal:
            lines.append(segment(x + t, y, x + t, y + n))
            if t % 2 == 0:
                labels.append(Label(x + t + 0.55, y + n + sign * 2.2, text, 4.2, upright=False))
        else:
            lines.append(segment(x, y + t, x + n, y + t))
            if t % 2 == 0:
                labels.append(Label(x + n + sign * 2.6, y + t + 0.5, text, 4.2))
    if horizontal:
        lines.append(segment(x - RULER_SPAN - 1, y, x + RULER_SPAN + 1, y))
    else:
        lines.append(segment(x, y - RULER_SPAN - 1, x, y + RULER_SPAN + 1))
    return lines, labels


FRONT_TEXT = (
    "cardgen duplex calibration - FRONT. Print both pages double-sided at 100 % / actual size, "
    "flip on the {flip} edge.",
    "Beidseitig mit 100 % / Originalgröße drucken, an der {flip_de} Kante wenden.",
    "Or scan both sides on a dark background and run: cardgen calibrate FRONT.png BACK.png "
    "(Oder beide Seiten auf dunklem Grund scannen.)",
)
BACK_TEXT = (
    "BACK. Hold the sheet to the light: the front's crosses show through. Read X where the "
    "vertical cross line meets the horizontal ruler,",
    "Y where the horizontal cross line meets the vertical ruler, and pass --back-offset X,Y "
    "(mm; X+ moves backs right, Y+ down, as seen on this side).",
    "RÜCKSEITE gegen das Licht halten. X am waagrechten Lineal (senkrechte Kreuzlinie), "
    "Y am senkrechten Lineal (waagrechte Kreuzlinie) ablesen,",
    "als --back-offset X,Y angeben (mm; X+ = Rückseiten nach rechts, Y+ = nach unten, "
    "von dieser Seite gesehen). Beide Ziele sollten gleich lauten.",
)


def calibration_sides(paper: Paper | str, flip: Flip | str,
                      landscape: bool = False) -> tuple[CalibrationSide, CalibrationSide]:
    """The front and back page of the calibration sheet for `paper` (portrait, or `landscape`
    for landscape sheets: a printer may shift the back differently when the sheet is turned)
    and `flip`."""
    p = paper_named(paper)
    f = flip if isinstance(flip, Flip) else Flip(flip)
    W, H = p.oriented(landscape)
    across_x = flips_across_x(W, H, f)
    f_lines: list[Mark] = []
    f_labels: list[Label] = []
    b_lines: list[Mark] = []
    b_labels: list[Label] = []
    g = RULER_GAP
    for n, (x, y) in enumerate(targets(W, H), start=1):
        # The cross's long arms reach the back rulers, which sit `g` below and right of the
        # cross (as seen from the front), while the front's own rulers sit above and left.
        arm = g + 8
        f_lines += [segment(x - arm, y, x + arm, y), segment(x, y - arm, x, y + arm)]
        for ls, lb in (_ruler(x, y - g, True, -1), _ruler(x - g, y, False, -1)):
            f_lines += ls
            f_labels += lb
        f_labels.append(Label(x + 9, y - 9, f"target {n}", 6))
        bx, by = (W - x, y) if across_x else (x, H - y)
        sx, sy = (-1, 1) if across_x else (1, -1)  # front's "right" and "down" on the back
        for ls, lb in (_ruler(bx, by + sy * g, True, sy), _ruler(bx + sx * g, by, False, sx)):
            b_lines += ls
            b_labels += lb
        b_labels.append(Label(bx - sx * 9, by + sy * 9, f"target {n}", 6))
    flip_de = "langen" if f is Flip.LONG else "kurzen"
    for i, line in enumerate(FRONT_TEXT):
        f_labels.append(Label(W / 2, 15 + 4 * i, line.format(flip=f.value, flip_de=flip_de), 6.5))
    for i, line in enumerate(BACK_TEXT):
        b_labels.append(Label(W / 2, 15 + 4 * i, line, 6.5))
    f_marks, b_marks = fiducials(p, f, landscape)
    return (
        CalibrationSide(W, H, tuple(f_lines), tuple(f_labels), f_marks),
        CalibrationSide(W, H, tuple(b_lines), tuple(b_labels), b_marks),
    )


def _draw(c: Canvas, side: CalibrationSide, font: str) -> None:
    H = side.height
    c.setStrokeColor(Color(0, 0, 0))
    c.setFillColor(Color(0, 0, 0))
    c.setLineWidth(mm_to_pt(MARK_STROKE))
    c.lines([(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1)) for m in side.lines])
    for marker in side.markers:
        cell = marker.size / 6
        left, top = marker.x - marker.size / 2, marker.y - marker.size / 2
        for col, row in marker.cells():
            c.rect(mm_to_pt(left + col * cell), mm_to_pt(H - top - (row + 1) * cell), mm_to_pt(cell),
                   mm_to_pt(cell), stroke=0, fill=1)
    for lab in side.labels:
        c.setFont(font, lab.size)
        if lab.upright:
            c.drawCentredString(mm_to_pt(lab.x), mm_to_pt(H - lab.y), lab.text)
        else:
            c.saveState()
            c.translate(mm_to_pt(lab.x), mm_to_pt(H - lab.y))
            c.rotate(90)
            c.drawCentredString(0, 0, lab.text)
            c.restoreState()


def calibration_pdf(path: str | os.PathLike[str], paper: Paper | str = "a4", flip: Flip | str = "long",
                    landscape: bool = False) -> Path:
    """Write the two-page calibration PDF (front, back) to `path` atomically, portrait or
    `landscape`; return the path."""
    from cardgen.print.pdf import ensure_font  # the writer owns font registration

    font = ensure_font()
    sides: Sequence[CalibrationSide] = calibration_sides(paper, flip, landscape)
    target = Path(path)
    with atomic_path(target) as tmp:
        size = (mm_to_pt(sides[0].width), mm_to_pt(sides[0].height))
        c = Canvas(str(tmp), pagesize=size, invariant=0, pageCompression=1, initialFontName=font)
        c.setTitle("cardgen duplex calibration")
        c.setCreator("cardgen")
        for side in sides:
            box = (0.0, 0.0, size[0], size[1])
            c.setTrimBox(box)
            c.setBleedBox(box)
            _draw(c, side, font)
            c.showPage()
        c.save()
    return target
