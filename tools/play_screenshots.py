"""Screenshots of `cardgen play`'s page for every game, a few turns into a game against a bot.

`python tools/play_screenshots.py OUTDIR` writes OUTDIR/play-<game>.png (1280x800) for every
game of the registry: the game's session made in this process, both seats played by a cheap
player for a few turns, a card of the human's hand chosen, the page served on a free port and
photographed by chromium through Playwright. docs/images/play-*.png come from here.
A developer tool kept outside the package (it needs the test and play extras).
"""

from __future__ import annotations

import random
import sys
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from cardgen.commands.play.server import bind, make_app
from cardgen.commands.play.session import Session
from cardgen.commands.play.start import new_session
from cardgen.engine.players import make_player
from cardgen.registry import GAMES

SETUP = {"schlangennest": ("human,greedy", 6, "card:curve"),
         "schlangengrube": ("human,sensible", 12, "tile:1"),
         "irrlaeufer": ("human,castle", 96, "")}
"""Per game: the seats, the steps played before the photograph, the hand's card chosen."""


def _position(game: str) -> Session:
    seats, steps, chosen = SETUP[game]
    session = new_session(GAMES.get(game), None, seats, seed=4)
    player, rng = make_player("sensible"), random.Random(4)
    while len(session.steps) < steps or session.state.current_player != 0:
        session.play(player.choose(session.state, rng))
    if chosen:
        session.pick(chosen)
    return session


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for game in SETUP:
            session = _position(game)
            sock = bind("127.0.0.1", 0)
            port = sock.getsockname()[1]
            server = uvicorn.Server(uvicorn.Config(make_app(session, "127.0.0.1", port), log_level="warning",
                                                   lifespan="off"))
            thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
            thread.start()
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#table svg")
            time.sleep(0.5)
            page.screenshot(path=str(out / f"play-{game}.png"))
            page.close()
            server.should_exit = True
            thread.join(10)
            print(f"wrote {out / f'play-{game}.png'}: {session.status(session.state)}")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
