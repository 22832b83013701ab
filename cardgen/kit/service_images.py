"""An image print service's upload files (`--service thegamecrafter`): one PNG per face at the
pixel size of the product it goes on."""

from __future__ import annotations

from cardgen.kit.service import pieces, written
from cardgen.kit.spec import KitSpec
from cardgen.kit.writer import Job, Writer, Written


class ServiceImages(Writer[None]):
    """`service/<name>/<product>/*.png` for a service that sells products (`per = "face"`)."""

    name = "service-images"

    def wanted(self, spec: KitSpec) -> bool:
        """With `--service` naming an image service."""
        return spec.service is not None and spec.service.per == "face"

    def write(self, job: Job, started: None) -> Written:
        """Every face of every component the service sells, on its product."""
        from cardgen.print.services import write_images

        assert job.spec.service is not None
        given = pieces(job.kit)
        return written(job, write_images(job.folder, job.spec.service, given), given)
