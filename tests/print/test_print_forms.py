"""Faces drawn once per build as form operators (`FormCode`) and copied into each PDF: the PDF
is the same, byte for byte, as one whose forms are drawn from the parsed faces each time."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.print import Face, FaceCache, Item, Layout, LayoutOptions, impose, write_pdf
from cardgen.print.pdf import FormCode

W, B = 40.0, 3.0


def _face(key: str, body: str) -> Face:
    side = W + 2 * B
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}mm" height="{side}mm" '
           f'viewBox="0 0 {side} {side}"><rect width="{side}" height="{side}" fill="#204060"/>{body}</svg>')
    return Face(key, svg, W, W, B)


SHAPES = _face("shapes", '<circle cx="23" cy="23" r="9" fill="#ffcc00" fill-opacity="0.5" stroke="#fff"/>'
                         '<path d="M 5 5 C 20 40 30 0 41 41" fill="none" stroke="#e03020" stroke-width="2"/>')
TEXT = _face("text", '<text x="10" y="20" font-size="6" fill="#ffffff">Äz 7</text>')


@pytest.fixture(autouse=True)
def _reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files compared byte for byte carry one fixed date (without SOURCE_DATE_EPOCH a PDF is
    dated when it is written, and its ID follows)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


class _DrawEachTime(FaceCache):
    """A cache that records no forms: every PDF draws its faces from the parsed drawings."""

    def form(self, face: Face, cmyk: bool, bleed: float) -> FormCode | None:
        return None


def test_a_face_of_shapes_is_recorded_and_a_face_with_text_is_not() -> None:
    cache = FaceCache()
    form = cache.form(SHAPES, False, B)
    assert form is not None and form.code and form.states  # the half-transparent fill needs a state
    assert cache.form(SHAPES, False, B) is form  # recorded once per build
    assert cache.form(TEXT, False, B) is None  # text adds its characters to each PDF's font subset


@pytest.mark.parametrize("colour", ["rgb", "cmyk"])
@pytest.mark.parametrize("layout", [Layout.SINGLE, Layout.DUPLEX])
def test_recorded_forms_write_the_same_pdf_as_drawn_forms(tmp_path: Path, colour: str, layout: Layout) -> None:
    items = [Item(SHAPES, TEXT, 5), Item(TEXT, SHAPES, 2)]
    for bleed in (B, 1.0):  # a layout with less bleed crops the art: a form per bleed
        imp = impose(items, LayoutOptions(layout=layout, bleed=bleed))
        recorded = write_pdf(tmp_path / "recorded.pdf", imp, title="t", colour=colour, cache=FaceCache())  # type: ignore[arg-type]
        drawn = write_pdf(tmp_path / "drawn.pdf", imp, title="t", colour=colour, cache=_DrawEachTime())  # type: ignore[arg-type]
        assert recorded.read_bytes() == drawn.read_bytes()


def test_a_form_recorded_for_other_stream_filters_is_still_written_right(tmp_path: Path) -> None:
    # reportlab's ASCII85 wrapping is a global setting (the booklets turn it off while they
    # typeset): a form's ready-made stream is used only where it was made for the same filters.
    from reportlab import rl_config

    imp = impose([Item(SHAPES, None, 3)], LayoutOptions(layout=Layout.SINGLE))
    cache = FaceCache()
    assert cache.form(SHAPES, False, imp.bleed) is not None  # recorded with ASCII85
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        recorded = write_pdf(tmp_path / "recorded.pdf", imp, title="t", cache=cache).read_bytes()
        drawn = write_pdf(tmp_path / "drawn.pdf", imp, title="t", cache=_DrawEachTime()).read_bytes()
    finally:
        rl_config.useA85 = old
    assert recorded == drawn and b"ASCII85Decode" not in recorded
