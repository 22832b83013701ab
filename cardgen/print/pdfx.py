"""A finished CMYK PDF made PDF/X-4 (ISO 15930-7), by rewriting it with pypdf.

reportlab writes none of PDF/X, so `make_pdfx` adds what the standard asks of a file and
removes what it forbids:

- the header says PDF 1.6 (X-4 is based on it; the files use transparency, which 1.3 lacks);
- an output intent (`/OutputIntents`, `/S /GTS_PDFX`) with the build's ICC profile embedded as
  its `DestOutputProfile`, the printing condition's registered `OutputConditionIdentifier`
  ("CGATS TR 003", "FOGRA39" …; "Custom" for a user's profile of no named condition) with its
  description as `OutputCondition`, and the profile's name as `Info`;
- XMP metadata (`pdfxid:GTS_PDFXVersion` "PDF/X-4", title, dates, document and version ids,
  rendition class, trapping) matching the Info dictionary, which gets `GTS_PDFXVersion`, a title,
  the dates and `/Trapped /False` (cardgen does no trapping);
- a document `/ID` (derived from the file's content, so a build stays reproducible), the
  creation date the file has (else now, or `SOURCE_DATE_EPOCH`), and font subset tags made
  distinct (`cardgen.print.pdfmeta`);
- on every page a TrimBox and a BleedBox (the MediaBox for a page that has none: a page that is
  its finished size), checked to nest, TrimBox in BleedBox in MediaBox;
- reportlab's empty text objects (`BT /F1 12 Tf 14.4 TL ET`, naming an unembedded Helvetica) are
  dropped and every font resource a content stream does not use is removed, so every font left
  is embedded (a font that is not raises `LayoutError`: a bug, not a user's mistake);
- every RGB or grey colour operator left (`rg`, `RG`, `g`, `G`: calibration sheets, the fold
  marks and notes the booklet imposition adds) becomes CMYK, a grey as black ink only.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from xml.sax.saxutils import escape

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    EncodedStreamObject,
    IndirectObject,
    NameObject,
    NumberObject,
    PdfObject,
    RectangleObject,
    StreamObject,
    TextStringObject,
    create_string_object,
)

from cardgen.errors import LayoutError
from cardgen.print.files import atomic_path
from cardgen.print.pdfmeta import pdf_date, retag_subsets

RgbToCmyk = Callable[[float, float, float], tuple[float, float, float, float]]

VERSION = "PDF/X-4"
HEADER = b"%PDF-1.6"
CONDITION = "Custom"
"""The `OutputConditionIdentifier` of a profile that is no registered characterisation."""
PRODUCER = "cardgen (reportlab, pypdf)"

_EMPTY_TEXT = re.compile(rb"BT\s+/[^\s/\[\]()<>]+\s+[-0-9.]+\s+Tf\s+[-0-9.]+\s+TL\s+ET")
_TOKEN = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>|<<|>>|\[|\]|/[^\s/\[\]()<>{}%]*|%[^\r\n]*"
                    rb"|[^\s/\[\]()<>{}%]+")
_NUMBER = re.compile(rb"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")
_COLOUR_OPS = {b"rg": (3, b"k"), b"RG": (3, b"K"), b"g": (1, b"k"), b"G": (1, b"K")}
_MAYBE = re.compile(rb"(?<![A-Za-z])(?:rg|RG|g|G|Tf|BI)(?![A-Za-z])")


@dataclass(frozen=True, slots=True)
class Intent:
    """The output intent of a CMYK build: its ICC profile (bytes), the profile's name, the
    conversion of a colour left in RGB and the printing condition the profile characterises."""

    profile: bytes
    name: str
    convert: RgbToCmyk
    identifier: str = CONDITION
    """The printing condition's registered identifier (`CONDITION` for none)."""
    condition: str = ""
    """The printing condition in words (empty: the profile's name)."""


def _num(v: float) -> bytes:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return (text or "0").encode()


def _tokens(data: bytes) -> Iterator[re.Match[bytes]]:
    pos = 0
    while True:
        m = _TOKEN.search(data, pos)
        if m is None:
            return
        yield m
        pos = m.end()
        if m.group(0) == b"ID":  # an inline image: its data runs to the next "EI"
            end = re.compile(rb"\sEI(?![^\s])").search(data, pos)
            pos = end.end() if end else len(data)


def _rewrite(data: bytes, convert: RgbToCmyk) -> tuple[bytes, set[str]]:
    """`data` (a content stream) with its empty text objects dropped and its RGB and grey colours
    made CMYK; and the font names its `Tf` operators use."""
    data = _EMPTY_TEXT.sub(b"", data)
    fonts: set[str] = set()
    if not _MAYBE.search(data):
        return data, fonts
    out: list[bytes] = []
    at = 0
    operands: list[re.Match[bytes]] = []
    name = b""  # the last name: a Tf's font
    for m in _tokens(data):
        tok = m.group(0)
        if tok.startswith(b"/"):
            name = tok
            continue
        if _NUMBER.fullmatch(tok):
            operands.append(m)
            continue
        if tok in _COLOUR_OPS and len(operands) >= _COLOUR_OPS[tok][0]:
            n, op = _COLOUR_OPS[tok]
            args = [float(a.group(0)) for a in operands[-n:]]
            if n == 1:
                cmyk: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0 - args[0])
            else:
                cmyk = convert(args[0], args[1], args[2])
            start = operands[-n].start()
            out += [data[at:start], b" ".join(_num(v) for v in cmyk), b" ", op]
            at = m.end()
        elif tok == b"Tf" and name:
            fonts.add(name.decode("latin-1"))
        operands = []
    out.append(data[at:])
    return b"".join(out), fonts


def _put(stream: StreamObject, data: bytes) -> None:
    """Replace a stream's content by `data` (Flate-compressed when the stream was encoded)."""
    if isinstance(stream, EncodedStreamObject):
        stream.get_data()  # decoded first, so pypdf can re-encode
        stream[NameObject("/Filter")] = NameObject("/FlateDecode")
        if "/DecodeParms" in stream:
            del stream["/DecodeParms"]
    stream.set_data(data)


def _embedded(font: DictionaryObject) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = cast(DictionaryObject, cast(ArrayObject, font["/DescendantFonts"].get_object())[0].get_object())
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _clean_resources(owner: DictionaryObject, used: set[str], where: str) -> None:
    """Keep only the fonts `used` in the resources of `owner` (a page or a form)."""
    resources = owner.get("/Resources")
    if resources is None:
        return
    resources = resources.get_object()
    fonts = resources.get("/Font")
    if fonts is None:
        return
    fonts = fonts.get_object()
    kept = DictionaryObject({NameObject(k): v for k, v in fonts.items() if k in used})
    for name, font in kept.items():
        if not _embedded(font.get_object()):
            raise LayoutError(where, f"font {font.get_object().get('/BaseFont')} ({name}) is not embedded")
    if kept:
        resources[NameObject("/Font")] = kept
    else:
        del resources["/Font"]


def _forms(owner: DictionaryObject, seen: set[int]) -> Iterator[StreamObject]:
    """The form XObjects `owner`'s resources name, and theirs, each once."""
    resources = owner.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources is not None else None
    if xobjects is None:
        return
    for ref in xobjects.get_object().values():
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        xobj = ref.get_object()
        if key in seen or not isinstance(xobj, StreamObject) or xobj.get("/Subtype") != "/Form":
            continue
        seen.add(key)
        yield xobj
        yield from _forms(xobj, seen)


def _rect(value: PdfObject) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in cast(ArrayObject, value.get_object()))
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...], tol: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol and inner[2] <= outer[2] + tol
            and inner[3] <= outer[3] + tol)


def _xmp(title: str, created: str, modified: str, doc_id: str) -> bytes:
    def iso(date: str) -> str:  # D:YYYYMMDDHHmmSS+HH'mm' -> YYYY-MM-DDTHH:mm:SS+HH:mm
        d = date.removeprefix("D:")
        zone = d[14:].replace("'", "")
        zone = "Z" if zone in ("", "Z", "+0000", "-0000") else f"{zone[:3]}:{zone[3:5]}"
        return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}{zone}"

    packet = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
    xmp:CreateDate="{iso(created)}" xmp:ModifyDate="{iso(modified)}" xmp:MetadataDate="{iso(modified)}"
    xmp:CreatorTool="cardgen" pdf:Producer="{PRODUCER}" pdf:Trapped="False"
    xmpMM:DocumentID="uuid:{doc_id}" xmpMM:InstanceID="uuid:{doc_id}" xmpMM:VersionID="1"
    xmpMM:RenditionClass="default" pdfxid:GTS_PDFXVersion="{VERSION}">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return packet.encode("utf-8")


def _uuid(digest: bytes) -> str:
    h = digest.hex()
    return f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def make_pdfx(path: Path, intent: Intent) -> Path:
    """Rewrite the CMYK PDF at `path` as PDF/X-4 (see the module docstring), atomically."""
    original = path.read_bytes()
    reader = PdfReader(path)
    writer = PdfWriter(clone_from=reader)
    writer.pdf_header = HEADER
    seen: set[int] = set()
    for number, page in enumerate(writer.pages, 1):
        where = f"{path.name} page {number}"
        contents = page.get_contents()
        used: set[str] = set()
        if contents is not None:
            data, used = _rewrite(contents.get_data(), intent.convert)
            page.replace_contents(_stream(data))
        _clean_resources(page, used, where)
        for form in _forms(page, seen):
            before = form.get_data()
            data, form_used = _rewrite(before, intent.convert)
            if data != before:
                _put(form, data)
            _clean_resources(form, form_used, where)
        media = _rect(page.mediabox)
        bleed = _rect(page["/BleedBox"]) if "/BleedBox" in page else media
        trim = _rect(page["/TrimBox"]) if "/TrimBox" in page else bleed
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            raise LayoutError(where, f"TrimBox {trim} / BleedBox {bleed} / MediaBox {media} do not nest")
        page[NameObject("/BleedBox")] = RectangleObject(bleed)
        page[NameObject("/TrimBox")] = RectangleObject(trim)
    digest = hashlib.md5(original).digest()
    info: Mapping[str, Any] = reader.metadata or {}
    title = str(info.get("/Title") or path.stem)
    created = str(info.get("/CreationDate") or pdf_date())
    modified = str(info.get("/ModDate") or created)
    writer.add_metadata({"/Title": title, "/CreationDate": created, "/ModDate": modified, "/Creator": "cardgen",
                         "/Producer": PRODUCER, "/GTS_PDFXVersion": VERSION})
    # pypdf's Info dictionary (add_metadata writes strings): Trapped is a name; reportlab's
    # placeholders ("anonymous", "unspecified") go, so Info says nothing the XMP does not
    written = cast(DictionaryObject, cast(PdfObject, writer._info).get_object())
    written[NameObject("/Trapped")] = NameObject("/False")
    for key in ("/Author", "/Subject", "/Keywords"):
        if key in written:
            del written[key]
    root = writer.root_object
    profile = _stream(intent.profile)
    profile[NameObject("/N")] = NumberObject(4)
    out_intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(intent.identifier),
        NameObject("/OutputCondition"): create_string_object(intent.condition or intent.name),
        NameObject("/Info"): create_string_object(intent.name),
        NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
        NameObject("/DestOutputProfile"): writer._add_object(profile),
    })
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(out_intent)])
    metadata = DecodedStreamObject()  # uncompressed, so that any tool finds the identification
    metadata.set_data(_xmp(title, created, modified, _uuid(digest)))
    metadata[NameObject("/Type")] = NameObject("/Metadata")
    metadata[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Metadata")] = writer._add_object(metadata)
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    retag_subsets(writer)
    with atomic_path(path) as tmp:
        with open(tmp, "wb") as fh:
            writer.write(fh)
    return path


def _stream(data: bytes) -> EncodedStreamObject:
    """A new Flate-compressed stream of `data`."""
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream.flate_encode()
