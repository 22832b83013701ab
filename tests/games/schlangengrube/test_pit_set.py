"""Schlangengrube tile sets: the standard set is the table of docs/rulings.md; bad files give one clear error."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardgen.errors import DataError
from cardgen.games.schlangengrube.components import PitSet, load_pit_set
from cardgen.geometry import PartKind
from cardgen.registry import load_set
from cardgen.sets import default_set_path

STANDARD = default_set_path("schlangengrube")
INDEX = {"red": 0, "green": 1, "yellow": 2, "purple": 3}


def test_standard_set_loads_through_the_registry() -> None:
    pit = load_set(STANDARD)
    assert isinstance(pit, PitSet)
    assert pit.game == "schlangengrube"
    assert pit.colours == ("red", "green", "yellow", "purple")
    assert pit.tile_size == 38.0
    assert (pit.double_markers, pit.head_markers) == (2, 4)
    assert pit.total == 54
    assert pit.problems() == ()


def test_every_colour_is_on_27_tiles_with_6_heads_and_6_tails() -> None:
    pit = load_pit_set()
    for colour in pit.colours:
        assert pit.tiles_with(colour) == 27, colour
    assert pit.end_counts(PartKind.HEAD) == Counter({c: 6 for c in pit.colours})
    assert pit.end_counts(PartKind.TAIL) == Counter({c: 6 for c in pit.colours})


def _group(tile_id: str) -> str:
    return tile_id.split("-")[0]


def test_standard_set_groups_follow_the_rulings_table() -> None:
    pit = load_pit_set()
    groups: Counter[str] = Counter()
    for tile in pit.tiles:
        groups[_group(tile.id)] += tile.count
        a, b = tile.parts
        ia, ib = INDEX[a.colour], INDEX[b.colour]
        faces = [str(a).split(":")[1], str(b).split(":")[1]]
        group = _group(tile.id)
        if group == "X":
            assert ia < ib and faces == ["N-S", "E-W"]  # the higher index on top (listed last)
        elif group == "CC":
            assert tile.count == 2 and faces == ["N-E", "S-W"]
        elif group in ("SH", "ST"):
            head = (ia - ib) % 4 in (1, 2)
            assert faces == ["N-S", ("head" if head else "tail") + "@E"]
            assert group == ("SH" if head else "ST")
        elif group in ("CH", "CT"):
            head = (ia - ib) % 4 == 3
            assert faces == ["N-E", ("head" if head else "tail") + "@S"]
        elif group == "HT":
            assert ia < ib and faces == ["head@N", "tail@S"]
        else:
            assert group == "TH" and ia < ib and faces == ["tail@N", "head@E"]
    assert groups == {"X": 6, "CC": 12, "SH": 8, "ST": 4, "CH": 4, "CT": 8, "HT": 6, "TH": 6}
    # ordered pairs once each in the straight+end and curve+end groups
    for prefix in ("S", "C"):
        pairs = [t.colours for t in pit.tiles if t.id[0] == prefix and t.id[1] in "HT"]
        assert len(pairs) == len(set(pairs)) == 12


def test_tile_ids_are_unique_readable_and_stable() -> None:
    pit = load_pit_set()
    ids = [t.id for t in pit.tiles]
    assert len(ids) == len(set(ids)) == 48
    assert ids[:3] == ["X-RG", "X-RY", "X-RP"]
    assert pit.tile("TH-YP").parts[1].kind is PartKind.HEAD


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pit.toml"
    path.write_text(text, encoding="utf-8")
    return path


SMALL = """game = "schlangengrube"
name = "tiny"
colours = ["red", "green"]

[[tile]]
parts = ["red:N-S", "green:E-W"]

[[tile]]
id = "ht"
count = 3
parts = ["red:head@N", "green:tail@S"]
"""


def test_optional_keys_take_their_defaults(tmp_path: Path) -> None:
    pit = load_pit_set(_write(tmp_path, SMALL))
    assert pit.tile_size == 38.0 and pit.double_markers == 2 and pit.head_markers == 2
    assert [t.id for t in pit.tiles] == ["red:N-S+green:E-W", "ht"]  # derived from the faces
    assert pit.total == 4


def test_unbalanced_heads_and_tails_load_but_are_reported(tmp_path: Path) -> None:
    pit = load_pit_set(_write(tmp_path, SMALL.replace('"ht"\ncount = 3', '"ht"\ncount = 1')
                              + '\n[[tile]]\nparts = ["red:tail@N", "green:E-W"]\n'))
    problems = pit.problems()
    assert [p.rule for p in problems] == ["heads-tails"]
    assert "colour 'green'" in str(problems[0]) and "1 heads but" not in str(problems[0])
    assert "has 0 heads but 1 tails" in problems[0].reason
    unused = load_pit_set(_write(tmp_path, SMALL.replace('["red", "green"]', '["red", "green", "purple"]')))
    assert [p.rule for p in unused.problems()] == ["heads-tails", "heads-tails", "unused-colour"]


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ('name = "tiny"', 'name = "tiny', ["pit.toml:2", "not valid TOML"]),
        ('name = "tiny"', 'name = "tiny"\nsize = 3', ["pit.toml:3", "key 'size'", "unknown key"]),
        ('name = "tiny"', 'name = 5', ["pit.toml:2", "key 'name'", "expected a text"]),
        ('name = "tiny"', 'name = " "', ["key 'name'", "must not be empty"]),
        ('name = "tiny"\n', "", ["key 'name'", "missing required key"]),
        ('"green"]', '"mauve"]', ["key 'colours'", "unknown colour 'mauve'"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\ntile_size = "20mm"',
         ["key 'tile_size'", "outside 25-60 mm"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\ntile_size = "61mm"',
         ["key 'tile_size'", "outside 25-60 mm"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\ntile_size = "big"',
         ["key 'tile_size'", "expected a length"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\ntile_size = []',
         ["key 'tile_size'", "expected a length such as '38mm'"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\ndouble_markers = 9',
         ["key 'double_markers'", "outside 0-8"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\nhead_markers = 3',
         ["key 'head_markers'", "outside 0-2"]),
        ('colours = ["red", "green"]', 'colours = ["red", "green"]\nhead_markers = true',
         ["key 'head_markers'", "expected a whole number"]),
        ('["red:N-S", "green:E-W"]', '["red:N-S"]', ["pit.toml:6", "[[tile]] #1", "exactly two parts"]),
        ('["red:N-S", "green:E-W"]', '["red:N-S", "red:E-W"]', ["[[tile]] #1", "different colours"]),
        ('["red:N-S", "green:E-W"]', '["red:N-S", "green:S-W"]', ["[[tile]] #1", "two parts use the S port"]),
        ('["red:N-S", "green:E-W"]', '["red:N-S", "blue:E-W"]', ["[[tile]] #1", "unknown colour 'blue'"]),
        ('["red:N-S", "green:E-W"]', '["red:N-Q", "green:E-W"]', ["[[tile]] #1", "like 'N-S'"]),
        ('["red:N-S", "green:E-W"]', '["red:nose@N", "green:E-W"]', ["[[tile]] #1", "'head@E' or 'tail@E'"]),
        ('["red:N-S", "green:E-W"]', '"red:N-S"', ["[[tile]] #1 key 'parts'", "expected a list of parts"]),
        ("count = 3", "count = 0", ["pit.toml:10", "[[tile]] #2 key 'count'", "outside 1-99"]),
        ("count = 3", 'count = "3"', ["[[tile]] #2 key 'count'", "expected a whole number"]),
        ("count = 3", "count = 3\nshape = 1", ["[[tile]] #2 key 'shape'", "unknown key"]),
        ('id = "ht"', 'id = "h t"', ["[[tile]] #2 key 'id'", "must be 1-60 letters"]),
        ('id = "ht"', "id = 7", ["[[tile]] #2 key 'id'", "expected a text"]),
        ('id = "ht"', 'id = "red:N-S+green:E-W"', ["[[tile]] #2 key 'id'", "already used by [[tile]] #1"]),
        ('game = "schlangengrube"', 'game = "snakes"', ["key 'game'", "this is a 'snakes' set, not a schlangengrube set"]),
        ("[[tile]]\nid", "[[tiles]]\nid", ["key 'tiles'", "unknown key"]),
    ],
)
def test_bad_set_files_name_the_place_and_the_reason(tmp_path: Path, old: str, new: str,
                                                     fragments: list[str]) -> None:
    assert old in SMALL, old
    path = _write(tmp_path, SMALL.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        load_pit_set(path)
    message = str(info.value)
    assert message.startswith(str(path))
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_no_tiles_and_wrong_table_shapes_are_refused(tmp_path: Path) -> None:
    head = SMALL.split("[[tile]]")[0]
    for text, fragment in [(head, "missing required key"), (head + "tile = []\n", "at least one [[tile]]"),
                           (head + "tile = [1]\n", "expected a [[tile]] table"),
                           (head + "[tile]\nparts = []\n", "expected [[tile]] tables")]:
        with pytest.raises(DataError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
            load_pit_set(_write(tmp_path, text))


def test_a_nest_set_is_not_a_pit_set() -> None:
    with pytest.raises(DataError, match="not a schlangengrube set"):
        load_pit_set(default_set_path("schlangennest"))
