"""Digits drawn as strokes, so numbers need no font and svglib (PDF) and cairosvg (PNG) agree.

Each glyph is a list of path commands in glyph units: the digit is 1 unit high and `ADVANCE`
wide, origin at its top-left, y down. `number_d` places a whole number, scaled, centred on a
point and optionally turned by 180 degrees (for the player on the far side of the board).
Only M, L, C and A commands are written; a half turn keeps every arc's sweep direction.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.art._svg import Point, fmt, pt

ADVANCE = 0.6
"""Width of one digit, in digit heights."""
SPACING = 0.22
"""Gap between two digits, in digit heights."""
STROKE = 0.13
"""Recommended stroke width, in digit heights."""

# A command: ("M"|"L", p), ("C", c1, c2, p) or ("A", rx, ry, large, sweep, p).
_Cmd = tuple[str, Point] | tuple[str, Point, Point, Point] | tuple[str, float, float, int, int, Point]


def _ring(cx: float, cy: float, rx: float, ry: float) -> list[_Cmd]:
    top, bottom = (cx, cy - ry), (cx, cy + ry)
    return [("M", top), ("A", rx, ry, 0, 1, bottom), ("A", rx, ry, 0, 1, top)]


_SIX_TAIL: list[_Cmd] = [("M", (0.52, 0.03)), ("C", (0.22, 0.1), (0.02, 0.32), (0.02, 0.71))]
_NINE_TAIL: list[_Cmd] = [("M", (0.58, 0.29)), ("C", (0.58, 0.68), (0.38, 0.9), (0.08, 0.97))]

GLYPHS: dict[str, list[_Cmd]] = {
    "0": _ring(0.3, 0.5, 0.3, 0.5),
    "1": [("M", (0.1, 0.22)), ("L", (0.36, 0.0)), ("L", (0.36, 1.0))],
    "2": [("M", (0.03, 0.26)), ("C", (0.03, 0.08), (0.16, 0.0), (0.3, 0.0)),
          ("C", (0.47, 0.0), (0.58, 0.11), (0.58, 0.27)), ("C", (0.58, 0.47), (0.4, 0.6), (0.0, 1.0)),
          ("L", (0.6, 1.0))],
    "3": [("M", (0.03, 0.1)), ("C", (0.12, 0.02), (0.21, 0.0), (0.3, 0.0)),
          ("C", (0.47, 0.0), (0.57, 0.1), (0.57, 0.24)), ("C", (0.57, 0.38), (0.45, 0.46), (0.26, 0.46)),
          ("C", (0.48, 0.46), (0.6, 0.57), (0.6, 0.72)), ("C", (0.6, 0.9), (0.46, 1.0), (0.29, 1.0)),
          ("C", (0.18, 1.0), (0.08, 0.96), (0.0, 0.89))],
    "4": [("M", (0.46, 1.0)), ("L", (0.46, 0.0)), ("L", (0.0, 0.7)), ("L", (0.6, 0.7))],
    "5": [("M", (0.56, 0.0)), ("L", (0.1, 0.0)), ("L", (0.05, 0.45)),
          ("C", (0.14, 0.4), (0.22, 0.38), (0.3, 0.38)), ("C", (0.48, 0.38), (0.6, 0.5), (0.6, 0.68)),
          ("C", (0.6, 0.88), (0.46, 1.0), (0.28, 1.0)), ("C", (0.17, 1.0), (0.08, 0.96), (0.0, 0.89))],
    "6": _SIX_TAIL + _ring(0.3, 0.71, 0.28, 0.29),
    "7": [("M", (0.0, 0.0)), ("L", (0.6, 0.0)), ("L", (0.2, 1.0))],
    "8": _ring(0.3, 0.24, 0.23, 0.24) + _ring(0.3, 0.72, 0.28, 0.28),
    "9": _ring(0.3, 0.29, 0.28, 0.29) + _NINE_TAIL,
}


def text_width(text: str) -> float:
    """Width of `text` (digits only) in digit heights."""
    return len(text) * ADVANCE + max(0, len(text) - 1) * SPACING


def number_d(text: str, centre: Point, height: float, turned: bool = False) -> str:
    """Path data for the digits of `text`, `height` mm high, centred on `centre`.

    `turned` rotates the number by 180 degrees about its centre (upside down for a reader on
    the other side). Stroke it (no fill) with about `STROKE * height` and round caps.
    """
    cx, cy = centre
    w = text_width(text)

    def place(off: float) -> Callable[[Point], Point]:
        def f(p: Point) -> Point:
            x = (off + p[0] - w / 2) * height
            y = (p[1] - 0.5) * height
            return (cx - x, cy - y) if turned else (cx + x, cy + y)
        return f

    out: list[str] = []
    for i, ch in enumerate(text):
        if ch not in GLYPHS:
            raise ValueError(f"no stroke glyph for {ch!r}")
        f = place(i * (ADVANCE + SPACING))
        for cmd in GLYPHS[ch]:
            if cmd[0] in ("M", "L"):
                out.append(cmd[0] + pt(f(cmd[1])))  # type: ignore[arg-type]
            elif cmd[0] == "C":
                out.append("C" + " ".join(pt(f(p)) for p in cmd[1:]))  # type: ignore[arg-type]
            else:
                _, rx, ry, large, sweep, p = cmd  # type: ignore[misc]
                out.append(f"A{fmt(rx * height)},{fmt(ry * height)} 0 {large} {sweep} {pt(f(p))}")
    return "".join(out)
