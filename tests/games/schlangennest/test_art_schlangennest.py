"""Schlangennest faces and items: keys, counts, order, the common back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardgen.games.schlangennest.render import back_face, card_face, items
from cardgen.registry import load_set
from cardgen.sets import default_set_path


@pytest.fixture(scope="module")
def nest():  # type: ignore[no-untyped-def]
    return load_set(default_set_path("schlangennest"))


def test_items_cover_the_standard_set(nest) -> None:  # type: ignore[no-untyped-def]
    its = items(nest, 3.0)
    assert sum(it.count for it in its) == 72
    assert len(its) == 16
    assert [it.front.key for it in its[:4]] == ["red-straight", "red-curve", "red-head", "red-tail"]
    assert [it.front.key.split("-")[0] for it in its[::4]] == list(nest.colours)
    assert [it.count for it in its[:4]] == [7, 9, 1, 1]
    assert len({it.front.key for it in its}) == 16
    assert all(it.back is its[0].back for it in its)
    assert its[0].back is not None and its[0].back.key == "back"
    for it in its:
        assert (it.front.width, it.front.height, it.front.bleed) == (45.0, 45.0, 3.0)


def test_size_override(nest) -> None:  # type: ignore[no-untyped-def]
    its = items(nest, 2.0, size=25.0)
    root = ET.fromstring(its[0].front.svg)
    assert root.get("viewBox") == "-2 -2 29 29"
    assert its[0].back is not None and ET.fromstring(its[0].back.svg).get("width") == "29mm"


def test_faces_differ_by_colour_and_are_stable(nest) -> None:  # type: ignore[no-untyped-def]
    card = nest.card("curve")
    svgs = {c: card_face(card, c, 45, 3).svg for c in nest.colours}
    assert len(set(svgs.values())) == 4
    assert card_face(card, "red", 45, 3) == card_face(card, "red", 45, 3)
    assert back_face(nest, 45, 3) == back_face(nest, 45, 3)
