"""Toy row faces: a tile shows its number as pips (no font, so every renderer draws it alike);
every tile has the same back."""

from __future__ import annotations

from cardgen.print.faces import Face, Item

from .components import ToySet

GROUND = "#f1ead8"
INK = "#2d3a5c"
BACK = "#2d3a5c"

PIPS = {
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((x, y) for y in range(3) for x in range(3)),
}
"""Where the pips of each number lie on a 3 x 3 grid (column, row)."""


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _svg(size: float, bleed: float, body: str) -> str:
    full = size + 2 * bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(full)}mm" height="{_n(full)}mm" '
            f'viewBox="{_n(-bleed)} {_n(-bleed)} {_n(full)} {_n(full)}">{body}</svg>')


def tile_svg(number: int, size: float, bleed: float) -> str:
    """The front of a tile showing `number` as pips, `size` mm square with `bleed` mm around."""
    full = size + 2 * bleed
    body = f'<rect x="{_n(-bleed)}" y="{_n(-bleed)}" width="{_n(full)}" height="{_n(full)}" fill="{GROUND}"/>'
    body += (f'<rect x="{_n(size * 0.06)}" y="{_n(size * 0.06)}" width="{_n(size * 0.88)}" height="{_n(size * 0.88)}" '
             f'rx="{_n(size * 0.1)}" fill="none" stroke="{INK}" stroke-width="{_n(size * 0.02)}"/>')
    for x, y in PIPS[number]:
        body += (f'<circle cx="{_n(size * (0.25 + 0.25 * x))}" cy="{_n(size * (0.25 + 0.25 * y))}" '
                 f'r="{_n(size * 0.075)}" fill="{INK}"/>')
    return _svg(size, bleed, body)


def back_svg(size: float, bleed: float) -> str:
    """The common back: a dark ground with a light ring."""
    full = size + 2 * bleed
    return _svg(size, bleed, f'<rect x="{_n(-bleed)}" y="{_n(-bleed)}" width="{_n(full)}" height="{_n(full)}" '
                             f'fill="{BACK}"/><circle cx="{_n(size / 2)}" cy="{_n(size / 2)}" r="{_n(size * 0.3)}" '
                             f'fill="none" stroke="{GROUND}" stroke-width="{_n(size * 0.04)}"/>')


def tile_front(number: int, size: float, bleed: float) -> Face:
    """The face of the tiles showing `number`."""
    return Face(f"tile-{number}", tile_svg(number, size, bleed), size, size, bleed)


def items(toy: ToySet, bleed: float) -> list[Item]:
    """Every tile of the set (one face per number, as many copies as the row holds), with the back."""
    size = toy.tile_size
    back = Face("tile-back", back_svg(size, bleed), size, size, bleed)
    return [Item(tile_front(n, size, bleed), back, count) for n, count in toy.counts().items()]
