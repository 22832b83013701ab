"""Dealing Schlangengrube states: `PitGame` (a `PitSetup` that makes initial, replay and
hand-built states) and `new_game`, the rules' entry the game's registry object calls.
"""

from __future__ import annotations

from collections.abc import Sequence
import random
from pathlib import Path
from typing import Any

from cardgen.errors import DataError


from .components import PitSet, load_pit_set
from .moves import Place
from .options import PitOptions, Variant
from .rules import PitState
from .setup import PitSetup

__all__ = ["PitGame", "new_game"]


class PitGame(PitSetup):
    """A tile set with options: makes initial states and replay states that share one catalogue."""

    def new_initial_state(self, seed: int = 0) -> PitState:
        """A new game: seeded shuffle, start tile at (0, 0), hands of the rules' `hand_size`
        dealt in seat order (while the bag lasts), secret colours drawn."""
        rng = random.Random(seed)
        bag = [t for t, tile in enumerate(self.set.tiles) for _ in range(tile.count)]
        rng.shuffle(bag)
        start = self.set.tiles[bag.pop()].id
        state = PitState(self, Place(start, (0, 0)), replaying=False)
        for hand in state.hands:
            for _ in range(self.hand_size):
                if bag:
                    hand.append(bag.pop())
        state.bag = bag
        if self.options.has(Variant.SECRET_COLOUR):
            secret = self.options.secret or tuple(
                rng.sample(self.set.colours[: self.set.head_markers], self.options.players))
            state.secret = tuple(self.cat.colour_index[c] for c in secret)
        return state

    def replay_state(self, start: Place | None) -> PitState:
        """A game with only `start` laid, for replaying a record (hands and bag unknown); with
        None, an empty table whose only legal moves are `Start`s (a record's first entry)."""
        if self.options.has(Variant.SECRET_COLOUR) and self.options.secret is None:
            raise DataError("options.secret", "a secret-colour record must give each player's colour")
        state = PitState(self, start, replaying=True)
        if self.options.secret is not None:
            state.secret = tuple(self.cat.colour_index[c] for c in self.options.secret)
        return state

    def setup(self, placed: Sequence[Place], hands: Sequence[Sequence[str]] = (),
              bag: Sequence[str] = (), player: int = 0) -> PitState:
        """A hand-built position (tests, booklet diagrams): `placed` laid in order, the first
        as the start tile, each refused like a move would be (IllegalMove with its rule id, and
        `no-tile-left` past the set's copies) but scoring nothing; then the hands (tile ids,
        one list per seat, missing seats empty), the bag (drawn from its end) and the seat to move.
        Conservation of tiles is not required: the rest of the set is simply out of the game.
        Such a position's `record()` holds only the start tile (the rest was not played)."""
        state = PitState(self, placed[0], replaying=True)
        for place in placed[1:]:
            state._lay(place, *state._check_place(place))
        fresh = PitState(self, placed[0], replaying=False)  # for the untouched scores and markers
        for name in ("points", "bonus", "supply", "taken", "ready", "completions", "turn"):
            setattr(state, name, getattr(fresh, name))
        state.replaying = False
        ids = self.cat.ids
        try:
            state.hands = [[ids[i] for i in hand] for hand in hands] + \
                [[] for _ in range(self.options.players - len(hands))]
            state.bag = [ids[i] for i in bag]
        except KeyError as exc:
            raise DataError("setup", f"there is no tile {exc.args[0]!r} in the set") from None
        state.player = player
        return state


def new_game(options: dict[str, Any] | PitOptions, game_set: PitSet | str | Path | None = None,
             seed: int | None = None) -> PitState:
    """The opening for record-style `options` and the set `game_set` (a set value, or the file
    to read; the standard set when None),
    as the shared engine (cardgen.engine.registry) asks for it. With a `seed`: a dealt game
    (bag shuffled, start tile laid, hands dealt). Without: an empty table in replay mode whose
    first move must be the record's `Start` (hands and bag are not replayed). DataError if the
    options or the set are wrong."""
    if not isinstance(options, PitOptions):
        options = PitOptions.from_json(options)
    game = PitGame(game_set if isinstance(game_set, PitSet) else load_pit_set(game_set), options)
    return game.replay_state(None) if seed is None else game.new_initial_state(seed)
