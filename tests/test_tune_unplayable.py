"""A configuration that cannot be set up (a frame snake on a 2×3 play area) is one line of the
check's report, never one line per seed; and `tune` searches a set that spells Schlangengrube's
`double_markers` at the top level (its older spelling) instead of refusing every trial; its
component counts keep the rest of the set, and Schlangennest's area growth stops at the
original's areas, whose whole table a trial may take."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardgen.cli import main

HELD_OUT = Path(__file__).parent / "tune" / "heldout"


def test_a_configuration_that_cannot_be_set_up_is_one_line() -> None:
    result = CliRunner().invoke(main, ["check", "schlangennest", "--set", str(HELD_OUT / "schlangennest-areas2x2.toml"),
                                       "--players", "2", "--games", "10", "--skill-games", "0", "--workers", "1",
                                       "--no-recommend", "--no-chart", "--quiet"])
    assert result.exit_code == 1
    assert result.stderr.count("not playable: no frame snake of 18 cards fits 2×3") == 1, result.stderr
    assert "seed " not in result.stderr and "Traceback" not in result.stderr


def test_tune_searches_components_and_rules_of_a_set_with_the_older_top_level_spelling(tmp_path: Path) -> None:
    import json

    result = CliRunner().invoke(main, ["tune", "schlangengrube", "--set", str(HELD_OUT / "schlangengrube-pit12.toml"),
                                       "--trials", "1", "--games", "4", "--players", "2", "--skill-games", "0",
                                       "--workers", "1", "--json", "--no-booklets",
                                       "--out", str(tmp_path / "out.toml")])
    report = json.loads(result.stdout)
    (trial,) = report["trials"]
    assert trial["error"] is None and "given twice" not in result.stderr, result.stderr
    assert {"tiles 3..120", "copies 1..4", "hand_size 2..10"} <= set(report["knobs"]), report["knobs"]
    # trial 1 is the set itself: its 12 tiles, its top-level double_markers read as the rule's value
    assert trial["values"]["tiles"] == 12 and trial["values"]["copies"] == 1 and trial["values"]["double_markers"] == 2


def _trial(game_name: str, held_out: str) -> tuple[dict[str, Any], Callable[..., dict[str, Any]]]:
    """The held-out set's data, and a function of searched values to the data of the trial's set
    (the set with those values, `tune`'s trial text read back)."""
    import tomllib

    from cardgen.commands.tunesearch import knobs, trial_text
    from cardgen.registry import GAMES

    game = GAMES.get(game_name)
    path = HELD_OUT / held_out
    text = path.read_text(encoding="utf-8")
    rules = game.rule_values(game.load_set(path))

    counts = {part.name: part.read(tomllib.loads(text)) for part in game.set_parts}  # the set's own

    def made(**values: Any) -> dict[str, Any]:
        return tomllib.loads(trial_text(game, text, rules, knobs(game, ()), {**rules, **counts, **values}))

    return tomllib.loads(text), made


def test_a_searched_component_count_keeps_the_rest_of_the_set() -> None:
    base, made = _trial("schlangengrube", "schlangengrube-pit12.toml")
    doubled = made(tiles=12, copies=2)
    assert [t["id"] for t in doubled["tile"]] == [t["id"] for t in base["tile"]]
    assert [t["count"] for t in doubled["tile"]] == [2 * t.get("count", 1) for t in base["tile"]]
    assert doubled["rules"]["double_markers"] == 2 and "double_markers" not in doubled
    assert doubled["name"] == base["name"]


def test_growing_the_areas_restores_the_originals_and_leaves_areas_that_are_large_enough() -> None:
    base, made = _trial("schlangennest", "schlangennest-areas2x2.toml")

    def areas(growth: int) -> Any:
        grown = made(area_growth=growth)
        assert grown["card"] == base["card"] and grown["name"] == base["name"]
        return grown["areas"]

    assert areas(0) == base["areas"]
    assert areas(2)["2"] == [[4, 4], [4, 5]]
    # at most the original's 2-player areas of the same rank (6×6, 5×7): the two-player areas
    # become the original's first two; the 3- and 4-player ones, the original's already, stay
    for growth in (4, 8):
        assert areas(growth) == {**base["areas"], "2": [[6, 6], [5, 7]]}


def test_a_nests_searched_card_counts_keep_the_rest_of_the_set_and_mark_it_a_variant(tmp_path: Path) -> None:
    """Schlangennest's straights and curves per colour are component counts tune searches: the
    set's own card list with another count, marked `variant = true`, which `check` notes and
    plays instead of refusing it as incomplete; the areas grown after them follow the new count
    of body cards."""
    base, made = _trial("schlangennest", "schlangennest-areas2x2.toml")
    same = made()  # the set's own counts: the set as it is (its searched rules written out)
    assert {k: v for k, v in same.items() if k != "rules"} == base
    fewer = made(straights=4, curves=6)
    assert {c["id"]: c["count"] for c in fewer["card"]} == {"straight": 4, "curve": 6, "head": 1, "tail": 1}
    assert [c["parts"] for c in fewer["card"]] == [c["parts"] for c in base["card"]]
    assert fewer["variant"] is True and fewer["areas"] == base["areas"] and fewer["name"] == base["name"]
    # ten body cards a colour instead of 16: grown as far as it goes, the 2-player areas stop at
    # the areas a variant of ten body cards gets (smaller than the original's 6×6 and 5×7)
    from cardgen.games.schlangennest.generator import areas

    limit = [list(a) for a in areas(2, 10)]
    assert made(straights=4, curves=6, area_growth=8)["areas"]["2"] == limit[:2] != [[6, 6], [5, 7]]
    path = tmp_path / "fewer.toml"
    from cardgen.tomlout import dumps

    path.write_text(dumps(fewer), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--set", str(path), "--players", "2", "--variants", "base", "--games",
                                       "4", "--skill-games", "0", "--workers", "1", "--no-recommend", "--no-chart"])
    assert "incomplete" not in result.output + result.stderr, result.stderr
    assert "note: each colour has 4 straight card(s); the original has 7" in result.output, result.output


def test_the_first_trials_include_areas_grown_back_to_the_originals() -> None:
    """Among the points `tune` tries right after the base set: every component back at the
    original's, the areas included, grown just as far as restores the original's areas (4 fields
    from 2×2 and 2×3 to the original's 6×6 and 5×7), not the original's growth of 0, which would
    keep them too small."""
    import tomllib

    from cardgen.commands.objective import UNPLAYED
    from cardgen.commands.tunesearch import Search, Trial, base_point, knobs, seed_points
    from cardgen.registry import GAMES

    game = GAMES.get("schlangennest")
    path = HELD_OUT / "schlangennest-areas2x2.toml"
    text = path.read_text(encoding="utf-8")
    rules = game.rule_values(game.load_set(path))
    original = tomllib.loads(game.default_set_path().read_text(encoding="utf-8"))
    search = Search(game, path, knobs(game, ()), 16, original_data=original)
    start = base_point(search, tomllib.loads(text), rules)
    assert start is not None and start["area_growth"] == 0
    points = seed_points(search, start, text, rules, Trial(1, start, UNPLAYED, text), None, None, None)
    assert {**start, "area_growth": 4} in points, points
    # and the original's whole table of areas (three for two players, where the set lists two)
    assert {**start, "original_areas": 1} in points, points


def test_the_originals_table_of_areas_replaces_the_sets_own() -> None:
    """Growing keeps the set's number of areas; `original_areas` gives every player count the set
    lists the original's whole table, so the check plays the original's configurations."""
    base, made = _trial("schlangennest", "schlangennest-areas2x2.toml")
    assert made()["areas"] == base["areas"]
    restored = made(original_areas=1)
    assert restored["areas"]["2"] == [[6, 6], [5, 7], [4, 8]] and restored["card"] == base["card"]
    assert {k: restored["areas"][k] for k in ("3", "4")} == {k: base["areas"][k] for k in ("3", "4")}
    assert "variant" not in restored
    from cardgen.registry import GAMES

    (part,) = (p for p in GAMES.get("schlangennest").set_parts if p.name == "original_areas")
    assert (part.read(base), part.read(restored), part.read({})) == (0, 1, 0)  # {}: no original to read
