"""The invariant checker run after every move in tests (OpenSpiel style), generic over games."""

from __future__ import annotations

from typing import Any

from cardgen.engine.base import GameState


class InvariantError(AssertionError):
    """A state broke an invariant every game must keep; the message says which."""


def _fail(message: str, state: GameState[Any]) -> None:
    raise InvariantError(f"{message} ({type(state).__name__})")


def check_invariants(state: GameState[Any], *, check_moves: int = 8) -> None:
    """Raise InvariantError unless `state` keeps the shared invariants:

    - a clone equals the original and is independent of it (playing on the clone leaves the
      original's JSON unchanged);
    - legal moves are non-empty unless the game is over (then empty), and the first
      `check_moves` of them pass the public `check`;
    - scores: one per seat, within the game's `score_bounds()`;
    - `from_json(to_json())` gives an equal state with the same JSON (by `restore`, which reuses
      the state's set instead of reading its file again);
    - the game's own `verify()`.
    """
    clone = state.clone()
    if clone != state:
        _fail("a clone differs from the original", state)
    before = state.to_json()
    legal = state.legal_moves()
    if state.is_terminal():
        if legal:
            _fail(f"the game is over but {len(legal)} moves are legal", state)
    else:
        if not legal:
            _fail("no legal move although the game is not over", state)
        for move in legal[:check_moves]:
            try:
                state.check(move)
            except Exception as exc:  # noqa: BLE001 - any refusal is an invariant failure here
                _fail(f"legal move {move} is refused by check: {exc}", state)
        clone.apply_trusted(legal[0])
        if state.to_json() != before:
            _fail("playing a move on a clone changed the original", state)
    scores = state.scores()
    if len(scores) != state.num_players:
        _fail(f"{len(scores)} scores for {state.num_players} seats", state)
    low, high = state.score_bounds()
    if any(not low <= s <= high for s in scores):
        _fail(f"scores {scores} outside {low}..{high}", state)
    again = state.restore(before)
    if again != state or again.to_json() != before:
        _fail("from_json(to_json()) does not give the same state", state)
    try:
        state.verify()
    except AssertionError as exc:
        _fail(f"game invariant broken: {exc}", state)
