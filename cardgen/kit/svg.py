"""Every distinct face of the kit as SVG, the master art (`svg/<face>.svg`)."""

from __future__ import annotations

from cardgen import words
from cardgen.kit.draw import Kit
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written
from cardgen.print.svg import write_svg


class Svg(Writer[None]):
    """`svg/<face>.svg` for every face, with its count, trim and bleed in the manifest."""

    name = "svg"
    option = "svg"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """One per face."""
        return len(kit.faces)

    def write(self, job: Job, started: None) -> Written:
        """Each face as it is printed (redrawn for `--ink low`)."""
        out = Written()
        for key, (face, count) in job.kit.faces.items():
            write_svg(face, job.folder / "svg" / f"{key}.svg")
            out.entries.append({"file": f"svg/{key}.svg", "type": "svg", "face": key, "count": count,
                                "trim_mm": [face.width, face.height], "bleed_mm": face.bleed})
            job.advance(1)
        out.lines.append(f"{job.folder / 'svg'}/: {words.count(len(job.kit.faces), 'face')}")
        return out
