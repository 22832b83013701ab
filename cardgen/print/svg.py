"""The SVG writer: a face's master art as a file."""

from __future__ import annotations

import os
from pathlib import Path

from cardgen.print.faces import Face
from cardgen.print.files import write_bytes_atomic


def write_svg(face: Face, path: str | os.PathLike[str]) -> Path:
    """Write `face`'s SVG document (trim plus bleed) to `path` atomically, UTF-8."""
    return write_bytes_atomic(path, face.svg.encode("utf-8"))
