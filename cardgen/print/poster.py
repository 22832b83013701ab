"""A large face split over several sheets ("poster"), and free-form sheets to write it with.

Geometry (pure data, mm; board coordinates have their origin at the face's trim corner, page
coordinates at the sheet's top-left corner):

- The face's trim plus its bleed is cut into a grid of views, one per page. Neighbouring views
  share an overlap strip `overlap` mm wide, printed on both pages.
- Pages are glued in reading order: the later page (right of or below its neighbour) goes on
  top. The page on top is cut along a cut line `cut` mm inside the strip (the art before it is
  its bleed), the page underneath carries the glue strip from that line to the strip's end.
  So the first `cut` mm of every strip are the same drawing on both pages.
- Registration crosses sit on the glue strip of the page underneath, in its middle, at board
  positions along the seam (`Poster.crossings`: where lines of the art cross it, e.g. the
  grooves of a game board): the page on top is laid on with its cut edge at the strip's edge and
  the lines that end there pointing at the crosses, and then hides them, so none is left on the
  finished board.

`tile_sheet` turns one tile into a free-form `Sheet` (cardgen.print.sheets) with its glue
strip, cut line, registration crosses, label and page map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import LayoutError
from cardgen.print.geometry import Box, Mark, Placement, Side, segment
from cardgen.print.labels import mark_box, place_line, rows_between
from cardgen.print.marks import clip_all
from cardgen.print.paper import Paper, _fmt
from cardgen.print.sheets import REGISTRATION_HALO, Rect, Sheet, Text, registration_cross

Point = tuple[float, float]
REG_CLEAR = 10.0
"""How far a registration cross keeps from the ends of its seam, mm (off the page corners)."""


@dataclass(frozen=True, slots=True)
class PosterOptions:
    """How a poster is cut up: paper, margins, the overlap strip and where the top page is cut.

    `band` is kept free at the bottom of every page for the page label and the page map.
    """

    paper: Paper
    margin: float = 8.0
    overlap: float = 12.0
    cut: float = 5.0
    band: float = 17.0
    marks: float = 5.0  # length of the outer trim ticks


@dataclass(frozen=True, slots=True)
class Tile:
    """One page of a poster. `view` is the board region it shows (board mm); `origin` is where
    the board's trim corner lands on the page, so page = board + origin."""

    row: int
    column: int
    label: str
    width: float
    height: float
    view: Box
    origin: Point
    trim: Box
    cuts: tuple[Mark, ...]
    glue: tuple[Box, ...]
    registration: tuple[Point, ...]
    ticks: tuple[Mark, ...]

    def to_page(self, p: Point) -> Point:
        """A board point in page coordinates."""
        return (p[0] + self.origin[0], p[1] + self.origin[1])

    def view_on_page(self) -> Box:
        """The view box in page coordinates."""
        return self.view.shifted(*self.origin)


@dataclass(frozen=True, slots=True)
class Poster:
    """A whole poster: its tiles in reading order and what they were made from."""

    tiles: tuple[Tile, ...]
    rows: int
    columns: int
    board: Box
    bleed: float
    landscape: bool
    options: PosterOptions


def row_label(row: int) -> str:
    """"A", "B", ... for rows 0, 1, ... (pages are labelled row letter + column number)."""
    return chr(ord("A") + row)


def _spans(length: float, bleed: float, avail: float, o: float, c: float,
           snaps: Sequence[float] = ()) -> list[tuple[float, float]]:
    """The views along one axis. Cut lines go to the `snaps` nearest an even split where the
    pages still fit; otherwise the split is even."""
    total = length + 2 * bleed
    n = 1 if total <= avail else math.ceil((total - o) / (avail - o) - 1e-9)
    w = (total + (n - 1) * o) / n
    even = [-bleed + (k + 1) * (w - o) + c for k in range(n - 1)]
    cuts: list[float] = []
    for k, ideal in enumerate(even):
        prev = cuts[-1] if cuts else -bleed - o + c  # a virtual cut before the first page
        left = n - 1 - k  # seams still to place after this one
        ok = [x for x in snaps if x - prev + o <= avail + 1e-9 and length + bleed - x + c <= (left + 1) * (avail - o) + o - 1e-9
              and x > prev + o]
        cuts.append(min(ok, key=lambda x: abs(x - ideal)) if ok else ideal)
    starts = [-bleed] + [x - c for x in cuts]
    ends = [x - c + o for x in cuts] + [length + bleed]
    if any(e - s > avail + 1e-9 for s, e in zip(starts, ends)):
        starts = [-bleed] + [x - c for x in even]
        ends = [x - c + o for x in even] + [length + bleed]
    return list(zip(starts, ends))


def plan_poster(width: float, height: float, bleed: float, options: PosterOptions,
                snap_x: Sequence[float] = (), snap_y: Sequence[float] = ()) -> Poster:
    """Split a `width` x `height` mm face (plus `bleed` of art) into pages (pure geometry).
    The registration crosses along a seam sit at the snaps of the other axis nearest to evenly
    spaced points (the lines that cross the seam), or evenly spaced without snaps.

    Picks the orientation with fewer pages (portrait on a tie); LayoutError if the paper is too
    small for the overlap. `snap_x` and `snap_y` are preferred places for the cut lines (board
    mm), e.g. the middle of a groove, so the seam hides in it.
    """
    o = options
    if not 0 < o.cut < o.overlap:
        raise LayoutError("overlap", f"the cut line ({_fmt(o.cut)} mm) must lie inside the {_fmt(o.overlap)} mm strip")
    best: tuple[int, bool, list[tuple[float, float]], list[tuple[float, float]]] | None = None
    for landscape in (False, True):
        pw, ph = o.paper.oriented(landscape)
        aw, ah = pw - 2 * o.margin, ph - 2 * o.margin - o.band
        if min(aw, ah) <= 2 * o.overlap:
            continue
        xs = _spans(width, bleed, aw, o.overlap, o.cut, snap_x)
        ys = _spans(height, bleed, ah, o.overlap, o.cut, snap_y)
        if best is None or len(xs) * len(ys) < best[0]:
            best = (len(xs) * len(ys), landscape, xs, ys)
    if best is None:
        raise LayoutError("paper", f"{o.paper} is too small for a poster with {_fmt(o.margin)} mm margins")
    _, landscape, xs, ys = best
    pw, ph = o.paper.oriented(landscape)
    aw, ah = pw - 2 * o.margin, ph - 2 * o.margin - o.band
    board = Box(0, 0, width, height)
    tiles = []
    for r, (y0, y1) in enumerate(ys):
        for c, (x0, x1) in enumerate(xs):
            view = Box(x0, y0, x1 - x0, y1 - y0)
            ox = o.margin + (aw - view.width) / 2 - x0
            oy = o.margin + (ah - view.height) / 2 - y0
            tiles.append(_tile(r, c, view, (ox, oy), pw, ph, board, xs, ys, o, snap_x, snap_y))
    return Poster(tuple(tiles), len(ys), len(xs), board, bleed, landscape, o)


def _tile(r: int, c: int, view: Box, origin: Point, pw: float, ph: float, board: Box,
          xs: list[tuple[float, float]], ys: list[tuple[float, float]], o: PosterOptions,
          snap_x: Sequence[float] = (), snap_y: Sequence[float] = ()) -> Tile:
    ox, oy = origin
    left = view.x + o.cut if c > 0 else max(view.x, board.x)
    top = view.y + o.cut if r > 0 else max(view.y, board.y)
    right = view.right if c < len(xs) - 1 else min(view.right, board.right)
    bottom = view.bottom if r < len(ys) - 1 else min(view.bottom, board.bottom)
    trim = Box(left + ox, top + oy, right - left, bottom - top)
    vp = view.shifted(ox, oy)
    cuts, glue, reg = [], [], []
    if c > 0:  # this page goes on top of its left neighbour: cut at `left`
        cuts.append(segment(left + ox, vp.y, left + ox, vp.bottom))
    if r > 0:
        cuts.append(segment(vp.x, top + oy, vp.right, top + oy))
    middle = (o.overlap - o.cut) / 2  # the crosses: in the middle of the glue strip, under the page on top
    if c < len(xs) - 1:  # the right neighbour lies on this page's glue strip
        gx = xs[c + 1][0] + o.cut
        glue.append(Box(gx + ox, vp.y, vp.right - gx - ox, vp.height))
        span = (max(view.y, board.y), min(view.bottom, board.bottom))
        reg += [(gx + middle, y) for y in _crossings(*span, snap_y)]
    if r < len(ys) - 1:
        gy = ys[r + 1][0] + o.cut
        glue.append(Box(vp.x, gy + oy, vp.width, vp.bottom - gy - oy))
        span = (max(view.x, board.x), min(view.right, board.right))
        reg += [(x, gy + middle) for x in _crossings(*span, snap_x)]
    ticks = _ticks(board.shifted(ox, oy), vp, o.marks, Box(3, 3, pw - 6, ph - 6))
    return Tile(r, c, f"{row_label(r)}{c + 1}", pw, ph, view, origin, trim, tuple(cuts), tuple(glue),
                tuple(dict.fromkeys(reg)), ticks)


def _along(lo: float, hi: float, spacing: float = 70.0) -> list[float]:
    """Cross positions along a seam from lo to hi: evenly, one per `spacing` mm, off the ends."""
    n = max(2, round((hi - lo) / spacing))
    return [lo + (hi - lo) * (k + 0.5) / n for k in range(n)]


def _crossings(lo: float, hi: float, lines: Sequence[float]) -> list[float]:
    """Cross positions along a seam from lo to hi: at the `lines` crossing it nearest to evenly
    spaced points (`_along`; those points themselves without lines), each line once."""
    inside = [v for v in lines if lo + REG_CLEAR <= v <= hi - REG_CLEAR]
    if not inside:
        return _along(lo, hi)
    return sorted({min(inside, key=lambda v: abs(v - p)) for p in _along(lo, hi)})


def _ticks(trim: Box, view: Box, length: float, keep_in: Box) -> tuple[Mark, ...]:
    """Short marks continuing the board's outer trim lines beyond the art, where they leave it."""
    raw = []
    for x in (trim.x, trim.right):
        if view.x < x < view.right:
            raw += [segment(x, view.y - length, x, view.y), segment(x, view.bottom, x, view.bottom + length)]
    for y in (trim.y, trim.bottom):
        if view.y < y < view.bottom:
            raw += [segment(view.x - length, y, view.x, y), segment(view.right, y, view.right + length, y)]
    return clip_all(raw, [], keep_in, [view])


def _page_map(poster: Poster, tile: Tile, area: Box) -> tuple[list[Rect], list[Text]]:
    """Small boxes, one per page in board order, this one filled: which page goes where."""
    cell = min(area.height / poster.rows, 7.0)
    cw = cell * 1.25
    x0, y0 = area.right - cw * poster.columns, area.y + (area.height - cell * poster.rows) / 2
    rects, texts = [], []
    for t in poster.tiles:
        box = Box(x0 + t.column * cw, y0 + t.row * cell, cw, cell)
        rects.append(Rect(box, 0.75 if t is tile else None, 0.2))
        texts.append(Text(box.x + cw / 2, box.bottom - cell * 0.3, t.label, min(6.0, cell * 1.6), centred=True))
    texts.append(Text(x0 - 2, y0 + 2.2, "page map", 5.5, grey=0.3, right=True))
    texts.append(Text(x0 - 2, y0 + 4.6, "Seitenplan", 5.5, grey=0.3, right=True))
    return rects, texts


GLUE_WORDS_SIZE = 5.5  # pt


def _glue_words(strip: Box, words: str, marks: Sequence[Mark], vertical: bool) -> list[Text]:
    """`words` twice along a glue strip, about a quarter of its length from each end (reading up
    a vertical strip), each moved along the strip off the registration crosses and cut lines."""
    from cardgen.print.pdf import label_font  # the font's measures: loaded when a board is laid out

    def turn(b: Box) -> Box:  # a vertical strip's geometry with x and y swapped: the text runs along x
        return Box(b.y, b.x, b.height, b.width) if vertical else b

    font = label_font(GLUE_WORDS_SIZE)
    area = turn(strip)
    blocked = [turn(mark_box(m, REGISTRATION_HALO)) for m in marks]
    out = []
    baseline = area.y + area.height / 2 + 0.8
    for k in (-1, 1):
        placed = place_line(words, font, area, rows_between(area.y, area.bottom, baseline), blocked,
                            area.x + area.width / 2 + k * area.width / 4)
        if placed is None:
            continue  # a strip too short for the words between its crosses
        for line in placed:
            blocked.append(line.box)
            along = line.x + line.box.width / 2
            out.append(Text(line.y, along, line.text, GLUE_WORDS_SIZE, 90, centred=True, grey=0.2) if vertical
                       else Text(along, line.y, line.text, GLUE_WORDS_SIZE, centred=True, grey=0.2))
    return out


def tile_sheet(poster: Poster, tile: Tile, face_key: str, title: str) -> Sheet:
    """The page of `tile`: the face clipped to its view, glue strips, cut lines, registration
    crosses, the trim ticks, and in the bottom band its label, how to assemble it and the page map."""
    o = poster.options
    vp = tile.view_on_page()
    ox, oy = tile.origin
    board = poster.board.shifted(ox, oy)
    marks = list(tile.ticks)
    for p in tile.registration:
        marks += registration_cross(*tile.to_page(p))
    band = Box(o.margin, tile.height - o.margin - o.band, tile.width - 2 * o.margin, o.band)
    texts = [Text(band.x, band.y + 6.5, tile.label, 18),
             Text(band.x + 16, band.y + 3, f"{title} · page {tile.label}: row {tile.row + 1}, column "
                  f"{tile.column + 1} of {poster.rows} x {poster.columns}", 6.5),
             Text(band.x + 16, band.y + 6.2, "Cut each page along the solid line at its top and left "
                  "edge, lay it on the grey glue strip of the page before it,", 6),
             Text(band.x + 16, band.y + 8.8, "its edge on the strip's edge, the lines ending there pointing "
                  "at the crosses (it covers them); glue. Rows first, then rows top to bottom.", 6),
             Text(band.x + 16, band.y + 11.4, "Print single-sided at 100 % (actual size). Schneiden, auf "
                  "den grauen Klebestreifen legen, Linien zeigen auf die Kreuze.", 6)]
    for g in tile.glue:
        vertical = g.height > g.width
        below = f"{row_label(tile.row)}{tile.column + 2}" if vertical else f"{row_label(tile.row + 1)}{tile.column + 1}"
        texts += _glue_words(g, f"glue here, {below} on top · hier kleben", marks + list(tile.cuts), vertical)
    for m in tile.cuts:
        if m.horizontal:
            texts.append(Text(m.x0 - 1.2, m.y0 + 1, "cut ✂ schneiden", 5, 90, right=True))
        else:
            texts.append(Text(m.x0 + 1, m.y0 - 1.2, "cut ✂ schneiden", 5))
    rects, map_texts = _page_map(poster, tile, Box(band.x, band.y + 1, band.width, band.height - 2))
    bleed_box = Box(max(vp.x, 0), max(vp.y, 0), 0, 0)
    bleed_box = Box(bleed_box.x, bleed_box.y, min(vp.right, tile.width) - bleed_box.x,
                    min(vp.bottom, tile.height) - bleed_box.y)
    placement = Placement(face_key, board, poster.bleed, Side.FRONT)
    return Sheet(tile.width, tile.height, (placement,), tile.trim, bleed_box, clip=vp,
                 rects=tuple(rects), glue=tile.glue, marks=tuple(marks), texts=tuple(texts + map_texts),
                 cut_lines=tile.cuts)
