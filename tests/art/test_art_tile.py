"""The generic snake art: document frame, part geometry, distinct colours, determinism."""

from __future__ import annotations

import io
import itertools
import math
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.art import coil_back_svg, tile_geometry, tile_svg
from cardgen.art.layout import layout
from cardgen.colours import NEUTRAL, PALETTE
from cardgen.geometry import EDGES, ROTATIONS, Part, PartKind, parse_part

SVG = "{http://www.w3.org/2000/svg}"
ALLOWED_TAGS = {"svg", "g", "path", "circle", "ellipse", "rect", "polygon", "polyline", "line", "defs"}
FORBIDDEN_ATTRS = {"filter", "mask", "clip-path", "opacity", "style"}
MID = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}

PAL = {**PALETTE, "neutral": NEUTRAL}
SAMPLE_TILES = [
    ["neutral:E-W", "red:N-S"],
    ["red:N-E", "neutral:S-W"],
    ["red:head@N", "neutral:E-S"],
    ["red:tail@N", "neutral:head@S"],
    # Schlangengrube-style tiles: ends beside straights and curves, ends on neighbouring edges.
    ["red:N-S", "green:tail@E"],
    ["purple:N-E", "yellow:head@S"],
    ["red:head@N", "green:tail@E"],
    ["green:tail@N", "purple:head@E"],
    ["yellow:head@N", "red:tail@S"],
]


def parts(texts: list[str]) -> list[Part]:
    return [parse_part(t) for t in texts]


def render_grey(svg: str, px: int = 96) -> Image.Image:
    data = cairosvg.svg2png(bytestring=svg.encode(), output_width=px, output_height=px)
    return Image.open(io.BytesIO(data)).convert("L")


@pytest.mark.parametrize("size,bleed", [(25, 0), (38, 2.5), (45, 3), (90, 3)])
def test_document_frame(size: float, bleed: float) -> None:
    root = ET.fromstring(tile_svg(parts(SAMPLE_TILES[0]), PAL, size, bleed))
    full = size + 2 * bleed
    assert root.tag == SVG + "svg"
    assert float(root.get("width", "").removesuffix("mm")) == pytest.approx(full)
    assert float(root.get("height", "").removesuffix("mm")) == pytest.approx(full)
    assert [float(v) for v in root.get("viewBox", "").split()] == pytest.approx([-bleed, -bleed, full, full])


@pytest.mark.parametrize("tile", SAMPLE_TILES + [["red:head@N"], ["red:tail@W"]])
def test_only_plain_svg_features(tile: list[str]) -> None:
    for svg in (tile_svg(parts(tile), PAL, 45, 3, rot=90, flip=True), coil_back_svg(45, 3)):
        for el in ET.fromstring(svg).iter():
            assert el.tag.removeprefix(SVG) in ALLOWED_TAGS, el.tag
            assert not FORBIDDEN_ATTRS & set(el.attrib), el.attrib


def test_background_reaches_bleed_edge() -> None:
    img = Image.open(io.BytesIO(cairosvg.svg2png(
        bytestring=tile_svg(parts(SAMPLE_TILES[1]), PAL, 45, 3, background="#102030").encode(),
        output_width=204, output_height=204))).convert("RGB")
    w, h = img.size
    for xy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert img.getpixel(xy) == (0x10, 0x20, 0x30)


KINDS = ["red:N-S", "red:E-W", "red:N-E", "red:E-S", "red:S-W", "red:W-N", "red:head@N", "red:tail@N",
         "red:head@E", "red:tail@W"]


@pytest.mark.parametrize("text", KINDS)
def test_ports_at_edge_midpoints(text: str) -> None:
    part = parse_part(text)
    for rot, flip in itertools.product(ROTATIONS, (False, True)):
        for size in (25.0, 90.0):
            (geo,) = tile_geometry([part], size, rot=rot, flip=flip)
            moved = part.transformed(rot, flip)
            assert geo.part == moved
            first = MID[moved.ports[0]]
            assert geo.points[0] == pytest.approx((first[0] * size, first[1] * size), abs=1e-6)
            assert geo.half_widths[0] == pytest.approx(0.18 * size)
            if part.kind is PartKind.BODY:
                last = MID[moved.ports[1]]
                assert geo.points[-1] == pytest.approx((last[0] * size, last[1] * size), abs=1e-6)
            else:
                x, y = geo.points[-1]
                assert 0.25 * size < x < 0.75 * size and 0.25 * size < y < 0.75 * size


def _clearance(a, b) -> float:  # type: ignore[no-untyped-def]
    return min(math.dist(p, q) - h - k for p, h in zip(a.points, a.half_widths)
               for q, k in zip(b.points, b.half_widths))


@pytest.mark.parametrize("tile", SAMPLE_TILES)
def test_parts_that_do_not_cross_keep_apart(tile: list[str]) -> None:
    geo = tile_geometry(parts(tile), 45.0, rot=270, flip=True)
    for a, b in itertools.combinations(geo, 2):
        crossing = a.part.is_straight and b.part.is_straight
        if not crossing:
            assert _clearance(a, b) > 0.0, (str(a.part), str(b.part))
    for g in geo:
        if g.part.kind is not PartKind.BODY:
            # An end keeps a margin from the three edges it does not enter by.
            for (x, y), h in zip(g.points[12:], g.half_widths[12:]):
                assert 1.0 < x - h and x + h < 44.0 or g.part.ports[0] in "EW"
                assert 1.0 < y - h and y + h < 44.0 or g.part.ports[0] in "NS"


def test_flip_and_rotation_move_the_whole_face() -> None:
    tile = parts(SAMPLE_TILES[6])
    plain = render_grey(tile_svg(tile, PAL, 30, 0), 60)
    turned = render_grey(tile_svg(tile, PAL, 30, 0, rot=90), 60)
    mirrored = render_grey(tile_svg(tile, PAL, 30, 0, flip=True), 60)
    assert _diff(plain.rotate(-90), turned) < 2.0
    assert _diff(plain.transpose(Image.Transpose.FLIP_LEFT_RIGHT), mirrored) < 2.0


def _diff(a: Image.Image, b: Image.Image) -> float:
    return float(ImageStat.Stat(ImageChops.difference(a, b)).mean[0])


def _snake_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean greyscale difference over the pixels where either image shows a snake."""
    ground = a.getpixel((0, 0))
    mask = Image.eval(ImageChops.lighter(ImageChops.difference(a, Image.new("L", a.size, ground)),
                                         ImageChops.difference(b, Image.new("L", b.size, ground))),
                      lambda v: 255 if v > 8 else 0)
    return float(ImageStat.Stat(ImageChops.difference(a, b), mask).mean[0])


@pytest.mark.parametrize("tile", [["own:N-S"], ["own:N-E"], ["own:head@N"], ["own:tail@N"]])
def test_colours_differ_in_greyscale(tile: list[str]) -> None:
    names = ["red", "yellow", "green", "blue", "purple", "orange", "teal", "pink", "neutral"]
    images = {n: render_grey(tile_svg(parts(tile), {"own": PAL[n]}, 30, 0)) for n in names}
    for a, b in itertools.combinations(names, 2):
        assert _snake_diff(images[a], images[b]) > 10.0, (a, b)


@pytest.mark.parametrize("tile", [["own:N-S"], ["own:N-E"], ["own:head@N"], ["own:tail@N"]])
def test_default_colours_far_apart_in_greyscale(tile: list[str]) -> None:
    names = ["red", "yellow", "green", "blue", "neutral"]
    images = {n: render_grey(tile_svg(parts(tile), {"own": PAL[n]}, 30, 0)) for n in names}
    for a, b in itertools.combinations(names, 2):
        assert _snake_diff(images[a], images[b]) > 18.0, (a, b)


def test_deterministic() -> None:
    tile = parts(SAMPLE_TILES[3])
    first = tile_svg(tile, PAL, 45, 3, rot=180)
    layout.cache_clear()
    assert tile_svg(tile, PAL, 45, 3, rot=180) == first
    assert coil_back_svg(45, 3) == coil_back_svg(45, 3)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="palette"):
        tile_svg(parts(["mauve:N-S"]), PAL, 45, 3)
    with pytest.raises(ValueError, match="rotation"):
        tile_svg(parts(["red:N-S"]), PAL, 45, 3, rot=45)
    assert set(EDGES) == set(MID)
