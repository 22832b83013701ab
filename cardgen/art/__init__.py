"""SVG art: snake bodies, heads, tails and crossings on square tiles and cards, and card backs.

Everything is drawn with plain paths and solid colours (no SVG patterns, gradients, masks,
filters or text) so svglib (PDF) and cairosvg (PNG) render it alike.
"""

from __future__ import annotations

from .back import BACK_GROUND, coil_back_svg
from .layout import PartGeometry, tile_geometry
from .tile import CARD_BACKGROUND, tile_svg

__all__ = ["BACK_GROUND", "CARD_BACKGROUND", "PartGeometry", "coil_back_svg", "tile_geometry", "tile_svg"]
