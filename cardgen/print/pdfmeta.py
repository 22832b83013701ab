"""What a preflight reads in every PDF besides the drawing: dates and font subset names.

- `pdf_date`: the creation date a file states: now, or `SOURCE_DATE_EPOCH` when that is set
  (reproducible builds), as reportlab dates the files it writes itself.
- `retag_subsets`: a font subset's name starts with a six-letter tag (ISO 32000-1 §9.6.4) that
  must differ between different subsets of one file. reportlab tags the first subset of every
  document AAAAAA, so a file put together from several documents (an imposed booklet: its
  pages, its notes pages, the sheet marks) holds different subsets of one name. Each subset's
  tag is made from its font data instead: different subsets get different tags, identical ones
  the same, and a build stays reproducible.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from typing import Any

from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, NameObject, StreamObject

_TAGGED = re.compile(r"^/[A-Z]{6}\+(.+)$")


def pdf_date() -> str:
    """Now as a PDF date (UTC), or the time `SOURCE_DATE_EPOCH` gives when it is set."""
    given = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    stamp = time.gmtime(int(given) if given.isdigit() else time.time())
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", stamp)


def _tag(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def _font_file(font: DictionaryObject) -> tuple[DictionaryObject | None, bytes]:
    descriptor: Any = font.get("/FontDescriptor")
    if descriptor is None and font.get("/Subtype") == "/Type0":
        descendant: Any = font["/DescendantFonts"].get_object()
        descendant = descendant[0].get_object()
        descriptor = descendant.get("/FontDescriptor")
    if descriptor is None:
        return None, b""
    descriptor = descriptor.get_object()
    for key in ("/FontFile2", "/FontFile", "/FontFile3"):
        stream = descriptor.get(key)
        if stream is not None and isinstance(stream.get_object(), StreamObject):
            return descriptor, stream.get_object().get_data()
    return descriptor, b""


def retag_subsets(writer: PdfWriter) -> None:
    """Give every tagged font subset in `writer` the tag of its own font data (see above)."""
    for obj in writer._objects:
        if not isinstance(obj, DictionaryObject) or obj.get("/Type") != "/Font":
            continue
        match = _TAGGED.match(str(obj.get("/BaseFont", "")))
        if match is None:
            continue
        descriptor, data = _font_file(obj)
        if not data:
            continue
        name = NameObject(f"/{_tag(data + match.group(1).encode())}+{match.group(1)}")
        obj[NameObject("/BaseFont")] = name
        if descriptor is not None and _TAGGED.match(str(descriptor.get("/FontName", ""))):
            descriptor[NameObject("/FontName")] = name
