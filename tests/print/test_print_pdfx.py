"""PDF/X-4 for `--colour cmyk` and the print services that require CMYK: every CMYK PDF of a kit
read back and checked for what ISO 15930-7 asks of it."""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject, StreamObject

from cardgen.cli import main
from cardgen.print import icc

_TOKEN = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>|<<|>>|\[|\]|/[^\s/\[\]()<>{}%]*|%[^\r\n]*"
                    rb"|[^\s/\[\]()<>{}%]+")
_NUMBER = re.compile(rb"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")
_SHOW = {b"Tj", b"TJ", b"'", b'"'}
_PAINT = {b"S", b"s", b"b", b"B", b"b*", b"B*"}


def _build(*args: str) -> None:
    result = CliRunner().invoke(main, ["build", "--quiet", "--lang", "en", *args])
    assert result.exit_code == 0, result.output


def _cmyk_pdfs(game: str, cmyk: bool = True, out: str = "output") -> list[Path]:
    """The CMYK PDFs the manifest lists (all of them when `cmyk`: a `--colour cmyk` build);
    a print service's PDF checked for its TrimBox: the trim size the manifest gives, inside the
    bleed."""
    manifest = json.loads(Path(out, game, "manifest.json").read_text(encoding="utf-8"))
    files = [e for e in manifest["files"] if e["file"].endswith(".pdf")]
    for entry in files:
        if entry.get("type") == "service":
            for page in PdfReader(Path(out, game, entry["file"])).pages:
                trim, bleed = page.trimbox, page.bleedbox
                assert (float(trim.width) * 25.4 / 72, float(trim.height) * 25.4 / 72) == \
                    pytest.approx(tuple(entry["trim_mm"]), abs=0.01)
                assert float(bleed.width) - float(trim.width) == pytest.approx(2 * entry["bleed_mm"] * 72 / 25.4,
                                                                                abs=0.01)
    return [Path(out, game, e["file"]) for e in files
            if e.get("colour") == "cmyk" or (cmyk and e.get("type") != "service")]


def _streams(reader: PdfReader) -> Iterator[tuple[str, bytes, DictionaryObject]]:
    """Every content stream (page contents, forms, patterns) with its owner's resources."""
    seen: set[int] = set()

    def forms(resources: DictionaryObject | None, where: str) -> Iterator[tuple[str, bytes, DictionaryObject]]:
        if resources is None:
            return
        for kind in ("/XObject", "/Pattern"):
            group = resources.get(kind)
            for name, ref in (group.get_object().items() if group is not None else ()):
                obj = ref.get_object()
                key = ref.idnum if isinstance(ref, IndirectObject) else id(obj)
                if key in seen or not isinstance(obj, StreamObject) or obj.get("/Subtype") == "/Image":
                    continue
                seen.add(key)
                own = obj.get("/Resources")
                own = own.get_object() if own is not None else DictionaryObject()
                yield f"{where} {name}", obj.get_data(), own
                yield from forms(own, f"{where} {name}")

    for number, page in enumerate(reader.pages, 1):
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else DictionaryObject()
        contents = page.get_contents()
        yield f"page {number}", contents.get_data() if contents is not None else b"", resources
        yield from forms(resources, f"page {number}")


def _ops(data: bytes) -> Iterator[tuple[list[bytes], bytes]]:
    operands: list[bytes] = []
    pos = 0
    while (m := _TOKEN.search(data, pos)) is not None:
        tok, pos = m.group(0), m.end()
        if tok.startswith(b"%"):
            continue
        if _NUMBER.fullmatch(tok) or tok.startswith((b"/", b"(", b"<", b"[", b"]")):
            operands.append(tok)
            continue
        yield operands, tok
        operands = []


def _names(obj: object, depth: int = 0) -> Iterator[str]:
    """Every name inside a direct object (dictionaries and arrays, not through references)."""
    if isinstance(obj, NameObject):
        yield str(obj)
    elif isinstance(obj, DictionaryObject) and depth < 6:
        for k, v in obj.items():
            yield str(k)
            if not isinstance(v, IndirectObject):
                yield from _names(v, depth + 1)
    elif isinstance(obj, ArrayObject) and depth < 6:
        for v in obj:
            if not isinstance(v, IndirectObject):
                yield from _names(v, depth + 1)


def _embedded(font: DictionaryObject) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    files = ("/FontFile", "/FontFile2", "/FontFile3")
    return descriptor is not None and any(k in descriptor.get_object() for k in files)


def _box(page: DictionaryObject, name: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in page[name])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _within(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return all(inner[i] >= outer[i] - 0.01 for i in (0, 1)) and all(inner[i] <= outer[i] + 0.01 for i in (2, 3))


def pdfx_problems(path: Path) -> list[str]:
    """What keeps the PDF at `path` from PDF/X-4, as read back from the file."""
    problems: list[str] = []
    raw = path.read_bytes()
    version = re.match(rb"%PDF-(\d)\.(\d)", raw)
    if version is None or (int(version.group(1)), int(version.group(2))) < (1, 6):
        problems.append(f"header {raw[:8]!r}")
    reader = PdfReader(path, strict=True)  # a stream that does not decode raises
    root = reader.trailer["/Root"].get_object()
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        problems.append(f"{len(pdfx)} GTS_PDFX output intents")
    else:
        intent = pdfx[0]
        if not str(intent.get("/OutputConditionIdentifier", "")):
            problems.append("no OutputConditionIdentifier")
        profile = intent.get("/DestOutputProfile")
        data = profile.get_object().get_data() if profile is not None else b""
        if len(data) < 128 or data[36:40] != b"acsp" or data[16:20] != b"CMYK" or data[12:16] != b"prtr" \
                or struct.unpack(">I", data[:4])[0] != len(data) or profile.get_object().get("/N") != 4:
            problems.append("DestOutputProfile is no embedded CMYK output profile")
    info = reader.trailer["/Info"].get_object() if "/Info" in reader.trailer else {}
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-4":
        problems.append(f"Info GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in ("/True", "/False") or not isinstance(info.get("/Trapped"), NameObject):
        problems.append(f"Trapped {info.get('/Trapped')!r}")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            problems.append(f"no {key} in Info")
    metadata = root.get("/Metadata")
    if metadata is None:
        problems.append("no XMP metadata")
    else:
        tree = ElementTree.fromstring(metadata.get_object().get_data())
        ns = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"}
        values: dict[str, str] = {}
        for desc in tree.iterfind(".//rdf:Description", ns):
            values.update(desc.attrib)
            for child in desc:
                values[child.tag] = (child.text or "").strip() or "".join(child.itertext()).strip()
        pdfxid, mm = "{http://www.npes.org/pdfx/ns/id/}", "{http://ns.adobe.com/xap/1.0/mm/}"
        if values.get(pdfxid + "GTS_PDFXVersion") != "PDF/X-4":
            problems.append("XMP pdfxid:GTS_PDFXVersion is not PDF/X-4")
        for key in (mm + "DocumentID", mm + "VersionID", mm + "RenditionClass",
                    "{http://ns.adobe.com/xap/1.0/}CreateDate", "{http://ns.adobe.com/xap/1.0/}ModifyDate",
                    "{http://purl.org/dc/elements/1.1/}title"):
            if not values.get(key):
                problems.append(f"XMP lacks {key}")
        if values.get("{http://ns.adobe.com/pdf/1.3/}Trapped") != str(info.get("/Trapped", "")).lstrip("/"):
            problems.append("XMP pdf:Trapped differs from Info")
    ids = reader.trailer.get("/ID")
    if ids is None or len(ids) != 2:
        problems.append("no document ID")
    for number, page in enumerate(reader.pages, 1):
        if "/TrimBox" not in page or "/BleedBox" not in page:
            problems.append(f"page {number}: no TrimBox or BleedBox")
            continue
        media, bleed, trim = _box(page, "/MediaBox"), _box(page, "/BleedBox"), _box(page, "/TrimBox")
        if not (_within(trim, bleed) and _within(bleed, media)):
            problems.append(f"page {number}: boxes {trim} {bleed} {media} do not nest")
    for where, data, resources in _streams(reader):
        fonts = resources.get("/Font")
        fonts = fonts.get_object() if fonts is not None else {}
        for name, font in fonts.items():
            if not _embedded(font.get_object()):
                problems.append(f"{where}: font {name} {font.get_object().get('/BaseFont')} not embedded")
        if "/DeviceRGB" in set(_names(resources)):
            problems.append(f"{where}: DeviceRGB in the resources")
        fill: tuple[float, ...] = (0, 0, 0, 1)
        stroke: tuple[float, ...] = (0, 0, 0, 1)
        for operands, op in _ops(data):
            if op in (b"rg", b"RG") or (op in (b"cs", b"CS") and operands == [b"/DeviceRGB"]):
                problems.append(f"{where}: RGB colour ({op.decode()})")
            elif op in (b"k", b"K") and len(operands) == 4:
                value = tuple(float(v) for v in operands)
                if op == b"k":
                    fill = value
                else:
                    stroke = value
            elif op in (b"g", b"G") and len(operands) == 1:
                grey = (0.0, 0.0, 0.0, 1 - float(operands[0]))
                fill, stroke = (grey, stroke) if op == b"g" else (fill, grey)
            elif op == b"Tf" and operands and operands[0].decode("latin-1") not in fonts:
                problems.append(f"{where}: Tf names {operands[0]!r}, not in the resources")
            elif op in _SHOW and _rich(fill):
                problems.append(f"{where}: text in rich black {fill}")
            elif op in _PAINT and _rich(stroke):
                problems.append(f"{where}: line in rich black {stroke}")
    for num in _all_objects(reader):
        obj = reader.get_object(num)
        if isinstance(obj, (DictionaryObject, ArrayObject)) and "/DeviceRGB" in set(_names(obj)):
            problems.append(f"object {num}: DeviceRGB (an RGB image, colour space or group)")
    if any(page.get("/Annots") for page in reader.pages):
        problems.append("annotations")
    return sorted(set(problems))


def _all_objects(reader: PdfReader) -> Iterator[int]:
    for generation in reader.xref.values():
        yield from generation
    yield from reader.xref_objStm


def _rich(cmyk: tuple[float, ...]) -> bool:
    """A rich black: black ink of 80 % or more over cyan, magenta and yellow (a press profile's
    black is about 75/68/67/90; a dark colour such as a dark red or brown carries less black)."""
    return cmyk[3] >= 0.8 and min(cmyk[:3]) >= 0.15


def test_cmyk_kit_and_service_pdfs_are_pdfx4() -> None:
    _build("schlangennest", "--format", "pdf", "--colour", "cmyk", "--service", "mbprint", "--bleed", "3.2",
           "--layout", "duplex")
    pdfs = _cmyk_pdfs("schlangennest")
    names = {p.name for p in pdfs}
    assert {"cards-a4-duplex-long.pdf", "calibration-a4-long.pdf", "rules-en-a4-duplex-short.pdf",
            "rules-en-a5-read.pdf", "schlangennest_45x45.pdf"} <= names, names
    for pdf in pdfs:
        assert pdfx_problems(pdf) == [], pdf
    manifest = json.loads(Path("output/schlangennest/manifest.json").read_text(encoding="utf-8"))
    assert manifest["colour"]["standard"] == "PDF/X-4"


def test_a_press_profile_keeps_black_in_black_ink(tmp_path: Path) -> None:
    """A profile without grey replacement makes black C+M+Y+K (about 300 %): black text and
    lines still print in black ink only, and the profile is the one embedded."""
    press = tmp_path / "press.icc"
    press.write_bytes(icc.profile("rich-black test press", icc.skeleton_black))
    _build("irrlaeufer", "--format", "pdf", "--colour", "cmyk", "--icc", str(press), "--only", "parts,castles",
           "--layout", "duplex")
    pdfs = _cmyk_pdfs("irrlaeufer")
    assert {p.name for p in pdfs} >= {"parts-a4.pdf"}  # the castle chips on it
    for pdf in pdfs:
        assert pdfx_problems(pdf) == [], pdf
        intent = PdfReader(pdf).trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/DestOutputProfile"].get_object().get_data() == press.read_bytes()
        assert "rich-black test press" in str(intent["/Info"])


def test_the_checker_finds_what_a_plain_cmyk_pdf_lacks(tmp_path: Path) -> None:
    """The checks can fail: a reportlab CMYK PDF with RGB text, an unembedded font and no boxes."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "plain.pdf"
    c = Canvas(str(path))
    c.setFillColorRGB(0, 0, 0)
    c.drawString(10, 10, "plain")
    c.setStrokeColorCMYK(0.7, 0.7, 0.7, 0.9)
    c.line(0, 0, 50, 50)
    c.drawImage(ImageReader(Image.new("RGB", (2, 2), "red")), 100, 100, 10, 10)
    c.showPage()
    c.save()
    found = " | ".join(pdfx_problems(path))
    for expected in ("header", "output intents", "GTS_PDFXVersion", "XMP", "TrimBox", "not embedded",
                     "RGB colour", "rich black", "DeviceRGB (an RGB image"):
        assert expected in found, (expected, found)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schlangennest", "schlangengrube", "irrlaeufer"])
@pytest.mark.parametrize("service", ["mbprint", "drivethrucards"])
def test_every_cmyk_pdf_of_every_kit_and_service_is_pdfx4(game: str, service: str) -> None:
    _build(game, "--format", "pdf", "--colour", "cmyk", "--service", service, "--bleed", "3.2")
    pdfs = _cmyk_pdfs(game)
    assert pdfs
    for pdf in pdfs:
        assert pdfx_problems(pdf) == [], pdf


@pytest.mark.slow
def test_an_rgb_build_makes_the_cmyk_service_files_pdfx4() -> None:
    _build("schlangennest", "--format", "pdf", "--layout", "single", "--service", "drivethrucards", "--bleed", "3.2")
    pdfs = _cmyk_pdfs("schlangennest", cmyk=False)
    assert [p.parent.name for p in pdfs] == ["drivethrucards"]
    assert PdfReader("output/schlangennest/cards-a4.pdf").pdf_header == "%PDF-1.4"  # RGB: left as written
    assert pdfx_problems(pdfs[0]) == []
