"""`cardgen play` left open on a machine with a browser: it answers only its own page, it binds
where it is told, it stops on one signal whatever its clients do, and a refused request changes
nothing. Through HTTP (Starlette's test client, and real server processes on loopback) and the
command line; the browser's view of another origin is in test_browser_origin.py."""

from __future__ import annotations

import json
import re
import resource
import selectors
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.commands.play.server import make_app
from cardgen.commands.play.start import new_session
from cardgen.registry import GAMES

starlette = pytest.importorskip("starlette.testclient", reason="the play extra (starlette) is not installed")

BASE = "http://127.0.0.1:8765"
JSON = {"Content-Type": "application/json"}


def _client(seats: str = "human,random", set_path: str | None = None, game: str = "schlangennest",
            listen: str = "127.0.0.1") -> tuple[Any, Any]:
    session = new_session(GAMES.get(game), set_path, seats, 0)
    return session, starlette.TestClient(make_app(session, listen, 8765), base_url=BASE)


def _pick(client: Any, key: str, **headers: str) -> Any:
    return client.post("/pick", content=json.dumps({"pick": key}), headers={**JSON, **headers})


def _refused(answer: Any, words: str) -> None:
    assert answer.status_code == 403, answer.text
    error = answer.json()["error"]
    assert words in error and "\n" not in error


# ---- the table answers only its own page ------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/view", "/record.json", "/static/page.js"])
@pytest.mark.parametrize("host", ["rebind.example:8765", "rebind.example", "127.0.0.1:9999", "localhost.evil:8765",
                                  "10.0.0.1:8765", ""])
def test_a_host_that_is_not_the_servers_address_is_refused(path: str, host: str) -> None:
    """A page reached under another name (DNS rebinding) gets nothing, not even the page."""
    _, client = _client()
    _refused(client.get(path, headers={"Host": host}), "is not this server's address")


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765", "[::1]:8765"])
def test_the_loopback_names_with_the_port_are_answered(host: str) -> None:
    _, client = _client()
    assert client.get("/view", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(("listen", "host", "answered"), [
    ("192.168.1.5", "192.168.1.5:8765", True), ("192.168.1.5", "127.0.0.1:8765", True),
    ("192.168.1.5", "192.168.1.6:8765", False), ("192.168.1.5", "192.168.1.5:9999", False),
    ("my-box.lan", "MY-BOX.LAN:8765", True), ("my-box.lan", "rebind.example:8765", False),
    ("::", "[fe80::1]:8765", True), ("0.0.0.0", "10.0.0.1:8765", True),
    ("0.0.0.0", "rebind.example:8765", False), ("0.0.0.0", "10.0.0.1:9999", False),
])
def test_the_address_the_user_gave_is_answered_there_and_nowhere_else(listen: str, host: str, answered: bool) -> None:
    """`--host` given: its own page at that address reads and clicks (on every interface, `0.0.0.0`
    or `::`, any numeric address of the machine), while a name resolved there by another site
    still gets 403."""
    _, client = _client(listen=listen)
    view = client.get("/view", headers={"Host": host})
    click = _pick(client, "card:curve", Host=host, Origin=f"http://{host.lower()}", **{"Sec-Fetch-Site": "same-origin"})
    assert (view.status_code, click.status_code) == ((200, 200) if answered else (403, 403)), (view.text, click.text)


@pytest.mark.parametrize(("headers", "words"), [
    ({"Content-Type": "text/plain"}, "Content-Type: application/json"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, "Content-Type: application/json"),
    ({"Content-Type": "multipart/form-data; boundary=x"}, "Content-Type: application/json"),
    ({"Content-Type": ""}, "Content-Type: application/json"),
    ({**JSON, "Origin": "http://evil.example"}, "from another page (http://evil.example)"),
    ({**JSON, "Origin": "http://127.0.0.1:9999"}, "from another page"),
    ({**JSON, "Origin": "null"}, "from another page"),
    ({**JSON, "Sec-Fetch-Site": "cross-site"}, "from another site"),
    ({**JSON, "Sec-Fetch-Site": "same-site"}, "from another site"),
])
@pytest.mark.parametrize("path", ["/pick", "/undo", "/reveal"])
def test_a_request_that_changes_the_game_from_another_page_is_refused_and_changes_nothing(
        path: str, headers: dict[str, str], words: str) -> None:
    session, client = _client()
    _pick(client, "card:curve")
    _pick(client, "cell:0,0")
    before = client.get("/record.json").json(), session.version
    answer = client.post(path, content=json.dumps({"pick": "card:curve"}), headers=headers)
    _refused(answer, words)
    assert (client.get("/record.json").json(), session.version) == before


def test_the_pages_own_requests_are_answered() -> None:
    """Same origin, as the page sends them; and a client that is no browser sends no Origin."""
    _, client = _client()
    own = {"Origin": BASE, "Sec-Fetch-Site": "same-origin"}
    assert _pick(client, "card:curve", **own).status_code == 200
    assert _pick(client, "cell:0,0", **{"Content-Type": "application/json; charset=utf-8"}).status_code == 200
    assert client.get("/view").json()["steps"] == 1


# ---- requests the server reads with care -----------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read_whole() -> None:
    _, client = _client()
    declared = client.post("/pick", content=b"x" * 10, headers={**JSON, "Content-Length": str(96 << 20)})
    assert declared.status_code == 400 and "at most 4096" in declared.json()["error"]

    def chunks() -> Iterator[bytes]:  # streamed without a length: refused once past the limit
        yield from (b" " * 1024 for _ in range(1000))  # (the test client sends it whole: that the
        # server answers while the rest is still to come is shown over real HTTP below)

    streamed = client.post("/pick", content=chunks(), headers=JSON)
    assert streamed.status_code == 400 and "at most 4096" in streamed.json()["error"]


def test_deeply_nested_json_is_a_400_not_a_500() -> None:
    _, client = _client()
    for body in ("[" * 2000 + "]" * 2000, '{"a":' * 800 + "1" + "}" * 800):
        answer = client.post("/pick", content=body[:4096], headers=JSON)
        assert answer.status_code == 400, answer.text
        assert "Traceback" not in answer.text


@pytest.mark.parametrize("query", ["at=²", "since=²", "at=٣", "at=1_0", "at= 1", "at=1e3", "since=-0x1",
                                   "at=99999999999999999999999"])
def test_a_number_in_a_query_is_ascii_digits_in_range(query: str) -> None:
    _, client = _client()
    answer = client.get(f"/view?{query}")
    assert answer.status_code == 400 and "a whole number" in answer.json()["error"]


@pytest.mark.parametrize(("game", "key"), [
    ("schlangengrube", "tile:²"), ("schlangengrube", "tile:٣"),
    ("irrlaeufer", "groove:v,²,1"), ("irrlaeufer", "groove:v,٣,1"), ("irrlaeufer", "stick:h,1,²"),
])
def test_a_number_in_a_pick_is_ascii_digits(game: str, key: str) -> None:
    """A pick names a tile or a groove by number: digits of another script are a 400 that
    changes nothing (a superscript two was a 500, an Arabic-Indic three a tile or groove taken)."""
    session, client = _client(game=game)
    before = client.get("/record.json").json(), session.version
    answer = _pick(client, key)
    assert answer.status_code == 400 and repr(key) in answer.json()["error"], answer.text
    assert (client.get("/record.json").json(), session.version) == before


def test_a_first_card_far_out_is_refused_so_every_record_replays(tmp_path: Path) -> None:
    """The page once took cells up to ±10,000: a game there ends where `replay` reads no more."""
    _, client = _client()
    _pick(client, "card:curve")
    far = _pick(client, "cell:10000,10000")
    assert far.status_code == 400 and "far outside any table" in far.json()["error"]
    assert _pick(client, "cell:5000,-5000").status_code == 200  # the farthest a click may go
    path = tmp_path / "record.json"
    path.write_text(json.dumps(client.get("/record.json").json()), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "cardgen", "replay", "--json", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_undo_needs_no_set_file_again(tmp_path: Path) -> None:
    """Undo plays the position anew from the opening on the set read when the session began
    (the set is a value, #39): a set file removed since changes nothing, the step is undone."""
    path = tmp_path / "mine.toml"
    path.write_bytes(GAMES.get("schlangengrube").default_set_path().read_bytes())
    _, client = _client(set_path=str(path), game="schlangengrube")
    start = client.get("/view").json()["steps"]
    _pick(client, "tile:0")
    assert _pick(client, "cell:-1,0").status_code == 200
    before = client.get("/view").json()
    assert before["steps"] > start and before["can_undo"]
    path.unlink()
    answer = client.post("/undo", headers=JSON)
    assert answer.status_code == 200, answer.text
    assert client.get("/view").json()["steps"] < before["steps"]


# ---- the command line ------------------------------------------------------------------


@pytest.mark.parametrize("host", ["", " ", "127.0.0.1 "])
@pytest.mark.usefixtures("no_serving")
def test_an_empty_host_is_a_usage_error(host: str) -> None:
    result = CliRunner().invoke(main, ["play", "schlangennest", "--no-open", "--host", host])
    assert result.exit_code == 2 and "--host" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (("--delay", "nan"), "--delay"), (("--delay", "inf"), "--delay"), (("--delay", "-1"), "--delay"),
    (("--port", "８０"), "--port"), (("--seed", "²"), "--seed"), (("--seats", "human,mcts@²"), "budget"),
    (("--seats", "human,mcts@٣"), "budget"),
])
@pytest.mark.usefixtures("no_serving")
def test_numbers_on_the_command_line_are_checked(args: tuple[str, ...], words: str) -> None:
    result = CliRunner().invoke(main, ["play", "schlangennest", "--no-open", *args])
    assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.stderr


def test_a_bad_set_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "schlangennest"\n[[card]]\nid = 3\n', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "cardgen", "play", "schlangennest", "--set", str(bad), "--no-open"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("cardgen: ") and result.stderr.count("\n") == 1 and "bad.toml" in result.stderr


STARTED: list[subprocess.Popen[bytes]] = []
"""The server processes this module's tests started."""


@pytest.fixture(autouse=True)
def _no_server_left() -> Iterator[None]:
    """A test that fails before it stops its server leaves none running."""
    yield
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


class Server:
    """A `cardgen play` process on a free loopback port; its lines on standard error read as
    they come (a test waits for a line, never a number of seconds)."""

    def __init__(self, *args: str, limit: int | None = None) -> None:
        def lowered() -> None:
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        self.proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", "schlangennest", "--no-open",
                                      "--delay", "0", "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, preexec_fn=lowered)
        STARTED.append(self.proc)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.err: list[str] = []
        self.heard = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        line = self.proc.stdout.readline().decode()
        found = re.search(r"http://[^ ]*:(\d+)/", line)
        assert found, (line, self.err)
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            with self.heard:
                self.err.append(raw.decode())
                self.heard.notify_all()

    def wait_for(self, words: str, bound: float = 60) -> None:
        with self.heard:
            assert self.heard.wait_for(lambda: any(words in e for e in self.err), bound), self.err

    def stop(self, sig: int = signal.SIGINT, bound: float = 30) -> tuple[int, list[str]]:
        """Send `sig`; the exit code and every line of standard error. `bound` is generous: it
        catches a server that never stops, it times nothing."""
        self.proc.send_signal(sig)
        code = self.proc.wait(timeout=bound)
        self.reader.join(timeout=bound)
        return code, self.err

    def get(self, path: str) -> Any:
        return json.load(urllib.request.urlopen(self.url + path, timeout=30))


def _half_sent(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /pick HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{\"pi" % port)
    return sock


@pytest.mark.parametrize(("sig", "code", "line"), [
    (signal.SIGINT, 130, "cardgen: interrupted\n"), (signal.SIGTERM, 143, "cardgen: stopped by SIGTERM\n"),
    pytest.param(signal.SIGHUP, 129, "cardgen: stopped by SIGHUP\n", marks=pytest.mark.slow),
    pytest.param(signal.SIGQUIT, 131, "cardgen: stopped by SIGQUIT\n", marks=pytest.mark.slow),
])
def test_one_signal_stops_the_server_whatever_its_clients_do(sig: int, code: int, line: str) -> None:
    """A client holding half a request body and another polling all the time: one signal is
    enough, with the line and code of every command and no traceback."""
    server = Server("--seats", "random,random")
    half = _half_sent(server.port)
    polling = threading.Event()
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            try:
                server.get("view?since=0")
            except OSError:
                return
            polling.set()

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    try:
        assert polling.wait(60)
        exit_code, err = server.stop(sig)
    finally:
        done.set()
        half.close()
    assert exit_code == code and err == [line]


def test_a_streamed_body_is_refused_once_past_the_limit_over_real_http() -> None:
    """A chunked body without an end (it could go on for 96 MB): the answer comes once its first
    chunk is past the limit, while the rest is still to come."""
    server = Server()
    sock = socket.create_connection(("127.0.0.1", server.port))
    answer = b""
    try:
        sock.sendall(b"POST /pick HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n1388\r\n%s\r\n" % (server.port, b" " * 5000))
        waiting = selectors.DefaultSelector()
        waiting.register(sock, selectors.EVENT_READ)
        while b"at most 4096" not in answer and waiting.select(timeout=60):
            more = sock.recv(4096)
            if not more:
                break
            answer += more
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 400") and b"at most 4096" in answer, answer
    assert server.get("view")["steps"] == 0
    code, err = server.stop()
    assert code == 130 and err == ["cardgen: interrupted\n"]


def test_a_host_other_than_loopback_warns_in_one_line() -> None:
    server = Server("--host", "0.0.0.0")
    server.wait_for("warning")
    assert server.get("view")["steps"] == 0  # still answers its own page on loopback
    code, err = server.stop()
    assert code == 130
    assert err[0].startswith("cardgen: warning: --host 0.0.0.0") and "anyone who can reach this machine" in err[0]
    assert err[1:] == ["cardgen: interrupted\n"]


def test_running_out_of_file_descriptors_is_one_line_not_a_flood() -> None:
    """With few descriptors and many clients, accepting fails again and again: one line says
    so, the server answers again once clients leave, and stops cleanly."""
    server = Server(limit=60)
    sockets = []
    try:
        for _ in range(120):
            sockets.append(socket.create_connection(("127.0.0.1", server.port)))
        server.wait_for("Too many open files")
        waiting = selectors.DefaultSelector()  # let the server fail a few more rounds of accepts
        for sock in sockets[:5]:
            sock.sendall(b"GET /view HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % server.port)
            waiting.register(sock, selectors.EVENT_READ)
        waiting.select(timeout=30)
    finally:
        for sock in sockets:
            sock.close()
    assert server.get("view")["steps"] == 0
    code, err = server.stop()
    assert code == 130 and err[-1] == "cardgen: interrupted\n"
    assert len(err) <= 3 and not any("Traceback" in e for e in err), err
