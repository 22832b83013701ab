"""The HTML report's heatmap: how often play put something on each cell of a grid, as an inline
SVG (drawn here, like the page's other charts) with a legend of its colour scale."""

from __future__ import annotations

import html
from collections.abc import Sequence

LOW, HIGH = (247, 251, 255), (8, 48, 107)
"""The colour of a cell played least (none: the background) and most: pale to dark blue."""
STEPS = 5
"""The legend's colour steps."""


def _colour(share: float) -> str:
    r, g, b = (round(lo + (hi - lo) * share) for lo, hi in zip(LOW, HIGH))
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap_svg(title: str, cells: Sequence[Sequence[int]]) -> str:
    """The grid of `cells` (`[x, y, count]`, x growing east, y south) over the box they span:
    each cell coloured by its count as a share of the largest (linear, white for none), its
    count and share of all counts in a tooltip; the box's first and last columns and rows
    labelled, and a legend from 0 to the largest count. `title` labels it."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    size = max(5.0, min(22.0, 460 / cols, 320 / rows))
    left, top = 40, 34
    most = max(c[2] for c in cells)
    total = sum(c[2] for c in cells)
    grid_w, grid_h = cols * size, rows * size
    height = top + grid_h + 34
    width = max(left + grid_w + 10, 390.0, 7.5 * len(title) + left)  # the title and legend fit
    e = html.escape
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
             f'height="{height:.0f}" role="img" aria-label="{e(title, quote=True)}">'
             f'<text x="{left}" y="15" font-size="13">{e(title)}</text>',
             f'<rect x="{left}" y="{top}" width="{grid_w:.1f}" height="{grid_h:.1f}" fill="#fff" stroke="#bbb"/>']
    for x, y, n in cells:
        px, py = left + (x - x0) * size, top + (y - y0) * size
        parts.append(f'<rect x="{px:.1f}" y="{py:.1f}" width="{size:.1f}" height="{size:.1f}" '
                     f'fill="{_colour(n / most)}" data-count="{n}"><title>({x}, {y}): {n} '
                     f'({n / total:.1%} of the plays)</title></rect>')
    parts += [f'<text x="{left}" y="{top - 3}" font-size="10">x {x0}</text>',
              f'<text x="{left + grid_w:.1f}" y="{top - 3}" font-size="10" text-anchor="end">x {x0 + cols - 1}</text>',
              f'<text x="{left - 4}" y="{top + 10}" font-size="10" text-anchor="end">y {y0}</text>',
              f'<text x="{left - 4}" y="{top + grid_h:.1f}" font-size="10" text-anchor="end">y {y0 + rows - 1}</text>']
    ly = top + grid_h + 14
    parts.append(f'<text x="{left}" y="{ly + 11}" font-size="10">plays per cell: 0</text>')
    for i in range(STEPS + 1):
        parts.append(f'<rect x="{left + 92 + i * 22}" y="{ly}" width="22" height="14" fill="{_colour(i / STEPS)}" '
                     'stroke="#999" stroke-width="0.5" class="legend"/>')
    parts.append(f'<text x="{left + 96 + (STEPS + 1) * 22}" y="{ly + 11}" font-size="10">{most} '
                 f'(of {total} in all)</text>')
    return "".join(parts) + "</svg>"
