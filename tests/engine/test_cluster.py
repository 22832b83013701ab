"""`check --cluster`: the same games on a Dask cluster give the same report as the local pool.
Skipped when Dask is not installed (`make test` installs the `cluster` extra)."""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main


def test_cluster_run_equals_local_run() -> None:
    distributed = pytest.importorskip("distributed")
    args = ["check", "schlangennest", "--players", "2", "--games", "3", "--skill-games", "2", "--seed", "5",
            "--json", "--quiet", "--no-chart"]
    local = CliRunner().invoke(main, args + ["--workers", "2"])
    assert local.exit_code == 0, local.stderr
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        remote = CliRunner().invoke(main, args + ["--cluster", cluster.scheduler_address])
    assert remote.exit_code == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_unreachable_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    result = CliRunner().invoke(main, ["check", "schlangennest", "--players", "2", "--games", "1", "--skill-games",
                                       "0", "--quiet", "--no-chart", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("cardgen: --cluster: cannot reach the scheduler at tcp://127.0.0.1:9")


# ---- attacks: malformed addresses (usage errors) and servers that are no Dask scheduler ------


@pytest.mark.parametrize(("address", "needle"), [
    ("tcp://", "tcp://: no host"),
    ("tcp://127.0.0.1", "tcp://127.0.0.1: no port"),
    ("tcp://127.0.0.1:http", "the port 'http' is not a number 1-65535"),
    ("tcp://127.0.0.1:99999", "the port '99999' is not a number 1-65535"),
    ("foo://127.0.0.1:1", "foo:// is not supported"),
    ("tls://127.0.0.1:1", "tls:// needs certificates cardgen has no options for"),
    ("tcp://127.0.0.1:8786\nx", "'tcp://127.0.0.1:8786\\nx': a space or control character in the address"),
], ids=["no-host", "no-port", "named-port", "big-port", "foo", "tls", "newline"])
def test_a_malformed_cluster_address_is_a_usage_error_of_one_line(address: str, needle: str) -> None:
    for command in (["check", "schlangennest"], ["variant", "irrlaeufer", "--out", "never.toml"]):
        result = CliRunner().invoke(main, [*command, "--cluster", address, "--quiet", "--no-chart"][
            : None if command[0] == "check" else -1])
        assert result.exit_code == 2, result.stderr
        error = [ln for ln in result.stderr.splitlines() if ln.startswith("Error: ")]
        assert error == [f"Error: --cluster: {needle}; give the scheduler as tcp://HOST:PORT, e.g. "
                         "tcp://127.0.0.1:8786"] if needle.startswith("'") else len(error) == 1 and needle in error[0]


def _server(reply: Callable[[socket.socket], None]) -> Iterator[str]:
    """A local TCP server answering every connection with `reply`; its address."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    def answer(conn: socket.socket) -> None:
        with contextlib.suppress(OSError):
            reply(conn)
            stop.wait(10)  # keep it open: a server that says no more
        conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        listener.close()


def _http(conn: socket.socket) -> None:
    conn.recv(1000)  # an HTTP server waits for the request, which never comes
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


@pytest.mark.parametrize(("reply", "needle"), [
    (lambda conn: None, "said nothing for 0.3 s: not a Dask scheduler"),
    (lambda conn: conn.sendall(b"\x00garbage\xff" * 100), "is not a Dask scheduler: its first message announces"),
    (lambda conn: conn.sendall(struct.pack("<QQQ", 1 << 40, 1, 1 << 40)), "announces 1,099,511,627,776 bytes"),
    (lambda conn: conn.sendall(struct.pack("<QQQ", 24, 1 << 40, 8) + b"x" * 8), "not have Dask's form"),
    (_http, "said nothing for 0.3 s"),
    (lambda conn: conn.close(), "closed the connection before it greeted"),
], ids=["silent", "garbage", "huge-frame", "bad-frame-count", "http", "closes"])
def test_a_server_that_is_no_dask_scheduler_is_one_line_within_the_timeout(
        reply: Callable[[socket.socket], None], needle: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    from cardgen.check import cluster

    monkeypatch.setattr(cluster, "TIMEOUT", 0.3)
    for address in _server(reply):
        for command in (["check", "schlangennest", "--players", "2", "--games", "1", "--skill-games", "0", "--no-chart"],
                        ["variant", "irrlaeufer", "--games", "1", "--out", str(tmp_path / "never.toml")]):
            result = CliRunner().invoke(main, [*command, "--quiet", "--cluster", address])
            assert result.exit_code == 1, result.stderr
            (line,) = result.stderr.splitlines()
            assert line.startswith("cardgen: --cluster: ") and address in line and needle in line, line
    assert list(tmp_path.iterdir()) == []


def test_a_scheduler_without_workers_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    from cardgen.check import cluster

    monkeypatch.setattr(cluster, "TIMEOUT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as local:
        result = CliRunner().invoke(main, ["check", "irrlaeufer", "--games", "1", "--skill-games", "0", "--quiet",
                                           "--no-chart", "--cluster", local.scheduler_address])
    assert result.exit_code == 1
    assert result.stderr == f"cardgen: --cluster: the scheduler at {local.scheduler_address} has no workers " \
                            "(none came within 0.5 s)\n"


@pytest.mark.slow  # long (make test-slow): keeps make test near its 3 minutes
def test_a_tune_search_on_the_cluster_equals_the_local_one(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("optuna")
    args = ["tune", "schlangengrube", "--players", "2", "--vary", "heads=3..4", "--games", "20", "--skill-games", "0",
            "--quiet", "--no-booklets", "--json"]
    local = CliRunner().invoke(main, args + ["--workers", "2", "--out", str(tmp_path / "local.toml")])
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        remote = CliRunner().invoke(main, args + ["--cluster", cluster.scheduler_address,
                                                  "--out", str(tmp_path / "remote.toml")])
    assert local.exit_code == remote.exit_code and local.exit_code in (0, 1), (local.stderr, remote.stderr)

    def trials(out: str) -> list[dict[str, object]]:
        return [{k: v for k, v in t.items() if k != "seconds"} for t in json.loads(out)["trials"]]

    assert trials(remote.stdout) == trials(local.stdout) and len(trials(local.stdout)) == 2
