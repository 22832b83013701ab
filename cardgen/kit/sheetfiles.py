"""The sheet files a game lays out itself (`SheetFile`: a board over several pages, a parts
sheet), written as vector PDFs."""

from __future__ import annotations

from cardgen.kit.draw import Kit
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written


class SheetFiles(Writer[None]):
    """Every sheet file of the kit, in the plan's order."""

    name = "pdf-sheets"
    option = "pdf"

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """One per file."""
        return len(kit.files)

    def write(self, job: Job, started: None) -> Written:
        """Each file in the sheets' colour mode, its faces from the build's face cache."""
        out = Written()
        for file in job.kit.files:
            from cardgen.print.sheets import write_sheets  # loaded for kits with such files only

            path = job.folder / file.file
            write_sheets(path, list(file.sheets), {f.key: f for f in file.shows}, title=file.title,
                         colour=job.spec.colour, cache=job.cache)
            out.entries.append({"file": file.file, "type": "pdf", "component": file.part, **file.entry})
            out.lines.append(f"{path}: {file.summary}" if file.summary else str(path))
            job.advance(1)
        return out
