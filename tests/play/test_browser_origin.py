"""A page of another origin, open in the same browser as the table, cannot play in the game:
chromium (driven by Playwright, as in test_browser.py) loads a page from a second loopback port
whose script tries every way a page has to send the table a click; the table's own page, the
control, can. Skipped where chromium or Playwright is missing, as the other browser tests."""

from __future__ import annotations

import http.server
import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("CARDGEN_CHROMIUM", "/usr/bin/chromium"))
playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="Playwright is not installed (pip install -e '.[test]'): browser tests skipped")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason=f"no chromium at {CHROMIUM} (apt-get install chromium): browser tests skipped")

ATTACKS = """async (target) => {
  const body = JSON.stringify({pick: "card:curve"});
  const tries = {
    // a "simple" request: no preflight, the browser sends it and hides the answer
    plain: fetch(target + "pick", {method: "POST", mode: "no-cors", body, headers: {"Content-Type": "text/plain"}}),
    form: fetch(target + "pick", {method: "POST", mode: "no-cors", body: new URLSearchParams({pick: "card:curve"})}),
    undo: fetch(target + "undo", {method: "POST", mode: "no-cors"}),
    // JSON needs a preflight, which the table refuses
    json: fetch(target + "pick", {method: "POST", body, headers: {"Content-Type": "application/json"}}),
    view: fetch(target + "view"),
  };
  const out = {};
  for (const [name, promise] of Object.entries(tries)) {
    try {
      const response = await promise;
      out[name] = response.type === "opaque" ? "sent, answer hidden" : String(response.status);
    } catch (err) {
      out[name] = "failed";
    }
  }
  return out;
}"""


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[str]:
    """`cardgen play schlangennest` (a person against a bot) on a free loopback port; its URL."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", "schlangennest", "--no-open", "--port", "0"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert found, line
    yield found.group(0)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err == "cardgen: interrupted\n", err


@pytest.fixture()
def other_site() -> Iterator[str]:
    """A plain page served from another loopback port: another origin."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            body = b"<!doctype html><title>another site</title><p>nothing to see</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _state(url: str) -> tuple[int, int]:
    view = json.load(urllib.request.urlopen(url + "view", timeout=30))
    return view["version"], view["steps"]


def test_a_page_of_another_origin_cannot_click_undo_or_read_the_table(table: str, other_site: str) -> None:
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(other_site)
            tried = page.evaluate(ATTACKS, table)
            assert tried["json"] == "failed" and tried["view"] == "failed", tried  # refused, and unreadable
            assert tried["plain"] == tried["form"] == tried["undo"] == "sent, answer hidden", tried
            assert _state(table) == (0, 0), tried  # the simple requests arrived and changed nothing
            own = browser.new_page()
            own.goto(table)
            clicked = own.evaluate("""async () => (await fetch("/pick", {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify({pick: "card:curve"})})).status""")
            assert clicked == 200 and _state(table)[0] > 0  # the table's own page may
        finally:
            browser.close()
