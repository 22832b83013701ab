"""Upload files for print services, from their published specifications.

The specifications are data (`templates/services.toml`), each with the page it was read from;
a service is added there, not here. Only the figures a service publishes are used: bleed, safe
zone, colour and ink limit, and the file and page order it asks for. The safe zone is not drawn:
it goes into the manifest so a designer changing the art knows the margin.
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
    cmyk: bool
    ink_limit: float | None
    per: str
    order: str
    name_pattern: str


@dataclass(frozen=True, slots=True)
class Piece:
    """A kind of card or tile for a service: its deck (component), faces and count."""

    component: str
    front: Face
    back: Face | None
    count: int


def services(path: Path = SERVICES_FILE) -> dict[str, Service]:
    """Every service in the data file, by name (DataError naming the entry that is wrong)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(str(path), f"cannot read the print services ({exc})") from None
    out = {}
    for name, spec in data.items():
        try:
            limit = spec.get("ink_limit")
            service = Service(name, str(spec["title"]), str(spec["source"]), float(spec["bleed_mm"]),
                              float(spec["safe_mm"]), int(spec["dpi"]), str(spec["colour"]), bool(spec["cmyk"]),
                              None if limit is None else float(limit), str(spec["per"]), str(spec["order"]),
                              str(spec["name"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"{path}: [{name}]", f"incomplete service entry ({exc})") from None
        if service.per not in ("size", "component") or service.order not in ("front-back", "back-front"):
            raise DataError(f"{path}: [{name}]", "per must be size|component and order front-back|back-front")
        out[name] = service
    return out


def service_spec(name: str) -> Service:
    """The service called `name` (DataError naming the known ones)."""
    known = services()
    if name not in known:
        raise DataError("--service", f"unknown print service {name!r} (known: {', '.join(sorted(known))})")
    return known[name]


def write_service(folder: Path, name: str, pieces: Sequence[Piece], game: str,
                  cache: FaceCache | None = None, cmyk: bool = False) -> list[dict[str, Any]]:
    """Write `folder/service/<name>/`: the pieces grouped as the service asks (by size or by
    deck), every copy as two pages in the service's order (a blank page for a missing back),
    each page the trim size plus the service's bleed. `cmyk` converts the colours (through the
    cache's converter); a service that requires CMYK always gets it. The manifest entries."""
    spec = service_spec(name)
    cache = cache if cache is not None else FaceCache()
    cmyk = cmyk or spec.cmyk
    groups: dict[tuple[Any, ...], list[Piece]] = {}
    for piece in pieces:
        if piece.count <= 0:
            continue
        for f in (piece.front, piece.back):
            if f is not None and f.bleed + 1e-9 < spec.bleed_mm:
                raise LayoutError("--bleed", f"{spec.title} asks for {spec.bleed_mm:g} mm bleed; "
                                  f"build with --bleed {spec.bleed_mm:g} or more")
        size = (piece.front.width, piece.front.height)
        key = size if spec.per == "size" else (piece.component, *size)
        groups.setdefault(key, []).append(piece)
    entries: list[dict[str, Any]] = []
    for key, group in groups.items():
        w, h = group[0].front.width, group[0].front.height
        file = spec.name_pattern.format(game=game, component=group[0].component, width=f"{w:g}", height=f"{h:g}")
        page = (mm_to_pt(w + 2 * spec.bleed_mm), mm_to_pt(h + 2 * spec.bleed_mm))
        pages = 0
        with atomic_path(folder / "service" / name / file) as tmp:
            c = Canvas(str(tmp), pagesize=page, invariant=1, pageCompression=1)
            c.setTitle(f"{game} {w:g} x {h:g} mm for {spec.title}")
            defined: set[str] = set()
            for piece in group:
                sides = (piece.front, piece.back) if spec.order == "front-back" else (piece.back, piece.front)
                for f in sides:
                    if f is not None and f.key not in defined:
                        define_form(c, f, cache.drawing(f, cmyk), spec.bleed_mm)
                        defined.add(f.key)
                for _ in range(piece.count):
                    for f in sides:
                        if f is not None:
                            c.doForm(form_name(f.key))
                        c.showPage()
                        pages += 1
            c.save()
        entries.append({"file": f"service/{name}/{file}", "type": "service", "service": name,
                        "source": spec.source, "trim_mm": [w, h], "bleed_mm": spec.bleed_mm,
                        "safe_mm": spec.safe_mm, "pages": pages, "pieces": pages // 2,
                        "order": f"{spec.order.replace('-', ', ')}, … (every copy)",
                        "colour": "cmyk" if cmyk else "rgb", "asks": spec.colour})
    return entries
