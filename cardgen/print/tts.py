"""Tabletop Simulator export: deck sheets, a board image, token images and one saved object.

Tabletop Simulator (TTS) builds a custom deck from a face sheet, a grid of at most 10 x 7 card
images, and a back image (one back for all, or a sheet of backs in the same grid when every card
has its own back, as the double-sided tiles do). A board is one image; other pieces are tokens,
one image each. Every card's nickname is its front face's name and its description the back's. `<game>.json` is a saved object: copied into TTS's "Saved Objects" folder it
spawns the whole kit on the table, every deck holding each card as often as the kit makes it.

Pieces drawn blindly and kept hidden (a `secret` deck: the Schlangengrube tiles) must not show
what they are on their hidden side, yet each has a second face of its own (a tile's mirror image).
They are exported as cards with one neutral back, in a bag: a face-down card, a card in another
player's hand and the bag show nothing; the card's own other face is its second state (TTS
"States": {"2": ...}), which a player switches to to turn the tile over (PgUp / PgDn while
pointing at it, or right-click > State). Pieces of such a deck that share a common back (the
markers) stay an ordinary deck.

Images are referenced by `file:///` URLs of the written PNGs, which works on the machine that
built them; with a `web` base (`--tts-url BASE`) every link is BASE/<image name> instead, for
images the user uploads there (Steam Cloud, any web space).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.print.faces import Face, Item
from cardgen.print.files import write_bytes_atomic
from cardgen.print.raster import face_image, png_bytes

COLUMNS, ROWS = 10, 7
"""The largest grid TTS reads from one deck sheet."""
PER_SHEET = COLUMNS * ROWS
CARD_PX = 400
"""Width of one card on a sheet: 10 columns stay at 4000 px, well inside TTS's limit."""
BOARD_PX = 3000
TOKEN_PX = 300
POKER_MM = 63.5
"""TTS draws a card at scale 1 about as wide as a poker card: cards are scaled from that."""


@dataclass(frozen=True, slots=True)
class Deck:
    """One deck for the table: its name and its items (front, back, count); `secret`: drawn
    blindly and kept hidden (see the module docstring)."""

    name: str
    items: tuple[Item, ...]
    secret: bool = False


HIDDEN = "#5d5348"
"""The neutral back of a secret deck's cards, and its border."""
HIDDEN_EDGE = "#8a7d6e"
FLIP_HOW = ("Turn it over: switch to its other state (PgUp / PgDn while pointing at it, or right-click "
            "> State). Its back shows nothing.")


@dataclass(frozen=True, slots=True)
class Token:
    """Copies of a piece shown as a flat token (`stand_up`: a standing figure), named `name`
    on the table (None: its face's key)."""

    face: Face
    count: int
    stand_up: bool = False
    name: str | None = None


def _guid(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def _transform(x: float, z: float, scale: float, y: float = 1.0, flip: bool = False) -> dict[str, float]:
    return {"posX": round(x, 3), "posY": y, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flip else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0,
            "scaleZ": round(scale, 4)}


def _sheet(faces: Sequence[Face], cols: int, rows: int) -> Image.Image:
    """Faces in a cols x rows grid, cut to their trim size, every cell the first face's size."""
    cell_w = CARD_PX
    cell_h = round(CARD_PX * faces[0].height / faces[0].width)
    sheet = Image.new("RGB", (cols * cell_w, rows * cell_h), "white")
    for i, face in enumerate(faces):
        img = face_image(face, cell_w / face.width).resize((cell_w, cell_h))
        sheet.paste(img, ((i % cols) * cell_w, (i // cols) * cell_h))
    return sheet


class Links:
    """Where the saved object finds the images: `file:///` URLs of the PNGs where the kit folder
    ends up (`local`), or `web` + "/" + each image's name, for images uploaded there."""

    def __init__(self, local: Path, web: str | None = None) -> None:
        self.local, self.web = local, web.rstrip("/") if web else None

    def __call__(self, name: str) -> str:
        """The link to the written image `name` (relative to the game folder, `tts/…`)."""
        if self.web is not None:
            return f"{self.web}/{Path(name).name}"
        return (self.local / name).resolve().as_uri()


def _hidden_back(cell_w: int, cell_h: int) -> Image.Image:
    """The neutral back of a secret deck: one colour, a lighter edge, nothing to read."""
    from PIL import ImageDraw

    img = Image.new("RGB", (cell_w, cell_h), HIDDEN)
    edge = max(2, cell_w // 40)
    ImageDraw.Draw(img).rectangle((edge, edge, cell_w - 1 - edge, cell_h - 1 - edge), outline=HIDDEN_EDGE,
                                  width=edge)
    return img


@dataclass(frozen=True, slots=True)
class TtsExport:
    """What `write_tts` wrote: the files (relative to the game folder) and the object's path."""

    files: tuple[str, ...]
    saved_object: str


def _deck_objects(deck: Deck, number: int, folder: Path, x: float,
                  link: Links) -> tuple[list[dict[str, Any]], list[str]]:
    items = [it for it in deck.items if it.count > 0]
    backs = {it.back.key if it.back else "" for it in items}
    unique_back = len(backs) > 1
    files: list[str] = []
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    scale = items[0].front.width / POKER_MM
    common_back = ""
    if not unique_back and items[0].back is not None:
        name = f"tts/{deck.name}-back.png"
        back = items[0].back
        write_bytes_atomic(folder / name, png_bytes(face_image(back, CARD_PX / back.width)))
        files.append(name)
        common_back = link(name)
    for s in range(math.ceil(len(items) / PER_SHEET)):
        chunk = items[s * PER_SHEET:(s + 1) * PER_SHEET]
        cols = min(COLUMNS, len(chunk))
        rows = math.ceil(len(chunk) / cols)
        key = str(number * 10 + s + 1)  # deck ids are unique across the saved object
        face_name = f"tts/{deck.name}-faces-{s + 1}.png"
        write_bytes_atomic(folder / face_name, png_bytes(_sheet([it.front for it in chunk], cols, rows)))
        files.append(face_name)
        back_url = common_back
        if unique_back:
            back_name = f"tts/{deck.name}-backs-{s + 1}.png"
            # A blank back keeps the grid in step when one item has none.
            blank = [it.back if it.back is not None else it.front for it in chunk]
            write_bytes_atomic(folder / back_name, png_bytes(_sheet(blank, cols, rows)))
            files.append(back_name)
            back_url = link(back_name)
        elif not common_back:
            back_url = link(face_name)
        custom[key] = {"FaceURL": link(face_name), "BackURL": back_url, "NumWidth": cols,
                       "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        for i, item in enumerate(chunk):
            for copy in range(item.count):
                cards.append({"Name": "Card", "GUID": _guid(deck.name, item.front.key, copy),
                              "Nickname": item.front.key, "CardID": int(key) * 100 + i,
                              "Description": item.back.key if item.back is not None else "",
                              "CustomDeck": {key: custom[key]},
                              "Transform": _transform(x, 0.0, scale, flip=True)})
    if len(cards) == 1:
        return cards, files
    deck_obj = {"Name": "Deck", "GUID": _guid(deck.name), "Nickname": deck.name,
                "Transform": _transform(x, -12.0, scale, flip=True),
                "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards}
    return [deck_obj], files


def _own_backs(deck: Deck) -> tuple[list[Item], list[Item]]:
    """A secret deck's items split: those with a back of their own (no other item shows it),
    and the others (one-sided, or sharing a common back)."""
    shown: dict[str, int] = {}
    for it in deck.items:
        if it.back is not None and it.count > 0:
            shown[it.back.key] = shown.get(it.back.key, 0) + 1
    own = [it for it in deck.items if it.count > 0 and it.back is not None and shown[it.back.key] == 1]
    return own, [it for it in deck.items if it.count > 0 and it not in own]


def _bag_objects(deck: Deck, number: int, folder: Path, x: float,
                 link: Links) -> tuple[list[dict[str, Any]], list[str]]:
    """A secret deck's two-sided pieces as cards with the neutral back, each with its own back as
    its second state, in one bag (see the module docstring)."""
    items, _ = _own_backs(deck)
    cell_w = CARD_PX
    cell_h = round(CARD_PX * items[0].front.height / items[0].front.width)
    hidden = f"tts/{deck.name}-hidden-back.png"
    write_bytes_atomic(folder / hidden, png_bytes(_hidden_back(cell_w, cell_h)))
    files = [hidden]
    scale = items[0].front.width / POKER_MM
    cards: list[dict[str, Any]] = []
    for s in range(math.ceil(len(items) / PER_SHEET)):
        chunk = items[s * PER_SHEET:(s + 1) * PER_SHEET]
        cols = min(COLUMNS, len(chunk))
        rows = math.ceil(len(chunk) / cols)
        sides = []
        for part, faces in (("faces", [it.front for it in chunk]), ("backs", [it.back or it.front for it in chunk])):
            name = f"tts/{deck.name}-{part}-{s + 1}.png"
            write_bytes_atomic(folder / name, png_bytes(_sheet(faces, cols, rows)))
            files.append(name)
            key = str(number * 10 + s + 1 + (50 if part == "backs" else 0))  # unique across the object
            sides.append((key, {"FaceURL": link(name), "BackURL": link(hidden), "NumWidth": cols,
                                "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}))
        (front_key, front_deck), (back_key, back_deck) = sides
        for i, item in enumerate(chunk):
            assert item.back is not None
            for copy in range(item.count):
                turned = {"Name": "Card", "GUID": _guid(deck.name, item.back.key, copy), "Nickname": item.back.key,
                          "Description": FLIP_HOW, "CardID": int(back_key) * 100 + i,
                          "CustomDeck": {back_key: back_deck}, "Transform": _transform(x, 0.0, scale, flip=True)}
                cards.append({"Name": "Card", "GUID": _guid(deck.name, item.front.key, copy),
                              "Nickname": item.front.key, "Description": FLIP_HOW,
                              "CardID": int(front_key) * 100 + i, "CustomDeck": {front_key: front_deck},
                              "Transform": _transform(x, 0.0, scale, flip=True), "States": {"2": turned}})
    bag = {"Name": "Bag", "GUID": _guid(deck.name, "bag"), "Nickname": deck.name,
           "Description": "Draw blindly: shuffle the bag and take pieces from it. Keep them in your hand "
                          "(nobody else sees them) or face down.",
           "Transform": _transform(x, -12.0, 1.0), "ContainedObjects": cards}
    return [bag], files


def write_tts(folder: Path, game: str, title: str, decks: Sequence[Deck], board: Face | None,
              tokens: Sequence[Token], url_base: Path | None = None, web: str | None = None) -> TtsExport:
    """Write the sheets and images under `folder/tts/` and `folder/tts/<game>.json`; the object
    links the images where they end up, `url_base` (a build is written to a temporary folder
    and moved there), by default `folder`, or under the web address `web` (see `Links`)."""
    link = Links(url_base or folder, web)
    objects: list[dict[str, Any]] = []
    files: list[str] = []
    tables: list[tuple[Deck, bool]] = []
    for deck in decks:
        own, rest = _own_backs(deck) if deck.secret else ([], [])
        if own:
            tables.append((deck, True))
            if rest:  # the pieces with a common back: an ordinary deck beside the bag
                tables.append((Deck(f"{deck.name}-common", tuple(rest)),
                               False))
        elif any(it.count for it in deck.items):
            tables.append((deck, False))
    for n, (deck, bag) in enumerate(tables):
        objs, written = (_bag_objects if bag else _deck_objects)(deck, n + 1, folder, x=-8.0 * n, link=link)
        objects += objs
        files += written
    if board is not None:
        name = "tts/board.png"
        write_bytes_atomic(folder / name, png_bytes(face_image(board, BOARD_PX / max(board.width, board.height))))
        files.append(name)
        objects.append({"Name": "Custom_Board", "GUID": _guid(game, "board"), "Nickname": board.key,
                        "Description": f"{title} board",
                        "Transform": _transform(0.0, 10.0, board.width / 100.0, flip=False),
                        "CustomImage": {"ImageURL": link(name), "ImageSecondaryURL": "",
                                        "WidthScale": 0.0}})
    for t, token in enumerate(tokens):
        name = f"tts/token-{token.face.key}.png"
        write_bytes_atomic(folder / name, png_bytes(face_image(token.face, TOKEN_PX / token.face.width)))
        files.append(name)
        for copy in range(token.count):
            objects.append({
                "Name": "Custom_Token", "GUID": _guid(game, token.face.key, copy),
                "Nickname": token.name or token.face.key,
                "Transform": _transform(12.0 + 3.0 * t, -12.0 + 0.3 * copy, token.face.width / 25.0,
                                        y=1.0 + 0.2 * copy),
                "CustomImage": {"ImageURL": link(name), "ImageSecondaryURL": "", "ImageScale": 1.0,
                                "WidthScale": 0.0,
                                "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0,
                                                "StandUp": token.stand_up, "Stackable": False}}})
    save = {"SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "", "Note": "",
            "Table": "", "Sky": "", "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}
    json_name = f"tts/{game}.json"
    write_bytes_atomic(folder / json_name, (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return TtsExport(tuple(files), json_name)
