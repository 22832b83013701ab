"""A build's options resolved once for every kit of the build: `KitSpec`.

`resolve` turns the command line's `BuildOptions` into the values the kit pipeline and its
writers use: the print service's figures (looked up here, once), whether anything is CMYK
(the sheets or a service that requires it, decided here, once), the ink limit, and the
layout options of each grid layout. `check` refuses, before a kit writes its first file, what
the service or the colour profile cannot take.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from cardgen.errors import LayoutError
from cardgen.options import DEFAULT_BLEED, BuildOptions

if TYPE_CHECKING:
    from cardgen.print.colour import Converter
    from cardgen.print.impose import LayoutOptions
    from cardgen.print.services import Service


@dataclass(frozen=True, slots=True)
class KitSpec:
    """What every kit of one build is made with (see `BuildOptions` for the options' meaning).

    `colour` is the mode of the sheets and booklets; `cmyk` whether anything of the kit is
    converted to CMYK (the sheets, or the files of a service that requires CMYK), through
    `converter()`. `service` is the print service's
    specification (None: no service files). `out` is where the game folders are written,
    `final_out` where they end up when that is elsewhere.
    """

    paper: str
    layouts: tuple[str, ...]
    flip: str
    back_offset: tuple[float, float]
    bleed: float
    marks: str | None
    formats: tuple[str, ...]
    dpi: int
    colour: Literal["rgb", "cmyk"]
    icc: Path | None
    langs: tuple[str, ...]
    set_path: Path | None
    out: Path
    final_out: Path | None
    card_size: float | None
    ink: Literal["normal", "low"]
    only: tuple[str, ...]
    service: Service | None
    cmyk: bool
    tts_url: str | None = None
    cutter: str | None = None
    """The cutting machine of `--cutter` (None: no cutter sheets)."""
    press: str | None = None
    """The printing condition the CMYK files are separated for (`--press`, or the service's);
    None: the default one, or only the `--icc` profile."""

    def wants(self, part: str) -> bool:
        """Whether this build makes `part` of a kit ("cards", "booklets", …)."""
        return not self.only or part in self.only

    def writes(self, fmt: str) -> bool:
        """Whether this build writes the format `fmt` ("pdf", "svg", "png", "tts")."""
        return fmt in self.formats

    def ink_limit(self) -> float:
        """The total ink limit of this build, %: cardgen's, or the print service's when lower."""
        from cardgen.print.colour import INK_LIMIT  # with LittleCMS: loaded for CMYK builds only

        limit = self.service.ink_limit if self.service is not None else None
        return INK_LIMIT if limit is None else min(INK_LIMIT, limit)

    def converter(self) -> Converter:
        """The CMYK conversion of this build: the ICC profile (`--icc`, or the printing
        condition's) at the build's ink limit (one object per profile and limit, made on first use)."""
        from cardgen.print.colour import converter

        return converter(self.icc, self.ink_limit(), self.press)

    def layout_options(self, layout: str, marks: str) -> LayoutOptions:
        """The imposition options of grid layout `layout` with `marks` (the component's own
        marks unless `--marks` says otherwise)."""
        from cardgen.print import Flip, Layout, LayoutOptions, mark_style, paper

        return LayoutOptions(paper=paper(self.paper), layout=Layout(layout), bleed=self.bleed,
                             marks=mark_style(self.marks or marks), flip=Flip(self.flip),
                             back_offset=self.back_offset)

    def staged(self, out: Path) -> KitSpec:
        """This spec writing into `out` (a temporary folder) for folders that end up in `out`."""
        return replace(self, out=out, final_out=self.final_out or self.out)


def resolve(options: BuildOptions) -> KitSpec:
    """`options` resolved for the kit pipeline (DataError for an unknown print service or
    printing condition, LayoutError for a condition the service does not state or a cutting
    machine cardgen makes nothing for)."""
    service = None
    if options.service is not None:
        from cardgen.print.services import service_spec

        service = service_spec(options.service)
    if options.press is not None:
        from cardgen.print.press import press

        press(options.press)  # an unknown name: refused here, with the options
        if service is not None and service.press is not None and options.press != service.press:
            raise LayoutError("--press", f"{service.title} states the printing condition {service.press}; "
                                         f"build without --press or with --press {service.press}")
    if options.cutter is not None:
        from cardgen.print.cutter import check_cutter

        check_cutter(options.cutter)  # a machine cardgen makes nothing for: refused with the options
    bleed = options.bleed
    if bleed is None:  # no --bleed: cardgen's, or the service's when it asks for more
        bleed = max(DEFAULT_BLEED, service.bleed_mm if service is not None else 0.0)
    return KitSpec(
        paper=options.paper, layouts=options.layouts, flip=options.flip, back_offset=options.back_offset,
        bleed=bleed, marks=options.marks, formats=options.formats, dpi=options.dpi,
        colour=options.colour, icc=options.icc, langs=options.langs, set_path=options.set_path,
        out=options.out, final_out=options.final_out, card_size=options.card_size, ink=options.ink,
        only=options.only, service=service, cmyk=options.colour == "cmyk" or bool(service and service.cmyk),
        tts_url=options.tts_url, cutter=options.cutter, press=options.press or (service.press if service is not None else None))


def check(spec: KitSpec) -> None:
    """What the service or the colour profile refuses, raised before a kit writes a file: a
    `--bleed` below the service's (without `--bleed` the build takes the service's), an ICC
    profile that cannot be read."""
    service = spec.service
    if service is not None and spec.bleed + 1e-9 < service.bleed_mm:
        raise LayoutError("--bleed", f"{service.title} asks for {service.bleed_mm:g} mm bleed; "
                                     f"build with --bleed {service.bleed_mm:g} or more")
    if spec.cmyk:
        spec.converter()  # reads the profile: a bad --icc or an unknown --press fails here
