"""A generic CMYK output profile written from a simple press model (ICC v2, CMYK <-> Lab tables).

`--colour cmyk` separates for a published printing condition (`cardgen.print.press`), not for
this model. The model is kept to make profiles of known behaviour: `profile(name, separate)`
writes an output profile whose separation is any function (the tests make a press without grey
replacement with `skeleton_black`, to check that black stays black ink only whatever the
profile). `default_profile` is the model with full grey component replacement (black ink carries
every grey) and a total ink limit of `LIMIT` %; its tables are computed from the model (sRGB
primaries, D50 white). It is no measured press characterisation.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import lru_cache

LIMIT = 300.0
"""Total ink (C+M+Y+K in %) the default profile never exceeds."""
NAME = "cardgen generic CMYK (GCR, 300 % ink limit)"
_D50 = (0.9642, 1.0, 0.8249)
_A2B_GRID = 9
_B2A_GRID = 17


def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _srgb_to_lab(r: float, g: float, b: float) -> tuple[float, float, float]:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rl, gl, bl = lin(r), lin(g), lin(b)
    # sRGB to XYZ already adapted to D50 (the ICC's Bradford-adapted sRGB matrix)
    x = 0.4360747 * rl + 0.3850649 * gl + 0.1430804 * bl
    y = 0.2225045 * rl + 0.7168786 * gl + 0.0606169 * bl
    z = 0.0139322 * rl + 0.0971045 * gl + 0.7141733 * bl

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / _D50[0]), f(y / _D50[1]), f(z / _D50[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _lab_to_srgb(L: float, a: float, b: float) -> tuple[float, float, float]:
    """The sRGB colour of a Lab colour; outside sRGB, the same lightness and hue with the chroma
    cut back until it fits (clipping each channel instead would tint the darkest greys)."""
    rgb = _lab_to_rgb_linear(L, a, b)
    if not all(-1e-6 <= v <= 1 + 1e-6 for v in rgb):
        lo, hi = 0.0, 1.0
        for _ in range(14):
            mid = (lo + hi) / 2
            if all(-1e-6 <= v <= 1 + 1e-6 for v in _lab_to_rgb_linear(L, a * mid, b * mid)):
                lo = mid
            else:
                hi = mid
        rgb = _lab_to_rgb_linear(L, a * lo, b * lo)

    def gam(c: float) -> float:
        c = min(1.0, max(0.0, c))
        return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055

    return gam(rgb[0]), gam(rgb[1]), gam(rgb[2])


def _lab_to_rgb_linear(L: float, a: float, b: float) -> tuple[float, float, float]:
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def finv(t: float) -> float:
        return t ** 3 if t ** 3 > 216 / 24389 else (116 * t - 16) * 27 / 24389

    x, y, z = finv(fx) * _D50[0], finv(fy) * _D50[1], finv(fz) * _D50[2]
    rl = 3.1338561 * x - 1.6168667 * y - 0.4906146 * z
    gl = -0.9787684 * x + 1.9161415 * y + 0.0334540 * z
    bl = 0.0719453 * x - 0.2289914 * y + 1.4052427 * z
    return rl, gl, bl


def rgb_to_cmyk_model(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """The press model's separation: full grey replacement, then the ink limit (0-1 each)."""
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    if 1 - k < 0.05:  # the ratio is unstable next to black, where colour ink adds nothing visible
        c, m, y = (v * (1 - k) / 0.05 for v in (c, m, y))
    over = c + m + y + k - LIMIT / 100
    if over > 0:  # take the excess from the colour inks, keeping their balance (the hue)
        s = (c + m + y - over) / (c + m + y)
        c, m, y = c * s, m * s, y * s
    return c, m, y, k


def _cmyk_to_rgb_model(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)


def _lab16(L: float, a: float, b: float) -> tuple[int, int, int]:
    # ICC v2 16-bit Lab: L 0-100 -> 0-0xFF00, a/b -128..+127.996 -> 0-0xFFFF
    def clamp(v: float) -> int:
        return max(0, min(65535, round(v)))

    return clamp(L * 65280 / 100), clamp((a + 128) * 256), clamp((b + 128) * 256)


def _lut16(inputs: int, outputs: int, grid: int, clut: list[int]) -> bytes:
    head = b"mft2" + b"\0" * 4 + bytes((inputs, outputs, grid, 0))
    matrix = b"".join(_s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    tables = struct.pack(">HH", 2, 2)
    identity = struct.pack(">HH", 0, 65535)
    body = identity * inputs + struct.pack(f">{len(clut)}H", *clut) + identity * outputs
    return head + matrix + tables + body


def _a2b0() -> bytes:
    n = _A2B_GRID
    clut: list[int] = []
    for i in range(n ** 4):  # the first input channel varies slowest
        c, m, y, k = (((i // n ** p) % n) / (n - 1) for p in (3, 2, 1, 0))
        clut += _lab16(*_srgb_to_lab(*_cmyk_to_rgb_model(c, m, y, k)))
    return _lut16(4, 3, n, clut)


Separation = Callable[[float, float, float], tuple[float, float, float, float]]
"""A press model's separation: sRGB (0-1 each) to C, M, Y, K (0-1 each)."""


def skeleton_black(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """A press model without grey replacement: cyan, magenta and yellow make every grey and a
    skeleton black adds depth, so black is about 300 % of ink (as many press profiles make it)."""
    c, m, y = 1 - r, 1 - g, 1 - b
    k = max(0.0, min(c, m, y) - 0.1)
    over = c + m + y + k - LIMIT / 100
    if over > 0:
        s = (c + m + y - over) / (c + m + y)
        c, m, y = c * s, m * s, y * s
    return c, m, y, k


def _b2a0(separate: Separation = rgb_to_cmyk_model) -> bytes:
    n = _B2A_GRID
    clut: list[int] = []
    for i in range(n ** 3):
        l16, a16, b16 = (((i // n ** p) % n) / (n - 1) * 65535 for p in (2, 1, 0))
        lab = (l16 / 65280 * 100, a16 / 256 - 128, b16 / 256 - 128)
        cmyk = separate(*_lab_to_srgb(*lab))
        clut += [max(0, min(65535, round(v * 65535))) for v in cmyk]
    return _lut16(3, 4, n, clut)


def _text(sig: bytes, text: str) -> bytes:
    if sig == b"desc":
        ascii_ = text.encode("ascii") + b"\0"
        return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_)) + ascii_ + struct.pack(">II", 0, 0)
                + struct.pack(">HB", 0, 0) + b"\0" * 67)
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


@lru_cache(maxsize=1)
def default_profile() -> bytes:
    """The default profile's bytes (computed once per process; deterministic)."""
    return profile(NAME, rgb_to_cmyk_model)


def profile(name: str, separate: Separation) -> bytes:
    """An ICC v2 CMYK output profile named `name` whose sRGB-to-CMYK table is `separate` (its
    CMYK-to-Lab table is the default model's)."""
    tags = [
        (b"desc", _text(b"desc", name)),
        (b"cprt", _text(b"cprt", "No copyright; made by cardgen from a generic press model")),
        (b"wtpt", b"XYZ " + b"\0" * 4 + b"".join(_s15(v) for v in _D50)),
        (b"A2B0", _a2b0()),
        (b"B2A0", _b2a0(separate)),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table = struct.pack(">I", len(tags))
    data = b""
    for sig, body in tags:
        body += b"\0" * (-len(body) % 4)
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = (struct.pack(">I", size) + b"\0" * 4 + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 24
              + struct.pack(">I", 0) + b"".join(_s15(v) for v in _D50) + b"\0" * 48)
    assert len(header) == 128
    return header + table + data
