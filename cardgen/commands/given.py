"""Option values several commands read the same way, checked by their form alone: a mistake in
them is a usage mistake (exit 2), found before any file is read."""

from __future__ import annotations

from cardgen.errors import CardgenError, UsageMistake, as_usage


def player_counts(value: str) -> tuple[int, ...]:
    """`--players 2,3,4`: the counts, sorted, each 2-8."""
    from cardgen.numbers import whole

    try:
        counts = tuple(sorted({whole(v.strip(), "--players") for v in value.split(",")}))  # "2,,3": "" refused
    except CardgenError:
        raise UsageMistake("", f"Invalid value for --players: {value!r}: a list like 2,3,4") from None
    if not counts or any(not 2 <= c <= 8 for c in counts):
        raise UsageMistake("", f"Invalid value for --players: {value!r}: player counts are 2-8")
    return counts


def cluster_address(address: str | None) -> str | None:
    """`--cluster` checked by its form (tcp://HOST:PORT); whether a scheduler answers there is
    found out when the games are played (exit 1)."""
    if address is None:
        return None
    from cardgen.check.cluster import parse_address

    with as_usage():
        return parse_address(address)[0]
