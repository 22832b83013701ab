"""A configuration that cannot be set up (a frame snake on a 2×3 play area) is one line of the
check's report, never one line per seed; and `tune` searches a set that spells Schlangengrube's
`double_markers` at the top level (its older spelling) instead of refusing every trial."""

from __future__ import annotations

from pathlib import Path

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
