"""`manifest.json`: every file of the kit, how to print and cut it, and how the kit looks (card
size, colour profile, ink estimate)."""

from __future__ import annotations

import json
from typing import Any

from cardgen import __version__, words
from cardgen.kit.draw import Kit
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written
from cardgen.print.files import write_bytes_atomic
from cardgen.print.pdf import FaceCache


def look(kit: Kit, spec: KitSpec, cache: FaceCache, lines: list[str]) -> dict[str, Any]:
    """The manifest's record of how the kit looks: the card size (None when no component of the
    kit follows `--card-size`), the colour profile, the ink estimate; lines for the summary
    are added to `lines`."""
    out: dict[str, Any] = {}
    if spec.card_size is not None:
        sized = any(p.component.card_sized for p in kit.parts)
        out["card_size_mm"] = spec.card_size if sized else None
        if not sized:  # a kit without cards or tiles (every part sized by the board's fields, say)
            lines.append(f"--card-size {spec.card_size:g}: no cards or tiles in this kit; sizes kept")
    if spec.cmyk:
        from cardgen.print.pdfx import VERSION  # with pypdf: only a CMYK build makes PDF/X

        conv = spec.converter()
        out["colour"] = {"mode": "cmyk", "profile": conv.name, "ink_limit_percent": conv.limit,
                         "standard": VERSION, "condition": conv.press.identifier if conv.press else "Custom"}
        if conv.asked is not None and conv.press is not None:
            out["colour"]["asked"] = conv.asked.identifier
            lines.append(f"printing condition {conv.asked.identifier}: no profile for it on this system (docs/"
                         f"printing.md says where one is looked for); separated for {conv.press.identifier} "
                         f"(--press {conv.press.name}), the same paper class, instead")
    if kit.ink is not None:
        from cardgen.kit.inksheets import RENDER_DPI, measure

        ink = measure(kit, spec, cache)
        low, normal, saving = ink.low.percent, ink.normal.percent, ink.saving
        out["ink"] = {"mode": "low", "coverage_percent": low, "normal_coverage_percent": normal,
                      "saving_percent": saving,
                      "method": f"mean C+M+Y+K through the ICC profile of the sheets as rendered ({RENDER_DPI:g} "
                                "dpi), inside the pieces' trim boxes, each component in one layout; the normal "
                                "figure from the same sheets with the faces at normal ink; 100 % = one ink "
                                "solid over the whole area"}
        lines.append(f"ink: low, measured coverage {low:g} % instead of {normal:g} % ({saving:g} % less ink)")
    return out


class Manifest(Writer[None]):
    """`manifest.json`, last: it lists the files of every writer before it."""

    name = "manifest"

    def write(self, job: Job, started: None) -> Written:
        """The entries written so far, the faces and their counts, and `look`."""
        kit, spec = job.kit, job.spec
        lines: list[str] = []
        manifest = {
            "game": kit.game, "title": kit.title, "generator": f"cardgen {__version__}",
            "set": str(spec.set_path) if spec.set_path else "standard",
            "paper": spec.paper, "files": job.entries,
            "faces": {key: count for key, (_, count) in kit.faces.items()},
            **look(kit, spec, job.cache, lines),
            **({"notes": list(kit.notes)} if kit.notes else {}),
        }
        lines += [f"{kit.game}: {note}" for note in kit.notes]
        write_bytes_atomic(job.folder / "manifest.json",
                           (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        lines.append(f"{job.folder / 'manifest.json'}: {words.count(len(job.entries), 'file')} described")
        return Written([], lines)
