"""Print-then-cut sheets for home cutting machines (`--cutter`), as pure data.

A cutting machine reads printed registration marks with an optical sensor and then cuts along
the outlines of a cut file in the frame those marks define. A cutter sheet therefore carries,
on its front page, the marks the machine's software expects, at the places and sizes it
expects them, and its pieces only inside the area that software lets it cut; the cut file
(`cardgen.print.cutfile`) holds every piece's trim outline in the same frame (mm from the
sheet's top-left corner). Pieces lie `Machine.gap` apart with at most `Machine.max_bleed` of
bleed: a blade that lands a little off the line then still cuts through the piece's own art,
never into its neighbour's. Two-sided pieces get a back page behind the front page (double-sided
printing, flipped on the long edge, `--back-offset` applied as for `duplex`); the machine reads
and cuts the front.

Silhouette (Silhouette Studio's "Type 1" marks for the Cameo and Portrait), the geometry this
module draws: a filled 5 mm square at the top left and L-shaped marks with 20 mm arms at the top
right and bottom left, 0.3 mm thick, their outer corners 10 mm in from the sheet's edges (the
smallest inset Studio accepts). Studio cuts only inside those corners and keeps the 20 mm squares
next to each mark clear (the sensor must find nothing else there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import LayoutError
from cardgen.print.faces import Item
from cardgen.print.geometry import Box, MarkKind, Placement, Registration, Side, segment
from cardgen.print.impose import (
    Flip,
    Imposition,
    Layout,
    LayoutOptions,
    Page,
    faces_of,
    fit_count,
    flips_across_x,
    mirror,
)
from cardgen.print.paper import Paper, _fmt


@dataclass(frozen=True, slots=True)
class Machine:
    """A cutting machine's print-then-cut figures (mm), its software and its cut file's format."""

    name: str
    title: str
    program: str
    inset: float
    square: float
    arm: float
    stroke: float
    gap: float
    max_bleed: float
    cut_format: str

    def registration(self, width: float, height: float) -> Registration:
        """The marks on a `width` x `height` front page."""
        i, a = self.inset, self.arm
        right, bottom = width - i, height - i
        return Registration(
            (Box(i, i, self.square, self.square),),
            (((right - a, i), (right, i), (right, i + a)),
             ((i, bottom - a), (i, bottom), (i + a, bottom))),
            self.stroke)

    def area(self, width: float, height: float) -> Box:
        """Where the machine cuts: inside the marks' outer corners."""
        return Box(self.inset, self.inset, width - 2 * self.inset, height - 2 * self.inset)

    def keep_clear(self, width: float, height: float) -> tuple[Box, ...]:
        """The squares next to the marks where no piece may lie."""
        i, a = self.inset, self.arm
        return (Box(i, i, a, a), Box(width - i - a, i, a, a), Box(i, height - i - a, a, a))


SILHOUETTE = Machine("silhouette", "Silhouette Cameo / Portrait", "Silhouette Studio", inset=10.0,
                     square=5.0, arm=20.0, stroke=0.3, gap=1.25, max_bleed=0.625, cut_format="dxf")
MACHINES: dict[str, Machine] = {m.name: m for m in (SILHOUETTE,)}
"""The machines that read marks cardgen prints (`impose_cutter`); Cricut prints its own
(`cardgen.print.cutter_images`)."""
CUTTERS = ("silhouette", "cricut", "scanncut")
"""Every name `--cutter` takes; `NOT_MADE` says why some make nothing."""
NOT_MADE = {
    "scanncut": "cardgen makes no Brother ScanNCut sheets: no published source states the marks and the area "
                "its print-and-cut reads (docs/printing.md says what was looked for); use --cutter silhouette "
                "or cricut",
}


def check_cutter(name: str) -> str:
    """`name` as `--cutter` means it (lower case); LayoutError for a name cardgen makes no sheets for."""
    key = name.strip().lower()
    if key in NOT_MADE:
        raise LayoutError("--cutter", NOT_MADE[key])
    if key not in CUTTERS:
        raise LayoutError("--cutter", f"unknown cutting machine {name!r}; use {'|'.join(CUTTERS)}")
    return key


def machine(name: str) -> Machine:
    """The machine called `name`; LayoutError for one cardgen has no layout for."""
    found = MACHINES.get(name.strip().lower())
    if found is None:
        raise LayoutError("--cutter", f"unknown cutting machine {name!r}; use {'|'.join(MACHINES)}")
    return found


def _slots(m: Machine, width: float, height: float, w: float, h: float, b: float) -> list[Box]:
    """The trim boxes of a sheet in reading order: a grid centred in the machine's area, less
    the places whose art would reach a square kept clear next to a mark."""
    area = m.area(width, height)
    cols, rows = fit_count(area.width, w, m.gap, 2 * b), fit_count(area.height, h, m.gap, 2 * b)
    x0 = area.x + (area.width - (cols * w + (cols - 1) * m.gap)) / 2
    y0 = area.y + (area.height - (rows * h + (rows - 1) * m.gap)) / 2
    grid = [Box(x0 + c * (w + m.gap), y0 + r * (h + m.gap), w, h) for r in range(rows) for c in range(cols)]
    clear = m.keep_clear(width, height)
    return [s for s in grid if not any(s.grown(b).overlaps(k) for k in clear)]


def impose_cutter(items: Sequence[Item], paper: Paper, m: Machine, bleed: float,
                  back_offset: tuple[float, float] = (0.0, 0.0), folds: Sequence[float] = ()) -> Imposition:
    """`items` on cutter sheets for machine `m` (see the module docstring): portrait or
    landscape, whichever holds more pieces; bleed at most the machine's; `folds` the fold lines
    across each piece (mm from its top edge), which the front pages' `scores` carry. LayoutError
    when a piece does not fit the machine's area."""
    items = [i for i in items if i.count > 0]
    if not items:
        raise LayoutError("layout", "nothing to print: no item has a count above 0")
    faces = faces_of(items, Layout.SINGLE)
    w, h = faces[0].width, faces[0].height
    b = max(0.0, min(bleed, m.max_bleed, min(f.bleed for f in faces)))
    options = [(len(_slots(m, *paper.oriented(land), w, h, b)), not land, land) for land in (False, True)]
    count, _, landscape = max(options)
    if count == 0:
        raise LayoutError("--cutter", f"a {_fmt(w)} x {_fmt(h)} mm piece does not fit the {m.title}'s cutting "
                                      f"area on {paper}")
    pw, ph = paper.oriented(landscape)
    slots = _slots(m, pw, ph, w, h, b)
    two_sided = any(i.back is not None for i in items)
    across_x = flips_across_x(pw, ph, Flip.LONG)
    fronts = [i for i in items for _ in range(i.count)]
    sheet = Box(0, 0, pw, ph)
    pages: list[Page] = []
    for k in range(0, len(fronts), len(slots)):
        chunk = fronts[k:k + len(slots)]
        trims = slots[:len(chunk)]
        placed = tuple(Placement(i.front.key, s, b, Side.FRONT) for i, s in zip(chunk, trims))
        scores = tuple(segment(s.x, s.y + f, s.right, s.y + f, MarkKind.FOLD) for s in trims for f in folds)
        pages.append(Page(len(pages) + 1, pw, ph, "front", placed, (), tuple(trims), b, m.area(pw, ph), None,
                          m.registration(pw, ph), scores))
        if two_sided:
            backs = [mirror(s, pw, ph, across_x).shifted(*back_offset) for s in trims]
            if not all(sheet.contains(s.grown(b)) for s in backs):
                raise LayoutError("--back-offset", f"({_fmt(back_offset[0])}, {_fmt(back_offset[1])}) mm pushes "
                                                   f"backs off the {paper} sheet")
            turned = tuple(Placement(i.back.key, s, b, Side.BACK, turned=not across_x)
                           for i, s in zip(chunk, backs) if i.back is not None)
            pages.append(Page(len(pages) + 1, pw, ph, "back", turned, (), tuple(backs), b, m.area(pw, ph), None))
    cols = len({s.x for s in slots})
    rows = len({s.y for s in slots})
    layout = LayoutOptions(paper=paper, layout=Layout.DUPLEX if two_sided else Layout.SINGLE, bleed=b,
                           back_offset=back_offset, printable=None, margin=m.inset)
    return Imposition(tuple(pages), layout, landscape, cols, rows, b, m.gap, None, faces, m.inset)
