"""The rule booklets' files in the manifest: the pipeline starts typesetting them in other
processes before anything is drawn; here they are finished and written."""

from __future__ import annotations

from cardgen.kit.writer import Job, Writer, Written


class Booklets(Writer[None]):
    """`rules-<lang>-<sheet>-duplex-short.pdf` and `rules-<lang>-a5-read.pdf` for each language."""

    name = "booklets"

    def write(self, job: Job, started: None) -> Written:
        """Wait for the booklets and write them (their summary line closes the build's, after
        the manifest's; the pipeline adds it)."""
        return Written(list(job.booklets.finish()) if job.booklets is not None else [])
