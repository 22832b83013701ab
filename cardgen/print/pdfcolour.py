"""A finished PDF's colours rewritten as CMYK through the build's ICC converter.

The rule booklets are typeset by reportlab's page templates, which set colours as RGB (`rg`,
`RG`) or grey (`g`, `G`) operators. Rewriting those operators in every page's content stream
(and in the form XObjects the pages use) gives the booklets the same colour mode as the sheets
without touching the typesetting.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream, FloatObject, NameObject, StreamObject

RgbToCmyk = Callable[[float, float, float], tuple[float, float, float, float]]

_RGB = {b"rg": b"k", b"RG": b"K"}
_GREY = {b"g": b"k", b"G": b"K"}


def _num(v: float) -> FloatObject:
    return FloatObject(round(v, 4))


def _convert_ops(stream: ContentStream, convert: RgbToCmyk) -> bool:
    changed = False
    for i, (operands, op) in enumerate(stream.operations):
        if op in _RGB and len(operands) == 3:
            c, m, y, k = convert(*(float(v) for v in operands))
            stream.operations[i] = ([_num(c), _num(m), _num(y), _num(k)], _RGB[op])
            changed = True
        elif op in _GREY and len(operands) == 1:
            grey = float(operands[0])
            c, m, y, k = convert(grey, grey, grey)
            stream.operations[i] = ([_num(c), _num(m), _num(y), _num(k)], _GREY[op])
            changed = True
    return changed


def to_cmyk_pdf(data: bytes, convert: RgbToCmyk) -> bytes:
    """`data` (a PDF) with every RGB and grey fill and stroke colour converted by `convert`."""
    reader = PdfReader(io.BytesIO(data))
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            stream = ContentStream(contents, writer)
            if _convert_ops(stream, convert):
                page.replace_contents(stream)
        resources = page.get("/Resources")
        xobjects = resources.get_object().get("/XObject") if resources is not None else None
        if xobjects is None:
            continue
        for name in list(xobjects.get_object().keys()):
            xobj = xobjects.get_object()[name].get_object()
            if isinstance(xobj, StreamObject) and xobj.get("/Subtype") == NameObject("/Form"):
                stream = ContentStream(xobj, writer)
                if _convert_ops(stream, convert):
                    xobj.set_data(stream.get_data())
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
