"""The separation of `--colour cmyk`: each colour goes to the CMYK that the condition's
measured data (the profile's forward table) says prints nearest to it, under every condition
of its class (SWOP coated #5 and #3), nearer than the profile's own inverse tables put it."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageCms

from cardgen.print.colour import converter, lab
from cardgen.print.press import PRESSES, PROFILES

ART = [(198, 40, 40), (31, 79, 168), (44, 58, 46), (122, 46, 18), (242, 178, 0), (216, 237, 216)]
"""Colours of the kits' art: the castles' red and blue, the card back's dark green, a booklet's
brown, the yellow snake, a light tint."""


def _prints(press: str) -> tuple[ImageCms.ImageCmsTransform, ImageCms.ImageCmsTransform]:
    """sRGB to the condition's CMYK by its profile's tables, and its CMYK back to sRGB as printed."""
    profile = ImageCms.getOpenProfile(str(PROFILES / str(PRESSES[press].shipped)))
    srgb = ImageCms.createProfile("sRGB")
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    return (ImageCms.buildTransform(srgb, profile, "RGB", "CMYK", renderingIntent=intent, flags=flags),
            ImageCms.buildTransform(profile, srgb, "CMYK", "RGB", renderingIntent=intent, flags=flags))


def _error(rgb: tuple[int, int, int], cmyk: tuple[int, ...], back: ImageCms.ImageCmsTransform) -> float:
    printed = ImageCms.applyTransform(Image.new("CMYK", (1, 1), cmyk), back)
    assert printed is not None
    return math.dist(lab(rgb), lab(printed.tobytes()))


@pytest.mark.parametrize("rgb", ART)
def test_each_colour_prints_nearer_than_the_profile_tables_put_it(rgb: tuple[int, int, int]) -> None:
    ours = tuple(round(v * 255) for v in converter(None).colour(*(v / 255 for v in rgb)))
    assert sum(ours) <= round(PRESSES["swop"].limit / 100 * 255) + 4
    ours_error = tables_error = 0.0
    for press in ("swop", "swop3"):  # the default condition and its kin
        table, back = _prints(press)
        separated = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), table)
        assert separated is not None
        ours_error += _error(rgb, ours, back) / 2
        tables_error += _error(rgb, tuple(separated.tobytes()), back) / 2
    print(rgb, ours, f"ΔE76 {ours_error:.2f}, by the tables {tables_error:.2f}")
    assert ours_error < tables_error - 0.3


def test_a_profile_without_kin_is_matched_alone() -> None:
    """GRACoL has no kin: its colours print nearest by its own data alone (within ΔE 1.5 for the
    in-gamut red, which its tables miss by more)."""
    conv = converter(None, press="gracol")
    assert len(conv.prints_as) == 1 and len(converter(None).prints_as) == 2
    table, back = _prints("gracol")
    red = (198, 40, 40)
    ours = tuple(round(v * 255) for v in conv.colour(*(v / 255 for v in red)))
    assert _error(red, ours, back) <= 1.5
