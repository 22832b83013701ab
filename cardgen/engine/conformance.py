"""The conformance harness every game must pass (OpenSpiel's `random_sim_test`), as a library
function: `random_sim_test(game, options, set_path, seed)` plays one seeded game of random moves
from the game's opening for the record `options`, checks the shared invariants after every step
(`invariants.check_invariants`: clone equality and independence, legal moves, `check`, scores in
bounds, JSON round trip, the game's own `verify`), then writes the game's record
(`game.record`) and replays it from the record's opening (`new_state` without a seed), every
entry read by `move_from_json` and applied by the checked `apply`: it must replay legal to the
end, to the same scores. Any failure raises `InvariantError` saying where.

The test suite calls it for every configuration of every registered game, at the ends of every
rule parameter's range, and for the toy game of the new-game recipe; a new game calls it the
same way:

    from cardgen.engine.conformance import random_sim_test
    from cardgen.registry import GAMES

    random_sim_test(GAMES.get("schlangennest"), {"players": 2}, None, seed=7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.engine.invariants import InvariantError, check_invariants
from cardgen.engine.simulate import GameResult, simulate

if TYPE_CHECKING:
    from cardgen.engine.base import GameState

MAX_STEPS = 400
"""Steps of one harness game unless told (games that run longer stop there, unfinished)."""


class Conformable(Protocol):
    """What the harness needs of a game (every `cardgen.game.Game` has it; see there)."""

    def new_state(self, options: Any, set_path: str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]: ...

    def record(self, state: GameState[Any], options: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]
               ) -> dict[str, Any]: ...


def random_sim_test(game: Conformable, options: Mapping[str, Any], set_path: str | Path | None, seed: int, *,
                    max_steps: int = MAX_STEPS, check_moves: int = 4) -> GameResult:
    """Play one game of `game` for the record `options` on the set at `set_path` (the default
    when None), dealt and played by the random player with `seed`, for at most `max_steps`
    steps, checking the invariants after every step (the first `check_moves` legal moves
    through `check`); then replay its record. The game's result; InvariantError if the game
    breaks a rule of the harness: no step played, a game stopped before its end below
    `max_steps`, a score per seat missing, or a record that does not replay to the same scores."""
    steps = 0

    def after(state: GameState[Any]) -> None:
        nonlocal steps
        steps += 1
        try:
            check_invariants(state, check_moves=check_moves)
        except InvariantError as exc:
            raise InvariantError(f"after step {steps}: {exc}") from None

    final: list[GameState[Any]] = []
    result = simulate(lambda: game.new_state(options, set_path, seed), "random", seed, max_moves=max_steps,
                      after_move=after, keep_record=True, at_end=final.append)
    if not steps == result.moves > 0:
        raise InvariantError(f"{result.moves} moves played, invariants checked after {steps}")
    if not (result.ended or result.moves == max_steps):
        raise InvariantError(f"the game stopped unfinished after {result.moves} of {max_steps} steps")
    if len(result.scores) != final[0].num_players:
        raise InvariantError(f"{len(result.scores)} scores for {final[0].num_players} seats")
    replay_record(game, game.record(final[0], options, result.record), set_path, result)
    return result


def replay_record(game: Conformable, record: Mapping[str, Any], set_path: str | Path | None,
                  result: GameResult) -> None:
    """Replay `record` (a game record of `game`) from its opening on the set at `set_path`,
    every entry through `move_from_json` and the checked `apply`; InvariantError unless every
    entry is legal and, for a finished game, the replay ends with its `result`'s scores."""
    state = game.new_state(record["options"], set_path)
    for step, data in enumerate(record["moves"], 1):
        try:
            state.apply(state.move_from_json(data))
        except Exception as exc:  # noqa: BLE001 - any refusal of a recorded entry breaks the round trip
            raise InvariantError(f"record entry {step} {data} does not replay: {exc}") from None
    if result.ended and (not state.is_terminal() or tuple(state.scores()) != result.scores):
        raise InvariantError(f"the record of a finished game replays to scores {tuple(state.scores())}"
                             f"{'' if state.is_terminal() else ', unfinished'}, not {result.scores}")
