"""Print services that sell fixed products (`per = "face"`, The Game Crafter): which product each
kit component of the three games goes on, the files' names and pixel sizes as the data says, the
art's trim on the product's trim, the board at its own size, and the one-line refusals and
notes. Through the public functions and, once per kind of kit, through the CLI."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.errors import DataError, LayoutError
from cardgen.games.irrlaeufer.components import load_board
from cardgen.games.irrlaeufer.render import board_face, castle_faces, gauge_face, standee_faces, stick_face
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.games.schlangengrube.render import items as pit_items
from cardgen.games.schlangennest.components import load_nest_set
from cardgen.games.schlangennest.render import items as nest_items
from cardgen.print.faces import Item
from cardgen.print.services import (
    BOARD_BAND_MM,
    FIT_MM,
    SERVICES_FILE as REPO_SERVICES,
    Piece,
    Service,
    notes,
    plan_uploads,
    render_upload,
    service_spec,
    services,
    upload_svg,
)
from cardgen.units import MM_PER_INCH

BLEED = 3.2  # the kit's bleed: at least The Game Crafter's 1/8 inch


@pytest.fixture(scope="module")
def tgc() -> Service:
    return service_spec("thegamecrafter")


def _pieces(component: str, items: list[Item], kinds: tuple[str, ...]) -> list[Piece]:
    return [Piece(component, it.front, it.back, it.count, kinds, card_sized=True) for it in items]


def _nest(size: float) -> list[Piece]:
    return _pieces("cards", nest_items(dataclasses.replace(load_nest_set(None), card_size=size), BLEED), ("card",))


def _pit(size: float) -> list[Piece]:
    return _pieces("tiles", pit_items(dataclasses.replace(load_pit_set(None), tile_size=size), BLEED), ("tile",))


def _irr() -> list[Piece]:
    """The Irrläufer kit as the kit hands it to a service: the castles component, then the
    board and the parts sheet's faces, each with the sorts of piece its plan gives it."""
    board = load_board(None)
    red, blue = castle_faces(board, BLEED)
    parts = [(f, 6) for f in standee_faces(board, 1.0)] + [(stick_face(board), board.sticks), (gauge_face(board), 1)]
    return ([Piece("castles", red, blue, 4, ("tile", "chit")),
             Piece("board", board_face(board, BLEED, board.field_size), None, 1, ("board",))]
            + [Piece("parts", f, None, n) for f, n in parts])


def _png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


# ---- the data -------------------------------------------------------------------------------


def test_every_service_and_product_names_where_its_figures_were_read() -> None:
    for spec in services().values():
        assert re.match(r"https?://", spec.source)
        assert spec.bleed_mm >= 0 and spec.safe_mm >= 0 and spec.dpi > 0
        for p in spec.products:
            assert p.source.startswith("https://") and p.read_from.startswith("https://")
            tw, th = spec.trim_mm(p)
            # the trim is the image less the bleed: what is left once the service cuts it
            assert tw == pytest.approx(p.pixels[0] / spec.dpi * MM_PER_INCH - 2 * spec.bleed_mm)
            assert tw > 0 and th > 0


def test_a_sort_of_piece_the_services_do_not_know_is_refused_naming_the_entry(tmp_path: Path) -> None:
    data = (REPO_SERVICES.read_text(encoding="utf-8")
            .replace('fits = ["card"]', 'fits = ["cards"]', 1))
    path = tmp_path / "services.toml"
    path.write_text(data, encoding="utf-8")
    with pytest.raises(DataError, match=r"\[thegamecrafter\].*unknown sort of piece 'cards'"):
        services(path)


# ---- which product, which files --------------------------------------------------------------


def test_nest_cards_go_on_the_square_deck_of_their_size_one_image_per_face(tgc: Service) -> None:
    deck = next(p for p in tgc.products if p.kind == "deck" and "card" in p.fits)
    size = tgc.trim_mm(deck)[0]
    pieces = _nest(size)
    uploads = plan_uploads(tgc, pieces)
    assert {u.product for u in uploads} == {deck}
    fronts = [u for u in uploads if not u.file.endswith("back.png")]
    assert [u.face.key for u in fronts] == [p.front.key for p in pieces]
    assert [u.count for u in fronts] == [p.count for p in pieces]
    assert sum(u.count for u in fronts) == 72
    assert fronts[0].file == f"{deck.id}/001-{pieces[0].front.key}-x{pieces[0].count}.png"
    (back,) = [u for u in uploads if u.file.endswith("back.png")]  # one back for the deck
    assert back.file == f"{deck.id}/back.png" and back.count == 72
    for u in (fronts[0], back):
        assert _png_size(render_upload(tgc, u)) == deck.pixels


def test_cards_of_a_size_no_deck_has_are_refused_naming_the_sizes_to_build(tgc: Service) -> None:
    with pytest.raises(LayoutError) as err:
        plan_uploads(tgc, _nest(45.0))
    decks = sorted(tgc.trim_mm(p)[0] for p in tgc.products if "card" in p.fits)
    message = str(err.value)
    assert "--card-size" in message and all(f"{s:g}" in message for s in decks)


def test_pit_tiles_go_on_square_tiles_with_each_tiles_own_back(tgc: Service) -> None:
    tile = min((p for p in tgc.products if "tile" in p.fits), key=lambda p: p.pixels[0])
    pieces = _pit(tgc.trim_mm(tile)[0])
    uploads = plan_uploads(tgc, pieces)
    assert {u.product for u in uploads} == {tile} and tile.kind == "set"
    assert len(uploads) == 2 * len(pieces)  # a front and a back image for every tile and marker
    for n, (piece, front, back) in enumerate(zip(pieces, uploads[::2], uploads[1::2]), 1):
        assert front.file == f"{tile.id}/{n:03d}-{piece.front.key}-x{piece.count}.png"
        assert back.file == front.file.replace(".png", "-back.png")
        assert (front.face, back.face) == (piece.front, piece.back)
    assert _png_size(render_upload(tgc, uploads[1])) == tile.pixels


def test_irrlaeufer_castles_and_the_board_and_parts_it_does_not_print(tgc: Service) -> None:
    """The standard board would sit on the 16-inch square board with wide white bands: not
    uploaded, and the note says why and which board would fit."""
    pieces = _irr()
    uploads = plan_uploads(tgc, pieces)
    assert not any(u.board for u in uploads)
    castles = [u for u in uploads if not u.board]
    assert [u.face.key for u in castles] == ["castle-red", "castle-blue"]
    product = castles[0].product
    assert abs(tgc.trim_mm(product)[0] - castles[0].face.width) <= FIT_MM
    board_line, parts_line = notes(tgc, pieces)
    assert parts_line.startswith("parts: not printed by this service")
    face = pieces[1].front
    assert board_line.startswith(f"board: not printed by this service: the {face.width:.1f} x {face.height:.1f} mm "
                                 "board would sit on the Medium Six-Fold Board (406.4 x 406.4 mm) with ")
    assert f"a board of {406.4 - 2 * BOARD_BAND_MM:.1f}-406.4 x" in board_line


def _square_board(field: float) -> list[Piece]:
    board = dataclasses.replace(load_board(None), rows=15)
    return [Piece("board", board_face(board, BLEED, field), None, 1, ("board",))]


def test_a_board_that_fills_a_product_keeps_its_size_centred_on_it(tgc: Service) -> None:
    pieces = _square_board(16.0)  # 252.8 mm square: the 10-inch square board, 0.6 mm of white a side
    (board,) = plan_uploads(tgc, pieces)
    assert board.board and board.product.id == "LargeSquareBoard" and notes(tgc, pieces) == []
    svg = upload_svg(tgc, board)
    outer = re.match(r'<svg[^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    inner = re.search(r'<svg[^>]*\sx="([\d.]+)"[^>]*\sy="([\d.]+)"[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"',
                      svg[10:])
    assert outer and inner
    W, H = (float(v) for v in outer.groups())  # noqa: N806
    x, y, w, h = (float(v) for v in inner.groups())
    tw, th = tgc.trim_mm(board.product)
    assert (W, H) == pytest.approx((tw + 2 * tgc.bleed_mm, th + 2 * tgc.bleed_mm), abs=1e-3)
    assert (w, h) == pytest.approx((board.face.width, board.face.height), abs=1e-3)  # not scaled
    assert (x + w / 2, y + h / 2) == pytest.approx((W / 2, H / 2), abs=1e-3)
    # 15.5 mm fields: 244.9 mm, 4.6 mm of white a side on the 10-inch board, still within the band;
    # 15.0 mm: 237 mm, 8.5 mm a side: refused, the note naming the board that would fit
    assert plan_uploads(tgc, _square_board(15.5))[0].product.id == "LargeSquareBoard"
    assert plan_uploads(tgc, _square_board(15.0)) == []
    (line,) = notes(tgc, _square_board(15.0))
    assert "Large Square Board (254.0 x 254.0 mm)" in line and "244.0-254.0 x 244.0-254.0 mm would fit" in line


def test_card_trim_lands_on_the_product_trim_and_too_little_bleed_is_refused(tgc: Service) -> None:
    castle = next(u for u in plan_uploads(tgc, _irr()) if not u.board)
    svg = upload_svg(tgc, castle)
    width = float(re.search(r'\swidth="([\d.]+)mm"', svg).group(1))  # type: ignore[union-attr]
    vb = [float(v) for v in re.search(r'viewBox="([-\d. ]+)"', svg).group(1).split()]  # type: ignore[union-attr]
    trim_mm_on_image = castle.face.width / vb[2] * width
    assert trim_mm_on_image == pytest.approx(tgc.trim_mm(castle.product)[0], abs=1e-3)
    thin = dataclasses.replace(castle, face=castle_faces(load_board(None), 3.0)[0])
    with pytest.raises(LayoutError, match="--bleed"):
        upload_svg(tgc, thin)


def test_pdf_services_name_the_board_and_parts_they_do_not_print() -> None:
    mb = service_spec("mbprint")
    lines = notes(mb, _irr())
    assert [line.split(":")[0] for line in lines] == ["board", "parts"]
    assert notes(mb, _nest(45.0)) == []


# ---- through the CLI -------------------------------------------------------------------------


def _build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", *args, "--lang", "en"])
    return result.exit_code, result.output


def test_cli_writes_the_nest_deck_and_lists_every_image(tgc: Service) -> None:
    deck = next(p for p in tgc.products if p.id == "SmallSquareDeck")
    code, out = _build("schlangennest", "--only", "cards", "--format", "svg", "--service", "thegamecrafter",
                       "--bleed", str(BLEED), "--card-size", f"{tgc.trim_mm(deck)[0]:g}", "--quiet")
    assert code == 0, out
    manifest = json.loads(Path("output/schlangennest/manifest.json").read_text(encoding="utf-8"))
    images = [e for e in manifest["files"] if e["type"] == "service"]
    assert len(images) == 17 and sum(e["count"] for e in images if e["face"] != "back") == 72
    for e in images[:2]:
        assert e["pixels"] == list(deck.pixels) and e["source"] == deck.source
        assert Image.open(Path("output/schlangennest") / e["file"]).size == deck.pixels


def test_cli_refuses_cards_of_no_sold_size_in_one_line() -> None:
    code, out = _build("schlangennest", "--only", "cards", "--format", "svg", "--service", "thegamecrafter",
                       "--bleed", str(BLEED), "--quiet")
    assert code == 1
    (line,) = out.strip().splitlines()
    assert line.startswith("cardgen: --service:") and "--card-size 63.5" in line


def test_cli_irrlaeufer_castles_and_the_notes_on_the_board_and_parts() -> None:
    """No --bleed: the build takes the service's 1/8 inch."""
    code, out = _build("irrlaeufer", "--only", "board,parts,castles", "--format", "svg",
                       "--service", "thegamecrafter")
    assert code == 0, out
    assert "--service thegamecrafter: parts: not printed by this service" in out
    assert "--service thegamecrafter: board: not printed by this service" in out
    assert "--service thegamecrafter: 3.175 mm bleed and 3.175 mm safe zone, as the service asks" in out
    folder = Path("output/irrlaeufer/service/thegamecrafter")
    assert "Medium Six-Fold Board" in (folder / "not-covered.txt").read_text(encoding="utf-8")
    manifest = json.loads(Path("output/irrlaeufer/manifest.json").read_text(encoding="utf-8"))
    entries = {e["file"]: e for e in manifest["files"] if str(e.get("type", "")).startswith("service")}
    assert not any("placed" in e for e in entries.values())
    for e in entries.values():
        if e["type"] == "service":
            assert e["bleed_mm"] == 3.175 and Image.open(Path("output/irrlaeufer") / e["file"]).size == (450, 450)
    assert entries["service/thegamecrafter/not-covered.txt"]["type"] == "service-note"


def test_the_castle_chip_frame_lies_inside_every_services_safe_zone(tmp_path: Path) -> None:
    """Nothing of the castle's art that matters (its light frame and tower) comes nearer the cut
    than the widest safe zone of the services, read off the written face image."""
    result = CliRunner().invoke(main, ["build", "irrlaeufer", "--only", "castles", "--format", "png", "--dpi", "200",
                                       "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "irrlaeufer" / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["files"] if e["file"].startswith("png/castle-red"))
    image = Image.open(tmp_path / "irrlaeufer" / entry["file"]).convert("L")
    px = 200 / 25.4
    bleed = round(entry["bleed_mm"] * px)
    middle = image.height // 2
    light = [x for x in range(image.width) if image.getpixel((x, middle)) > 200]  # the frame, the tower
    nearest = min(light[0] - bleed, image.width - 1 - bleed - light[-1]) / px
    safe = max(s.safe_mm for s in services().values())
    assert safe == 4.0 and nearest >= safe, nearest
