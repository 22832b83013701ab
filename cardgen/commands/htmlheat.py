"""The HTML report's heatmap: how often play put something on each cell of a grid, as an inline
SVG (drawn with svgwrite, like the page's other charts) with a legend of its colour scale."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.commands.htmlsvg import drawing, r1

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
    grid_w, grid_h = r1(cols * size), r1(rows * size)
    height = top + grid_h + 34
    width = max(left + grid_w + 10, 390.0, 7.5 * len(title) + left)  # the title and legend fit
    dwg = drawing(width, height, title)
    dwg.add(dwg.text(title, insert=(left, 15), font_size=13))
    dwg.add(dwg.rect((left, top), (grid_w, grid_h), fill="#fff", stroke="#bbb"))
    for x, y, n in cells:
        cell = dwg.rect((r1(left + (x - x0) * size), r1(top + (y - y0) * size)), (r1(size), r1(size)),
                        fill=_colour(n / most), data_count=n)
        cell.set_desc(title=f"({x}, {y}): {n} ({n / total:.1%} of the plays)")
        dwg.add(cell)
    dwg.add(dwg.text(f"x {x0}", insert=(left, top - 3), font_size=10))
    dwg.add(dwg.text(f"x {x0 + cols - 1}", insert=(left + grid_w, top - 3), font_size=10, text_anchor="end"))
    dwg.add(dwg.text(f"y {y0}", insert=(left - 4, top + 10), font_size=10, text_anchor="end"))
    dwg.add(dwg.text(f"y {y0 + rows - 1}", insert=(left - 4, top + grid_h), font_size=10, text_anchor="end"))
    ly = top + grid_h + 14
    dwg.add(dwg.text("plays per cell: 0", insert=(left, ly + 11), font_size=10))
    for i in range(STEPS + 1):
        dwg.add(dwg.rect((left + 92 + i * 22, ly), (22, 14), fill=_colour(i / STEPS), stroke="#999",
                         stroke_width=0.5, class_="legend"))
    dwg.add(dwg.text(f"{most} (of {total} in all)", insert=(left + 96 + (STEPS + 1) * 22, ly + 11), font_size=10))
    svg: str = dwg.tostring()
    return svg
