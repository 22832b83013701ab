"""A Schlangengrube tile set with its options and the catalogue of tile faces, shared read-only by
every state of one game (and every clone). States keep it as `game`; `rules.PitGame` adds the
ways to make states, `state_json` rebuilds one from saved data.
"""

from __future__ import annotations

import functools

from cardgen.errors import DataError

from .components import PitSet, load_pit_set
from .options import PitOptions
from .scoring import SNAKE_SCORE
from .table import Catalogue


class PitSetup:
    """A tile set with options, checked once, and its face catalogue. The set's rules are read
    once into plain attributes for the engine's hot paths: `hand_size`, `per_turn` (tiles a
    turn), `snake_score` (n tiles -> points), `double_factor` and `threshold` (the tiles of a
    snake that earns a "2x" marker)."""

    def __init__(self, pit_set: PitSet | None = None, options: PitOptions | None = None) -> None:
        self.set = pit_set if pit_set is not None else load_pit_set()
        self.options = options if options is not None else PitOptions()
        self.cat = _catalogue(self.set)
        rules = self.set.rules
        self.hand_size = rules.hand_size
        self.per_turn = rules.tiles_per_turn
        self.snake_score = SNAKE_SCORE[rules.snake_score]
        self.double_factor = rules.double_factor
        self.threshold = rules.double_threshold
        if self.options.has("secret-colour"):
            markers = self.set.colours[: self.set.head_markers]
            if self.options.players > len(markers):
                raise DataError("options", f"secret-colour needs a snake-head marker per player; "
                                           f"the set has {len(markers)}")
            secret = self.options.secret
            if secret is not None and (len(set(secret)) != len(secret) or not set(secret) <= set(markers)):
                raise DataError("options.secret", f"expected different colours out of {', '.join(markers)}, "
                                                  f"got {list(secret)}")


# Simulation makes a game per seed; rebuilding the faces catalogue (and re-warming its memo
# tables) would cost more than the playout itself. It is a deterministic function of the set,
# so this bounded memo cache changes no result.


@functools.lru_cache(maxsize=16)
def _catalogue(pit_set: PitSet) -> Catalogue:
    return Catalogue(pit_set)
