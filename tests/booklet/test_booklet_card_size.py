"""`--card-size` reaches the booklets: the text states the kit's size, the diagrams are drawn
with one cell per card at that size, and the card art in them is the art the kit prints at that
size (read back from the rendered diagram, compared with the kit's own face)."""

from __future__ import annotations

import dataclasses
import io
import re

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]

from cardgen.booklet.build import document
from cardgen.booklet.tiles import PT, Grid, tile_group
from cardgen.colours import NEUTRAL, colour as palette_colour
from cardgen.games.schlangengrube.booklet import CONTENT as PIT_CONTENT, tiles_figure
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.games.schlangennest.booklet import CONTENT as NEST_CONTENT, cards_figure
from cardgen.games.schlangennest.components import load_nest_set
from cardgen.games.schlangennest.render import card_face

SIZES = (30.0, 70.0)


def _stated_sizes(text: str) -> set[str]:
    return set(re.findall(r"(\d+(?:[.,]\d+)?)\s?mm", text.replace("\u00a0", " ")))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_nest_booklet_states_the_card_size_of_the_kit(size: float, lang: str) -> None:
    nest = dataclasses.replace(load_nest_set(None), card_size=size)  # as the kit does for --card-size
    doc = document(NEST_CONTENT, lang, nest)
    stated = _stated_sizes("\n".join(b.text for b in doc.blocks))
    assert f"{size:g}" in stated
    assert f"{load_nest_set(None).card_size:g}" not in stated  # the set's own size is not claimed


@pytest.mark.parametrize("size", SIZES)
def test_the_pit_booklet_states_the_tile_size_of_the_kit(size: float) -> None:
    pit = dataclasses.replace(load_pit_set(None), tile_size=size)
    doc = document(PIT_CONTENT, "en", pit)
    stated = _stated_sizes("\n".join(b.text for b in doc.blocks))
    assert f"{size:g}" in stated
    assert f"{load_pit_set(None).tile_size:g}" not in stated


def test_card_diagrams_have_one_cell_per_card_at_the_kit_size() -> None:
    """The cards figure lays the kinds out every second cell (and a label row below): its
    drawing is that many cells of the card size, plus the pad, in points."""
    base = load_nest_set(None)
    doc = document(NEST_CONTENT, "en", base)
    widths = {}
    for size in SIZES:
        nest = dataclasses.replace(base, card_size=size)
        d = cards_figure(nest, "en", doc).drawing
        cells_across = 2 * (len(nest.cards) - 1) + 1
        assert d.width == pytest.approx((cells_across + 2 * 0.12) * size * PT)
        assert d.height == pytest.approx((2 + 2 * 0.12) * size * PT)
        widths[size] = d.width
    assert widths[SIZES[1]] / widths[SIZES[0]] == pytest.approx(SIZES[1] / SIZES[0])


def test_tile_diagrams_have_one_cell_per_tile_at_the_kit_size() -> None:
    base = load_pit_set(None)
    doc = document(PIT_CONTENT, "en", base)
    kinds = len({t.kind for t in base.tiles})
    for size in SIZES:
        pit = dataclasses.replace(base, tile_size=size)
        d = tiles_figure(pit, "en", doc).drawing
        assert d.width == pytest.approx((2 * (kinds - 1) + 1 + 2 * 0.12) * size * PT)


def _diagram_card(size: float, px: int) -> Image.Image:
    """The red head card as one booklet diagram cell drawn for `size` mm cards, rendered
    `px` pixels square (the cell alone: no pad)."""
    nest = load_nest_set(None)
    head = next(c for c in nest.cards if c.kind == "head")
    grid = Grid(size)
    grid.card((0, 0), tile_group(head.parts, {"own": palette_colour("red"), "neutral": NEUTRAL}, size_mm=size))
    d = grid.drawing(pad=0.0)
    pdf = pdfium.PdfDocument(renderPDF.drawToString(d))
    return pdf[0].render(scale=px / d.width).to_pil().convert("RGB").resize((px, px))


def _kit_card(size: float, px: int) -> Image.Image:
    """The same card as the kit prints it at `size` mm (no bleed), rasterised `px` square."""
    import cairosvg  # type: ignore[import-untyped]

    nest = load_nest_set(None)
    head = next(c for c in nest.cards if c.kind == "head")
    face = card_face(head, "red", size, 0.0)
    png = cairosvg.svg2png(bytestring=face.svg.encode("utf-8"), output_width=px, output_height=px)
    return Image.open(io.BytesIO(png)).convert("RGB")


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean colour difference of two renders, blurred first: the scale patterns alias
    differently in the two rasterisers; the shapes (where the head lies) are what is compared."""
    inner = (4, 4, a.width - 4, a.height - 4)  # the cell's hairline outline is the diagram's own
    a, b = (im.crop(inner).filter(ImageFilter.GaussianBlur(2)) for im in (a, b))
    return float(sum(ImageStat.Stat(ImageChops.difference(a, b)).mean))


def test_diagram_art_is_the_kit_art_for_that_card_size() -> None:
    """A small card's art has wider margins than a big one's (the head keeps clear of a safe
    zone of fixed mm): the diagram of a 30 mm card matches the kit's 30 mm card, and differs
    more from the 70 mm card's art shrunk to the same size."""
    px = 160
    small, big = SIZES
    drawn = _diagram_card(small, px)
    same = _difference(drawn, _kit_card(small, px))
    other = _difference(drawn, _kit_card(big, px))
    assert same < 0.6 * other, (same, other)
    drawn = _diagram_card(big, px)
    same, other = _difference(drawn, _kit_card(big, px)), _difference(drawn, _kit_card(small, px))
    assert same < 0.6 * other, (same, other)
