"""What a kit build writes besides the print sheets: the proof sheet, the Tabletop Simulator
export and a print service's upload files, plus the low-ink faces and the ink estimate.

Kept apart from `cardgen.kit` so the sheet pipeline stays readable; `write_kit` calls in here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import LayoutError
from cardgen.options import BuildOptions
from cardgen.print.faces import Face, Item
from cardgen.print.files import write_bytes_atomic
from cardgen.print.ink import common_backs, coverage, low_ink
from cardgen.print.pdf import FaceCache, RgbToCmyk
from cardgen.print.proof import cells_from_forms, proof_png

if TYPE_CHECKING:
    from PIL import Image

    from cardgen.kit import Component, ExtraPdf


class InkAdjust:
    """The low-ink redraw of a build's faces; remembers each original for the ink estimate."""

    def __init__(self, outline: set[str]) -> None:
        self.outline = outline
        self.originals: dict[str, Face] = {}
        self._done: dict[tuple[str, str], Face] = {}

    def __call__(self, face: Face) -> Face:
        found = self._done.get((face.key, face.svg))
        if found is None:
            if face.key in self.originals and self.originals[face.key].svg != face.svg:
                return face  # already redrawn: adjusting twice must not lighten twice
            self.originals[face.key] = face
            found = low_ink(face, face.key in self.outline)
            self._done[(face.key, face.svg)] = found
            self._done[(face.key, found.svg)] = found
        return found


def precheck(options: BuildOptions) -> None:
    """What can fail in the extras, checked before the kit writes its first file: the print
    service exists and the build has the bleed it asks for; the ICC profile can be read."""
    if options.service is not None:
        from cardgen.print.services import service_spec

        spec = service_spec(options.service)
        if options.bleed + 1e-9 < spec.bleed_mm:
            raise LayoutError("--bleed", f"{spec.title} asks for {spec.bleed_mm:g} mm bleed; "
                              f"build with --bleed {spec.bleed_mm:g} or more")
    if options.colour == "cmyk" or (options.service is not None and service_cmyk(options.service)):
        rgb_to_cmyk(options)  # reads the profile: a bad --icc fails here


def ink_adjuster(components: Sequence[Component], options: BuildOptions) -> InkAdjust | None:
    """The face redraw for `--ink low` (None for normal ink)."""
    if options.ink != "low":
        return None
    return InkAdjust(common_backs([(it.front, it.back) for c in components for it in c.items]))


def adjusted(comp: Component, adjust: Callable[[Face], Face] | None) -> Component:
    """`comp` with every face redrawn by `adjust` (unchanged when None)."""
    if adjust is None:
        return comp
    items = tuple(Item(adjust(it.front), adjust(it.back) if it.back else None, it.count) for it in comp.items)
    return dataclasses.replace(comp, items=items)


def ink_limit(options: BuildOptions) -> float:
    """The total ink limit of this build: 300 %, or the print service's own when lower."""
    from cardgen.print.colour import INK_LIMIT

    if options.service:
        from cardgen.print.services import service_spec

        limit = service_spec(options.service).ink_limit
        if limit is not None:
            return min(INK_LIMIT, limit)
    return INK_LIMIT


def service_cmyk(name: str) -> bool:
    """Whether the print service `name` requires CMYK files."""
    from cardgen.print.services import service_spec

    return service_spec(name).cmyk


def rgb_to_cmyk(options: BuildOptions) -> RgbToCmyk:
    """The CMYK conversion of this build: through the ICC profile (`--icc` or the default),
    ink-limited."""
    from cardgen.print.colour import converter

    return converter(options.icc, ink_limit(options)).colour


def proof_cells(folder: Path, faces: dict[str, tuple[Face, int]], options: BuildOptions,
                cache: FaceCache | None) -> dict[str, Image.Image]:
    """The proof sheet's cells by face key: cut from the PNG faces when the build wrote them in
    `folder`, else rasterised from the faces the PDFs parsed (`cache`); faces with neither are
    left to `proof_png`, which renders them from their SVG."""
    cells: dict[str, Image.Image] = {}
    if "png" in options.formats:  # cut the cells from the faces just rasterised: no second render
        from cardgen.print.proof import cell_from_png

        for face, count in faces.values():
            png = folder / f"png/{face.key}_x{count}.png"
            if png.is_file():
                cells[face.key] = cell_from_png(png.read_bytes(), face)
    rest = [face for face, _ in faces.values() if face.key not in cells]
    if rest and cache is not None:  # from the faces the PDFs parsed: no SVG rasterised again
        cells.update(cells_from_forms(rest, cache, options.bleed))
    return cells


def extras(game: str, title: str, components: Sequence[Component], extra_pdfs: Sequence[ExtraPdf],
           faces: dict[str, tuple[Face, int]], options: BuildOptions, lines: list[str],
           cache: FaceCache | None = None, cells: Mapping[str, Image.Image] | None = None,
           proof: bytes | None = None) -> list[dict[str, Any]]:
    """Write proof.png (always), the TTS export (`--format tts`) and the service files
    (`--service`); return their manifest entries and add their summary lines to `lines`.
    `cells` are the proof's cells when made already (`proof_cells`), `proof` the proof sheet
    as PNG bytes when made already."""
    folder = options.out / game
    entries: list[dict[str, Any]] = []
    listed = [(face, count) for face, count in faces.values()]
    if proof is None:
        if cells is None:
            cells = proof_cells(folder, faces, options, cache)
        proof = proof_png(listed, title, cells)
    write_bytes_atomic(folder / "proof.png", proof)
    entries.append({"file": "proof.png", "type": "proof", "faces": len(listed),
                    "printed_faces": sum(c for _, c in listed)})
    lines.append(f"{folder / 'proof.png'}: proof sheet, {len(listed)} faces")
    if "tts" in options.formats:
        from cardgen.print.tts import Deck, Token, write_tts

        decks = [Deck(c.stem, c.items) for c in components]
        board: Face | None = None
        tokens: list[Token] = []
        seen = {f.key for c in components for it in c.items for f in (it.front, it.back) if f}
        for xpdf in extra_pdfs:
            for face, count in xpdf.faces:
                face = faces.get(face.key, (face, 0))[0]
                if face.key in seen:
                    continue
                seen.add(face.key)
                if xpdf.entry.get("component") == "board" and board is None:
                    board = face
                elif xpdf.entry.get("component") != "board":
                    tokens.append(Token(face, count))
        export = write_tts(folder, game, title, decks, board, tokens, (options.final_out or options.out) / game)
        entries += [{"file": f, "type": "tts-image"} for f in export.files]
        entries.append({"file": export.saved_object, "type": "tts-object",
                        "install": "copy into Tabletop Simulator's Saved Objects folder "
                                   "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects)",
                        "images": "file:/// URLs of the PNGs beside it; upload them and replace the "
                                  "URLs to share the object"})
        lines.append(f"{folder / export.saved_object}: Tabletop Simulator object, {len(export.files)} images")
    if options.service:
        from cardgen.print.services import write_service

        from cardgen.print.services import Piece

        pieces = [Piece(c.stem, it.front, it.back, it.count) for c in components for it in c.items]
        # the board and parts too: the service prints them or the summary says it does not
        pieces += [Piece(str(x.entry.get("component", x.file)), f, None, n) for x in extra_pdfs for f, n in x.faces]
        written = write_service(folder, options.service, pieces, game, cache, options.colour == "cmyk")
        entries += written
        files = [e for e in written if e["type"] == "service"]
        lines.append(f"{folder / 'service' / options.service}/: {len(files)} files for {options.service}")
        lines += [f"--service {options.service}: {n}" for e in written if e["type"] == "service-note" for n in e["notes"]]
    return entries


def look(faces: dict[str, tuple[Face, int]], components: Sequence[Component], adjust: InkAdjust | None,
         options: BuildOptions, lines: list[str]) -> dict[str, Any]:
    """The manifest's record of how the kit looks: card size, colour profile, ink estimate."""
    out: dict[str, Any] = {}
    if options.card_size is not None:
        sized = any(abs(it.front.width - options.card_size) < 1e-6 for c in components for it in c.items)
        out["card_size_mm"] = options.card_size if sized else None
        if not sized:  # a kit without cards or tiles (Irrläufer: every part is sized by its fields)
            lines.append(f"--card-size {options.card_size:g}: no cards or tiles in this kit; sizes kept")
    if options.colour == "cmyk" or (options.service is not None and service_cmyk(options.service)):
        from cardgen.print.colour import converter

        conv = converter(options.icc, ink_limit(options))
        out["colour"] = {"mode": "cmyk", "profile": conv.name, "ink_limit_percent": conv.limit}
    if adjust is not None:
        from cardgen.print.colour import converter

        to_cmyk = converter(options.icc, ink_limit(options)).image
        listed = [(f, c) for f, c in faces.values()]
        low = coverage(listed, to_cmyk)
        normal = coverage([(adjust.originals.get(f.key, f), c) for f, c in listed], to_cmyk)
        saving = round(100 * (1 - low.percent / normal.percent), 1) if normal.percent else 0.0
        out["ink"] = {"mode": "low", "coverage_percent": low.percent,
                      "normal_coverage_percent": normal.percent, "saving_percent": saving,
                      "method": "mean C+M+Y+K of the rasterised faces (trim area, 150 px across) through the "
                                "ICC profile, weighted by area and count; 100 % = one ink solid over the "
                                "whole area"}
        lines.append(f"ink: low, estimated coverage {low.percent:g} % instead of {normal.percent:g} % "
                     f"({saving:g} % less ink)")
    return out
