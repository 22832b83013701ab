"""The simulated players by name: the cheap policies (`policies`) and the tree search (`mcts`),
for `check --player NAME`; a game adds its own through `Game.players()`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardgen.engine.ladder import BUDGET_SEP, parse_player
from cardgen.engine.mcts import mcts
from cardgen.engine.policies import GreedyPlayer, Player, RandomPlayer, SensiblePlayer
from cardgen.errors import DataError

__all__ = ["GreedyPlayer", "HEURISTIC", "PLAYERS", "Player", "PlayerFactory", "RandomPlayer", "SensiblePlayer",
           "make_player"]

PlayerFactory = Callable[[int | None], Player]
"""Makes a player; the argument is the search budget (simulations per decision), which only
search players use (None: their default)."""


PLAYERS: dict[str, PlayerFactory] = {
    "random": lambda budget: RandomPlayer(), "sensible": lambda budget: SensiblePlayer(),
    "greedy": lambda budget: GreedyPlayer(), "mcts": mcts,
}
"""The simulated players of every game by name; a game adds its own through `Game.players()`."""

HEURISTIC = ("random", "sensible", "greedy")
"""The cheap players (no search): what a strong player has to beat."""


def make_player(name: str, budget: int | None = None, extra: Mapping[str, PlayerFactory] | None = None) -> Player:
    """The player called `name` (from `extra`, a game's own players, or `PLAYERS`) with search
    `budget`; a name may carry its own budget (`"mcts@100"`, see `cardgen.engine.ladder`),
    which then wins over `budget`. KeyError naming the known ones if unknown."""
    known = {**PLAYERS, **(extra or {})}
    name = name.strip().lower()  # names in any case (`--player Sensible`), as the docs say
    if BUDGET_SEP in name:
        try:
            spec = parse_player(name)
        except DataError as exc:
            raise KeyError(exc.reason) from None
        name, budget = spec.name, spec.budget
    try:
        factory = known[name]
    except KeyError:
        raise KeyError(f"unknown player {name!r} (known: {', '.join(known)})") from None
    return factory(budget)
