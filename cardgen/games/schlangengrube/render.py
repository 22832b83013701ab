"""Schlangengrube faces: tiles with their mirror-image backs, snake-head and "2x" markers."""

from __future__ import annotations

from cardgen.art import coil_back_svg, tile_svg
from cardgen.art.marker import double_marker_svg
from cardgen.colours import PALETTE, colour
from cardgen.games.schlangengrube.components import PitSet, PitTile
from cardgen.geometry import Part, PartKind
from cardgen.print.faces import Face, Item

MARKER_GROUND = "#3a2b24"
"""The dark brown ground of the marker backs: the colour drawn in secret stays secret."""


def tile_art(tile: PitTile, size: float, bleed: float = 0.0, rot: int = 0, flip: bool = False) -> str:
    """A tile's SVG as laid: flipped east-west first if `flip` (its back), then turned `rot`°."""
    return tile_svg(tile.parts, PALETTE, size, bleed, rot=rot, flip=flip)


def tile_front(tile: PitTile, size: float, bleed: float) -> Face:
    """A tile's front, its parts as listed (bottom to top) at rotation 0."""
    return Face(f"tile-{tile.id}", tile_art(tile, size, bleed), size, size, bleed)


def tile_back(tile: PitTile, size: float, bleed: float) -> Face:
    """A tile's back: the mirror image of its front (docs/rulings.md: tiles may be flipped)."""
    return Face(f"tile-{tile.id}-back", tile_art(tile, size, bleed, flip=True), size, size, bleed)


def marker_back(size: float, bleed: float) -> Face:
    """The common back of every marker."""
    return Face("marker-back", coil_back_svg(size, bleed, ground=MARKER_GROUND), size, size, bleed)


def head_marker(name: str, size: float, bleed: float) -> Face:
    """The snake-head marker of one colour: a big head rising from the lower edge."""
    svg = tile_svg((Part(name, PartKind.HEAD, ("S",)),), {name: colour(name)}, size, bleed)
    return Face(f"marker-head-{name}", svg, size, size, bleed)


def items(pit: PitSet, bleed: float) -> list[Item]:
    """Every tile (front and mirrored back), then the head markers and the "2x" markers.

    Markers are tile-sized so they fill the free places on the tiles' last sheet.
    """
    size = pit.tile_size
    out = [Item(tile_front(t, size, bleed), tile_back(t, size, bleed), t.count) for t in pit.tiles]
    back = marker_back(size, bleed)
    heads = pit.colours[: pit.head_markers]
    out += [Item(head_marker(name, size, bleed), back, 1) for name in heads]
    if pit.double_markers:
        double = Face("marker-2x", double_marker_svg(size, bleed), size, size, bleed)
        out.append(Item(double, back, pit.double_markers))
    return out
