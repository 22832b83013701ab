"""Schlangengrube game options: the number of players and the variants (docs/rulings.md, Schlangengrube)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import DataError

MIN_PLAYERS, MAX_PLAYERS = 2, 6


VARIANTS = ("secret-colour", "double-markers")
"""The optional rules (docs/rulings.md, Schlangengrube) by the names the command line and the
records use: a variant is its name, in every game."""


@dataclass(frozen=True, slots=True)
class PitOptions:
    """How a game is played: seats (2-6; the rules are written for 2-4) and variants.

    `secret` fixes each seat's secret colour (`secret-colour` variant); a new game draws it
    from the seed when it is None, a replayed record must give it.
    """

    players: int = 2
    variants: frozenset[str] = field(default_factory=frozenset)
    secret: tuple[str, ...] | None = None

    def has(self, variant: str) -> bool:
        """Whether `variant` (a name of VARIANTS) is in play."""
        return variant in self.variants

    def to_json(self) -> dict[str, Any]:
        """The record's `options` object."""
        data: dict[str, Any] = {"players": self.players,
                                "variants": sorted(self.variants)}
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
        for name in names:
            if name not in VARIANTS:
                raise DataError("options.variants", f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
        secret = data.get("secret")
        if secret is not None:
            if not isinstance(secret, list) or len(secret) != players \
                    or not all(isinstance(c, str) for c in secret):
                raise DataError("options.secret", f"expected one colour name per player, got {secret!r}")
            secret = tuple(secret)
        return PitOptions(players, frozenset(names), secret)
