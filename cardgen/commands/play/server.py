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

The server answers only its own page (`cardgen.commands.play.guard`): a request whose `Host` is not an
address it listens on is refused (another site's name resolved to this machine, "DNS
rebinding"), and a request that changes the game (every POST) must say it sends JSON and come
from the page's own origin (or from no browser at all), never from a page of another site.
Both get 403.

One Ctrl-C, SIGTERM, SIGHUP or SIGQUIT ends the server: open requests get `STOP_GRACE`
seconds to finish (a client sending half a request is not waited for longer), then the command
ends as every other does (`cardgen.signals`: one line, exit 128 + the signal).
"""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.commands.play.guard import ANY, Guard, bracketed, loopback
from cardgen.commands.play.session import Refused, Session
from cardgen.errors import CardgenError, DataError
from cardgen.numbers import whole
from cardgen.signals import CAUGHT, Stopped

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

STATIC = Path(__file__).with_name("static")
MAX_BODY = 4096
"""The largest request body read (a pick is a few dozen bytes)."""
MAX_KEY = 200
STOP_GRACE = 1
"""Seconds the requests under way get to finish once the server is told to stop."""
FAVICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" '
           b'fill="#2f3b2f"/><path d="M3 11c2-6 5 2 7-3s3-2 3-2" fill="none" stroke="#f0c000" stroke-width="2.2" '
           b'stroke-linecap="round"/></svg>')
"""The page's icon (`/favicon.ico`, which browsers ask for): a snake on the table's green."""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _error(status: int, text: str, **extra: Any) -> Response:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": _one_line(text), **extra}, status_code=status)


async def _body(request: Request) -> bytes:
    """The request's body, read no further than `MAX_BODY` bytes (DataError past that: a
    declared length is refused before anything is read, a streamed one as soon as it exceeds)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY:
        raise DataError("body", f"{declared} bytes; a pick is at most {MAX_BODY}")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise DataError("body", f"more than {MAX_BODY} bytes; a pick is at most {MAX_BODY}")
    return body


async def _pick_key(request: Request) -> str:
    body = await _body(request)
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise DataError("body", "not JSON; send {\"pick\": KEY}") from None
    except RecursionError:
        raise DataError("body", "JSON nested too deeply; send {\"pick\": KEY}") from None
    key = data.get("pick") if isinstance(data, dict) else None
    if not isinstance(key, str) or not key or len(key) > MAX_KEY:
        raise DataError("body", "send {\"pick\": KEY}, KEY a non-empty string of the page")
    return key


def _guarded(app: Any, guard: Guard) -> Any:
    """`app` behind `guard`: a refused request gets 403 with the JSON error body."""
    from starlette.datastructures import Headers

    async def asgi(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            problem = guard.refusal(scope["method"], Headers(scope=scope))
            if problem is not None:
                await _error(403, problem)(scope, receive, send)
                return
        await app(scope, receive, send)

    return asgi


def make_app(session: Session, host: str = "127.0.0.1", port: int = 8765) -> Starlette:
    """The Starlette application serving `session` to its page at `host`:`port` (`Guard`)."""
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
        at, since = (None if query.get(n) is None else whole(query[n], n, 0, 10**9) for n in ("at", "since"))
        if since is not None and since == session.version and at is None:
            return JSONResponse({"version": session.version, "same": True})  # the page's poll: nothing new
        return JSONResponse(session.view(at))

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
    from starlette.middleware import Middleware

    return Starlette(routes=routes, exception_handlers={404: http_error, 405: http_error},
                     middleware=[Middleware(_guarded, guard=Guard.of(host, port))])


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


class _OneLine(logging.Handler):
    """The server's log (uvicorn's, asyncio's) as one line each on standard error, no traceback,
    each text once (a machine out of file descriptors fails every accept: one line says it),
    and nothing once the server is stopping."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: set[str] = set()
        self.quiet = False

    def say(self, text: str) -> None:
        line = _one_line(text)
        if self.quiet or line in self.said:
            return
        self.said.add(line)
        with contextlib.suppress(OSError, ValueError):
            print(f"cardgen: play: {line}", file=sys.stderr, flush=True)

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        self.say(record.getMessage() + (f" ({exc})" if exc is not None else ""))

    def loop_error(self, _loop: Any, context: dict[str, Any]) -> None:
        """asyncio's exception handler: `context` as one line."""
        exc = context.get("exception")
        self.say(str(context.get("message", "")) + (f" ({exc})" if exc is not None else ""))


def _server(config: Any, log: _OneLine) -> Any:
    """A uvicorn server that stops on the first Ctrl-C, SIGTERM, SIGHUP or SIGQUIT (uvicorn
    itself hears only two of them, and a second Ctrl-C) and remembers which one came first."""
    import asyncio

    import uvicorn

    class Server(uvicorn.Server):
        signum: int | None = None

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            old = {sig: signal.signal(sig, self.heard) for sig in (signal.SIGINT, *CAUGHT)}
            try:
                yield
            finally:
                for sig, handler in old.items():
                    signal.signal(sig, handler)

        def heard(self, signum: int, _frame: Any) -> None:
            if self.signum is None:
                self.signum = signum
            log.quiet = True
            if self.should_exit:
                self.force_exit = True
            self.should_exit = True

        async def serve(self, sockets: Any = None) -> None:
            asyncio.get_running_loop().set_exception_handler(log.loop_error)
            await super().serve(sockets)

    return Server(config)


def serve(session: Session, host: str, port: int, open_page: bool, delay: float,
          say: Callable[[str], None], warn: Callable[[str], None] | None = None) -> None:
    """Serve `session` until Ctrl-C or another stopping signal (then `Stopped`, or
    KeyboardInterrupt for Ctrl-C, is raised: the command ends as every command does): prints
    the address (and through `warn` who else can connect, when `host` is not loopback), opens
    it in the browser unless told not to, and lets the bots move."""
    try:
        import starlette  # noqa: F401 - make_app needs it: say so before anything starts
        import uvicorn
    except ImportError:
        raise CardgenError("play", "the browser table needs the play extra: pip install 'cardgen[play]'") from None
    sock = bind(host, port)
    port = sock.getsockname()[1]
    url = f"http://{bracketed(host)}:{port}/"
    log = _OneLine()
    for name in ("uvicorn", "uvicorn.error", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [log]
        logger.propagate = False
    config = uvicorn.Config(make_app(session, host, port), log_config=None, log_level="warning", access_log=False,
                            lifespan="off", loop="asyncio", http="h11", timeout_graceful_shutdown=STOP_GRACE)
    server = _server(config, log)
    stop = threading.Event()
    bots = threading.Thread(target=_bots, args=(session, delay, stop), name="cardgen-bots", daemon=True)
    bots.start()
    if not loopback(host) and warn is not None:
        who = "anyone who can reach this machine" if host.strip("[]") in ANY else f"anyone who can reach {host}"
        warn(f"cardgen: warning: --host {host} is not this machine's loopback address: {who} on port {port} "
             "can see the game and play in it")
    say(f"cardgen play: {session.game.name} at {url} (Ctrl-C stops)")
    if open_page:
        timer = threading.Timer(0.3, webbrowser.open, (url,))
        timer.daemon = True
        timer.start()
    try:
        server.run(sockets=[sock])
    finally:
        stop.set()
        sock.close()
    if server.signum == signal.SIGINT:
        raise KeyboardInterrupt
    if server.signum is not None:
        raise Stopped(server.signum)
