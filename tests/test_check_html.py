"""`check --html FILE`: the report as one self-contained page, opened in headless Chromium
(Playwright driving Debian's chromium through `executable_path`, as tests/play/test_browser.py).

A small real check (Schlangennest, two players, a low ceiling, saved games) writes the page; the
browser shows it with no script error, every section of the game present, inline SVG charts, and
links to the saved records, the settled turns and lead changes drawn from the report's
`settled` and the heatmap from its `heatmap` (its cells coloured by count). The worth and
kingmaking figures another part of the check adds to `--json` are drawn when the report carries
them, a sentence when not; so is a heatmap of a game that names no cells."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardgen.commands.htmlreport import SECTIONS, page

CHROMIUM = Path(os.environ.get("CARDGEN_CHROMIUM", "/usr/bin/chromium"))
GAME = "schlangennest"
SMALL = ["check", GAME, "--players", "2", "--games", "20", "--skill-games", "0", "--no-recommend", "--no-chart",
         "--quiet"]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The folder of one small check with --html and --save-games, and its --json report."""
    folder = tmp_path_factory.mktemp("html")
    done = subprocess.run([sys.executable, "-m", "cardgen", *SMALL, "--html", "report.html", "--save-games", "saved",
                           "--json"], cwd=folder, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return folder, json.loads(done.stdout)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: browser tests skipped")
    if not CHROMIUM.exists():
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium): browser tests skipped")
    with api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()


def test_the_page_renders_every_section_without_script_errors(checked: tuple[Path, dict[str, Any]],
                                                              browser: Any) -> None:
    folder, report = checked
    page_ = browser.new_page()
    errors: list[str] = []
    page_.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page_.on("request", lambda r: requests.append(r.url))
    page_.goto((folder / "report.html").as_uri())
    assert errors == []
    assert all(url.startswith("file:") for url in requests)  # self-contained: nothing from a network
    for section in SECTIONS:
        assert page_.locator(f"#{GAME}-{section}").count() == 1, section
    configs = report[GAME]["configs"]
    verdicts = page_.locator(f"#{GAME}-verdicts").inner_text()
    assert all(c["config"] in verdicts for c in configs)
    assert "decided after" in verdicts or "would have failed" in verdicts  # what the games could detect
    assert page_.locator(f"#{GAME}-seats svg").count() >= len(configs)
    assert page_.locator(f"#{GAME}-histograms svg").count() == 2 * len(configs)
    links = page_.locator(f"#{GAME}-games a")
    assert links.count() == len(report[GAME]["saved_games"]) > 0
    for i in range(links.count()):
        assert (folder / links.nth(i).get_attribute("href")).is_file()
    assert f"cardgen play {GAME} --replay" in page_.locator(f"#{GAME}-games").inner_text()
    assert "no \"worth\" figures" in page_.locator(f"#{GAME}-worth").inner_text()
    leads = page_.locator(f"#{GAME}-leads")
    settled = [c["settled"] for c in configs]
    assert all(s["games"] + s["without"] == c["games"] for s, c in zip(settled, configs))
    first = settled[0]["turn"]
    median = f"median {first['median']:.1f} [{first['median_low']:.1f}–{first['median_high']:.1f}]"
    assert median in leads.inner_text()
    assert leads.locator("svg").count() == sum(1 for s in settled if s["games"]) + len(configs)
    heat = page_.locator(f"#{GAME}-heatmap")
    assert heat.locator("svg").count() == len(configs)
    drawn = heat.locator("svg").first.locator("rect[data-count]")
    cells = configs[0]["heatmap"]
    assert drawn.count() == len(cells) > 1
    shown = drawn.evaluate_all("rects => rects.map(r => [Number(r.dataset.count), r.getAttribute('fill')])")
    assert sorted(n for n, _ in shown) == sorted(n for _, _, n in cells)
    most = max(n for _, _, n in cells)
    assert {f for n, f in shown if n == most} == {"#08306b"}  # the darkest blue: the most played cells
    assert len({f for _, f in shown}) > 1 and heat.locator("svg").first.locator("rect.legend").count() > 1
    box = heat.locator("svg").first.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100  # rendered, not collapsed
    page_.close()


# the other two games, each as small: a pit at two players, Irrläufer's one configuration
OTHERS = {"schlangengrube": ["--players", "2", "--games", "20"], "irrlaeufer": ["--games", "20"]}


@pytest.mark.parametrize("game", sorted(OTHERS))
def test_every_other_game_s_page_renders_too_with_its_board_or_area_drawn(game: str, browser: Any,
                                                                          tmp_path: Path) -> None:
    """The same page for the pit and Irrläufer (with three barred games a kind: the worth
    table drawn from a real check): every section, no script error, a heatmap of played cells,
    each kind's worth row with its share of the plays as a percentage."""
    done = subprocess.run([sys.executable, "-m", "cardgen", "check", game, *OTHERS[game], "--skill-games", "0",
                           "--worth", "3", "--no-recommend", "--no-chart", "--quiet", "--html", "report.html",
                           "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)[game]
    page_ = browser.new_page()
    errors: list[str] = []
    page_.on("pageerror", lambda exc: errors.append(str(exc)))
    page_.goto((tmp_path / "report.html").as_uri())
    assert errors == []
    for section in SECTIONS:
        assert page_.locator(f"#{game}-{section}").count() == 1, section
    assert all(c["config"] in page_.locator(f"#{game}-verdicts").inner_text() for c in report["configs"])
    assert page_.locator(f"#{game}-heatmap svg rect[data-count]").count() > 1
    worth = report["configs"][0]["worth"]
    rows = page_.locator(f"#{game}-worth tr")
    assert rows.count() >= len(worth) + 1 > 1
    text = page_.locator(f"#{game}-worth").inner_text()
    assert all(f"{w['played']:.1%}" in text for w in worth)
    page_.close()


def test_worth_and_kingmaking_are_drawn_when_the_report_carries_them(checked: tuple[Path, dict[str, Any]]) -> None:
    folder, report = checked
    report = copy.deepcopy(report)
    config = report[GAME]["configs"][0]
    config["worth"] = [{"kind": "planted-kind", "played": 1 / 24, "diff": 0.21, "low": 0.1, "high": 0.3, "games": 40,
                        "flag": "dominant"}]
    config["kingmaking"] = {"share": 0.125, "low": 0.05, "high": 0.2, "games": 40}
    text = page(report, folder)
    worth = text.split(f'id="{GAME}-worth"')[1].split("</section>")[0]
    assert "planted-kind" in worth and "dominant" in worth and "+21%" in worth
    assert "<td>4.2%</td>" in worth and "0.0416" not in worth  # its share of the plays, as a percentage
    assert "+21% [+10% to +30%]" in worth and '<span class="finding">dominant</span>' in worth
    config["worth"][0]["flag"] = "ok"
    plain = page(report, folder).split(f'id="{GAME}-worth"')[1].split("</section>")[0]
    assert "<td>ok</td>" in plain and '<span class="finding">' not in plain  # only a flagged kind is marked
    king = text.split(f'id="{GAME}-kingmaking"')[1].split("</section>")[0]
    assert "12% [5%–20%]" in king
    assert "http-equiv" not in text and 'http-equiv="refresh" content="2"' in page(report, folder, 2)


def test_histograms_show_their_gaps_and_a_constant_as_one_narrow_bar(checked: tuple[Path, dict[str, Any]]) -> None:
    """A score nobody reached is a bar of 0 on the axis, not left out; a length every game shares
    (53 moves) is one bar among empty neighbours (eleven values), not a block filling the chart."""
    folder, report = checked
    report = copy.deepcopy(report)
    config = report[GAME]["configs"][0]
    config["histograms"]["length"] = [[53, 20]]
    config["histograms"]["score"] = [[3, 5], [7, 2]]
    shown = page(report, folder).split(f'id="{GAME}-histograms"')[1].split("</svg>")[:2]
    length, score = shown
    assert "<title>53: 20</title>" in length and "<title>48: 0</title>" in length and "<title>58: 0</title>" in length
    assert length.count("<rect") == 11
    assert "<title>5: 0</title>" in score and "<title>3: 5</title>" in score and "<title>7: 2</title>" in score


def test_a_game_naming_no_cells_and_an_older_report_get_a_sentence(checked: tuple[Path, dict[str, Any]]) -> None:
    folder, report = checked
    report = copy.deepcopy(report)
    for c in report[GAME]["configs"]:
        c["heatmap"] = []
    heat = page(report, folder).split(f'id="{GAME}-heatmap"')[1].split("</section>")[0]
    assert "names no cells" in heat and "<svg" not in heat
    for c in report[GAME]["configs"]:
        del c["heatmap"], c["settled"]
    older = page(report, folder)
    assert "carries no \"heatmap\"" in older and "carries no settled turns" in older
