"""`cardgen play` in a real browser: Playwright for Python (pinned in the test extra) driving
Debian's chromium through `executable_path`, against real `cardgen play` server processes.

For each game: the start of a game against a bot clicked through, an illegal click refused with
its rule id, undo, the downloaded record replayed by `cardgen replay`, and a bots-only game
watched to its end. Skipped, with the reason shown, where chromium or Playwright is missing;
the smoke test fails with a clear message where they are there but do not work together.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("CARDGEN_CHROMIUM", "/usr/bin/chromium"))
playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="Playwright is not installed (pip install -e '.[test]'): browser tests skipped")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason=f"no chromium at {CHROMIUM} (apt-get install chromium): browser tests skipped")

WAIT = 600_000
"""The bound (ms) on waiting for the page to show an event: generous, so that only a page that
never shows it fails, never a slow or busy machine (every wait is for the event itself)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        try:
            chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        except Exception as exc:  # noqa: BLE001 - any failure here is the mismatch the smoke test names
            found = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True, timeout=600)
            pytest.fail(f"Playwright {metadata.version('playwright')} cannot drive {CHROMIUM} "
                        f"({((found.stdout or found.stderr).strip() or 'no version').splitlines()[0]}): {str(exc).splitlines()[0]}; "
                        "the pinned playwright and the installed chromium do not fit together")
        yield chromium
        chromium.close()


@pytest.fixture()
def serve(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """Starts `cardgen play ARGS… --delay 0 --no-open --port 0` in an empty folder; its URL."""
    procs: list[subprocess.Popen[str]] = []

    def start(*args: str) -> str:
        proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", *args, "--delay", "0", "--no-open",
                                 "--port", "0"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        procs.append(proc)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert match, f"no address in {line!r}: {proc.stderr.read() if proc.stderr else ''}"
        return match.group(0)

    yield start
    for proc in procs:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=WAIT / 1000)
        assert proc.returncode == 130 and err == "cardgen: interrupted\n", err  # Ctrl-C, as for every command
    assert [p.name for p in tmp_path.iterdir()] == [], "the server wrote a file"


def test_playwright_drives_the_installed_chromium(browser: Any) -> None:
    page = browser.new_page()
    page.set_content("<p id=p>cardgen</p><script>document.getElementById('p').textContent += ' play'</script>")
    assert page.inner_text("#p") == "cardgen play", f"chromium {browser.version} does not run the page's script"
    page.close()


def _page(browser: Any) -> Any:
    """A new page whose every action and wait (Playwright's default: 30 s) has the bound `WAIT`."""
    page = browser.new_page(accept_downloads=True)
    page.set_default_timeout(WAIT)
    return page


def _log(page: Any) -> int:
    return int(page.locator("#log li").count())


def _download_and_replay(page: Any, folder: Path) -> dict[str, Any]:
    with page.expect_download() as download:
        page.click("#download")
    path = folder / "downloaded.json"
    download.value.save_as(path)
    result = subprocess.run([sys.executable, "-m", "cardgen", "replay", "--json", str(path)],
                            capture_output=True, text=True, timeout=600)
    path.unlink()
    assert result.returncode == 0, result.stderr
    replayed: dict[str, Any] = json.loads(result.stdout)
    return replayed


def _nest_start(page: Any) -> None:
    page.click('[data-pick="card:curve"]')
    page.click('[data-pick="cell:0,0"]')


def _pit_start(page: Any) -> None:
    boxes = [page.locator("#hand .hand-frame").nth(i).bounding_box() for i in range(5)]
    for left, right in zip(boxes, boxes[1:]):  # framed with a clear gap: no snake seems to join the next
        assert right["x"] - (left["x"] + left["width"]) > 0.1 * left["width"], (left, right)
    for _ in range(2):  # the turn's two tiles (the engine ends it early when no second one fits)
        page.click('[data-pick="tile:0"]')
        page.wait_for_selector(".legal", timeout=WAIT)  # the cells where the chosen tile fits
        page.locator(".legal").first.click()
        page.wait_for_function("!document.querySelector('.legal')", timeout=WAIT)
        if "second tile" not in page.inner_text("#hint"):
            break


def _irr_start(page: Any) -> None:
    page.click('[data-pick="groove:v,3,5"] .diamond')


START = {"schlangennest": (_nest_start, '[data-pick="pass"]', "pass-not-allowed"),
         "schlangengrube": (_pit_start, '[data-pick="pass"]', "pass-not-allowed"),
         "irrlaeufer": (_irr_start, '[data-pick="groove:v,3,5"] .diamond', "overlaps-stick")}


@pytest.mark.parametrize("game", sorted(START))
def test_a_game_against_a_bot_clicked_refused_undone_and_downloaded(game: str, browser: Any,
                                                                   serve: Callable[..., str], tmp_path: Path) -> None:
    start, illegal, rule = START[game]
    page = _page(browser)
    page.goto(serve(game, "--seats", "human,random" if game != "irrlaeufer" else "human,sensible"))
    page.wait_for_selector("#table svg", timeout=WAIT)
    start(page)
    _bot_replied(page)
    played = _log(page)
    page.click(illegal)
    page.wait_for_selector("#refusal:not([hidden])", timeout=WAIT)
    assert page.inner_text("#refusal .rule") == rule
    assert page.inner_text("#refusal .wording").startswith("Rule booklet: ")
    assert _log(page) == played
    replayed = _download_and_replay(page, tmp_path)
    assert replayed["legal"] and replayed["applied"] >= 2
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#log li').length < " + str(played), timeout=WAIT)
    assert page.inner_text("#refusal") == ""
    page.close()


@pytest.mark.parametrize("game", sorted(START))
def test_a_bots_only_game_is_shown_to_its_end_and_its_record_is_a_finished_game(
        game: str, browser: Any, serve: Callable[..., str], tmp_path: Path) -> None:
    page = _page(browser)
    # Irrläufer's castle and sensible players play over a thousand steps (the log keeps every digit)
    page.goto(serve(game, "--seats", "sensible,castle" if game == "irrlaeufer" else "random,random"))
    page.wait_for_selector("body[data-finished='true']", timeout=WAIT)
    status = page.inner_text("#status")
    assert "game over" in status
    assert page.inner_text("#hand") == "" and page.locator("#buttons button").count() == 0
    steps = _log(page)
    page.click("#step-first")
    page.wait_for_function("document.getElementById('step-at').textContent.startsWith('0/')", timeout=WAIT)
    page.click("#step-next")
    page.wait_for_function("document.getElementById('step-at').textContent.startsWith('1/')", timeout=WAIT)
    page.click("#step-last")
    page.wait_for_function(f"document.getElementById('step-at').textContent === '{steps}/{steps}'", timeout=WAIT)
    lines = page.locator("#log li").all_inner_texts()
    seats = [name.split(" (")[0] for name in page.locator("#seats li").all_inner_texts()]
    for number, line in enumerate(lines, 1):  # numbered in full, each naming its player
        assert line.startswith(f"{number}.") and line[len(f"{number}."):].strip().startswith(tuple(seats)), line
    assert game != "irrlaeufer" or len(lines) > 999
    replayed = _download_and_replay(page, tmp_path)
    assert replayed["legal"] and replayed["finished"]
    assert f"game over after {replayed['applied']} move" in status, status  # counted as the replay counts
    page.close()


def _finished_with_held_views(browser: Any, serve: Callable[..., str], hold: Callable[[str], bool]
                              ) -> tuple[Any, list[Any], list[bool], int]:
    """A page of a finished two-bot Schlangengrube game whose view requests matching `hold` are
    kept back (in the list returned) while the flag returned is set; and the game's steps."""
    page = _page(browser)
    held: list[Any] = []
    holding = [False]

    def route(r: Any) -> None:
        if holding[0] and hold(r.request.url):
            held.append(r)
        else:
            r.continue_()

    page.route("**/view*", route)
    page.goto(serve("schlangengrube", "--seats", "random,random"))
    page.wait_for_selector("body[data-finished='true']", timeout=WAIT)
    return page, held, holding, _log(page)


def test_a_late_poll_does_not_take_the_page_back_from_the_step_the_user_went_to(
        browser: Any, serve: Callable[..., str]) -> None:
    """The page polls every 300 ms, and on a busy machine a poll's answer can arrive after the
    user has stepped into the log: that late live view must not be drawn over the step."""
    page, held, holding, steps = _finished_with_held_views(browser, serve, lambda url: "at=" not in url)  # polls
    holding[0] = True
    while not held:  # the next poll, whenever the page sends it
        page.wait_for_event("request", timeout=WAIT)
    holding[0] = False
    page.click("#step-first")
    page.wait_for_function("document.getElementById('step-at').textContent.startsWith('0/')", timeout=WAIT)
    answers = int(page.get_attribute("body", "data-answers") or 0)
    late = held.pop(0)
    late.continue_(url=late.request.url.split("?")[0])  # the whole live view, as a poll gets after a change
    page.wait_for_function(f"Number(document.body.dataset.answers) > {answers}", timeout=WAIT)
    assert page.inner_text("#step-at") == f"0/{steps}", "a late poll drew the live table over step 0"
    for r in held:
        r.continue_()
    page.close()


def test_a_poll_saying_nothing_changed_does_not_drop_the_live_view_the_user_asked_for(
        browser: Any, serve: Callable[..., str]) -> None:
    """Back to the last step (the live view, asked for whole) while a poll is on its way: on a
    busy machine the poll's short "nothing changed" answer can come first. It draws nothing, so
    it must not count as drawn: the whole view that follows it is drawn, not dropped as older."""
    page, held, holding, steps = _finished_with_held_views(browser, serve, lambda url: url.endswith("/view"))
    page.click("#step-first")
    page.wait_for_function("document.getElementById('step-at').textContent.startsWith('0/')", timeout=WAIT)
    holding[0] = True
    page.click("#step-last")
    while not held:
        page.wait_for_event("request", timeout=WAIT)
    answers = int(page.get_attribute("body", "data-answers") or 0)
    page.wait_for_function(f"Number(document.body.dataset.answers) > {answers}", timeout=WAIT)  # a poll came back
    holding[0] = False
    held.pop(0).continue_()
    page.wait_for_function(f"document.getElementById('step-at').textContent === '{steps}/{steps}'", timeout=WAIT)
    page.close()


def _bot_replied(page: Any) -> None:
    """Wait until the bot has replied: the person's turn again, the log's last line the bot's
    (whenever the page learns of it: the count of steps seen before is no measure)."""
    page.wait_for_function("(() => { const me = document.querySelector('#seats li.to-move');"
                           " const lines = document.querySelectorAll('#log li');"
                           " return me && me.textContent.includes('(human)') && lines.length > 0 &&"
                           " !lines[lines.length - 1].textContent.includes(me.textContent.split(' (')[0] + ':'); })()",
                           timeout=WAIT)


def _note(page: Any, words: str) -> None:
    page.wait_for_selector("#note:not([hidden])", timeout=WAIT)
    assert words in page.inner_text("#note"), page.inner_text("#note")


def test_a_person_plays_irrlaeufer_through_both_phases(browser: Any, serve: Callable[..., str], tmp_path: Path) -> None:
    page = _page(browser)
    page.goto(serve("irrlaeufer", "--seats", "human,castle"))
    page.wait_for_selector("#table svg", timeout=WAIT)
    # Phase 1: a stick laid by a click near its groove (the diamond round it), the preview green.
    groove = page.locator('[data-pick="groove:v,3,5"]')
    assert "fits" in (groove.get_attribute("class") or "")
    target = page.locator('[data-pick="groove:v,3,5"] .diamond').bounding_box()
    assert target is not None and min(target["width"], target["height"]) >= 16, target  # not the 6-px groove itself
    page.click('[data-pick="groove:v,3,5"] .diamond')
    _bot_replied(page)
    assert "refused" in (page.locator('[data-pick="groove:v,3,6"]').get_attribute("class") or "")
    page.click('[data-pick="groove:v,3,6"] .diamond')  # over the stick just laid: refused, and said on the page
    page.wait_for_selector("#refusal:not([hidden])", timeout=WAIT)
    assert page.inner_text("#refusal .rule") == "overlaps-stick"
    said = page.inner_text("#refusal")
    assert "would overlap the stick between columns 3 and 4, rows 5-7" in said and "@" not in said, said
    # The rest of the sticks laid at random, the bot laying its own meanwhile.
    page.click('[data-pick="lay-rest:random"]')
    page.wait_for_selector(".stick.legal", timeout=WAIT)  # phase 2, red's turn: the sticks that may slide
    assert _log(page) == 80 and "slide sticks 3 fields" in page.inner_text("#hint")
    # Phase 2: a piece clicked before the slides is refused with the reason on the page.
    page.locator(".piece").first.click()
    _note(page, "Slide the sticks first")
    for turn in range(3):
        while "slide sticks" in page.inner_text("#hint"):
            steps = _log(page)
            page.locator(".stick.legal").first.click()
            page.wait_for_selector(".slide-arrow", timeout=WAIT)  # the slides allowed, drawn on the board
            allowed = page.locator("#buttons button.on").all_inner_texts()
            assert allowed and all(t.startswith("slide ") for t in allowed)
            arrow = page.locator(".slide-arrow").first
            assert f"slide {arrow.text_content()} (" in " ".join(allowed)
            arrow.locator("circle").click()
            page.wait_for_function(f"document.querySelectorAll('#log li').length > {steps}", timeout=WAIT)
        movable = page.locator(".piece.can-move, .castle.can-move")
        if movable.count() == 0:
            page.click('[data-pick="end"]')
        else:
            pieces = page.locator(".piece.can-move")  # a castle's middle is the corner of four fields
            chosen = (pieces if pieces.count() else movable).first.get_attribute("data-pick")
            piece = f'[data-pick="{chosen}"]'
            page.locator(piece).last.click()
            page.wait_for_selector(".target.legal", timeout=WAIT)
            if turn == 0:  # the chosen piece clicked again: put down, visibly
                page.locator(piece).last.click(force=True)
                _note(page, "Put down again")
                assert page.locator(".target.legal").count() == 0
                page.locator(piece).last.click()
                page.wait_for_selector(".target.legal", timeout=WAIT)
            # the click event on the target itself: a field's target is a transparent square the page
            # may draw anew between finding it and a pointer's click (seen: "not visible" mid-click)
            page.locator(".target.legal").first.dispatch_event("click")
        _bot_replied(page)
    assert page.inner_text("#refusal") == ""
    replayed = _download_and_replay(page, tmp_path)
    assert replayed["legal"] and replayed["applied"] >= 80 + 2 * 3 - 1
    page.close()
