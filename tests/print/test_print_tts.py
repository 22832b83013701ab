"""The Tabletop Simulator export and the proof sheet, built through the CLI for every game.

The saved object is validated against a schema of the structure TTS reads (written from its
save-file format: ObjectStates, Deck/Card with CustomDeck, Custom_Board, Custom_Token), and
every face the kit makes must be on the table as often as the manifest counts it.
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

TRANSFORM = {"type": "object", "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                            "scaleX", "scaleY", "scaleZ"],
             "properties": {k: {"type": "number"} for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                                            "scaleX", "scaleY", "scaleZ")}}
CUSTOM_DECK = {"type": "object", "minProperties": 1,
               "propertyNames": {"pattern": "^[1-9][0-9]*$"},
               "additionalProperties": {
                   "type": "object", "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
                                                  "UniqueBack"],
                   "properties": {"FaceURL": {"type": "string", "pattern": "^file:///"},
                                  "BackURL": {"type": "string", "pattern": "^file:///"},
                                  "NumWidth": {"type": "integer", "minimum": 1, "maximum": 10},
                                  "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
                                  "BackIsHidden": {"type": "boolean"}, "UniqueBack": {"type": "boolean"}}}}
CARD = {"type": "object", "required": ["Name", "GUID", "CardID", "CustomDeck", "Transform"],
        "properties": {"Name": {"const": "Card"}, "CardID": {"type": "integer", "minimum": 100},
                       "CustomDeck": CUSTOM_DECK, "Transform": TRANSFORM, "Nickname": {"type": "string"},
                       "GUID": {"type": "string"}}}
DECK = {"type": "object", "required": ["Name", "GUID", "DeckIDs", "CustomDeck", "ContainedObjects", "Transform"],
        "properties": {"Name": {"const": "Deck"}, "DeckIDs": {"type": "array", "minItems": 2,
                                                              "items": {"type": "integer"}},
                       "CustomDeck": CUSTOM_DECK, "ContainedObjects": {"type": "array", "items": CARD},
                       "Transform": TRANSFORM}}
IMAGE = {"type": "object", "required": ["ImageURL"],
         "properties": {"ImageURL": {"type": "string", "pattern": "^file:///"},
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
                                          "items": {"oneOf": [DECK, CARD, BOARD, TOKEN]}}}}


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Builds a game's TTS kit once for the module (the tests only read it); returns its folder."""
    out = tmp_path_factory.mktemp("tts")
    built: dict[str, Path] = {}

    def run(game: str) -> Path:
        if game not in built:
            result = CliRunner().invoke(main, ["build", game, "--format", "tts", "--lang", "en", "--quiet",
                                               "--out", str(out)])
            assert result.exit_code == 0, result.output
            built[game] = out / game
        return built[game]

    return run


def _on_table(objects: list[dict[str, Any]]) -> Counter[str]:
    """How many of each face (fronts and backs) the saved object puts on the table."""
    seen: Counter[str] = Counter()
    for obj in objects:
        if obj["Name"] == "Deck":
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


@pytest.mark.parametrize("game", ["schlangennest", "schlangengrube", "irrlaeufer"])
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
    for deck in [obj.get("CustomDeck", {})] + [c["CustomDeck"] for c in obj.get("ContainedObjects", [])]:
        for entry in deck.values():
            out += [entry["FaceURL"], entry["BackURL"]]
    if "CustomImage" in obj:
        out.append(obj["CustomImage"]["ImageURL"])
    return out


def test_tts_tiles_carry_their_mirror_backs_on_a_back_sheet_in_the_same_grid(build: Callable[[str], Path]) -> None:
    folder = build("schlangengrube")
    saved = json.loads((folder / "tts/schlangengrube.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    for entry in deck["CustomDeck"].values():
        assert entry["UniqueBack"] is True
        faces = Image.open(entry["FaceURL"].removeprefix("file://"))
        backs = Image.open(entry["BackURL"].removeprefix("file://"))
        assert faces.size == backs.size
        assert faces.size[0] // entry["NumWidth"] == faces.size[1] // entry["NumHeight"]  # square tiles


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
