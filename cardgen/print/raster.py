"""Faces as Pillow images: the shared step of the proof sheet, the Tabletop Simulator sheets and
the ink estimate, which all look at faces as pixels rather than print them."""

from __future__ import annotations

import io

from PIL import Image

from cardgen.print.faces import Face


def face_image(face: Face, px_per_mm: float, trim: bool = True) -> Image.Image:
    """`face` rasterised at `px_per_mm` as an RGB image on white; cut to its trim size when
    `trim` (the bleed is only there for the cutter, a screen or a table shows the cut piece)."""
    full_w = face.width + 2 * face.bleed
    full_h = face.height + 2 * face.bleed
    w = max(1, round(full_w * px_per_mm))
    h = max(1, round(full_h * px_per_mm))
    # Loading cairo costs about a third of a second: only builds that rasterise SVG pay it.
    import cairosvg  # type: ignore[import-untyped]

    data = cairosvg.svg2png(bytestring=face.svg.encode("utf-8"), output_width=w, output_height=h)
    with Image.open(io.BytesIO(data)) as raw:
        rgba = raw.convert("RGBA")
    image = Image.new("RGB", rgba.size, "white")
    image.paste(rgba, mask=rgba.getchannel("A"))
    if trim and face.bleed > 0:
        left = round(face.bleed * w / full_w)
        top = round(face.bleed * h / full_h)
        image = image.crop((left, top, max(left + 1, w - left), max(top + 1, h - top)))
    return image


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """`image` encoded as PNG (deterministic: no time stamp, fixed compression)."""
    buf = io.BytesIO()
    if dpi is not None:
        image.save(buf, format="PNG", optimize=False, compress_level=6, dpi=(dpi, dpi))
    else:
        image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()
