"""Drawing a table of square cards or tiles laid on a grid without fixed edges (Schlangennest,
Schlangengrube) and a hand of them, for the games' table modules."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from html import escape

from cardgen.table.model import cell_key
from cardgen.table.svg import document, embed, fmt, pick, target

Cell = tuple[int, int]
GAP = 0.04
"""The gap between neighbouring cells, as a share of a cell."""


@dataclass(frozen=True, slots=True)
class Laid:
    """A card on the table: its cell and its art (the kit's SVG, already turned)."""

    cell: Cell
    svg: str


@dataclass(frozen=True, slots=True)
class HandItem:
    """A card of a hand: its pick key, its art, a label under it and whether it is chosen."""

    key: str
    svg: str
    label: str = ""
    chosen: bool = False


def _widen(lo: int, hi: int, least: int) -> tuple[int, int]:
    while hi - lo + 1 < least:
        lo -= 1
        if hi - lo + 1 < least:
            hi += 1
    return lo, hi


def grid_svg(laid: Sequence[Laid], size: float, legal: Collection[Cell] = (), margin: int = 1,
             least: int = 3, outside: Collection[Cell] = (), box: tuple[int, int, int, int] | None = None) -> str:
    """The table: every laid card at its cell (clickable as that cell), and every free cell of
    the laid cards' box widened by `margin` (at least `least` cells each way) as a clickable
    target, those in `legal` marked, those in `outside` shaded (beyond a limit of the game's),
    and the cells `box` (x0, y0, x1, y1) outlined. Cells are `size` units; y grows downwards."""
    cells = [c.cell for c in laid] or [(0, 0)]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
    x0, x1 = _widen(x0, x1, least)
    y0, y1 = _widen(y0, y1, least)
    taken = {c.cell for c in laid}
    inner = size * (1 - GAP)
    off = size * GAP / 2
    parts = [f'<rect x="{fmt(x0 * size)}" y="{fmt(y0 * size)}" width="{fmt((x1 - x0 + 1) * size)}" '
             f'height="{fmt((y1 - y0 + 1) * size)}" fill="#3d4d3d"/>']
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            if (x, y) in taken:
                continue
            css = "target legal" if (x, y) in legal else "target"
            shade = ' class="outside-area" fill="#5a3a36"' if (x, y) in outside else ' fill="none"'
            parts.append(f'<rect x="{fmt(x * size + off)}" y="{fmt(y * size + off)}" width="{fmt(inner)}" '
                         f'height="{fmt(inner)}"{shade} stroke="#566856" stroke-width="0.3"/>')
            parts.append(target(x * size + off, y * size + off, inner, inner, cell_key(x, y), css))
    for card in laid:
        x, y = card.cell
        parts.append(embed(card.svg, x * size + off, y * size + off, inner, inner,
                           f'{pick(cell_key(x, y))} class="laid"'))
    if box is not None:
        bx0, by0, bx1, by1 = box
        parts.append(f'<rect class="area-box" x="{fmt(bx0 * size)}" y="{fmt(by0 * size)}" '
                     f'width="{fmt((bx1 - bx0 + 1) * size)}" height="{fmt((by1 - by0 + 1) * size)}" fill="none" '
                     f'stroke="#ffd54f" stroke-width="{fmt(size * 0.05)}" pointer-events="none"/>')
    return document((x1 - x0 + 1) * size, (y1 - y0 + 1) * size, "".join(parts), x0 * size, y0 * size)


def hand_svg(items: Sequence[HandItem], size: float) -> str:
    """A hand: its cards in a row, each clickable by its key, the chosen one framed, each
    with its label under it ("" for no hand)."""
    if not items:
        return ""
    step = size * 1.3  # a clear gap: two tiles' snakes must not seem to join across it
    label_h = size * 0.3
    parts = []
    for i, item in enumerate(items):
        x = i * step + size * 0.15
        frame = "#345" if item.chosen else "#8a8170"
        parts.append(f'<rect class="hand-frame" x="{fmt(x - size * 0.06)}" y="{fmt(size * 0.015)}" '
                     f'width="{fmt(size * 1.12)}" height="{fmt(size * 1.12)}" fill="{frame}" rx="{fmt(size * 0.04)}"/>')
        parts.append(embed(item.svg, x, size * 0.075, size, size, f'{pick(item.key)} class="in-hand"'))
        if item.label:
            parts.append(f'<text x="{fmt(x + size / 2)}" y="{fmt(size * 1.2 + label_h / 2)}" text-anchor="middle" '
                         f'font-size="{fmt(size * 0.18)}" fill="#222">{escape(item.label)}</text>')
    return document(len(items) * step, size * 1.2 + label_h, "".join(parts))
