"""A game's ladder of simulated players, declared as data on the game (`Game.ladder()`).

A rung is a player name as the command line writes it: a plain name (`random`, `sensible`,
`greedy`, a game's own such as `castle`) or a search player with its budget after an `@`
(`mcts@100`: 100 simulations per decision). The rungs run from the weakest to the strongest;
each is meant to beat the one below it, and `cardgen match GAME --ladder` measures whether it
does (a player's strength is a result of games, never assumed from its name).

The ladder also says which rung plays every configuration of `cardgen check` (`report`), how
many rungs from the bottom are cheap enough for the check's skill criterion (`cheap`), and
which rung a person plays against by default (`search`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import DataError

BUDGET_SEP = "@"
"""Separates a player's name from its search budget: `mcts@100`."""
MAX_BUDGET = 1_000_000
"""The largest search budget a player name may give."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as named on the command line: its registry name and search budget (None: the
    player's default, or a player that does not search)."""

    name: str
    budget: int | None = None

    def __str__(self) -> str:
        return self.name if self.budget is None else f"{self.name}{BUDGET_SEP}{self.budget}"


def parse_player(text: str, place: str = "--player") -> PlayerSpec:
    """`"mcts@100"` as PlayerSpec("mcts", 100), `"sensible"` as PlayerSpec("sensible").
    DataError naming `place` for an empty name or a budget that is not a whole number in
    1..MAX_BUDGET (whether the name is known is for `make_player` to say)."""
    name, sep, budget = text.strip().partition(BUDGET_SEP)
    name = name.strip().lower()
    if not name:
        raise DataError(place, f"{text!r}: a player name is missing")
    if not sep:
        return PlayerSpec(name)
    from cardgen.numbers import whole

    try:
        return PlayerSpec(name, whole(budget.strip(), place, 1, MAX_BUDGET))
    except DataError:
        raise DataError(place, f"{text!r}: the budget after '{BUDGET_SEP}' is a whole number "
                               f"from 1 to {MAX_BUDGET}") from None


@dataclass(frozen=True, slots=True)
class Ladder:
    """A game's players from the weakest to the strongest (see the module text).

    `rungs` are player names (`"mcts@100"` with a budget); `report` is the rung that plays the
    check's configurations; the first `cheap` rungs are cheap enough for the check's skill
    criterion; `search` is the rung a person plays against."""

    rungs: tuple[str, ...]
    report: str
    cheap: int
    search: str

    def __post_init__(self) -> None:
        if len(set(self.rungs)) != len(self.rungs) or not self.rungs:
            raise ValueError(f"a ladder needs distinct rungs, not {self.rungs!r}")
        for rung in (self.report, self.search):
            if rung not in self.rungs:
                raise ValueError(f"{rung!r} is not a rung of {self.rungs!r}")
        if not 1 <= self.cheap <= len(self.rungs):
            raise ValueError(f"cheap={self.cheap} rungs of {len(self.rungs)}")

    @property
    def cheap_rungs(self) -> tuple[str, ...]:
        """The rungs the check's skill criterion may play, weakest first."""
        return self.rungs[:self.cheap]

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Each rung with the one below it: (stronger, weaker), from the bottom up."""
        return tuple(zip(self.rungs[1:], self.rungs[:-1]))


DEFAULT_LADDER = Ladder(("random", "sensible", "greedy", "mcts@100"), report="sensible", cheap=3,
                        search="mcts@100")
"""The ladder of a game that declares none: the shared players, weakest first."""
