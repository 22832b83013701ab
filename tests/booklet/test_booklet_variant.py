"""Component counts printed in the booklets are read from the set file: a variant set with other
counts gets a booklet with its own numbers."""

from __future__ import annotations

import re
from pathlib import Path

from plans import content
from pypdf import PdfReader

from cardgen.booklet.build import write_booklets
from cardgen.options import BuildOptions
from cardgen.registry import GAMES
from cardgen.sets import default_set_path


def text_of(path: Path) -> str:
    raw = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", raw))


def build(tmp_path: Path, game: str, toml: str, lang: str = "de") -> str:
    path = tmp_path / f"{game}-variant.toml"
    path.write_text(toml, encoding="utf-8")
    write_booklets(content(game), BuildOptions(out=tmp_path / "out", set_path=path, langs=(lang,)),
                   GAMES.get(game).load_set(path))
    return text_of(tmp_path / "out" / game / f"rules-{lang}-a5-read.pdf")


def test_schlangennest_variant_counts(tmp_path: Path) -> None:
    toml = default_set_path("schlangennest").read_text(encoding="utf-8")
    toml = toml.replace('colours = ["red", "yellow", "green", "blue"]', 'colours = ["red", "yellow", "green"]')
    toml = toml.replace("count = 7", "count = 6").replace("count = 9", "count = 11")
    toml = re.sub(r"^4 = .*$", "", toml, flags=re.M)
    text = build(tmp_path, "schlangennest", toml)
    assert "57 quadratische Karten in 3 Farben (Rot, Gelb und Grün), je Farbe 19 Karten" in text
    assert "6 Geraden" in text and "11 Kurven" in text and "1 Kopf" in text
    assert "für 2 bis 3 Personen" in text and "72" not in text


def test_schlangengrube_variant_counts(tmp_path: Path) -> None:
    toml = default_set_path("schlangengrube").read_text(encoding="utf-8")
    toml = toml.replace('id = "X-RG"\n', 'id = "X-RG"\ncount = 3\n', 1)
    toml = toml.replace("double_markers = 2", "double_markers = 3")
    text = build(tmp_path, "schlangengrube", toml, "en")
    assert "56 square tiles in 4 snake colours" in text
    assert '3 “2x” markers' in text and "8 crossings" in text and "4 snake-head markers" in text


def test_irrlaeufer_variant_counts(tmp_path: Path) -> None:
    toml = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    toml = toml.replace("rows = 21", "rows = 25").replace("sticks = 80", "sticks = 70")
    text = build(tmp_path, "irrlaeufer", toml)
    assert "15 Felder breit und 25 Felder lang" in text and "70 Stäbchen" in text
    assert "Reihe 25" in text and "80 Stäbchen" not in text and "21" not in text
