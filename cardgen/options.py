"""Build options as plain data, parsed and checked once at the command line's edge."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from cardgen.errors import DataError, LayoutError

PAPERS = ("a4", "letter", "a3", "tabloid")
LAYOUTS = ("single", "duplex", "gutterfold", "glue")
MARKS = ("corners", "lines", "crosses", "none")
FORMATS = ("pdf", "svg", "png", "tts")
DEFAULT_FORMATS = ("pdf", "svg", "png")
INKS = ("normal", "low")
CARD_SIZES = (25.0, 90.0)
DEFAULT_BLEED = 3.0
"""The bleed of a build without `--bleed` and without a print service that asks for more, mm."""
LANGS = ("de", "en")


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything `cardgen build` may be told; defaults give the standard A4 kit."""

    paper: str = "a4"
    layouts: tuple[str, ...] = LAYOUTS
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float | None = None
    """Art beyond the cut, mm; None: `DEFAULT_BLEED`, or the print service's bleed where it asks
    for more (`cardgen.kit.spec.resolve`)."""
    marks: str | None = None  # None: the game's own default
    formats: tuple[str, ...] = DEFAULT_FORMATS
    dpi: int = 300
    colour: Literal["rgb", "cmyk"] = "rgb"
    langs: tuple[str, ...] = LANGS
    set_path: Path | None = None
    out: Path = field(default_factory=lambda: Path("output"))
    card_size: float | None = None  # None: the set's own card or tile size
    ink: Literal["normal", "low"] = "normal"
    icc: Path | None = None  # None: the profile of the printing condition (`press`)
    press: str | None = None
    """The printing condition of `--colour cmyk` (`cardgen.print.press`); None: the service's, or
    the default."""
    service: str | None = None  # a print service's upload files (cardgen.print.services)
    final_out: Path | None = None
    """Where `out`'s game folders end up when a build writes them elsewhere first (links in
    the written files, such as the Tabletop Simulator object's, point there)."""
    only: tuple[str, ...] = ()
    """The parts of the kits to build (`--only cards,booklets`); empty: everything."""
    cutter: str | None = None
    """A cutting machine to lay cutter sheets out for (`--cutter`, `cardgen.print.cutter`); None: none."""
    tts_url: str | None = None
    """Where the user hosts the Tabletop Simulator images (`--tts-url BASE`): the saved object
    links BASE/<image>; None: `file:///` links to the written images."""

    def __post_init__(self) -> None:
        if self.bleed is not None and not 0 <= self.bleed <= 10:
            raise LayoutError("--bleed", f"{self.bleed:g} mm is outside 0-10 mm")
        if not 72 <= self.dpi <= 1200:
            raise LayoutError("--dpi", f"{self.dpi} is outside 72-1200")
        if self.colour not in ("rgb", "cmyk"):
            raise LayoutError("--colour", f"unknown colour mode {self.colour!r} (rgb or cmyk)")
        if self.card_size is not None and not CARD_SIZES[0] <= self.card_size <= CARD_SIZES[1]:
            raise LayoutError("--card-size", f"{self.card_size:g} mm is outside {CARD_SIZES[0]:g}-{CARD_SIZES[1]:g} mm")
        if self.ink not in INKS:
            raise LayoutError("--ink", f"unknown ink mode {self.ink!r} (normal or low)")
        if any(abs(v) > 10 for v in self.back_offset):
            raise LayoutError("--back-offset", "an offset over 10 mm is a setting error, not a printer shift")
        if self.tts_url is not None:
            if "tts" not in self.formats:
                raise LayoutError("--tts-url", "the image address is used only with --format tts")
            if not self.tts_url.startswith(("https://", "http://")) or len(self.tts_url.rstrip("/")) <= 8 \
                    or any(c.isspace() for c in self.tts_url):
                raise LayoutError("--tts-url", f"{self.tts_url!r} is not a web address (https://… where the "
                                               "images are hosted)")


    def wants(self, part: str) -> bool:
        """Whether this build makes `part` of a kit ("cards", "booklets", …)."""
        return not self.only or part in self.only


def parse_list(text: str, allowed: tuple[str, ...], option: str) -> tuple[str, ...]:
    """Split "pdf,png" into names, each one of `allowed` (LayoutError names the stray one)."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if not names:
        raise LayoutError(option, f"give one or more of {', '.join(allowed)}")
    for name in names:
        if name not in allowed:
            raise LayoutError(option, f"unknown value {name!r} (choose from {', '.join(allowed)})")
    return tuple(dict.fromkeys(names))


def parse_offset(text: str) -> tuple[float, float]:
    """Parse "X,Y" in millimetres, e.g. "0.5,-1"."""
    from cardgen.numbers import decimal

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return (decimal(parts[0].strip(), "X"), decimal(parts[1].strip(), "Y"))
    except (ValueError, DataError):
        raise LayoutError("--back-offset", f"expected X,Y in mm such as 0.5,-1 got {text!r}") from None
