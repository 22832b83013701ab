"""`cardgen check`'s extended report: the JSON figures, the skill comparison, the chart, and a
broken set named in the report."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardgen.check.chart import chart_svg
from cardgen.cli import main
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.sets import default_set_path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_report_has_every_metric_and_the_skill_comparison(tmp_path: Path) -> None:
    code, out, err = _run("check", "schlangengrube", "--games", "6", "--skill-games", "4", "--players", "2",
                          "--json", "--quiet", "--chart", str(tmp_path))
    assert code == 0, err
    report = json.loads(out)["schlangengrube"]
    rows = report["configs"]
    assert {r["config"] for r in rows} == {"2p", "2p secret-colour", "2p double-markers"}
    for r in rows:
        assert r["lineup"] == "careful" and r["games"] == r["ended"] == 6 and r["completion"] == 1.0
        assert 0 <= r["balance"] <= 1 and r["timeouts"] == 0
        assert r["decisions"]["steps"] > 0 and r["decisions"]["branching"] >= 1
        assert set(r["duration"]) == {"mean", "median", "sd", "min", "max"}
        assert "lead_changes" in r and "passes" in r and sum(n for _, n in r["histograms"]["length"]) == 6
    lines = report["skill"]["lines"]
    # the skill trace: each cheap rung of the ladder against the one below, first and last seat
    assert [r["lineup"] for r in lines] == ["greedy vs sensible", "sensible vs greedy", "careful vs greedy",
                                            "greedy vs careful"]
    assert [r["strong"]["seat"] for r in lines] == [0, 1, 0, 1]
    trace = report["skill"]["trace"]
    assert [(t["strong"], t["weak"], t["games"], t["players"]) for t in trace] == [
        ("greedy", "sensible", 8, 2), ("careful", "greedy", 8, 2)]
    assert list(report["kinds"]) == [t.id for t in load_pit_set().tiles]  # every tile kind, in set order
    chart = Path(report["chart"])
    assert chart == tmp_path / "checks" / "schlangengrube-schlangengrube.png"  # <game>-<set name>
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_text_report_has_one_table_with_the_new_columns(tmp_path: Path) -> None:
    code, out, err = _run("check", "schlangennest", "--games", "3", "--skill-games", "2", "--players", "2",
                          "--quiet", "--no-chart")
    assert code == 0, err
    for text in ("balance", "branching", "lead chg", "1st seat wins", "per game:", "· sensible vs random",
                 "skill, 2p 5×7: sensible wins", "skill, 2p 5×7: room wins", "2 seats: each seat's share",
                 "summary: schlangennest:"):
        assert text in out
    assert "chart:" not in out


def test_report_on_a_broken_set_names_what_is_broken(tmp_path: Path) -> None:
    text = default_set_path("schlangennest").read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("count = 9", "count = 8"), encoding="utf-8")
    code, out, err = _run("check", "schlangennest", "--set", str(broken), "--games", "2", "--no-chart")
    assert code == 1
    assert "missing: each colour has 8 curve card(s); the original has 9" in out
    assert err.strip().splitlines() == [f"cardgen: check: {broken}: each colour has 8 curve card(s); "
                                        "the original has 9"]
    code, out, _ = _run("check", "schlangennest", "--set", str(broken), "--games", "2", "--json", "--no-chart")
    report = json.loads(out)["schlangennest"]
    assert report["complete"] is False and report["configs"] == [] and report["chart"] is None


def test_a_kind_never_played_is_a_finding_in_the_report() -> None:
    # Ten games of Irrläufer with random players: nobody captures or conquers (seeded, so stable),
    # so every game is the 100-round draw: the verdict fails on "decisive" (and the stalemates on
    # "degenerate") and names the unused kind. The set is the original: its failures are
    # findings about the game, and the run passes.
    code, out, err = _run("check", "irrlaeufer", "--games", "10", "--skill-games", "0", "--player", "random",
                          "--quiet", "--no-chart", "--json")
    assert code == 0, err
    report = json.loads(out)["irrlaeufer"]
    assert report["original"] is True and report["configs"][0]["original_fails"] == ["decisive", "degenerate"]
    assert report["kinds"]["conquest"] == 0
    assert "kind of step 'conquest' was never played in 10 games" in report["kind_findings"]
    (verdict,) = [c["verdict"] for c in report["configs"]]
    assert verdict["outcome"] == "fail" and verdict["failed"] == ["decisive", "degenerate"]
    assert "kinds" in verdict["findings"]
    assert "10 of 10 games had no sole winner" in verdict["criteria"]["decisive"]["text"]


def test_chart_svg_has_a_panel_pair_per_configuration() -> None:
    rows = [{"config": c, "lineup": "sensible", "section": "main", "games": 2,
             "histograms": {"score": [[1, 1], [4, 1]], "length": [[10, 2]]}} for c in ("2p", "3p")]
    svg = chart_svg("test", rows)
    assert svg.count("final scores") == 2 and svg.count("game length") == 2
