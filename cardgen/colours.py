"""The named snake colours a set file may use, with their print colour and greyscale pattern.

Pure data: the rules only check names against it; the art draws with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.errors import DataError
from cardgen.numbers import whole


@dataclass(frozen=True, slots=True)
class Colour:
    """A snake colour: its name, its fill (hex RGB), a darker outline and its body pattern."""

    name: str
    fill: str
    outline: str
    pattern: str


PALETTE: dict[str, Colour] = {
    c.name: c
    for c in (
        Colour("red", "#d7263d", "#6e0d1a", "bands"),
        Colour("yellow", "#f2b200", "#6e5000", "dots"),
        Colour("green", "#4caf50", "#15531a", "diamonds"),
        Colour("blue", "#2354b8", "#0c2559", "zigzag"),
        Colour("purple", "#6a2e94", "#2c0f42", "rings"),
        Colour("orange", "#f07f13", "#7a3b00", "chevrons"),
        Colour("teal", "#169a92", "#053d3d", "crosses"),
        Colour("pink", "#e76fb0", "#7a1f52", "stars"),
    )
}

NEUTRAL = Colour("neutral", "#d6d6cf", "#66665f", "plain")
"""The grey of Schlangennest's neutral parts: lighter than any colour's fill, and unpatterned."""


def colour(name: str) -> Colour:
    """The palette entry for `name` (KeyError if unknown; callers turn it into a DataError)."""
    if name == "neutral":
        return NEUTRAL
    return PALETTE[name]


def parse_colour_option(value: str | None, order: tuple[str, ...], default: int) -> tuple[str, ...]:
    """`--colours`: a number (the first that many of `order`) or a comma-separated list of names."""
    if value is None:
        return order[:default]
    text = value.strip()
    if text.isdigit() and not text.isascii():  # '²', '٣': a number, but not in the digits 0-9
        whole(text, "--colours", 1, len(order))
    if re.fullmatch(r"[0-9]+", text):  # ASCII digits only: str.isdigit() also takes '²'
        if len(text) > 3 or int(text) > len(order):  # no int() of a thousand digits
            raise DataError("--colours", f"{text if len(text) <= 6 else 'a million or more'} colours: "
                                         f"the palette has {len(order)}")
        n = int(text)
        return order[:n]
    return tuple(c.strip() for c in text.split(",") if c.strip())
