"""`cardgen check schlangennest --variants`: playing chosen combinations of variants, and the
one-line refusals of contradictory or unplayable ones."""

from __future__ import annotations

import json

import pytest

from cardgen.errors import DataError


def test_check_configs_of_combined_variants():
    from cardgen.games.schlangennest.check import configs, parse_combos
    from cardgen.games.schlangennest.config import load_nest_set
    from cardgen.sets import default_set_path

    nest_set = load_nest_set(str(default_set_path("schlangennest")))
    combos = parse_combos("tail-first+open-area, frame-snake+tail-first,base")
    labels = [c.label for c in configs(nest_set, (2, 3), combos)]
    assert labels == ["2p open-area+tail-first", "3p open-area+tail-first", "2p 5×7 tail-first+frame-snake",
                      "3p 6×8 tail-first+frame-snake", "2p 6×6", "2p 5×7", "2p 4×8", "3p 7×7", "3p 6×8", "3p 5×9", "3p 4×10"]
    assert configs(nest_set, (2,), combos)[0].options(nest_set)["variants"] == ["open-area", "tail-first"]
    with pytest.raises(DataError, match="open-area and frame"):
        parse_combos("open-area+frame")
    with pytest.raises(DataError, match="frame cannot be played by 3 players"):
        configs(nest_set, (3,), parse_combos("frame"))
    with pytest.raises(DataError, match="unknown variant"):
        parse_combos("tail-first+spiral")


@pytest.mark.parametrize("args,code,fragment", [
    (["--variants", "open-area+frame"], 2, "the variants open-area and frame cannot be played together"),
    (["--variants", "two-snakes", "--players", "3"], 1, "two-snakes cannot be played by 3 players"),
    (["--variants", ","], 2, "names no configuration"),
])
def test_check_variants_option_refusals(args, code, fragment):
    from click.testing import CliRunner

    from cardgen.cli import main

    result = CliRunner().invoke(main, ["check", "schlangennest", "--games", "1", "--quiet", "--no-chart", *args])
    # wrong on its own (2: click's usage error, its reason the last line) or given the set's colours (1: one line)
    assert result.exit_code == code and fragment in result.stderr.strip().splitlines()[-1]
    assert len(result.stderr.strip().splitlines()) == 1 or code == 2


def test_check_variants_option_only_for_schlangennest():
    from click.testing import CliRunner

    from cardgen.cli import main

    result = CliRunner().invoke(main, ["check", "irrlaeufer", "--variants", "tail-first", "--quiet", "--no-chart"])
    assert result.exit_code == 2 and "irrlaeufer has no variants to combine" in result.stderr
    assert "--variants" in CliRunner().invoke(main, ["check", "--help"]).output


def test_check_plays_the_combinations_it_is_given():
    from click.testing import CliRunner

    from cardgen.cli import main

    result = CliRunner().invoke(main, ["check", "schlangennest", "--games", "2", "--players", "2", "--json",
                                       "--workers", "1", "--no-chart", "--variants",
                                       "tail-first+open-area,frame-snake+tail-first"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["schlangennest"]
    assert [row["config"] for row in report["configs"]] == ["2p open-area+tail-first", "2p 5×7 tail-first+frame-snake"]
    assert all(row["ended"] == row["games"] == 2 for row in report["configs"])
    assert report["skill"]["lines"] == []  # the skill comparison plays the base game only
