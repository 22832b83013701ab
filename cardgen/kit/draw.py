"""A plan drawn for one build: the parts `--only` asks for, their faces drawn (and redrawn for
`--ink low`), every distinct face counted, and every grid layout imposed (`Kit`, from `draw`).

Everything that can fail on a layout (a card too big for the paper) fails here, before any
file is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from cardgen.errors import LayoutError
from cardgen.kit.plan import Component, KitPlan, SheetFile
from cardgen.kit.spec import KitSpec
from cardgen.print.faces import Face, Item
from cardgen.print.impose import Imposition, impose
from cardgen.print.ink import common_backs, low_ink


class InkAdjust:
    """The low-ink redraw of a build's faces; remembers each original for the ink estimate."""

    def __init__(self, outline: set[str]) -> None:
        self.outline = outline
        self.originals: dict[str, Face] = {}
        self._done: dict[tuple[str, str], Face] = {}

    def __call__(self, face: Face) -> Face:
        found = self._done.get((face.key, face.svg))
        if found is None:
            if face.key in self.originals and self.originals[face.key].svg != face.svg:
                return face  # already redrawn: adjusting twice must not lighten twice
            self.originals[face.key] = face
            found = low_ink(face, face.key in self.outline)
            self._done[(face.key, face.svg)] = found
            self._done[(face.key, found.svg)] = found
        return found


@dataclass(frozen=True, slots=True)
class Part:
    """A component as drawn for this build: its items, faces redrawn for `--ink low`."""

    component: Component
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Imposed:
    """One grid sheet file of the kit: a part in one layout, imposed, and the file's name."""

    part: Part
    layout: str
    imposition: Imposition
    file: str


@dataclass(frozen=True, slots=True)
class Kit:
    """One game's kit as this build makes it.

    `parts` and `files` are the components and sheet files `--only` asks for; `faces` every
    distinct face of them (by key, as printed) with how many the kit makes; `sheets` every grid
    sheet file; `ink` the low-ink redraw (None for normal ink); `images` the cutter images."""

    game: str
    title: str
    parts: tuple[Part, ...]
    files: tuple[SheetFile, ...]
    faces: Mapping[str, tuple[Face, int]]
    sheets: tuple[Imposed, ...]
    ink: InkAdjust | None
    notes: tuple[str, ...] = ()
    images: tuple[Imposed, ...] = ()
    """The pieces as images for a cutting machine that prints its own marks (`--cutter cricut`,
    `cardgen.print.cutter_images`): each page an image, `file` the stem of their names."""


def pdf_name(stem: str, paper_name: str, layout: str, flip: str = "long") -> str:
    """The file name of a sheet PDF: it always says the paper, and a duplex file also the edge to
    flip on: `cards-a4.pdf` (single), `cards-a4-glue.pdf`, `cards-letter-duplex-short.pdf`."""
    if layout == "single":
        return f"{stem}-{paper_name}.pdf"
    if layout == "duplex":
        return f"{stem}-{paper_name}-duplex-{flip}.pdf"
    return f"{stem}-{paper_name}-{layout}.pdf"


def layouts_of(component: Component, spec: KitSpec) -> tuple[str, ...]:
    """The grid layouts `component` is built in: those of `--layout` it takes."""
    return tuple(layout for layout in spec.layouts if layout in component.layouts)


def check_layouts(plan: KitPlan, spec: KitSpec) -> None:
    """LayoutError when a component this build makes takes none of the layouts asked for
    (`--layout gutterfold` for pieces that have no gutterfold layout): nothing is left out in
    silence. A component without layouts of its own is printed on a sheet file of the plan."""
    for comp in plan.components:
        if comp.layouts and spec.wants(comp.stem) and not layouts_of(comp, spec):
            asked = " or ".join(spec.layouts)
            raise LayoutError("--layout", f"{asked} does not apply to the {comp.stem} of {plan.title}, which are "
                                          f"made {', '.join(comp.layouts)}; choose one of those, or leave "
                                          f"--layout out")


def _cutter_sheet(part: Part, spec: KitSpec, name: str, folds: tuple[float, ...] = ()) -> Imposed:
    """`part` laid out for the cutting machine `name`: sheets with its marks (`cardgen.print.cutter`),
    or Cricut's images (`cardgen.print.cutter_images`, `file` their names' stem)."""
    from cardgen.print import cutter_images, paper

    stem = f"{part.component.stem}-{spec.paper}-{name}"
    if name == cutter_images.NAME:
        return Imposed(part, name, cutter_images.impose_images(part.items, paper(spec.paper), spec.dpi, folds), stem)
    from cardgen.print.cutter import impose_cutter, machine

    imp = impose_cutter(part.items, paper(spec.paper), machine(name), spec.bleed, spec.back_offset, folds)
    return Imposed(part, name, imp, f"{stem}.pdf")


def _counted(faces: dict[str, tuple[Face, int]], face: Face, count: int) -> None:
    faces[face.key] = (face, faces.get(face.key, (face, 0))[1] + count)


def draw(game: str, plan: KitPlan, spec: KitSpec) -> Kit:
    """`plan` as this build makes it (see `Kit`); LayoutError for a layout that cannot be made
    or does not apply (`check_layouts`)."""
    check_layouts(plan, spec)
    components = [c for c in plan.components if spec.wants(c.stem)]
    files = tuple(f for f in plan.files if spec.wants(f.part))
    drawn = [(c, tuple(c.draw())) for c in components]
    ink = None
    if spec.ink == "low":
        ink = InkAdjust(common_backs([(it.front, it.back) for _, items in drawn for it in items]))
        drawn = [(c, tuple(Item(ink(it.front), ink(it.back) if it.back else None, it.count) for it in items))
                 for c, items in drawn]
    parts = tuple(Part(c, items) for c, items in drawn)
    sheets: list[Imposed] = []
    if spec.writes("pdf"):
        for part in parts:
            comp = part.component
            for layout in layouts_of(comp, spec):
                sheets.append(Imposed(part, layout, impose(part.items, spec.layout_options(layout, comp.marks)),
                                      pdf_name(comp.stem, spec.paper, layout, spec.flip)))
            if spec.cutter is not None:  # every grid component, also one a sheet file of the plan prints
                sheets.append(_cutter_sheet(part, spec, spec.cutter))
    if spec.writes("pdf") and spec.cutter is not None:
        for piece in (p for p in plan.cut_pieces if spec.wants(p.part)):
            items = tuple(Item(ink(it.front), ink(it.back) if it.back else None, it.count) for it in piece.items) \
                if ink else piece.items
            comp = Component(piece.stem, piece.title, partial(tuple, items), piece.cutting, layouts=())
            sheets.append(_cutter_sheet(Part(comp, items), spec, spec.cutter, piece.folds))
    faces: dict[str, tuple[Face, int]] = {}
    for part in parts:
        for item in part.items:
            for face in (item.front, item.back):
                if face is not None:
                    _counted(faces, face, item.count)
    for file in files:
        for face, count in file.faces:
            _counted(faces, ink(face) if ink else face, count)
    from cardgen.print.cutter_images import NAME as IMAGES

    return Kit(game, plan.title, parts, files, faces, tuple(s for s in sheets if s.layout != IMAGES), ink,
               plan.notes, tuple(s for s in sheets if s.layout == IMAGES))
