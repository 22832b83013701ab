"""Where a line of text goes on a sheet: along the margin, around the marks and off the art.

The marks of a sheet are never shortened for a label; the label moves instead. `place_line`
looks for a baseline in the rows it is given (nearest the preferred one first) where the whole
line fits between the marks, centred as near as it can be; where no row has room for the whole
line, it flows the line's parts (split at " · ", or at the spaces if those parts are too long)
along one row from gap to gap, in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.print.geometry import MARK_STROKE, Box, Mark
from cardgen.print.impose import MARK_EDGE, Page

#: The gap a label keeps from every mark and from the art, mm.
LABEL_CLEARANCE = 0.6
#: The step between the baselines and the positions a label is tried at, mm.
STEP = 0.25
#: What separates the parts of a line that may be set in different gaps.
SEPARATOR = " · "
#: How far above the bottom margin a footer's baseline sits where nothing is in its way, mm.
FOOTER_RAISE = 1.2


@dataclass(frozen=True, slots=True)
class Font:
    """A font at one size as a label needs it: the width of a text and the ascent and descent
    (mm, both positive) of its letters."""

    measure: Callable[[str], float]
    ascent: float
    descent: float


@dataclass(frozen=True, slots=True)
class Label:
    """A text set with its baseline's left end at (x, y), mm, and the box its letters take."""

    x: float
    y: float
    text: str
    box: Box


def mark_box(mark: Mark, stroke: float = MARK_STROKE) -> Box:
    """The area a mark's stroke covers."""
    half = stroke / 2
    return Box(mark.x0 - half, mark.y0 - half, mark.x1 - mark.x0 + stroke, mark.y1 - mark.y0 + stroke)


def _free(area: Box, top: float, bottom: float, blocked: Sequence[Box]) -> list[tuple[float, float]]:
    """The x spans of `area` that no box of `blocked` covers between `top` and `bottom`."""
    spans = [(area.x, area.right)]
    for b in blocked:
        if b.bottom <= top or b.y >= bottom:
            continue
        lo, hi = b.x - LABEL_CLEARANCE, b.right + LABEL_CLEARANCE
        spans = [piece for a, z in spans for piece in ((a, min(z, lo)), (max(a, hi), z)) if piece[1] - piece[0] > 1e-9]
    return spans


def _label(x: float, y: float, text: str, width: float, font: Font) -> Label:
    return Label(x, y, text, Box(x, y - font.ascent, width, font.ascent + font.descent))


def _whole(text: str, font: Font, y: float, spans: list[tuple[float, float]], centre: float) -> Label | None:
    width = font.measure(text)
    best: tuple[float, float] | None = None
    for lo, hi in spans:
        if hi - lo + 1e-9 < width:
            continue
        x = min(max(centre - width / 2, lo), hi - width)
        if best is None or abs(x + width / 2 - centre) < abs(best[0] + width / 2 - centre):
            best = (x, width)
    return None if best is None else _label(best[0], y, text, best[1], font)


def _flowed(text: str, font: Font, y: float, spans: list[tuple[float, float]],
            joiner: str) -> tuple[Label, ...] | None:
    parts = text.split(joiner)
    out: list[Label] = []
    k = 0
    for lo, hi in spans:
        if k == len(parts):
            break
        line = ""
        while k < len(parts) and font.measure(line + (joiner if line else "") + parts[k]) <= hi - lo:
            line += (joiner if line else "") + parts[k]
            k += 1
        if line:
            out.append(_label(lo, y, line, font.measure(line), font))
    return tuple(out) if k == len(parts) else None


def place_line(text: str, font: Font, area: Box, rows: Sequence[float], blocked: Sequence[Box],
               centre: float) -> tuple[Label, ...] | None:
    """`text` set on one of the baselines `rows` (in order of preference) inside `area`, clear of
    every box of `blocked` by LABEL_CLEARANCE: whole, as near `centre` as it can be, on the first
    row with room for it; else in parts (split at " · ", or else at the spaces) from gap to gap
    on the first row where they all fit; None where none of that fits."""
    fitting = [y for y in rows if area.y <= y - font.ascent and y + font.descent <= area.bottom]
    # A row's gaps are worked out when it is first tried: most lines fit on one of the first
    # rows, and a page has hundreds of rows and boxes.
    free: dict[float, list[tuple[float, float]]] = {}

    def gaps(y: float) -> list[tuple[float, float]]:
        if y not in free:
            free[y] = _free(area, y - font.ascent - LABEL_CLEARANCE, y + font.descent + LABEL_CLEARANCE, blocked)
        return free[y]

    for y in fitting:
        whole = _whole(text, font, y, gaps(y), centre)
        if whole is not None:
            return (whole,)
    for joiner in (SEPARATOR, " "):
        for y in fitting:
            flowed = _flowed(text, font, y, gaps(y), joiner)
            if flowed is not None:
                return flowed
    return None


def rows_between(top: float, bottom: float, first: float) -> list[float]:
    """The baselines from `top` to `bottom` in STEP steps, the nearest to `first` first."""
    n = int((bottom - top) / STEP + 1e-9)
    return sorted((top + k * STEP for k in range(n + 1)), key=lambda y: abs(y - first))


def footer_lines(page: Page, text: str, font: Font, keep_clear: Sequence[Box] = ()) -> tuple[Label, ...]:
    """Where the footer line `text` of a grid sheet page goes: at the bottom of the page, clear of
    the art, the marks and `keep_clear` (a fold label), within the page's margins or the quarter
    inch from the paper edge if that is nearer the edge (MARK_EDGE), so below the crosses at the
    ends of the cut lines where they reach into the footer band; on the first baseline up from
    there (the nearest to the bottom margin first) that has room; in parts between the marks
    where no line has room for it whole."""
    edge = min(page.content.x, MARK_EDGE)
    area = Box(edge, edge, page.width - 2 * edge, page.height - 2 * edge)
    blocked = [mark_box(m) for m in page.marks] + [s.grown(page.bleed) for s in page.slots] + list(keep_clear)
    preferred = page.content.bottom - FOOTER_RAISE
    rows = rows_between(area.y, area.bottom, preferred)
    placed = place_line(text, font, area, rows, blocked, page.width / 2)
    if placed is None:  # no gap anywhere: where the footer always was
        width = font.measure(text)
        return (_label(page.width / 2 - width / 2, preferred, text, width, font),)
    return placed
