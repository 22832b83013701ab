"""Layouts: turn items and options into pages of placements and marks (pure data).

Layouts:
- single: fronts only, each item repeated `count` times in order.
- duplex: every front page is followed by its back page; each back lies exactly behind its
  front when the printer flips the sheet on the long or the short edge (`flip`), shifted by
  `back_offset` to correct a printer's misregistration.
- gutterfold: fronts and backs on one page either side of a dashed fold line, the backs mirrored
  in position about it, so that folding the sheet puts every back behind its front.
- glue: single-sided front sheets and back sheets; each back sheet is mirrored in position as for
  a long-edge flip, so after turning it over and gluing it to its front sheet every back lies
  behind its front. Registration crosses on both sheets line them up.

A back face is drawn as it is seen when its piece is turned over sideways (a tile's mirror-image
back is its front mirrored left to right). Where the sheet turns over top to bottom instead (a fold
across the sheet, a short-edge flip of a portrait sheet, a long-edge flip of a landscape one), every
back is also turned upside down in its place (`Placement.turned`), so it lies exactly behind its
front, the right way up.

Items without a back get a blank in duplex, gutterfold and glue; if no item at all has a back,
those layouts raise LayoutError (a single-sided layout is what the user wants then).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from cardgen.errors import LayoutError
from cardgen.print.faces import Face, Item
from cardgen.print.geometry import Box, Mark, Placement, Registration, Side, union
from cardgen.print.marks import MarkStyle, cut_marks, fold_mark, registration_marks
from cardgen.print.paper import PAPERS, Paper, _fmt

Progress = Callable[[int, int], None]

#: Smallest margin any printer can be trusted with, mm.
MIN_MARGIN = 5.0
MARK_EDGE = 6.5
"""The nearest a mark comes to the paper edge, mm, where the sheet leaves room: the unprintable
quarter inch (6.35 mm) many printers keep. Where the faces lie nearer the edge (a layout in the
5 mm printable margin), the marks end at the faces' bleed there instead."""
#: Smallest gap between the front and back trims across a gutterfold's fold line, mm.
MIN_FOLD_GAP = 2.0


class Layout(Enum):
    """How fronts and backs are arranged on sheets (docs/printing.md, `--layout`)."""

    SINGLE = "single"
    DUPLEX = "duplex"
    GUTTERFOLD = "gutterfold"
    GLUE = "glue"


class Flip(Enum):
    """The sheet edge a duplex printer turns the paper over (docs/printing.md, `--flip`)."""

    LONG = "long"
    SHORT = "short"


@dataclass(frozen=True, slots=True)
class LayoutOptions:
    """Everything a layout needs besides the items; lengths in mm.

    `bleed` None takes the faces' own bleed; a smaller value crops their art. `gutter` None means
    2 x bleed (neighbouring bleeds meet); it may not be below the bleed, which would put a
    neighbour's art on a face. `footer` is the band kept free of faces at the top and the bottom
    (inside the margins), so the grid stays centred on the sheet and duplex backs never cover
    the footer line; the marks are not shortened for it: the line goes where they leave room
    (`cardgen.print.labels.footer_lines`). `back_offset` (dx, dy) moves
    every duplex back and its marks by dx to the right and dy down, seen on the back page.
    `printable`: the margin of the printable area (None: `margin` only). A layout takes the
    sheets, portrait or landscape, within `margin` or within `printable`, that print its faces
    on the fewest sheets; on a tie it keeps `margin`, then portrait.
    """

    paper: Paper = PAPERS["a4"]
    layout: Layout = Layout.SINGLE
    margin: float = 10.0
    gutter: float | None = None
    bleed: float | None = None
    marks: MarkStyle = MarkStyle.CORNERS
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    footer: float = 4.0
    printable: float | None = MIN_MARGIN


@dataclass(frozen=True, slots=True)
class Page:
    """One side of one sheet: its size, the faces on it and the marks on top of them."""

    number: int
    width: float
    height: float
    side: str  # "front", "back" or "both" (gutterfold)
    placements: tuple[Placement, ...]
    marks: tuple[Mark, ...]
    slots: tuple[Box, ...]
    bleed: float
    content: Box
    footer: Box | None
    registration: Registration | None = None
    """A cutting machine's registration marks (`cardgen.print.cutter`); None on other sheets."""
    scores: tuple[Mark, ...] = ()
    """Fold lines a cutting machine scores (cut files only: the art shows its own fold lines)."""

    @property
    def trim_box(self) -> Box:
        """The union of the trim boxes of every position cut on this page (blank backs too)."""
        return union(self.slots)

    @property
    def bleed_box(self) -> Box:
        """The trim box grown by the bleed and cut back to the sheet."""
        b = self.trim_box.grown(self.bleed)
        x0, y0 = max(b.x, 0.0), max(b.y, 0.0)
        x1, y1 = min(b.right, self.width), min(b.bottom, self.height)
        return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True, slots=True)
class Imposition:
    """A whole layout: its pages plus what the writers and the manifest need to know."""

    pages: tuple[Page, ...]
    options: LayoutOptions
    landscape: bool
    columns: int
    rows: int
    bleed: float
    gutter: float
    fold: str | None  # gutterfold: "across" (fold line horizontal) or "down"; else None
    faces: tuple[Face, ...] = field(repr=False)
    margin: float = 10.0
    """The margin the sheets were laid out with: `LayoutOptions.margin`, or the printable area's
    where that takes fewer sheets."""

    @property
    def per_page(self) -> int:
        """How many fronts one sheet holds (gutterfold: columns x rows counts backs too)."""
        return self.columns * self.rows // (2 if self.fold else 1)


def fit_count(avail: float, size: float, gutter: float, outer: float) -> int:
    """How many faces of `size` fit in `avail` with `gutter` between and `outer` added once."""
    room = avail - outer + gutter + 1e-9
    return max(0, int(room // (size + gutter))) if room >= size + gutter else 0


@dataclass(frozen=True, slots=True)
class _Plan:
    landscape: bool
    columns: int
    rows: int
    fold: str | None  # None, "h" (fold line across) or "v" (fold line down)

    @property
    def fronts(self) -> int:
        return self.columns * self.rows // (2 if self.fold else 1)


def _plans(o: LayoutOptions, m: float, w: float, h: float, b: float, g: float, fold_gap: float) -> list[_Plan]:
    """Every way to lay the faces out with margins `m`: portrait and landscape (and for a
    gutterfold, the fold across or down)."""
    out = []
    for landscape in (False, True):
        pw, ph = o.paper.oriented(landscape)
        aw = pw - 2 * m
        ah = ph - 2 * m - 2 * o.footer
        if o.layout is not Layout.GUTTERFOLD:
            out.append(_Plan(landscape, fit_count(aw, w, g, 2 * b), fit_count(ah, h, g, 2 * b), None))
            continue
        half_h = ph / 2 - fold_gap / 2 - m - o.footer
        half_w = pw / 2 - fold_gap / 2 - m
        out.append(_Plan(landscape, fit_count(aw, w, g, 2 * b), 2 * fit_count(half_h, h, g, b), "h"))
        out.append(_Plan(landscape, 2 * fit_count(half_w, w, g, b), fit_count(ah, h, g, 2 * b), "v"))
    return out


def faces_of(items: Sequence[Item], layout: Layout) -> tuple[Face, ...]:
    faces: dict[str, Face] = {}
    for item in items:
        for face in (item.front, item.back):
            if face is None:
                continue
            seen = faces.setdefault(face.key, face)
            if seen != face:
                raise LayoutError(f"face {face.key!r}", "two different faces share this key")
    first = next(iter(faces.values()))
    for face in faces.values():
        if (face.width, face.height) != (first.width, first.height):
            raise LayoutError(
                f"face {face.key!r}",
                f"is {_fmt(face.width)} x {_fmt(face.height)} mm but {first.key!r} is "
                f"{_fmt(first.width)} x {_fmt(first.height)} mm; one layout takes faces of one size",
            )
    if layout is not Layout.SINGLE and all(i.back is None for i in items):
        raise LayoutError(
            "layout", f"layout {layout.value!r} needs items with backs; none has one, use 'single'"
        )
    return tuple(faces.values())


def mirror(box: Box, width: float, height: float, across_x: bool) -> Box:
    """`box` mirrored on a width x height sheet: left-right if `across_x`, else top-bottom."""
    if across_x:
        return Box(width - box.right, box.y, box.width, box.height)
    return Box(box.x, height - box.bottom, box.width, box.height)


def flips_across_x(width: float, height: float, flip: Flip) -> bool:
    """True when turning the sheet over `flip` mirrors positions left-right.

    The long edge of a portrait sheet is vertical, so a long-edge flip mirrors x; on a
    landscape sheet the long edge is horizontal and a long-edge flip mirrors y.
    """
    portrait = width <= height
    return portrait == (flip is Flip.LONG)


def impose(
    items: Sequence[Item], options: LayoutOptions = LayoutOptions(), progress: Progress | None = None
) -> Imposition:
    """Lay `items` out on sheets as `options` say; LayoutError for an impossible layout."""
    o = options
    items = [i for i in items if i.count > 0]
    if not items:
        raise LayoutError("layout", "nothing to print: no item has a count above 0")
    for margin in (o.margin, o.printable):
        if margin is not None and margin < MIN_MARGIN:
            raise LayoutError("margin", f"{_fmt(margin)} mm is below the {_fmt(MIN_MARGIN)} mm minimum")
    if o.footer < 0:
        raise LayoutError("footer", f"{_fmt(o.footer)} mm is negative")
    faces = faces_of(items, o.layout)
    w, h = faces[0].width, faces[0].height
    face_bleed = min(f.bleed for f in faces)
    b = face_bleed if o.bleed is None else o.bleed
    if b < 0 or b > face_bleed:
        raise LayoutError("bleed", f"{_fmt(b)} mm must be between 0 and the art's {_fmt(face_bleed)} mm")
    g = 2 * b if o.gutter is None else o.gutter
    if g < b:
        raise LayoutError(
            "gutter", f"{_fmt(g)} mm is below the {_fmt(b)} mm bleed: a neighbour's bleed would cover a face"
        )
    fold_gap = max(g, 2 * b, MIN_FOLD_GAP)
    margins = [o.margin] + ([o.printable] if o.printable is not None and o.printable < o.margin else [])
    plans = [(m, plan) for m in margins for plan in _plans(o, m, w, h, b, g, fold_gap)]
    total = sum(i.count for i in items)

    def sheets(mp: tuple[float, _Plan]) -> float:
        return math.ceil(total / mp[1].fronts) if mp[1].fronts else math.inf

    # The fewest sheets; min keeps the first on ties: the wider margin, then portrait (a sheet is
    # not turned, nor its margins narrowed, for room its faces do not need).
    m, best = min(plans, key=sheets)
    if best.fronts == 0:
        extra = f" for {o.layout.value} (fronts and backs side by side)" if best.fold else ""
        raise LayoutError(
            "layout",
            f"a {_fmt(w)} x {_fmt(h)} mm card ({_fmt(w + 2 * b)} x {_fmt(h + 2 * b)} mm with bleed) "
            f"does not fit on {o.paper} with {_fmt(margins[-1])} mm margins{extra}",
        )
    pw, ph = o.paper.oriented(best.landscape)
    content = Box(m, m, pw - 2 * m, ph - 2 * m)
    e = max(m, MARK_EDGE)
    marked = Box(e, e, pw - 2 * e, ph - 2 * e)  # where marks may go
    # the crosses at the ends of the cut lines sit beyond the art's bleed: they may use the
    # margin up to MARK_EDGE, so that they are whole where the faces lie near the margin
    crossed = Box(MARK_EDGE, MARK_EDGE, pw - 2 * MARK_EDGE, ph - 2 * MARK_EDGE)
    bands = [
        Box(m, m, content.width, o.footer),
        Box(m, ph - m - o.footer, content.width, o.footer),
    ]
    footer = bands[1] if o.footer > 0 else None
    # Lines run across the sheet up to the footer band; every other mark is whole and the
    # footer line moves off it.
    avoid = bands[1:] if o.footer > 0 and o.marks is MarkStyle.LINES else []
    slots = _slots(best, pw, ph, w, h, g, fold_gap)
    fronts = [i for i in items for _ in range(i.count)]
    chunks = [fronts[k : k + best.fronts] for k in range(0, len(fronts), best.fronts)]
    pages: list[Page] = []

    # Most sheets have the same slots filled, so the same cut marks: clipped once per set of slots.
    cut: dict[tuple[Box, ...], tuple[Mark, ...]] = {}

    def page(side: str, placed: list[Placement], trims: list[Box], extra: tuple[Mark, ...] = ()) -> Page:
        key = tuple(trims)
        if key not in cut:
            cut[key] = cut_marks(trims, o.marks, crossed if o.marks is MarkStyle.CROSSES else marked, avoid)
        marks = cut[key] + extra
        return Page(len(pages) + 1, pw, ph, side, tuple(placed), marks, tuple(trims), b, content, footer)

    for n, chunk in enumerate(chunks):
        front_slots = slots[: len(chunk)]
        placed = [Placement(i.front.key, s, b, Side.FRONT) for i, s in zip(chunk, front_slots)]
        if o.layout is Layout.SINGLE:
            pages.append(page("front", placed, front_slots))
        elif o.layout is Layout.GUTTERFOLD:
            across_x = best.fold == "v"
            back_slots = [mirror(s, pw, ph, across_x) for s in front_slots]
            backs = [
                Placement(i.back.key, s, b, Side.BACK, turned=not across_x)
                for i, s in zip(chunk, back_slots)
                if i.back is not None
            ]
            fold = fold_mark(not across_x, (pw if across_x else ph) / 2, marked, front_slots + back_slots)
            pages.append(page("both", placed + backs, front_slots + back_slots, fold))
        else:
            duplex = o.layout is Layout.DUPLEX
            across_x = flips_across_x(pw, ph, o.flip if duplex else Flip.LONG)
            dx, dy = o.back_offset if duplex else (0.0, 0.0)
            back_slots = [mirror(s, pw, ph, across_x).shifted(dx, dy) for s in front_slots]
            sheet = Box(0, 0, pw, ph)
            if not all(sheet.contains(s.grown(b)) for s in back_slots):
                raise LayoutError(
                    "back offset", f"({_fmt(dx)}, {_fmt(dy)}) mm pushes backs off the {o.paper} sheet"
                )
            backs = [
                Placement(i.back.key, s, b, Side.BACK, turned=not across_x)
                for i, s in zip(chunk, back_slots)
                if i.back is not None
            ]
            reg_f: tuple[Mark, ...] = ()
            reg_b: tuple[Mark, ...] = ()
            if not duplex:
                reg_f = registration_marks(front_slots, b, marked, bands if o.footer > 0 else [])
                reg_b = tuple(_mirror_mark(m, pw, ph, across_x) for m in reg_f)
            pages.append(page("front", placed, front_slots, reg_f))
            pages.append(page("back", backs, back_slots, reg_b))
        if progress is not None:
            progress(n + 1, len(chunks))
    fold_kind = {"h": "across", "v": "down", None: None}[best.fold]
    return Imposition(tuple(pages), o, best.landscape, best.columns, best.rows, b, g, fold_kind, faces, m)


def _mirror_mark(m: Mark, width: float, height: float, across_x: bool) -> Mark:
    if across_x:
        return Mark(width - m.x1, m.y0, width - m.x0, m.y1, m.kind)
    return Mark(m.x0, height - m.y1, m.x1, height - m.y0, m.kind)


def _slots(p: _Plan, pw: float, ph: float, w: float, h: float, g: float, fold_gap: float) -> list[Box]:
    """The front trim boxes of a sheet in reading order (rows top to bottom, left to right)."""
    if p.fold == "h":
        rows = p.rows // 2
        ys = [ph / 2 - fold_gap / 2 - (rows - r) * h - (rows - r - 1) * g for r in range(rows)]
        cols = p.columns
        x0 = (pw - (cols * w + (cols - 1) * g)) / 2
        xs = [x0 + c * (w + g) for c in range(cols)]
    elif p.fold == "v":
        cols = p.columns // 2
        xs = [pw / 2 - fold_gap / 2 - (cols - c) * w - (cols - c - 1) * g for c in range(cols)]
        y0 = (ph - (p.rows * h + (p.rows - 1) * g)) / 2
        ys = [y0 + r * (h + g) for r in range(p.rows)]
    else:
        x0 = (pw - (p.columns * w + (p.columns - 1) * g)) / 2
        y0 = (ph - (p.rows * h + (p.rows - 1) * g)) / 2
        xs = [x0 + c * (w + g) for c in range(p.columns)]
        ys = [y0 + r * (h + g) for r in range(p.rows)]
    return [Box(x, y, w, h) for y in ys for x in xs]
