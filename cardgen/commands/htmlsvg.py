"""The HTML report's charts are drawn with svgwrite, as the check's PNG chart is
(`cardgen.check.chart`): a drawing of a given size, labelled for a screen reader, written inline
into the page."""

from __future__ import annotations

from typing import Any

import svgwrite  # type: ignore[import-untyped]


def drawing(width: float, height: float, title: str) -> Any:
    """An empty SVG drawing of `width` × `height` px whose accessible name is `title`
    (unchecked attributes: the page's own `data-*` and `class` on its shapes)."""
    dwg = svgwrite.Drawing(size=(round(width), round(height)), debug=False)
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = title
    return dwg


def r1(value: float) -> float:
    """A coordinate to a tenth of a pixel (the page's SVG stays short)."""
    return round(value, 1)
