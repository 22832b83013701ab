"""Upload files for print services, from their published specifications.

The specifications are data (`templates/services.toml`), each with the page it was read from;
a service is added there, not here. Only the figures a service publishes are used: trim,
bleed, safe zone, resolution, the file and page order it asks for. The safe zone is checked,
not drawn: it is written into the manifest so a designer changing the art knows the margin.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.errors import DataError, LayoutError
from cardgen.print.faces import Face
from cardgen.print.files import atomic_path
from cardgen.print.pdf import FaceCache, define_form, form_name
from cardgen.sets import TEMPLATES
from cardgen.units import mm_to_pt

SERVICES_FILE = TEMPLATES / "services.toml"


@dataclass(frozen=True, slots=True)
class Service:
    """One print service's upload rules (see `templates/services.toml`)."""

    name: str
    title: str
    source: str
    bleed_mm: float
    safe_mm: float
    dpi: int
    colour: str
    name_pattern: str


def services(path: Path = SERVICES_FILE) -> dict[str, Service]:
    """Every service in the data file, by name."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(str(path), f"cannot read the print services ({exc})") from None
    out = {}
    for name, spec in data.items():
        try:
            out[name] = Service(name, str(spec["title"]), str(spec["source"]), float(spec["bleed_mm"]),
                                float(spec["safe_mm"]), int(spec["dpi"]), str(spec["colour"]), str(spec["name"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"{path}: [{name}]", f"incomplete service entry ({exc})") from None
    return out


def service_spec(name: str) -> Service:
    """The service called `name` (DataError naming the known ones)."""
    known = services()
    if name not in known:
        raise DataError("--service", f"unknown print service {name!r} (known: {', '.join(sorted(known))})")
    return known[name]


def write_service(folder: Path, name: str, pieces: Sequence[tuple[Face, Face | None, int]], game: str,
                  cache: FaceCache | None = None) -> list[dict[str, Any]]:
    """Write `folder/service/<name>/`: one PDF per piece size, each piece's front then its back
    (a blank back for one-sided pieces), once per copy, trim plus the service's bleed per page.
    Returns the manifest entries."""
    spec = service_spec(name)
    cache = cache if cache is not None else FaceCache()
    entries: list[dict[str, Any]] = []
    by_size: dict[tuple[float, float], list[tuple[Face, Face | None, int]]] = {}
    for piece in pieces:
        by_size.setdefault((piece[0].width, piece[0].height), []).append(piece)
    for (w, h), group in sorted(by_size.items()):
        pieces = group
        for face, back, _ in pieces:
            for f in (face, back):
                if f is not None and f.bleed + 1e-9 < spec.bleed_mm:
                    raise LayoutError("--bleed", f"{spec.title} asks for {spec.bleed_mm:g} mm bleed; "
                                      f"build with --bleed {spec.bleed_mm:g}")
        file = spec.name_pattern.format(game=game, width=f"{w:g}", height=f"{h:g}")
        target = folder / "service" / name / file
        page = (mm_to_pt(w + 2 * spec.bleed_mm), mm_to_pt(h + 2 * spec.bleed_mm))
        pages = 0
        with atomic_path(target) as tmp:
            c = Canvas(str(tmp), pagesize=page, invariant=1, pageCompression=1)
            c.setTitle(f"{game} {w:g} x {h:g} mm for {spec.title}")
            defined: set[str] = set()
            for face, back, count in pieces:
                for f in (face, back):
                    if f is not None and f.key not in defined:
                        define_form(c, f, cache.drawing(f), spec.bleed_mm)
                        defined.add(f.key)
                for _ in range(count):
                    for f in (face, back):
                        if f is not None:
                            c.doForm(form_name(f.key))
                        c.showPage()
                        pages += 1
            c.save()
        entries.append({"file": f"service/{name}/{file}", "type": "service", "service": name,
                        "source": spec.source, "trim_mm": [w, h], "bleed_mm": spec.bleed_mm,
                        "safe_mm": spec.safe_mm, "pages": pages, "pieces": pages // 2,
                        "order": "front, back, front, back, … (every copy)", "colour": spec.colour})
    return entries
