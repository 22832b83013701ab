"""The Tabletop Simulator export and the proof sheet, built through the CLI for every game.

The saved object is validated against a schema of the structure TTS reads (written from its
save-file format: ObjectStates, Deck/Card with CustomDeck, Bag with ContainedObjects, a card's
second face as its States "2", Custom_Board, Custom_Token), and every face the kit makes must be
on the table as often as the manifest counts it.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.print import proof
from cardgen.print.faces import Face, Item
from cardgen.print.tts import Deck, write_tts

URL = "^(file:///|https?://)"
TRANSFORM = {"type": "object", "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                            "scaleX", "scaleY", "scaleZ"],
             "properties": {k: {"type": "number"} for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                                            "scaleX", "scaleY", "scaleZ")}}
CUSTOM_DECK = {"type": "object", "minProperties": 1,
               "propertyNames": {"pattern": "^[1-9][0-9]*$"},
               "additionalProperties": {
                   "type": "object", "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
                                                  "UniqueBack"],
                   "properties": {"FaceURL": {"type": "string", "pattern": URL},
                                  "BackURL": {"type": "string", "pattern": URL},
                                  "NumWidth": {"type": "integer", "minimum": 1, "maximum": 10},
                                  "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
                                  "BackIsHidden": {"type": "boolean"}, "UniqueBack": {"type": "boolean"}}}}
CARD = {"type": "object", "required": ["Name", "GUID", "CardID", "CustomDeck", "Transform"],
        "properties": {"Name": {"const": "Card"}, "CardID": {"type": "integer", "minimum": 100},
                       "CustomDeck": CUSTOM_DECK, "Transform": TRANSFORM, "Nickname": {"type": "string"},
                       "GUID": {"type": "string"}}}
TURNABLE = {"allOf": [CARD, {"type": "object", "required": ["States"],
                             "properties": {"States": {"type": "object", "required": ["2"],
                                                       "additionalProperties": False,
                                                       "properties": {"2": CARD}}}}]}
BAG = {"type": "object", "required": ["Name", "GUID", "ContainedObjects", "Transform"],
       "properties": {"Name": {"const": "Bag"}, "ContainedObjects": {"type": "array", "minItems": 1,
                                                                      "items": TURNABLE},
                      "Transform": TRANSFORM}}
DECK = {"type": "object", "required": ["Name", "GUID", "DeckIDs", "CustomDeck", "ContainedObjects", "Transform"],
        "properties": {"Name": {"const": "Deck"}, "DeckIDs": {"type": "array", "minItems": 2,
                                                              "items": {"type": "integer"}},
                       "CustomDeck": CUSTOM_DECK, "ContainedObjects": {"type": "array", "items": CARD},
                       "Transform": TRANSFORM}}
IMAGE = {"type": "object", "required": ["ImageURL"],
         "properties": {"ImageURL": {"type": "string", "pattern": URL},
                        "ImageSecondaryURL": {"type": "string"}}}
BOARD = {"type": "object", "required": ["Name", "GUID", "CustomImage", "Transform"],
         "properties": {"Name": {"const": "Custom_Board"}, "CustomImage": IMAGE, "Transform": TRANSFORM}}
TOKEN = {"type": "object", "required": ["Name", "GUID", "CustomImage", "Transform"],
         "properties": {"Name": {"const": "Custom_Token"}, "Transform": TRANSFORM,
                        "CustomImage": {"allOf": [IMAGE, {"type": "object", "required": ["CustomToken"],
                                                          "properties": {"CustomToken": {
                                                              "type": "object",
                                                              "required": ["Thickness", "MergeDistancePixels",
                                                                           "StandUp", "Stackable"]}}}]}}}
SCHEMA = {"type": "object", "required": ["SaveName", "ObjectStates"],
          "properties": {"SaveName": {"type": "string"},
                         "ObjectStates": {"type": "array", "minItems": 1,
                                          "items": {"oneOf": [DECK, CARD, BAG, BOARD, TOKEN]}}}}


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Builds a game's TTS kit once for the module (the tests only read it); returns its folder."""
    out = tmp_path_factory.mktemp("tts")
    built: dict[str, Path] = {}

    def run(game: str) -> Path:
        if game not in built:
            result = CliRunner().invoke(main, ["build", game, "--format", "tts", "--lang", "en", "--quiet", "--dpi", "100",
                                               "--out", str(out)])
            assert result.exit_code == 0, result.output
            built[game] = out / game
        return built[game]

    return run


def _on_table(objects: list[dict[str, Any]]) -> Counter[str]:
    """How many of each face (fronts and backs) the saved object puts on the table."""
    seen: Counter[str] = Counter()
    for obj in objects:
        if obj["Name"] == "Bag":  # each piece and its other face, its second state
            for card in obj["ContainedObjects"]:
                seen[card["Nickname"]] += 1
                seen[card["States"]["2"]["Nickname"]] += 1
        elif obj["Name"] == "Deck":
            # DeckIDs is what TTS deals from: resolve each id through the card that carries it.
            cards = {card["CardID"]: card for card in obj["ContainedObjects"]}
            assert len(obj["ContainedObjects"]) == len(obj["DeckIDs"])
            for card_id in obj["DeckIDs"]:
                seen[cards[card_id]["Nickname"]] += 1
                if cards[card_id]["Description"]:
                    seen[cards[card_id]["Description"]] += 1
        else:
            seen[obj["Nickname"]] += 1
            seen[obj.get("Description", "")] += obj["Name"] == "Card" and bool(obj.get("Description"))
    return seen


@pytest.mark.parametrize("game", ["schlangennest", pytest.param("schlangengrube", marks=pytest.mark.slow), "irrlaeufer"])
def test_tts_object_is_valid_and_holds_every_face_with_its_count(build: Callable[[str], Path], game: str) -> None:
    folder = build(game)
    saved = json.loads((folder / f"tts/{game}.json").read_text(encoding="utf-8"))
    jsonschema.validate(saved, SCHEMA)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    table = _on_table(saved["ObjectStates"])
    assert {k: n for k, n in table.items() if n} == manifest["faces"]
    for obj in saved["ObjectStates"]:  # every image the object names was written
        for url in _urls(obj):
            assert Path(url.removeprefix("file://")).is_file()
    if game == "irrlaeufer":
        assert [o["Name"] for o in saved["ObjectStates"]].count("Custom_Board") == 1


def _urls(obj: dict[str, Any]) -> list[str]:
    out = []
    cards = obj.get("ContainedObjects", [])
    cards = cards + [c["States"]["2"] for c in cards if "States" in c]
    for deck in [obj.get("CustomDeck", {})] + [c["CustomDeck"] for c in cards]:
        for entry in deck.values():
            out += [entry["FaceURL"], entry["BackURL"]]
    if "CustomImage" in obj:
        out.append(obj["CustomImage"]["ImageURL"])
    return out


@pytest.mark.slow  # long (make test-slow): keeps make test near its 3 minutes
def test_tts_pit_tiles_are_drawn_from_a_bag_and_show_nothing_face_down(build: Callable[[str], Path]) -> None:
    """Every tile is a card with one neutral back (a face-down tile, a tile in another player's
    hand and the bag show nothing) whose mirror image is its second state, in the same slot of a
    sheet in the same grid; the markers, which share one back, stay a deck."""
    folder = build("schlangengrube")
    saved = json.loads((folder / "tts/schlangengrube.json").read_text(encoding="utf-8"))
    bag, markers = saved["ObjectStates"]
    assert bag["Name"] == "Bag" and markers["Name"] == "Deck"
    assert len(bag["ContainedObjects"]) == 54
    assert all(c["Nickname"].startswith("marker-") for c in markers["ContainedObjects"])
    hidden = set()
    for card in bag["ContainedObjects"]:
        turned = card["States"]["2"]
        assert turned["Nickname"] == card["Nickname"] + "-back"  # its own mirror image
        for side in (card, turned):
            (entry,) = side["CustomDeck"].values()
            assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
            hidden.add(entry["BackURL"])
        (front,), (back,) = card["CustomDeck"].values(), turned["CustomDeck"].values()
        assert card["CardID"] % 100 == turned["CardID"] % 100  # the same slot ...
        assert (front["NumWidth"], front["NumHeight"]) == (back["NumWidth"], back["NumHeight"])  # ... grid
        assert front["FaceURL"] != back["FaceURL"] and card["CardID"] != turned["CardID"]
        assert "PgUp" in card["Description"]  # how to turn it over
    (back_url,) = hidden  # one neutral back for every tile and every side
    with Image.open(back_url.removeprefix("file://")) as img:
        assert len(img.convert("RGB").getcolors(16) or []) <= 3  # one colour and its edge: nothing to read
    ids = [c["GUID"] for c in bag["ContainedObjects"]] + [c["States"]["2"]["GUID"] for c in bag["ContainedObjects"]]
    assert len(set(ids)) == len(ids)


def test_a_secret_deck_with_a_web_base_links_its_images_there(tmp_path: Path) -> None:
    """The library's export of a secret deck (two tiles with their own backs, two markers sharing
    a common back), linked under a web address: the fast version of the CLI test below."""
    tiles = tuple(Item(_face(f"t{i}", f"#{40 * i:02x}8040"), _face(f"t{i}-back", "#804000"), 1) for i in range(2))
    common = _face("m-back", "#000000")
    marker = (Item(_face("m", "#ff0000"), common, 2), Item(_face("n", "#00ff00"), common, 1))
    base = "https://example.org/kit"
    export = write_tts(tmp_path, "toy", "Toy", [Deck("tiles", tiles + marker, secret=True)], None, [], web=base)
    saved = json.loads((tmp_path / export.saved_object).read_text(encoding="utf-8"))
    jsonschema.validate(saved, SCHEMA)
    bag, markers = saved["ObjectStates"]
    assert [c["States"]["2"]["Nickname"] for c in bag["ContainedObjects"]] == ["t0-back", "t1-back"]
    assert markers["Name"] == "Deck" and [c["Nickname"] for c in markers["ContainedObjects"]] == ["m", "m", "n"]
    urls = {u for obj in saved["ObjectStates"] for u in _urls(obj)}
    assert {u.removeprefix(base + "/") for u in urls} == {Path(f).name for f in export.files}


@pytest.mark.slow
def test_tts_url_links_every_image_under_the_address_given(tmp_path: Path) -> None:
    base = "https://example.org/my-games/pit"
    result = CliRunner().invoke(main, ["build", "schlangengrube", "--format", "tts", "--lang", "en", "--quiet",
                                       "--only", "tiles", "--out", str(tmp_path), "--tts-url", base + "/"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "schlangengrube"
    saved = json.loads((folder / "tts/schlangengrube.json").read_text(encoding="utf-8"))
    jsonschema.validate(saved, SCHEMA)
    urls = {u for obj in saved["ObjectStates"] for u in _urls(obj)}
    assert urls and all(u.startswith(base + "/") and "/" not in u.removeprefix(base + "/") for u in urls)
    assert {u.removeprefix(base + "/") for u in urls} <= {p.name for p in (folder / "tts").iterdir()}
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["files"] if e["type"] == "tts-object")
    assert entry["images"].startswith(base + "/<image>")


@pytest.mark.parametrize(("args", "fragment"), [
    (["--format", "pdf", "--tts-url", "https://example.org"], "--tts-url: the image address is used only with"),
    (["--format", "tts", "--tts-url", "example.org/x"], "is not a web address"),
])
def test_tts_url_mistakes_are_refused_in_one_line(tmp_path: Path, args: list[str], fragment: str) -> None:
    result = CliRunner().invoke(main, ["build", "schlangengrube", "--out", str(tmp_path), "-q", *args])
    assert result.exit_code == 2 and fragment in result.output
    assert not any(tmp_path.iterdir())


def test_every_build_writes_a_proof_sheet_with_a_cell_per_face() -> None:
    result = CliRunner().invoke(main, ["build", "schlangennest", "--format", "svg", "--lang", "en", "--quiet"])
    assert result.exit_code == 0, result.output
    folder = Path("output/schlangennest")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    n = len(manifest["faces"])
    cols = min(proof.COLUMNS, n)
    rows = math.ceil(n / cols)
    with Image.open(folder / "proof.png") as img:
        assert img.size == (cols * (proof.CELL + proof.GAP) + proof.GAP,
                            proof.TITLE + rows * (proof.CELL + proof.LABEL + proof.GAP) + proof.GAP)
    entry = next(e for e in manifest["files"] if e["file"] == "proof.png")
    assert entry["faces"] == n and entry["printed_faces"] == sum(manifest["faces"].values())


def _face(key: str, colour: str) -> Face:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="30mm" viewBox="0 0 30 30">'
           f'<rect width="30" height="30" fill="{colour}"/></svg>')
    return Face(key, svg, 30, 30, 0)


def test_a_deck_of_more_than_70_kinds_spreads_over_sheets_of_at_most_10_by_7(tmp_path: Path) -> None:
    back = _face("back", "#333333")
    items = tuple(Item(_face(f"c{i:02d}", f"#{(i * 3) % 256:02x}8040"), back, 1 + i % 3) for i in range(75))
    single = (Item(_face("lonely", "#ff0000"), None, 1),)
    export = write_tts(tmp_path, "toy", "Toy", [Deck("cards", items), Deck("one", single)], None, [])
    saved = json.loads((tmp_path / export.saved_object).read_text(encoding="utf-8"))
    jsonschema.validate(saved, SCHEMA)
    deck, card = saved["ObjectStates"]
    assert card["Name"] == "Card" and card["Nickname"] == "lonely"  # TTS has no deck of one
    sheets = deck["CustomDeck"]
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(10, 7), (5, 1)]
    counts = Counter(c["Nickname"] for c in deck["ContainedObjects"])
    assert counts == {it.front.key: it.count for it in items}
    # Card ids point at their sheet (id // 100) and slot (id % 100) in reading order.
    for c in deck["ContainedObjects"]:
        sheet_no = list(sheets).index(str(c["CardID"] // 100))
        assert 70 * sheet_no + c["CardID"] % 100 == int(c["Nickname"][1:])


def test_tts_irrlaeufer_pieces_stand_as_one_figure_each(build: Callable[[str], Path]) -> None:
    """A fold-over standee stands on the table as the figure it makes once folded: its front
    panel alone (0.72 x 1.3 fields), not the flat print template of two figures and tabs."""
    folder = build("irrlaeufer")
    saved = json.loads((folder / "tts/irrlaeufer.json").read_text(encoding="utf-8"))
    pieces = [o for o in saved["ObjectStates"] if o["Nickname"] in ("piece-red", "piece-blue")]
    assert len(pieces) == 12
    for piece in pieces:
        image = piece["CustomImage"]
        assert image["CustomToken"]["StandUp"] is True
        with Image.open(image["ImageURL"].removeprefix("file://")) as img:
            assert img.height / img.width == pytest.approx(1.3 / 0.72, rel=0.02)
