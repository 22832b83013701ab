"""The web server of `cardgen play`: one session in memory, served by Starlette under uvicorn
(the optional `cardgen[play]` extra, imported only here and only when a game is served).

Routes (every answer JSON unless said):

    GET  /              the page (static/page.html), /static/… its script and style, /game.css the game's
    GET  /view[?at=K]   what the page shows: the live table, or position K of the log
                        (?since=V: only {"version": V, "same": true} while nothing has changed)
    POST /pick          {"pick": KEY}: a click; 422 with the rule id when the rules refuse the step
    POST /undo          back to the last step of the human seat on the screen
    POST /reveal        hot seat: the seat to move takes the screen
    GET  /record.json   the game so far as a game record (a download)
    GET  /favicon.ico   the page's icon (SVG)

A bad request gets a 4xx and {"error": "<one line>"}, never a traceback. The bots move in a
thread of their own as soon as it is their turn (after `delay` seconds).
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import webbrowser
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError, DataError
from cardgen.play.session import Refused, Session

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

STATIC = Path(__file__).with_name("static")
MAX_BODY = 4096
"""The largest request body read (a pick is a few dozen bytes)."""
MAX_KEY = 200
FAVICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" '
           b'fill="#2f3b2f"/><path d="M3 11c2-6 5 2 7-3s3-2 3-2" fill="none" stroke="#f0c000" stroke-width="2.2" '
           b'stroke-linecap="round"/></svg>')
"""The page's icon (`/favicon.ico`, which browsers ask for): a snake on the table's green."""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _error(status: int, text: str, **extra: Any) -> Response:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": _one_line(text), **extra}, status_code=status)


async def _pick_key(request: Request) -> str:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise DataError("body", f"{len(body)} bytes; a pick is at most {MAX_BODY}")
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise DataError("body", "not JSON; send {\"pick\": KEY}") from None
    key = data.get("pick") if isinstance(data, dict) else None
    if not isinstance(key, str) or not key or len(key) > MAX_KEY:
        raise DataError("body", "send {\"pick\": KEY}, KEY a non-empty string of the page")
    return key


def make_app(session: Session) -> Starlette:
    """The Starlette application serving `session`."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    files = {name: (STATIC / name).read_bytes() for name in ("page.html", "page.js", "page.css")}
    css_path = session.table.css()
    game_css = css_path.read_bytes() if css_path is not None else b""
    types = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
             "css": "text/css; charset=utf-8"}

    def handled(func: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await func(request)
            except Refused as exc:
                return _error(409, str(exc))
            except CardgenError as exc:
                return _error(400, str(exc))
            except Exception as exc:  # noqa: BLE001 - a fault of cardgen's own: one line, never a traceback
                line = f"{request.method} {request.url.path}: {type(exc).__name__}: {exc}"
                print(f"cardgen: {_one_line(line)}", file=sys.stderr, flush=True)
                return _error(500, f"cardgen could not answer ({type(exc).__name__})")
        return endpoint

    async def page(request: Request) -> Response:
        return Response(files["page.html"], media_type=types["html"])

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in files or name == "page.html":
            return _error(404, f"no static file {name!r}")
        return Response(files[name], media_type=types[name.rsplit(".", 1)[1]])

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/svg+xml")

    async def css(request: Request) -> Response:
        return Response(game_css, media_type=types["css"])

    @handled
    async def view(request: Request) -> Response:
        query = request.query_params
        extra = set(query) - {"at", "since"}
        if extra:
            raise DataError("query", f"unknown parameter {sorted(extra)[0]!r} (allowed: at, since)")
        for name in ("at", "since"):
            value = query.get(name)
            if value is not None and not (value.isdigit() and len(value) <= 9):
                raise DataError(name, f"{value!r}: a whole number, 0 or more")
        if query.get("since") is not None and int(query["since"]) == session.version and "at" not in query:
            return JSONResponse({"version": session.version, "same": True})  # the page's poll: nothing new
        at = query.get("at")
        return JSONResponse(session.view(None if at is None else int(at)))

    @handled
    async def pick(request: Request) -> Response:
        refusal = session.pick(await _pick_key(request))
        if refusal is not None:
            return _error(422, f"{refusal.message} [{refusal.rule}]", **refusal.to_json())
        return JSONResponse(session.view())

    @handled
    async def undo(request: Request) -> Response:
        session.undo()
        return JSONResponse(session.view())

    @handled
    async def reveal(request: Request) -> Response:
        session.reveal()
        return JSONResponse(session.view())

    @handled
    async def record(request: Request) -> Response:
        body = json.dumps(session.record(), indent=1, ensure_ascii=False) + "\n"
        return Response(body, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{session.game.name}-record.json"'})

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        reason = {404: f"no page {request.url.path!r}", 405: f"{request.method} is not allowed on {request.url.path}"}
        return _error(status, reason.get(status, "the request could not be answered"))

    routes = [Route("/", page), Route("/static/{name}", static), Route("/game.css", css), Route("/favicon.ico", favicon),
              Route("/view", view), Route("/pick", pick, methods=["POST"]), Route("/undo", undo, methods=["POST"]),
              Route("/reveal", reveal, methods=["POST"]), Route("/record.json", record)]
    return Starlette(routes=routes, exception_handlers={404: http_error, 405: http_error})


def _bots(session: Session, delay: float, stop: threading.Event) -> None:
    """The bots' thread: a bot to move waits `delay` seconds, then plays one step."""
    while not stop.is_set():
        if not session.bot_due():
            stop.wait(0.05)
            continue
        if delay > 0 and stop.wait(delay):
            break
        try:
            session.bot_step()
        except Exception as exc:  # noqa: BLE001 - a bot's fault must not kill the server silently
            print(f"cardgen: a bot failed and stopped: {_one_line(str(exc)) or type(exc).__name__}",
                  file=sys.stderr, flush=True)
            return


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: any free port); DataError when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise DataError("--port" if exc.errno == 98 else "--host",
                        f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(64)
    return sock


def serve(session: Session, host: str, port: int, open_page: bool, delay: float,
          say: Callable[[str], None]) -> None:
    """Serve `session` until Ctrl-C: prints the address, opens it in the browser unless told
    not to, and lets the bots move."""
    try:
        import starlette  # noqa: F401 - make_app needs it: say so before anything starts
        import uvicorn
    except ImportError:
        raise CardgenError("play", "the browser table needs the play extra: pip install 'cardgen[play]'") from None
    sock = bind(host, port)
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{sock.getsockname()[1]}/"
    config = uvicorn.Config(make_app(session), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    stop = threading.Event()
    bots = threading.Thread(target=_bots, args=(session, delay, stop), name="cardgen-bots", daemon=True)
    bots.start()
    say(f"cardgen play: {session.game.name} at {url} (Ctrl-C stops)")
    if open_page:
        threading.Timer(0.3, webbrowser.open, (url,)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a server is stopped: uvicorn has shut down, and it is a normal end
    finally:
        stop.set()
        sock.close()
    say("cardgen play: stopped")
