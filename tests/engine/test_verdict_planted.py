"""Planted sets judged under play that plays (issue 34): the hard criteria are decided by the
game's report player, a rung well above random, and the verdict is right where near-random play
misjudges a set:

- a pit with two snakes a colour leaves a third of its games without a sole winner under
  `sensible` (as good as random in Schlangengrube) but one in ten under `careful`: `decisive`
  must pass it, not judge it by ties only random play makes;
- a nest whose curve cards carry a grey head and tail gives the second seat the upper hand only
  when the players play for room (`room`): `fair` must see it, though `sensible` does not.

Slow: each plays a few hundred games of the stronger players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.sets import default_set_path


def _configs(*args: str) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(main, ["check", *args, "--json", "--quiet", "--no-chart", "--no-recommend",
                                       "--skill-games", "0"])
    assert result.exit_code in (0, 1), result.stderr
    report = json.loads(result.stdout)
    (game,) = report.values()
    return {str(r["config"]): r["verdict"]["criteria"] for r in game["configs"]}


@pytest.mark.slow
def test_ties_only_random_play_makes_do_not_fail_decisive(tmp_path: Path) -> None:
    pit = tmp_path / "two-snakes.toml"
    made = CliRunner().invoke(main, ["variant", "schlangengrube", "--heads", "2", "--out", str(pit), "--force",
                                     "--games", "1", "--skill-games", "0", "--quiet"])
    assert made.exit_code == 0, made.stderr
    args = ("schlangengrube", "--set", str(pit), "--players", "2")
    near_random = _configs(*args, "--player", "sensible")["2p"]["decisive"]
    assert near_random["status"] != "pass" and near_random["figures"]["share"] > 0.3
    played = _configs(*args)["2p"]["decisive"]  # careful, the report player
    assert played["status"] == "pass" and played["figures"]["share"] < 0.15


@pytest.mark.slow
def test_a_lopsided_seat_that_only_skilled_play_exposes_is_found(tmp_path: Path) -> None:
    nest = tmp_path / "grey-curves.toml"
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    nest.write_text(text.replace('name = "Schlangennest"', 'name = "Grey-ended curves"\nvariant = true').replace(
        'parts = ["own:N-E", "neutral:S-W"]', 'parts = ["own:N-E", "neutral:head@S", "neutral:tail@W"]'),
        encoding="utf-8")
    args = ("schlangennest", "--set", str(nest), "--players", "2", "--variants", "base")
    assert all(c["fair"]["status"] != "fail" for c in _configs(*args, "--player", "sensible").values())
    skilled = _configs(*args)  # room, the report player
    lopsided = [c["fair"] for c in skilled.values() if c["fair"]["status"] != "pass"]
    assert lopsided, skilled
    for fair in lopsided:
        seat2 = fair["figures"]["seats"][1]
        assert seat2["share"] > 0.6 and seat2["low"] > 0.55
