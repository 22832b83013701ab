"""A whole Schlangengrube state as JSON-able data, and back (for saving, tests and tools).

The board is stored as its placements in the order they were laid; loading lays them again,
which rebuilds the frontier and the snakes exactly as they were (so even the order of
`legal_moves()` survives the round trip).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from cardgen.errors import DataError, IllegalMove

from .components import GAME
from .moves import Place, place_from_json
from .options import PitOptions
from .position import PitPosition
from .scoring import Completion
from .setup import PitSetup

P = TypeVar("P", bound=PitPosition)


def state_to_json(state: PitPosition) -> dict[str, Any]:
    """Everything rule-relevant about `state` (plus its history) as plain JSON data."""
    tiles = state.game.set.tiles
    cat = state.game.cat

    def ids(kinds: list[int]) -> list[str]:
        return [tiles[t].id for t in kinds]

    board = []
    for cell, (t, oi, _codes, _nodes) in state.board.cells.items():
        o = cat.orients[t][oi]
        board.append(Place(tiles[t].id, cell, o.rot, o.flip).to_json())
    return {
        "game": GAME,
        "set": str(state.game.set.path),
        "options": state.game.options.to_json(),
        "replaying": state.replaying,
        "start": None if state.start is None else state.start.to_json(),
        "board": board,
        "hands": [ids(h) for h in state.hands],
        "bag": ids(state.bag),
        "points": list(state.points),
        "bonus": list(state.bonus),
        "secret": None if state.secret is None else [state.game.set.colours[c] for c in state.secret],
        "markers": {"supply": state.supply, "taken": list(state.taken), "ready": list(state.ready)},
        "player": state.player,
        "placed": state.placed,
        "passes": state.passes,
        "over": state.over,
        "turn": [p.to_json() for p in state.turn],
        "log": [{"player": p, "place": None if places is None else [x.to_json() for x in places]}
                for p, places in state.log],
        "completions": [[c.player, c.colour, c.tiles, c.points] for c in state.completions],
    }


def state_from_json(make: Callable[[PitSetup, bool], P], data: dict[str, Any], game: PitSetup | None = None) -> P:
    """The position `state_to_json` wrote, made empty by `make(game, replaying)` and filled in;
    `game` (same set and options) saves loading the set again.

    DataError if the data is malformed or does not describe a consistent position.
    """
    try:
        if game is None:
            from .components import load_pit_set

            game = PitSetup(load_pit_set(data["set"]), PitOptions.from_json(data["options"]))
        ids = game.cat.ids
        start = None if data["start"] is None else place_from_json(data["start"])
        state = make(game, bool(data["replaying"]))
        state.start = start
        state.laid = [0] * len(game.set.tiles)
        state.board = type(state.board)(game.cat)
        for item in data["board"]:
            place = place_from_json(item)
            t = ids[place.tile]
            state.laid[t] += 1
            state.board.lay(t, game.cat.orient_of[(t, place.rot, place.flip)], place.at)
        state.hands = [[ids[i] for i in hand] for hand in data["hands"]]
        state.bag = [ids[i] for i in data["bag"]]
        state.points = [int(v) for v in data["points"]]
        state.bonus = [int(v) for v in data["bonus"]]
        secret = data["secret"]
        state.secret = None if secret is None else tuple(game.cat.colour_index[c] for c in secret)
        markers = data["markers"]
        state.supply = int(markers["supply"])
        state.taken = [bool(v) for v in markers["taken"]]
        state.ready = [bool(v) for v in markers["ready"]]
        state.player = int(data["player"])
        state.placed = int(data["placed"])
        state.passes = int(data["passes"])
        state.over = bool(data["over"])
        state.turn = [place_from_json(p) for p in data["turn"]]
        state.log = [(int(e["player"]), None if e["place"] is None
                      else tuple(place_from_json(p) for p in e["place"])) for e in data["log"]]
        state.completions = [Completion(int(p), str(c), int(n), int(s)) for p, c, n, s in data["completions"]]
    except DataError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, IllegalMove) as exc:
        raise DataError("state", f"not a saved Schlangengrube state ({type(exc).__name__}: {exc})") from None
    n = game.options.players
    if len(state.hands) != n or len(state.points) != n or not 0 <= state.player < n:
        raise DataError("state", f"the data does not describe {n} players")
    return state


def verify_state(state: PitPosition) -> None:
    """AssertionError unless the state is consistent: tiles conserved (a dealt game: table, bag
    and hands make the set), hands of at most the rules' `hand_size`, every snake's counts add up, and the frontier
    is exactly the empty cells next to laid tiles."""
    board = state.board
    tiles = state.game.set.tiles
    on_table = Counter(info[0] for info in board.cells.values())
    assert on_table == Counter({t: n for t, n in enumerate(state.laid) if n}), "laid counts"
    assert all(n <= tile.count for n, tile in zip(state.laid, tiles)), "more copies laid than the set has"
    if not state.replaying:
        held = Counter(state.bag) + sum((Counter(h) for h in state.hands), Counter())
        assert on_table + held == Counter({t: tile.count for t, tile in enumerate(tiles)}), "tiles conserved"
        most = state.game.hand_size
        assert all(len(h) <= most for h in state.hands), f"a hand of more than {most}"
    roots = {board.find(n) for n in range(len(board.parent))}
    assert sum(board.size[r] for r in roots) == len(board.parent), "snake sizes"
    assert all(board.open[r] >= 0 and board.heads[r] <= 1 and board.tails[r] <= 1 for r in roots), "snake ends"
    empty_next = {(x + dx, y + dy) for (x, y) in board.cells for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    assert set(board.frontier) == empty_next - set(board.cells), "frontier"
    assert all(c in board.groups[k] for c, k in board.frontier.items()), "frontier groups"
