"""Small shared helpers for the art: stable number formatting, smooth paths, colour mixing.

Every number written into an SVG goes through `fmt` so the same input gives the same bytes.
Only path commands M L C Q A Z are produced: svglib (PDF) and cairosvg (PNG) draw them alike.

The documents are written by the small `Element` tree here, in exactly the form svgwrite wrote
them before (attributes sorted by name, empty ones left out, `<defs />` first, ElementTree's
escaping and empty-element form): importing svgwrite alone took ~0.04 s of every build, most of
it compiling its validators' regular expressions, which cardgen never used.
"""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"})


class Element:
    """An SVG element: its tag, attributes (written sorted by name, empty ones left out) and
    children, written as ElementTree writes them."""

    __slots__ = ("tag", "attribs", "children")

    def __init__(self, tag: str, attribs: dict[str, str]) -> None:
        self.tag = tag
        self.attribs = attribs
        self.children: list[Element] = []

    def add(self, child: Element) -> Element:
        """Append `child` (drawn above the earlier children); returns it."""
        self.children.append(child)
        return child

    def _write(self, out: list[str]) -> None:
        out.append("<" + self.tag)
        for name, value in sorted(self.attribs.items()):
            if value:
                out.append(f' {name}="{value.translate(_ESCAPES)}"')
        if self.children:
            out.append(">")
            for child in self.children:
                child._write(out)
            out.append(f"</{self.tag}>")
        else:
            out.append(" />")

    def tostring(self) -> str:
        """The element and everything in it as XML text."""
        out: list[str] = []
        self._write(out)
        return "".join(out)


Group = Element
"""A <g> element (see `group`)."""


def document(width: str, height: str, view_box: str) -> Element:
    """An empty <svg> document (SVG 1.1 full, with the usual namespaces and an empty <defs>)."""
    svg = Element("svg", {
        "width": width, "height": height, "viewBox": view_box,
        "xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
        "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": "full", "version": "1.1",
    })
    svg.add(Element("defs", {}))
    return svg


def fmt(value: float) -> str:
    """`value` rounded to 3 decimals, without trailing zeros and without "-0"."""
    # "%.3f" rounds the exact binary value correctly, as round(value, 3) does, so rounding
    # first is not needed (the faces' bytes are the same); most numbers end in a non-zero
    # digit and need no stripping. Faces write tens of thousands of numbers.
    text = "%.3f" % value  # noqa: UP031 - a little quicker than f"{value:.3f}" (timeit), same text
    if text[-1] != "0":
        return text
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def pt(p: Point) -> str:
    """A point as "x,y" for path data (each number as `fmt` writes it)."""
    # `fmt` inlined: the art writes a few hundred thousand points per build.
    x = "%.3f" % p[0]  # noqa: UP031 - as in `fmt`
    if x[-1] == "0":
        x = x.rstrip("0").rstrip(".")
        if x == "-0":
            x = "0"
    y = "%.3f" % p[1]  # noqa: UP031 - as in `fmt`
    if y[-1] == "0":
        y = y.rstrip("0").rstrip(".")
        if y == "-0":
            y = "0"
    return x + "," + y


def polyline_d(points: Sequence[Point], closed: bool = False) -> str:
    """Path data joining `points` with straight lines."""
    d = "M" + pt(points[0]) + "".join("L" + pt(p) for p in points[1:])
    return d + "Z" if closed else d


def smooth_d(points: Sequence[Point], closed: bool = False) -> str:
    """Path data for a Catmull-Rom spline through `points`, written as cubic Beziers."""
    n = len(points)
    if n < 3:
        return polyline_d(points, closed)

    def at(i: int) -> Point:
        if closed:
            return points[i % n]
        return points[min(max(i, 0), n - 1)]

    parts = ["M" + pt(points[0])]
    last = n if closed else n - 1
    for i in range(last):
        p0, p1, p2, p3 = at(i - 1), at(i), at(i + 1), at(i + 2)
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        parts.append(f"C{pt(c1)} {pt(c2)} {pt(p2)}")
    if closed:
        parts.append("Z")
    return "".join(parts)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from hex colour `a` to hex colour `b`."""
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ra, rb))


def luminance(hex_colour: str) -> float:
    """Greyscale value 0-255 as Pillow's 'L' conversion computes it (ITU-R 601)."""
    r, g, b = _rgb(hex_colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def drawing(size_mm: float, bleed_mm: float) -> Element:
    """An empty SVG document: mm user units, origin at the trim corner, bleed on every side."""
    full = size_mm + 2 * bleed_mm
    return document(f"{fmt(full)}mm", f"{fmt(full)}mm",
                    f"{fmt(-bleed_mm)} {fmt(-bleed_mm)} {fmt(full)} {fmt(full)}")


def affine(size: float, rot: int, flip: bool) -> tuple[float, float, float, float, float, float]:
    """The SVG matrix (a b c d e f) of an east-west flip followed by a clockwise turn of a square.

    The square spans 0..size; docs/rulings.md: the flip comes first, rotation is clockwise.
    """
    # Start from identity, x' = a*x + c*y + e, y' = b*x + d*y + f.
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    if flip:
        a, e = -1.0, size
    for _ in range((rot // 90) % 4):
        # Clockwise quarter turn about the centre on a y-down page: (x, y) -> (size - y, x).
        a, b, c, d, e, f = -b, a, -d, c, size - f, e
    return a, b, c, d, e, f


def apply(m: tuple[float, float, float, float, float, float], p: Point) -> Point:
    """The point `p` mapped through the matrix `m`."""
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


def matrix_attr(m: tuple[float, float, float, float, float, float]) -> str:
    """The matrix as an SVG transform attribute value."""
    return "matrix(" + " ".join(fmt(v) for v in m) + ")"


def path(d: str, **attrs: str) -> Element:
    """A <path> element; attribute names take '_' for '-' (stroke_width -> stroke-width)."""
    return Element("path", {"d": d, **{k.replace("_", "-"): v for k, v in attrs.items()}})


def group(**attrs: str) -> Element:
    """A <g> element; attribute names take '_' for '-'."""
    return Element("g", {k.replace("_", "-"): v for k, v in attrs.items()})
