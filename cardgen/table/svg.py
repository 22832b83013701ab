"""Small SVG helpers for the table drawings: the kit's art files placed inside one table SVG."""

from __future__ import annotations

import re
from html import escape

_OPEN = re.compile(r"<svg\b[^>]*>")
_SIZE = re.compile(r'\s(?:width|height|x|y)="[^"]*"')


def fmt(value: float) -> str:
    """A coordinate as short text (two decimals at most)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def embed(svg: str, x: float, y: float, w: float, h: float, attrs: str = "") -> str:
    """The SVG document `svg` (the kit's art, its viewBox in mm) as a nested `<svg>` drawn in
    the box (x, y, w, h) of the table; `attrs` are added to its opening tag."""
    match = _OPEN.search(svg)
    if match is None:
        raise ValueError("not an SVG document")
    tag = _SIZE.sub("", match.group(0))[:-1]
    box = f' x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}"'
    return tag + box + (" " + attrs if attrs else "") + ">" + svg[match.end():]


def pick(key: str) -> str:
    """The attribute that makes an element clickable: the page sends `key` to the server."""
    return f'data-pick="{escape(key, quote=True)}"'


def target(x: float, y: float, w: float, h: float, key: str, css: str = "target") -> str:
    """A transparent clickable rectangle (a cell, a groove) with class `css`."""
    return (f'<rect class="{css}" x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" '
            f'{pick(key)}/>')


def document(width: float, height: float, body: str, x0: float = 0.0, y0: float = 0.0) -> str:
    """A table SVG of `width` x `height` user units (mm) starting at (x0, y0); it scales with
    the page (no fixed size)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{fmt(x0)} {fmt(y0)} {fmt(width)} {fmt(height)}" '
            f'preserveAspectRatio="xMidYMid meet">{body}</svg>')
