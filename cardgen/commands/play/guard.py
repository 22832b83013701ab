"""Which requests the browser table's server answers (`cardgen play`; docs/play.md, "Only its own
page"): it is a server on the user's own computer that any web page open in the same browser
can send requests to, so it answers only its own page.

- A request whose `Host` is not an address the server listens on is refused: a page of another
  site whose name was made to resolve to this computer ("DNS rebinding") would otherwise read
  the whole view, the hidden hand included, and the record.
- A request that changes the game (every POST) must say it sends JSON (which a page of another
  site cannot send without asking first, and the server refuses the asking), come from the
  page's own origin (`Origin`, or none: a program that is no browser) and not from another
  site (`Sec-Fetch-Site`).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from dataclasses import dataclass

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
"""The names of this machine a browser on it uses for the server (with the port)."""
ANY = ("0.0.0.0", "::")
"""The addresses that listen on every interface."""


def bracketed(host: str) -> str:
    """`host` as it stands in a URL or a `Host` header (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def loopback(host: str) -> bool:
    """Whether `host` (a `--host` value) is this machine's own loopback address."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Guard:
    """Which requests the server answers (see the module text): the `Host` names it accepts
    (each with `port`), and whether any address of the machine is one (`--host 0.0.0.0`: any
    numeric address, which no other site's name can be, and the machine's own name)."""

    hosts: frozenset[str]
    port: int
    any_address: bool = False

    @classmethod
    def of(cls, host: str, port: int) -> Guard:
        names = {*LOOPBACK, bracketed(host).lower()}
        wildcard = host.strip("[]") in ANY
        if wildcard:
            names.add(socket.gethostname().lower())
        return cls(frozenset(names), port, wildcard)

    def host_ok(self, value: str) -> bool:
        """Whether a request's `Host` header names this server (its port included)."""
        text = value.lower()
        if text.startswith("["):
            name, _, rest = text.partition("]")
            name += "]"
        else:
            name, colon, rest = text.partition(":")
            rest = colon + rest
        port = "80" if rest == "" else rest[1:] if rest.startswith(":") else ""
        if port != str(self.port):
            return False
        return name in self.hosts or (self.any_address and _ip_literal(name))

    def refusal(self, method: str, headers: Mapping[str, str]) -> str | None:
        """Why a request is refused (None: it is answered)."""
        host = headers.get("host", "")
        if not self.host_ok(host):
            return (f"Host {host!r} is not this server's address; open the page at "
                    f"http://127.0.0.1:{self.port}/")
        if method in ("GET", "HEAD"):
            return None
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return "a request that changes the game must send Content-Type: application/json"
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"http://{host.lower()}":
            return f"a request from another page ({origin}) may not change the game"
        if headers.get("sec-fetch-site", "same-origin").lower() in ("cross-site", "same-site"):
            return "a request from another site may not change the game"
        return None
