"""CMYK through ICC profiles with the ink limit, low-ink faces and their estimate, --card-size,
and the print-service upload files: through the CLI and the public functions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.cli import main
from cardgen.print.colour import INK_LIMIT, converter, limit_ink
from cardgen.print.faces import Face
from cardgen.print.icc import default_profile
from cardgen.print.ink import coverage, low_ink
from cardgen.print.services import service_spec, services


def _build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", *args, "--lang", "en", "--quiet"])
    return result.exit_code, result.output


def _manifest(game: str) -> dict[str, object]:
    return json.loads(Path(f"output/{game}/manifest.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


# ---- colour ---------------------------------------------------------------------------------


def test_default_profile_separates_greys_into_black_only_and_keeps_colours() -> None:
    conv = converter(None)
    for level in (0.0, 0.2, 0.5, 0.8):
        c, m, y, k = conv.colour(level, level, level)
        assert max(c, m, y) < 0.02 and k == pytest.approx(1 - level, abs=0.03)
    c, m, y, k = conv.colour(0.84, 0.15, 0.24)  # the snakes' red: magenta and yellow, no cyan
    assert m > 0.7 and y > 0.5 and c < 0.05
    assert conv.colour(1.0, 1.0, 1.0) == (0.0, 0.0, 0.0, 0.0)


def test_no_converted_colour_exceeds_the_ink_limit() -> None:
    conv = converter(None)
    steps = [i / 6 for i in range(7)]
    worst = max(sum(conv.colour(r, g, b)) for r in steps for g in steps for b in steps)
    assert worst * 100 <= INK_LIMIT + 0.5
    assert sum(limit_ink(1.0, 1.0, 1.0, 1.0)) == pytest.approx(INK_LIMIT / 100)
    assert limit_ink(1.0, 1.0, 1.0, 1.0)[3] == 1.0  # black is kept, colour inks give way


def test_cmyk_build_names_its_profile_and_a_user_profile_is_used(tmp_path: Path) -> None:
    profile = tmp_path / "press.icc"
    profile.write_bytes(default_profile())
    code, out = _build("schlangennest", "--format", "pdf", "--layout", "single", "--colour", "cmyk",
                       "--icc", str(profile))
    assert code == 0, out
    colour = _manifest("schlangennest")["colour"]
    assert isinstance(colour, dict) and colour["ink_limit_percent"] == INK_LIMIT
    assert "cardgen generic CMYK" in colour["profile"]
    content = PdfReader("output/schlangennest/cards-a4.pdf").pages[0].get_contents()
    assert content is not None and b" K" in content.get_data()  # the marks in CMYK black (K operator)
    # The booklets follow: no RGB colour operator is left on any page, CMYK ones are there.
    for page in PdfReader("output/schlangennest/rules-en-a5-read.pdf").pages:
        ops = [op for _, op in ContentStream(page.get_contents(), None).operations]
        assert b"rg" not in ops and b"RG" not in ops
        assert b"k" in ops


@pytest.mark.parametrize("bad", ["text", "rgb", "scanner"])
def test_a_wrong_icc_file_is_one_line_and_exit_1(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "bad.icc"
    if bad == "text":
        path.write_text("not a profile")
    elif bad == "scanner":  # CMYK, but an input profile: no PDF/X output intent
        data = bytearray(default_profile())
        data[12:16] = b"scnr"
        path.write_bytes(bytes(data))
    else:
        from PIL import ImageCms

        path.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    code, out = _build("schlangennest", "--format", "pdf", "--layout", "single", "--colour", "cmyk",
                       "--icc", str(path))
    assert code == 1
    assert out.strip().count("\n") == 0 and out.startswith("cardgen: ") and "Traceback" not in out
    assert bad != "scanner" or "output (printer) profile" in out


def test_icc_means_cmyk_and_is_refused_with_rgb(tmp_path: Path) -> None:
    profile = tmp_path / "press.icc"
    profile.write_bytes(default_profile())
    code, out = _build("schlangennest", "--format", "svg", "--colour", "rgb", "--icc", str(profile))
    assert code == 2 and "--icc: a CMYK profile cannot be used with --colour rgb" in out  # a usage mistake
    code, out = _build("schlangennest", "--format", "pdf", "--layout", "single", "--only", "cards",
                       "--icc", str(profile))
    assert code == 0, out  # --icc alone: a CMYK build through that profile
    manifest = json.loads(Path("output/schlangennest/manifest.json").read_text(encoding="utf-8"))
    assert manifest["colour"]["mode"] == "cmyk" and "cardgen generic CMYK" in manifest["colour"]["profile"]


# ---- ink ------------------------------------------------------------------------------------


def _square(fill: str) -> Face:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
           f'<rect width="20" height="20" fill="{fill}" stroke="#000000" stroke-width="1"/></svg>')
    return Face("sq", svg, 20, 20, 0)


def test_low_ink_lightens_fills_keeps_lines_and_outlines_backs() -> None:
    face = _square("#2354b8")
    light = low_ink(face, outline=False)
    outline = low_ink(face, outline=True)
    assert 'stroke="#000000"' in light.svg and 'stroke="#000000"' in outline.svg
    assert 'fill="#ffffff"' in outline.svg
    full, lit, bare = (coverage([(f, 1)]).percent for f in (face, light, outline))
    assert full > lit > bare > 0  # the outline still prints its frame


@pytest.mark.parametrize("game", [pytest.param("schlangennest", marks=pytest.mark.slow),
                                  pytest.param("schlangengrube", marks=pytest.mark.slow), "irrlaeufer"])
def test_ink_low_build_reports_the_saving(game: str) -> None:
    code, out = _build(game, "--format", "svg", "--ink", "low")
    assert code == 0, out
    ink = _manifest(game)["ink"]
    assert isinstance(ink, dict)
    assert 0 < ink["coverage_percent"] < ink["normal_coverage_percent"]
    assert ink["saving_percent"] == pytest.approx(
        100 * (1 - ink["coverage_percent"] / ink["normal_coverage_percent"]), abs=0.2)


# ---- card size ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "key"), [("schlangennest", "back"), ("schlangengrube", "marker-back")])
def test_card_size_sets_the_cards_and_tiles(game: str, key: str) -> None:
    code, out = _build(game, "--format", "svg", "--card-size", "40")
    assert code == 0, out
    entry = next(e for e in _manifest(game)["files"] if e.get("face") == key)  # type: ignore[union-attr]
    assert entry["trim_mm"] == [40, 40]
    assert 'width="46mm"' in Path(f"output/{game}/svg/{key}.svg").read_text()  # 40 mm + 2 x 3 mm bleed


def test_card_size_leaves_the_irrlaeufer_board_at_its_field_size() -> None:
    sizes = []
    for extra in ((), ("--card-size", "60")):
        code, out = _build("irrlaeufer", "--format", "svg", *extra)
        assert code == 0, out
        sizes.append(next(e["trim_mm"] for e in _manifest("irrlaeufer")["files"]  # type: ignore[union-attr]
                          if str(e.get("face", "")).startswith("board")))
    assert sizes[0] == sizes[1]
    assert _manifest("irrlaeufer")["card_size_mm"] is None  # said so: nothing was resized


@pytest.mark.parametrize("size", ["24", "91"])
def test_card_size_outside_25_to_90_is_refused(size: str) -> None:
    code, out = _build("schlangennest", "--format", "svg", "--card-size", size)
    assert code == 2 and "--card-size" in out  # a value out of its range: a usage mistake


# ---- services -------------------------------------------------------------------------------


def test_every_service_names_its_source() -> None:
    for spec in services().values():
        assert spec.source.startswith(("https://", "http://"))  # the address as it was read
        assert spec.bleed_mm >= 0 and spec.safe_mm >= 0 and spec.dpi > 0


def test_service_pdf_has_front_then_back_for_every_card_at_trim_plus_bleed() -> None:
    spec = service_spec("mbprint")
    code, out = _build("schlangennest", "--format", "svg", "--service", "mbprint", "--card-size", "50")
    assert code == 0, out
    entries = [e for e in _manifest("schlangennest")["files"] if e.get("type") == "service"]  # type: ignore[union-attr]
    (entry,) = entries
    reader = PdfReader(f"output/schlangennest/{entry['file']}")
    assert len(reader.pages) == 2 * 72 == entry["pages"]
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx((50 + 2 * spec.bleed_mm) / 25.4 * 72, abs=0.01)
    assert entry["source"] == spec.source


def test_drivethrucards_deck_is_cmyk_back_first_and_within_its_ink_limit() -> None:
    spec = service_spec("drivethrucards")
    assert spec.ink_limit == 240 and spec.cmyk
    code, out = _build("schlangennest", "--format", "svg", "--service", "drivethrucards", "--bleed", "3.2")
    assert code == 0, out
    manifest = _manifest("schlangennest")
    (entry,) = [e for e in manifest["files"] if e.get("type") == "service"]  # type: ignore[union-attr]
    assert entry["file"] == "service/drivethrucards/schlangennest-cards.pdf"
    reader = PdfReader(f"output/schlangennest/{entry['file']}")
    assert len(reader.pages) == 2 * manifest["faces"]["back"] == entry["pages"]  # type: ignore[index]
    for i, page in enumerate(reader.pages[:4]):  # back, front, back, front …
        names = [ops[0] for ops, op in ContentStream(page.get_contents(), None).operations if op == b"Do"]
        assert (names[0] == "/FormXob.face.back") == (i % 2 == 0)
    assert manifest["colour"] == {"mode": "cmyk", "profile": converter(None).name, "ink_limit_percent": 240.0,
                                  "standard": "PDF/X-4", "condition": "CGATS TR 005"}  # names none: SWOP
    limited = converter(None, 240.0)
    assert max(sum(limited.colour(r / 4, g / 4, 0.0)) for r in range(5) for g in range(5)) <= 2.4 + 1e-9


def test_unknown_service_and_too_little_bleed_are_refused() -> None:
    code, out = _build("schlangennest", "--format", "svg", "--service", "nosuch")
    assert code == 2 and "mbprint" in out  # an unknown name: a usage mistake
    code, out = _build("schlangennest", "--format", "svg", "--service", "mbprint", "--bleed", "1")
    assert code == 1 and "--bleed" in out
    assert not Path("output/schlangennest").exists()  # refused before the first file
