"""The ink of a low-ink kit, measured on its sheets: every grid component in one of its layouts
and every sheet file that counts pieces, written as PDFs into a temporary folder, rendered by
pdfium and measured inside the pieces' trim boxes (`cardgen.print.ink.rendered_coverage`) —
once as the build prints them and once with the original faces, so the manifest's saving is
what the printer saves, not what the redraw intends."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.kit.draw import Kit, Part
from cardgen.kit.spec import KitSpec
from cardgen.print.faces import Face
from cardgen.print.geometry import Box
from cardgen.print.impose import Imposition, impose
from cardgen.print.ink import RENDER_DPI, Coverage, combined, rendered_coverage
from cardgen.print.pdf import FaceCache, write_pdf

__all__ = ["RENDER_DPI", "KitInk", "measure"]

PREFERRED = ("duplex", "glue", "gutterfold", "single")
"""The layout a component's ink is measured in: the first of these the build made (or, when it
writes no grid PDF, the component takes). Each prints every piece once, the first three both its
sides; a build that makes only single-sided sheets prints, and is measured with, the fronts only."""


@dataclass(frozen=True, slots=True)
class KitInk:
    """A low-ink kit's measured coverage, and the same sheets' with the faces at normal ink."""

    low: Coverage
    normal: Coverage

    @property
    def saving(self) -> float:
        """The ink saved, % of the normal build's."""
        return round(100 * (1 - self.low.percent / self.normal.percent), 1) if self.normal.percent else 0.0


def _imposition(kit: Kit, part: Part, spec: KitSpec) -> Imposition:
    """The part's sheets in the first `PREFERRED` layout the build made (imposed here when the
    build writes no PDF)."""
    built = {s.layout: s.imposition for s in kit.sheets if s.part is part}
    for layout in PREFERRED:
        if layout in built:
            return built[layout]
    layout = next(name for name in PREFERRED + part.component.layouts if name in part.component.layouts)
    return impose(part.items, spec.layout_options(layout, part.component.marks))


def _intersect(a: Box, b: Box) -> Box:
    x, y = max(a.x, b.x), max(a.y, b.y)
    return Box(x, y, max(0.0, min(a.right, b.right) - x), max(0.0, min(a.bottom, b.bottom) - y))


def _measure(kit: Kit, spec: KitSpec, cache: FaceCache, face: Callable[[Face], Face], folder: Path) -> Coverage:
    """The rendered coverage of the kit's sheets with every face through `face`."""
    to_cmyk = spec.converter().image
    found: list[Coverage] = []
    for i, part in enumerate(kit.parts):
        if not part.component.layouts:  # printed on a sheet file, measured there
            continue
        imp = _imposition(kit, part, spec)
        imp = replace(imp, faces=tuple(face(f) for f in imp.faces))
        path = write_pdf(folder / f"part{i}.pdf", imp, cache=cache)
        found.append(rendered_coverage(path, [[p.trim for p in page.placements] for page in imp.pages], to_cmyk))
    for i, file in enumerate(kit.files):
        if not file.faces:  # a file that counts no piece repeats another's
            continue
        from cardgen.print.sheets import write_sheets

        shows: Mapping[str, Face] = {f.key: face(f) for f in file.shows}
        path = write_sheets(folder / f"file{i}.pdf", list(file.sheets), dict(shows), cache=cache)
        boxes = [[_intersect(p.trim, sheet.clip or Box(0, 0, sheet.width, sheet.height)) for p in sheet.placements]
                 for sheet in file.sheets]
        found.append(rendered_coverage(path, boxes, to_cmyk))
    return combined(found)


def measure(kit: Kit, spec: KitSpec, cache: FaceCache) -> KitInk:
    """The low-ink kit's coverage (its faces from the build's `cache`) and the normal one's."""
    assert kit.ink is not None, "measured for low-ink kits"
    originals = kit.ink.originals
    with tempfile.TemporaryDirectory(prefix="cardgen-ink-") as tmp:
        folder = Path(tmp)
        low = _measure(kit, spec, cache, lambda f: f, folder)
        normal = _measure(kit, spec, FaceCache(), lambda f: originals.get(f.key, f), folder)
    return KitInk(low, normal)
