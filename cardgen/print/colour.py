"""CMYK through an ICC profile with LittleCMS (Pillow's ImageCms), and the total ink limit.

`--colour cmyk` converts every colour of the sheets from sRGB through a CMYK output profile:
the user's (`--icc FILE`, e.g. the profile a print service names) or the profile of a published
printing condition (`--press NAME`, `cardgen.print.press`; SWOP by default). Each colour starts
from the profile's separation table and is moved to the CMYK that the profile's forward table
(its fit of the measured chart) says prints nearest to it (`nearest`); for a shipped SWOP
condition, nearest on average under both SWOP conditions, since software that shows plain CMYK
as "SWOP" may mean either. Whatever the profile, no colour leaves with more total ink than
`INK_LIMIT` %: the excess is taken from cyan, magenta and yellow in proportion, keeping black,
so a dark colour keeps its depth and does not smear or stick on the press. Greys, and the
near-greys of black text and line art, are printed in black ink only (`black_only`), whatever
the profile: a press profile would make black a rich black of all four inks (about 300 %),
which blurs thin lines and small text when the plates do not register exactly.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageCms, ImageMath

from cardgen.errors import DataError
from cardgen.inputs import MAX_PROFILE_BYTES, read_bytes
from cardgen.print.press import DEFAULT, Press, press as press_named, profile as press_profile

INK_LIMIT = 300.0
"""Total ink (C+M+Y+K, %) a converted colour may carry."""
NEAR_GREY = 10 / 255
"""The largest spread of its channels a dark colour may have and still print as black ink only."""
DARK = 0.3
"""The brightest channel (0-1) a near-grey may have to count as black."""


def black_only(r: float, g: float, b: float) -> tuple[float, float, float, float] | None:
    """A grey (any lightness) or a dark near-grey as black ink only; None for other colours."""
    hi, lo = max(r, g, b), min(r, g, b)
    if hi - lo <= 1e-9 or (hi - lo <= NEAR_GREY and hi <= DARK):
        return 0.0, 0.0, 0.0, 1.0 - (r + g + b) / 3
    return None


def limit_ink(c: float, m: float, y: float, k: float, limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """C, M, Y, K (0-1 each) with their sum brought down to `limit` % if over it."""
    over = c + m + y + k - limit / 100
    if over > 0 and c + m + y > 0:
        s = max(0.0, (c + m + y - over) / (c + m + y))
        c, m, y = c * s, m * s, y * s
    return c, m, y, k


_SRGB_D50 = ((0.4360747, 0.3850649, 0.1430804), (0.2225045, 0.7168786, 0.0606169),
             (0.0139322, 0.0971045, 0.7141733))
_D50 = (0.9642, 1.0, 0.8249)
STEPS = (16, 8, 4, 2, 1)
"""The steps (in 1/255) of the search for a colour's nearest printable CMYK, coarse to fine."""


def lab(rgb: Sequence[int]) -> tuple[float, float, float]:
    """An 8-bit sRGB colour as CIELAB (D50; sRGB adapted to it by Bradford, as ICC profiles
    take it)."""
    linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c / 255 for c in rgb[:3])]
    f = []
    for row, white in zip(_SRGB_D50, _D50):
        t = sum(a * v for a, v in zip(row, linear)) / white
        f.append(t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116)
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def nearest(rgb: tuple[int, int, int], start: tuple[float, float, float, float],
            prints_as: Sequence[ImageCms.ImageCmsTransform], limit: float) -> tuple[tuple[float, float, float, float], float]:
    """The CMYK (0-1 each, at most `limit` % in total) whose print is nearest to `rgb` in
    CIELAB (ΔE76; the mean over the prints when `prints_as` shows it for several conditions of
    one class), and that ΔE: a pattern search from `start`, one ink at a time up or down, in
    steps from STEPS[0] to 1/255.

    An output profile's inverse tables (B2A) are a coarse grid computed once: an in-gamut colour
    comes out up to ΔE 4 from what the same profile says that CMYK prints, and a colour outside
    the gamut is clipped by the profile maker's rule, not to its nearest printable colour.
    Searching against the profiles' forward tables (A2B, the fit of each measured chart) finds
    the CMYK that prints it best.
    """
    target = lab(rgb)
    cap = round(limit / 100 * 255)

    def errors(candidates: list[tuple[int, ...]]) -> list[float]:
        image = Image.new("CMYK", (len(candidates), 1))
        image.putdata(candidates)
        out = [math.inf if sum(c) > cap else 0.0 for c in candidates]
        for transform in prints_as:
            shown = ImageCms.applyTransform(image, transform)
            assert shown is not None
            raw = shown.tobytes()
            for i in range(len(candidates)):
                out[i] += math.dist(lab(raw[3 * i:3 * i + 3]), target) / len(prints_as)
        return out

    best = tuple(round(v * 255) for v in start)
    best_error = errors([best])[0]
    for step in STEPS:
        while True:
            moves = [tuple(max(0, min(255, v + d * step)) if i == ink else v for i, v in enumerate(best))
                     for ink in range(4) for d in (-1, 1)]
            found = errors(moves)
            k = min(range(len(moves)), key=found.__getitem__)
            if found[k] >= best_error - 1e-9:
                break
            best, best_error = moves[k], found[k]
    c, m, y, k_ = (v / 255 for v in best)
    return (c, m, y, k_), best_error


@dataclass(slots=True)
class Converter:
    """sRGB to CMYK through one profile: single colours (the PDF's) and whole images."""

    name: str
    transform: ImageCms.ImageCmsTransform
    prints_as: tuple[ImageCms.ImageCmsTransform, ...]
    """The profile's CMYK back to sRGB, how the press prints a CMYK colour (and the same for
    the other conditions of its class, `Press.kin`)."""
    limit: float = INK_LIMIT
    profile: bytes = b""
    """The profile's bytes (embedded as the PDF/X output intent)."""
    press: Press | None = None
    """The printing condition the profile characterises (None: a user's profile of no known one)."""
    asked: Press | None = None
    """The condition asked for when its profile was not found and `press` stands in for it."""
    _seen: dict[tuple[float, float, float], tuple[float, float, float, float]] = field(default_factory=dict)

    def colour(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        """One colour (0-1 each) as C, M, Y, K (0-1 each): the profile's separation, moved to
        the CMYK that the profile says prints nearest to it (`nearest`) within the ink limit;
        greys in black only."""
        key = (r, g, b)
        found = self._seen.get(key)
        if found is None:
            found = black_only(r, g, b)
        if found is None:
            rgb = (max(0, min(255, round(r * 255))), max(0, min(255, round(g * 255))), max(0, min(255, round(b * 255))))
            out = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self.transform)
            assert out is not None
            c, m, y, k = (float(v) / 255 for v in out.tobytes())
            found = nearest(rgb, limit_ink(c, m, y, k, self.limit), self.prints_as, self.limit)[0]
            self._seen[key] = found
        return found

    def image(self, image: Image.Image) -> Image.Image:
        """An RGB image converted to CMYK, ink-limited pixel by pixel."""
        out = ImageCms.applyTransform(image.convert("RGB"), self.transform)
        assert out is not None
        cap = round(self.limit / 100 * 255)
        c, m, y, k = out.split()
        total = ImageMath.lambda_eval(lambda v: v["c"] + v["m"] + v["y"] + v["k"], c=c, m=m, y=y, k=k)
        if total.getextrema()[1] > cap:
            raw = out.tobytes()
            data = [tuple(raw[i:i + 4]) for i in range(0, len(raw), 4)]
            fixed = []
            for px in data:
                if sum(px) > cap:
                    lc, lm, ly, lk = limit_ink(px[0] / 255, px[1] / 255, px[2] / 255, px[3] / 255, self.limit)
                    px = (round(lc * 255), round(lm * 255), round(ly * 255), round(lk * 255))
                fixed.append(px)
            out = Image.new("CMYK", out.size)
            out.putdata(fixed)
        return out


def _profile(path: Path) -> tuple[ImageCms.ImageCmsProfile, str, bytes]:
    data = read_bytes(path, MAX_PROFILE_BYTES)  # a FIFO or a device is refused, not waited for
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise DataError(str(path), f"not an ICC profile LittleCMS can read ({exc})") from None
    space = profile.profile.xcolor_space.strip()
    if space != "CMYK":
        raise DataError(str(path), f"a {space} profile; --icc needs a CMYK output profile")
    kind = profile.profile.device_class.strip()
    if kind != "prtr":  # PDF/X embeds it as the output intent, which must be an output profile
        raise DataError(str(path), f"a CMYK profile of class {kind!r}; --icc needs an output (printer) profile")
    name = ImageCms.getProfileDescription(profile).strip() or path.name
    return profile, name, data


@lru_cache(maxsize=8)
def converter(path: Path | None = None, limit: float = INK_LIMIT, press: str | None = None) -> Converter:
    """The converter for the profile at `path` (a profile of condition `press` when None, the
    default condition without either), keeping every colour within `limit` % total ink (and
    within the condition's). With both, `path` is taken as a profile of condition `press`."""
    chosen = asked = None
    shipped = path is None  # the condition's own profile: its kin's are known too
    if path is None:
        found = press_profile(press or DEFAULT)
        path, chosen, asked = found.path, found.press, found.asked
    elif press is not None:
        chosen = press_named(press)
    if chosen is not None:
        limit = min(limit, chosen.limit)
    profile, name, data = _profile(path)
    try:
        # relative colorimetric with black point compensation: the darkest art colours keep their
        # steps instead of clipping to the press's black (and renderers compensate the same way)
        srgb = ImageCms.createProfile("sRGB")
        transform = ImageCms.buildTransform(srgb, profile, "RGB", "CMYK",
                                            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        kin = [_profile(press_profile(k).path)[0] for k in chosen.kin] if chosen is not None and shipped else []
        prints_as = tuple(ImageCms.buildTransform(p, srgb, "CMYK", "RGB",
                                                  renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                                  flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
                          for p in [profile] + kin)
    except ImageCms.PyCMSError as exc:
        raise DataError(str(path), f"LittleCMS cannot convert to this profile ({exc})") from None
    return Converter(name, transform, prints_as, limit, data, chosen, asked)
