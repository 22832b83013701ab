"""A PDF print service's upload files (`--service mbprint`, `drivethrucards`): every card and
tile it prints, front and back of every copy, one PDF per size or per deck."""

from __future__ import annotations

from cardgen.kit.service import pieces, written
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written


class ServicePdfs(Writer[None]):
    """`service/<name>/*.pdf` for a service that takes PDFs (`per = "size"` or `"component"`)."""

    name = "service-pdf"

    def wanted(self, spec: KitSpec) -> bool:
        """With `--service` naming a PDF service."""
        return spec.service is not None and spec.service.per != "face"

    def write(self, job: Job, started: None) -> Written:
        """In CMYK when the sheets are or the service requires it (the build's converter)."""
        from cardgen.print.services import write_pdfs

        assert job.spec.service is not None
        given = pieces(job.kit)
        files = write_pdfs(job.folder, job.spec.service, given, job.kit.game, job.cache, job.spec.colour == "cmyk")
        return written(job, files, given)
