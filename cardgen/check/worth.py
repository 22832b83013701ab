"""What each component is worth: restricted play (Jaffe et al., "Evaluating competitive game
balance with restricted play", 2012), the soft criterion `worth` (docs/check.md).

For each kind a game lets `check --worth` bar (`Game.worth_kinds`: the component kinds, then
the optional actions), a configuration's games are played with one seat's report player barred
from that kind (`Game.barred`) and every other seat the unrestricted report player; the barred
seat rotates (game i bars seat i mod seats), so the seat orders are rotated evenly.

The reference is the unrestricted report player in the same rotation: its share averaged over
the seats is exactly 1/seats (each game's shares sum to 1), so no reference games are needed.
`diff` is the barred seat's share minus 1/seats, with the 95% Wilson interval of the share
shifted alike. A kind is `dominant` when barring it costs more than `worth_margin`, the
interval lies below zero (the cost is real) and it is no staple: a kind played at least the
equal share of the plays (1/kinds) costs much to bar because the barred seat can then hardly
play at all (Schlangennest's curves), which says nothing of its strength; `dead` when the interval rules out a cost of more
than `worth_margin` and the kind is rarely played: its share of the component plays in the
configuration's unrestricted games (`played`) is below `worth_rare` times the equal share
(1/kinds). Otherwise `ok`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from cardgen.check.stats import wilson
from cardgen.check.verdict import FINDING, PASS, UNMEASURED, Criterion, Thresholds

if TYPE_CHECKING:
    from cardgen.check.batch import BatchTask
    from cardgen.check.plan import Line, Played
    from cardgen.check.rounds import Progress
    from cardgen.engine.simulate import GameResult

DOMINANT, DEAD, OK = "dominant", "dead", "ok"
WORTH_KEY = 700_000
"""Added to a line's seed key for its restricted games (apart from every other line's seeds)."""


@dataclass(frozen=True, slots=True)
class Worth:
    """One kind's worth in a configuration (the `--json` report's entry): its share of the
    component plays unrestricted, the barred seat's share minus 1/seats with its interval, the
    restricted games and the flag."""

    kind: str
    played: float
    diff: float
    low: float
    high: float
    games: int
    flag: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def worth_tasks(line: Line, kind: str, games: int, seed: int) -> list[BatchTask]:
    """The pool tasks of `games` restricted games of the configuration of `line` with `kind`
    barred: one task per barred seat, game i barring seat i mod seats. Every kind plays the same
    seeds (the same deals), so the kinds are compared on equal terms."""
    from cardgen.check.batch import BatchTask, game_seed

    seats = line.players
    return [BatchTask(line.key, line.game, line.options, line.game_set, (line.lineup,) * seats,
                      tuple(game_seed(seed, WORTH_KEY + line.key, i) for i in range(seat, games, seats)),
                      measure=tuple(False for _ in range(seat, games, seats)), cost=line.cost,
                      budget=line.budget, barred=kind, barred_seat=seat)
            for seat in range(min(seats, games))]


def play_shares(results: Sequence[GameResult], kinds: Sequence[str], actions: Sequence[str]) -> dict[str, float]:
    """Each of `kinds` (component kinds, counted by `GameResult.kinds`) and `actions` (optional
    actions, counted by their move label) as a share of all their plays in `results`."""
    plays: Counter[str] = Counter()
    for r in results:
        counted = dict(r.kinds)
        labels = dict(r.labels)
        plays.update({k: counted.get(k, 0) for k in kinds})
        plays.update({a: labels.get(a, 0) for a in actions})
    total = sum(plays.values())
    return {k: plays[k] / total if total else 0.0 for k in (*kinds, *actions)}


def measure(mains: Sequence[Played], games: int, seed: int, limits: Sequence[Thresholds],
            workers: int | None = None, progress: Progress | None = None,
            cluster: str | None = None) -> list[list[Worth]]:
    """Every kind's worth (`Worth`) in each configuration of the main lines `mains` (each with
    its set's thresholds in `limits`), from `games` restricted games per kind, all played on one
    pool (or the Dask scheduler at `cluster`)."""
    from cardgen.check.plan import play_tasks

    groups: list[list[BatchTask]] = []
    owners: list[tuple[int, str, int]] = []
    for n, p in enumerate(mains):
        game, game_set = p.line.game, p.line.game_set
        for kind in game.worth_kinds(game_set):
            for task in worth_tasks(p.line, kind, games, seed):
                groups.append([task])
                owners.append((n, kind, task.barred_seat))
    outcomes = play_tasks(groups, workers, progress, cluster)
    shares: dict[tuple[int, str], list[float]] = {}
    for (n, kind, seat), (results, _) in zip(owners, outcomes):
        shares.setdefault((n, kind), []).extend(r.shares()[seat] for r in results)
    out = []
    for n, p in enumerate(mains):
        game, game_set = p.line.game, p.line.game_set
        barred, kinds = game.worth_kinds(game_set), set(game.kinds(game_set))
        played = play_shares(p.results, [k for k in barred if k in kinds], [k for k in barred if k not in kinds])
        out.append([worth_of(k, played[k], shares.get((n, k), []), p.line.players, len(played), limits[n])
                    for k in played])
    return out


def worth_of(kind: str, played: float, shares: Sequence[float], seats: int, kinds: int,
             limits: Thresholds) -> Worth:
    """The worth of `kind` from the barred seat's `shares` (see the module text)."""
    games = len(shares)
    fair = 1 / seats
    low, high = wilson(sum(shares), games)
    diff = (sum(shares) / games if games else fair) - fair
    low, high = low - fair, high - fair
    if games and high < 0 and diff < -limits.worth_margin and played < 1 / max(kinds, 1):
        flag = DOMINANT
    elif games and low >= -limits.worth_margin and played < limits.worth_rare / max(kinds, 1):
        flag = DEAD
    else:
        flag = OK
    return Worth(kind, played, diff, low, high, games, flag)


def worth_criterion(worths: Sequence[Worth], noun: str) -> Criterion:
    """`worth`: a finding when a kind is dominant or dead; its figures hold every kind's worth."""
    if not worths:
        return Criterion("worth", UNMEASURED, False, "nothing to bar")
    figures = {"worth": [w.to_json() for w in worths]}
    games = min(w.games for w in worths)
    flagged = [w for w in worths if w.flag != OK]
    shown = "; ".join(f"{noun} '{w.kind}' {w.flag}: barred {w.diff:+.0%} [{w.low:+.0%} to {w.high:+.0%}], "
                      f"{w.played:.0%} of the plays" for w in flagged)
    if flagged:
        return Criterion("worth", FINDING, False, f"{shown} ({games} restricted games per {noun})", figures)
    dearest = min(worths, key=lambda w: w.diff)
    return Criterion("worth", PASS, False, f"no {noun} dominant or dead in {games} restricted games each (barring "
                     f"'{dearest.kind}' costs the most: {dearest.diff:+.0%} [{dearest.low:+.0%} to "
                     f"{dearest.high:+.0%}])", figures)
