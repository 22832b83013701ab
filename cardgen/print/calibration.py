"""The duplex calibration sheet: measures how far a printer shifts the back of a sheet.

The front carries crosshairs with mm rulers at known positions. The back carries mm rulers
exactly behind each crosshair (for the chosen flip edge), each tick labelled with the value to
pass: holding the printed sheet to the light, the user reads, on the back, the numbers where
the front's cross shows through and passes them as `--back-offset X,Y`. X is positive to the
right and Y positive downwards, both as seen looking at the back page, the same convention as
`LayoutOptions.back_offset`.
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
from cardgen.print.paper import Paper, paper as paper_named
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


@dataclass(frozen=True, slots=True)
class CalibrationSide:
    """One page of the calibration sheet as data: line segments and labels, in mm."""

    width: float
    height: float
    lines: tuple[Mark, ...]
    labels: tuple[Label, ...]


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
    return (
        CalibrationSide(W, H, tuple(f_lines), tuple(f_labels)),
        CalibrationSide(W, H, tuple(b_lines), tuple(b_labels)),
    )


def _draw(c: Canvas, side: CalibrationSide, font: str) -> None:
    H = side.height
    c.setStrokeColor(Color(0, 0, 0))
    c.setFillColor(Color(0, 0, 0))
    c.setLineWidth(mm_to_pt(MARK_STROKE))
    c.lines([(mm_to_pt(m.x0), mm_to_pt(H - m.y0), mm_to_pt(m.x1), mm_to_pt(H - m.y1)) for m in side.lines])
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
