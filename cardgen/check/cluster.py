"""Playing a check's games on a Dask cluster instead of the local process pool.

The tasks are the same `BatchTask`s as locally (each carries its seeds), so the outcomes are
the same for the same seed wherever they run, and the rounds (cardgen.check.rounds) judge them
in seed order: the same report. Dask is an optional extra (`pip install 'cardgen[cluster]'`);
without it a cluster run is refused with one line saying what to install.

The address is untrusted input: `parse_address` takes only `tcp://HOST:PORT` (the command line
refuses anything else as a usage error), and before Dask sees the address `probe` connects and
reads the scheduler's greeting itself, within `TIMEOUT` at every step and at most
`MAX_GREETING` bytes: a server that says nothing (an HTTP server waits for a request), sends
garbage or announces a huge frame is refused in one line naming the address, where Dask would
wait for ever or try to allocate what the frame announced.
"""

from __future__ import annotations

import re
import socket
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardgen.check.batch import BatchOutcome, BatchTask, run_task
from cardgen.check.rounds import Tag
from cardgen.errors import ClusterError

TIMEOUT = 5.0
"""Seconds each step of reaching the scheduler may take: connecting, its greeting, Dask's own
connection and handshake, the first worker."""
MAX_GREETING = 64 << 10
"""Largest greeting (Dask's handshake message) accepted from a scheduler; a real one is some 100
bytes."""
_ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^:/\[\]]*)"
                      r"(?::(?P<port>[^/]*))?")
_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})")
_EXAMPLE = "give the scheduler as tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"


def parse_address(address: str) -> tuple[str, str, int]:
    """The Dask scheduler `address` checked by its form alone: (`tcp://HOST:PORT`, host, port).
    A bare HOST:PORT means tcp://. ClusterError naming the address and what is wrong otherwise."""
    shown = repr(address) if not address.isprintable() or not address.strip() else address
    if not address.isprintable() or any(c.isspace() for c in address):
        raise ClusterError("--cluster", f"{shown}: a space or control character in the address; {_EXAMPLE}")
    match = _ADDRESS.fullmatch(address)
    if match is None:
        raise ClusterError("--cluster", f"{shown}: not an address; {_EXAMPLE}")
    scheme, host, port = (match.group("scheme") or "tcp").lower(), match.group("host"), match.group("port")
    if scheme != "tcp":
        why = "needs certificates cardgen has no options for" if scheme == "tls" else "is not supported"
        raise ClusterError("--cluster", f"{shown}: {scheme}:// {why}; {_EXAMPLE}")
    if not host or not _HOST.fullmatch(host):
        raise ClusterError("--cluster", f"{shown}: {'no host' if not host else f'{host!r} is not a host name'}; "
                                     f"{_EXAMPLE}")
    if port is None or not port:
        raise ClusterError("--cluster", f"{shown}: no port; {_EXAMPLE}")
    if not re.fullmatch(r"[0-9]{1,5}", port) or not 1 <= int(port) <= 65535:
        raise ClusterError("--cluster", f"{shown}: the port {port!r} is not a number 1-65535; {_EXAMPLE}")
    return f"tcp://{host}:{int(port)}", host.strip("[]"), int(port)


def _read(sock: socket.socket, n: int, address: str) -> bytes:
    data = b""
    while len(data) < n:
        try:
            chunk = sock.recv(min(n - len(data), 1 << 16))
        except TimeoutError:
            raise ClusterError("--cluster", f"the server at {address} said nothing for {TIMEOUT:g} s: not a Dask "
                                         "scheduler (an HTTP server, a wrong port?)") from None
        if not chunk:
            raise ClusterError("--cluster", f"the server at {address} closed the connection before it greeted "
                                         "as a Dask scheduler does")
        data += chunk
    return data


def probe(address: str) -> str:
    """Connect to the scheduler at `address` and read its greeting (Dask's handshake: a frame
    length, then that many bytes holding a frame count and the frames' lengths) with
    `TIMEOUT` for every step and at most `MAX_GREETING` bytes. The canonical address;
    ClusterError naming the address when it cannot be reached or is no Dask scheduler."""
    canonical, host, port = parse_address(address)
    try:
        sock = socket.create_connection((host, port), timeout=TIMEOUT)
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        raise ClusterError("--cluster", f"cannot reach the scheduler at {canonical} ({reason})") from None
    with sock:
        (size,) = struct.unpack("<Q", _read(sock, 8, canonical))
        if not 16 <= size <= MAX_GREETING:
            raise ClusterError("--cluster", f"the server at {canonical} is not a Dask scheduler: its first message "
                                         f"announces {size:,} bytes (a greeting has 16-{MAX_GREETING:,})")
        body = _read(sock, size, canonical)
        (frames,) = struct.unpack_from("<Q", body)
        if not 1 <= frames <= 64 or 8 * (frames + 1) > size:
            raise ClusterError("--cluster", f"the server at {canonical} is not a Dask scheduler: its greeting does "
                                         "not have Dask's form")
        lengths = struct.unpack_from(f"<{frames}Q", body, 8)
        if sum(lengths) != size - 8 * (frames + 1):
            raise ClusterError("--cluster", f"the server at {canonical} is not a Dask scheduler: its greeting does "
                                         "not have Dask's form")
    return canonical


class ClusterRunner:
    """Submits every task to the scheduler at once (it balances them) and hands back each as it
    finishes."""

    def __init__(self, client: Any, done: Any, address: str = "") -> None:
        self.client = client
        self.done = done
        self.address = address
        self.tags: dict[Any, Tag] = {}

    def submit(self, tag: Tag, task: BatchTask) -> None:
        """Send `task` to the cluster."""
        future = self.client.submit(run_task, task, pure=False, priority=int(task.cost))
        self.tags[future] = tag
        self.done.add(future)

    def next(self) -> tuple[Tag, BatchOutcome]:
        """The next finished task (a failed one raises here)."""
        try:
            future = next(self.done)
            return self.tags.pop(future), future.result()
        except (OSError, TimeoutError) as exc:  # Dask's CommClosedError is an OSError too
            raise ClusterError("--cluster", f"lost the scheduler at {self.address} ({type(exc).__name__}: "
                                         f"{exc})") from None


@contextmanager
def cluster_runner(address: str) -> Iterator[ClusterRunner]:
    """A runner on the Dask scheduler at `address` (e.g. tcp://host:8786). ClusterError when Dask
    is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client, as_completed  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ClusterError("--cluster", "needs Dask: pip install 'cardgen[cluster]'") from None
    address = probe(address)
    try:
        client = Client(address, timeout=f"{TIMEOUT:g}s")  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, TimeoutError, ValueError, TypeError, MemoryError) as exc:
        raise ClusterError("--cluster", f"cannot reach the scheduler at {address} ({type(exc).__name__}: "
                                     f"{exc})") from None
    try:
        try:
            client.wait_for_workers(1, timeout=TIMEOUT)  # type: ignore[no-untyped-call,unused-ignore]
        except (OSError, TimeoutError):
            raise ClusterError("--cluster", f"the scheduler at {address} has no workers (none came within "
                                         f"{TIMEOUT:g} s)") from None
        yield ClusterRunner(client, as_completed(), address)  # type: ignore[no-untyped-call,unused-ignore]
    finally:
        client.close()  # type: ignore[no-untyped-call,unused-ignore]


def run_on_cluster(tasks: list[BatchTask], address: str) -> list[BatchOutcome]:
    """Run `tasks` on the Dask scheduler at `address` and return their outcomes in task order."""
    with cluster_runner(address) as runner:
        for i, task in enumerate(tasks):
            runner.submit((0, i), task)
        out: dict[int, BatchOutcome] = {}
        for _ in tasks:
            (_, i), outcome = runner.next()
            out[i] = outcome
    return [out[i] for i in range(len(tasks))]
