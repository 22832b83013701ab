"""Schlangengrube game options: the number of players and the variants (docs/rulings.md, Schlangengrube)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cardgen.errors import DataError

MIN_PLAYERS, MAX_PLAYERS = 2, 6


class Variant(Enum):
    """The optional rules; the value is the name used on the command line and in records."""

    SECRET_COLOUR = "secret-colour"
    DOUBLE_MARKERS = "double-markers"


@dataclass(frozen=True, slots=True)
class PitOptions:
    """How a game is played: seats (2-6; the rules are written for 2-4) and variants.

    `secret` fixes each seat's secret colour (`secret-colour` variant); a new game draws it
    from the seed when it is None, a replayed record must give it.
    """

    players: int = 2
    variants: frozenset[Variant] = field(default_factory=frozenset)
    secret: tuple[str, ...] | None = None

    def has(self, variant: Variant) -> bool:
        """Whether `variant` is in play."""
        return variant in self.variants

    def to_json(self) -> dict[str, Any]:
        """The record's `options` object."""
        data: dict[str, Any] = {"players": self.players,
                                "variants": sorted(v.value for v in self.variants)}
        if self.secret is not None:
            data["secret"] = list(self.secret)
        return data

    @staticmethod
    def from_json(data: Any) -> PitOptions:
        """Options from a record (`players`, optional `variants` list or `variant` name, `secret`)."""
        if not isinstance(data, dict):
            raise DataError("options", f"expected an object, got {data!r}")
        unknown = set(data) - {"players", "variants", "variant", "secret"}
        if unknown:
            raise DataError("options", f"unknown key {sorted(unknown)[0]!r} "
                                       "(allowed: players, secret, variant, variants)")
        players = data.get("players", 2)
        if isinstance(players, bool) or not isinstance(players, int) \
                or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise DataError("options.players", f"must be a whole number {MIN_PLAYERS}-{MAX_PLAYERS}, "
                                               f"got {players!r}")
        names = data.get("variants", [])
        if "variant" in data:
            names = [data["variant"]] if data["variant"] is not None else []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise DataError("options.variants", f"expected a list of variant names, got {names!r}")
        known = {v.value: v for v in Variant}
        for name in names:
            if name not in known:
                raise DataError("options.variants", f"unknown variant {name!r} (known: {', '.join(known)})")
        secret = data.get("secret")
        if secret is not None:
            if not isinstance(secret, list) or len(secret) != players \
                    or not all(isinstance(c, str) for c in secret):
                raise DataError("options.secret", f"expected one colour name per player, got {secret!r}")
            secret = tuple(secret)
        return PitOptions(players, frozenset(known[n] for n in names), secret)
