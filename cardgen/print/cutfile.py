"""A cutter sheet's cut files: every piece's trim outline as a closed polyline, in millimetres.

SVG (`svg_text`): the sheet's size in mm, group `CUT` with one closed path per piece of the front
page, group `PAGE` with the sheet's outline; for programs that open SVG (Silhouette Studio from
its Designer Edition on), which then need no scaling, as the file states its unit. The outline of
a Cricut image (`cardgen.print.cutter_images`) is the same, the image taking the sheet's place.

DXF (the AutoCAD R12 exchange format, which Silhouette Studio's basic edition opens): layer
`CUT` holds one closed polyline per piece of the front page, layer `SCORE` the pieces' fold
lines (open polylines; none for pieces without), layer `PAGE` the sheet's outline,
so that the drawing can be put on the page exactly where the printed sheet lies (the outline's
corner on the page's corner) and the outline deleted before cutting. DXF counts y upwards from
the bottom edge; `read_dxf` turns it back into the sheets' frame (mm from the top-left corner).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cardgen.errors import DataError
from cardgen.print.files import write_bytes_atomic
from cardgen.print.geometry import Box
from cardgen.print.impose import Page

Outline = tuple[tuple[float, float], ...]
COLOURS = {"PAGE": "5", "CUT": "1", "SCORE": "3"}
"""Each layer's DXF colour number (blue, red, green: as the SVG draws them), so that a program
that sends lines by colour tells them apart."""


def _corners(box: Box) -> Outline:
    return ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))


def _polyline(layer: str, points: Outline, height: float, closed: bool = True) -> list[str]:
    out = ["0", "POLYLINE", "8", layer, "62", COLOURS[layer], "66", "1", "70", "1" if closed else "0",
           "10", "0", "20", "0", "30", "0"]
    for x, y in points:
        out += ["0", "VERTEX", "8", layer, "10", f"{x:.4f}", "20", f"{height - y:.4f}", "30", "0"]
    return out + ["0", "SEQEND", "8", layer]


def dxf_text(page: Page) -> str:
    """The DXF of `page`'s cut outlines (its slots) and the sheet's outline."""
    head = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS", "70", "4",
            "9", "$MEASUREMENT", "70", "1", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    body = _polyline("PAGE", _corners(Box(0, 0, page.width, page.height)), page.height)
    for slot in page.slots:
        body += _polyline("CUT", _corners(slot), page.height)
    for line in page.scores:
        body += _polyline("SCORE", ((line.x0, line.y0), (line.x1, line.y1)), page.height, closed=False)
    return "\n".join(head + body + ["0", "ENDSEC", "0", "EOF"]) + "\n"


def _path(points: Outline, closed: bool = True) -> str:
    return "M " + " L ".join(f"{x:.4f} {y:.4f}" for x, y in points) + (" Z" if closed else "")


def svg_text(page: Page) -> str:
    """The SVG of `page`'s cut outlines (its slots) and the sheet's outline, in mm."""
    w, h = f"{page.width:.4f}", f"{page.height:.4f}"
    cuts = "".join(f'<path d="{_path(_corners(slot))}"/>' for slot in page.slots)
    lines = "".join(f'<path d="{_path(((m.x0, m.y0), (m.x1, m.y1)), closed=False)}"/>' for m in page.scores)
    scores = f'<g id="SCORE" fill="none" stroke="#00a000" stroke-width="0.1">{lines}</g>' if lines else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
            f'<g id="PAGE" fill="none" stroke="#0000ff" stroke-width="0.1">'
            f'<path d="{_path(_corners(Box(0, 0, page.width, page.height)))}"/></g>'
            f'<g id="CUT" fill="none" stroke="#ff0000" stroke-width="0.1">{cuts}</g>{scores}</svg>\n')


def write_cut_file(path: str | os.PathLike[str], page: Page) -> Path:
    """Write `page`'s cut file to `path` atomically, as DXF or SVG by its suffix."""
    target = Path(path)
    text = svg_text(page) if target.suffix == ".svg" else dxf_text(page)
    write_bytes_atomic(target, text.encode("ascii"))
    return target


def read_svg(path: str | os.PathLike[str]) -> dict[str, list[Outline]]:
    """The outlines of an SVG cut file by group, in mm (DataError naming the file for one that
    states no mm size or holds a path other than straight lines)."""
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    if not root.get("width", "").endswith("mm"):
        raise DataError(str(path), "states no size in mm: not a cardgen cut file")
    scale = float(root.get("width", "0mm")[:-2]) / float(root.get("viewBox", "0 0 1 1").split()[2])
    out: dict[str, list[Outline]] = {}
    for group in root.iter(f"{ns}g"):
        for element in group.iter(f"{ns}path"):
            words = element.get("d", "").replace("M", " ").replace("L", " ").replace("Z", " ").split()
            try:
                numbers = [float(v) * scale for v in words]
            except ValueError:
                raise DataError(str(path), f"path {element.get('d')!r} is not made of straight lines") from None
            out.setdefault(group.get("id", ""), []).append(tuple(zip(numbers[0::2], numbers[1::2])))
    return out


def read_dxf(path: str | os.PathLike[str]) -> dict[str, list[Outline]]:
    """The closed polylines of a cut file by layer, in the sheets' frame (mm from the top-left
    corner, y downwards); DataError naming the file for one this module did not write."""
    lines = Path(path).read_text(encoding="ascii").splitlines()
    pairs = list(zip(lines[0::2], lines[1::2]))
    layers: dict[str, list[list[tuple[float, float]]]] = {}
    current: list[tuple[float, float]] = []
    entity, layer, x = "", "", 0.0
    for code, value in ((c.strip(), v.strip()) for c, v in pairs):
        if code == "0":
            if value == "SEQEND":
                layers.setdefault(layer, []).append(current)
            if value == "POLYLINE":
                current = []
            entity = value
        elif code == "8" and entity == "POLYLINE":
            layer = value
        elif code == "10" and entity == "VERTEX":
            x = float(value)
        elif code == "20" and entity == "VERTEX":
            current.append((x, float(value)))
    frames = layers.get("PAGE", [])
    if len(frames) != 1:
        raise DataError(str(path), "has no single PAGE outline: not a cardgen cut file")
    height = max(y for _, y in frames[0])
    return {name: [tuple((px, height - py) for px, py in poly) for poly in polys]
            for name, polys in layers.items()}


def outline_box(outline: Sequence[tuple[float, float]]) -> Box:
    """The box an outline spans."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
