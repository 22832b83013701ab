"""Tile groups (the labels of the playability report) on the default set of docs/rulings.md."""

from collections import Counter

from cardgen.games.schlangengrube.components import load_pit_set


def test_default_set_groups_match_the_rulings_table() -> None:
    groups: Counter[str] = Counter()
    for tile in load_pit_set().tiles:
        groups[tile.kind] += tile.count
    assert groups == {"crossing": 6, "double-curve": 12, "straight-end": 12, "curve-end": 12, "end-end": 12}
