"""The art's own SVG writer and geometry shortcuts give exactly what they replaced."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

from cardgen.art._svg import Element, fmt, group, path, pt
from cardgen.art.layout import _apart


def _etree(element: Element) -> ET.Element:
    out = ET.Element(element.tag)
    for name, value in sorted(element.attribs.items()):
        if value:
            out.set(name, value)
    for child in element.children:
        out.append(_etree(child))
    return out


def test_elements_are_written_as_elementtree_writes_them() -> None:
    g = group(transform="matrix(1 0 0 1 0 0)")
    g.add(path("M0,0L1,1", fill="#000", stroke_width="0.5", title='a "b" & <c>\t\n\r'))
    g.add(path("", fill="none"))  # an empty attribute is left out, as svgwrite did
    root = Element("svg", {"width": "1mm", "viewBox": "0 0 1 1"})
    root.add(Element("defs", {}))
    root.add(g)
    assert root.tostring() == ET.tostring(_etree(root), encoding="unicode")


def _rounded_first(value: float) -> str:
    """How `fmt` used to write a number: rounded to 3 decimals, then formatted."""
    text = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def test_numbers_and_points_are_written_as_before() -> None:
    rng = random.Random(7)
    values = [rng.uniform(-500, 500) for _ in range(20000)] + [k / 4096 for k in range(-9000, 9000)]
    values += [0.0, -0.0, -0.0004, 0.0005, -0.0005, 0.0625, 1e-9, 12.5]
    for x, y in zip(values, reversed(values)):
        assert fmt(x) == _rounded_first(x), x
        assert pt((x, y)) == f"{fmt(x)},{fmt(y)}"


def test_apart_agrees_with_measuring_every_pair() -> None:
    rng = random.Random(3)
    for _ in range(300):
        a = tuple((rng.random(), rng.random(), rng.uniform(0.0, 0.2)) for _ in range(rng.randint(1, 40)))
        b = tuple((rng.random(), rng.random(), rng.uniform(0.0, 0.2)) for _ in range(rng.randint(1, 40)))
        gap = rng.uniform(0.0, 0.1)
        best = min(math.hypot(x - u, y - v) - h - k for x, y, h in a for u, v, k in b)
        assert _apart(a, b, gap) == (best >= gap)
