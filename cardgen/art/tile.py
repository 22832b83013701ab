"""A square card or tile with snake parts on it, as one SVG document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardgen.colours import Colour
from cardgen.geometry import Part

from ._svg import affine, drawing, fmt, group, matrix_attr, path
from .layout import LineSpine, layout
from .snake import crossing_under, draw_body, draw_end

CARD_BACKGROUND = "#f7f2e4"
"""The light card ground the faces are drawn on."""

SAFE_MM = 2.0
"""Nothing but bodies running off the edge comes closer than this to the trim."""


def tile_svg(parts: Sequence[Part], palette: Mapping[str, Colour], size_mm: float, bleed_mm: float,
             *, background: str = CARD_BACKGROUND, rot: int = 0, flip: bool = False) -> str:
    """The SVG of a square tile `size_mm` wide with `bleed_mm` of bleed on every side.

    `parts` are at rotation 0, bottom to top; each part's colour name is looked up in
    `palette`. The whole face is flipped east-west (if `flip`) and then turned clockwise by
    `rot` degrees. The viewBox is in mm with its origin at the trim corner.
    """
    if rot % 90:
        raise ValueError(f"rotation {rot} is not a multiple of 90 degrees")
    if size_mm <= 0 or bleed_mm < 0:
        raise ValueError(f"size {size_mm} mm and bleed {bleed_mm} mm must be positive")
    colours = []
    for part in parts:
        try:
            colours.append(palette[part.colour])
        except KeyError:
            raise ValueError(f"part {part} has colour {part.colour!r}, not in the palette "
                             f"({', '.join(palette)})") from None
    s = size_mm
    dwg = drawing(s, bleed_mm)
    full = s + 2 * bleed_mm
    dwg.add(path(f"M{fmt(-bleed_mm)},{fmt(-bleed_mm)}h{fmt(full)}v{fmt(full)}h{fmt(-full)}Z", fill=background))
    art = group(transform=matrix_attr(affine(s, rot, flip))) if rot % 360 or flip else group()
    ext = (bleed_mm + 1.0) / s + 0.01
    margin = max(SAFE_MM / s, 0.05) + 0.035
    placed = layout(tuple(parts))
    for i, (pl, colour) in enumerate(zip(placed, colours)):
        g = group()
        if pl.end is None:
            for lower in placed[:i]:
                if lower.end is None and _crosses(pl.spine, lower.spine):
                    crossing_under(g, pl.spine, lower.spine, s, ext, background)
            draw_body(g, pl.spine, colour, s, ext, margin)
        else:
            draw_end(g, pl.end, colour, s, ext, margin)
        art.add(g)
    dwg.add(art)
    return str(dwg.tostring())


def _crosses(a: object, b: object) -> bool:
    """Whether two bodies cross: two straights through different ports (perpendicular)."""
    return isinstance(a, LineSpine) and isinstance(b, LineSpine) and \
        abs(a.tx * b.tx + a.ty * b.ty) < 0.5
