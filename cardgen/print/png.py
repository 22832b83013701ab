"""The PNG writer: one raster image per face, bleed included, for print services."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

from cardgen.errors import LayoutError
from cardgen.print.faces import Face
from cardgen.print.files import write_bytes_atomic
from cardgen.units import MM_PER_INCH

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pixel_size(face: Face, dpi: float) -> tuple[int, int]:
    """Pixel width and height of `face` with its bleed at `dpi`."""
    w = round((face.width + 2 * face.bleed) / MM_PER_INCH * dpi)
    h = round((face.height + 2 * face.bleed) / MM_PER_INCH * dpi)
    return w, h


def with_dpi(png: bytes, dpi: float) -> bytes:
    """`png` with its pHYs chunk (pixels per metre) set to `dpi`; other chunks kept as they are."""
    if not png.startswith(_SIGNATURE):
        raise ValueError("not a PNG")
    ppm = round(dpi / MM_PER_INCH * 1000)
    body = struct.pack(">IIB", ppm, ppm, 1)
    phys = struct.pack(">I", len(body)) + b"pHYs" + body
    phys += struct.pack(">I", zlib.crc32(b"pHYs" + body) & 0xFFFFFFFF)
    out = [_SIGNATURE]
    pos = len(_SIGNATURE)
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        chunk = png[pos : pos + 12 + length]
        pos += 12 + length
        if kind == b"pHYs":
            continue
        out.append(chunk)
        if kind == b"IHDR":
            out.append(phys)
    return b"".join(out)


def render_png(face: Face, dpi: float = 300) -> bytes:
    """`face` rasterised with its bleed at `dpi`, as PNG bytes carrying that dpi."""
    if dpi <= 0:
        raise LayoutError("dpi", f"{dpi} must be positive")
    w, h = pixel_size(face, dpi)
    import cairosvg  # type: ignore[import-untyped]  # loading cairo takes ~0.4 s: only when PNGs are made

    data = cairosvg.svg2png(bytestring=face.svg.encode("utf-8"), output_width=w, output_height=h)
    return with_dpi(bytes(data), dpi)


def write_png(face: Face, path: str | os.PathLike[str], dpi: float = 300) -> Path:
    """Write `face` (bleed included) as a PNG at `dpi` to `path` atomically; return the path."""
    return write_bytes_atomic(path, render_png(face, dpi))
