"""SVG art as reportlab drawings (svglib), each distinct text parsed once per process.

The same art is drawn many times in a run: a face in every layout of every sheet PDF, the
Irrläufer board under every diagram of its booklets, a card in the booklets' figures, the
same faces again in the next build of a test run. `svg_drawing` parses each text once and
hands every caller the same drawing, which a caller must not change: it is wrapped in a
`Group` (whose own transform is then set) or copied (`copy.deepcopy`) first. A worker
forked after a parse inherits the drawing.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

CACHED = 256
"""The most drawings kept (the least recently used go first): a kit has a few dozen faces."""


@lru_cache(maxsize=CACHED)
def svg_drawing(svg: str) -> Any:
    """The reportlab Drawing of the SVG document `svg` (shared: see the module docstring), or
    None where svglib can read nothing from it."""
    from svglib.svglib import svg2rlg

    return svg2rlg(io.BytesIO(svg.encode("utf-8")))
