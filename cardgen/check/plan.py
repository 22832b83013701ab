"""What `cardgen check` plays: report lines (a configuration played by a lineup of simulated
players), turned into seeded batch tasks, run together for every game on one process pool,
and summarised into report rows.

A line's seeds depend on its configuration key only, so every lineup of a configuration plays
the same deals (Schlangengrube's bag) and the same seat generators: greedy first and greedy last
against random are compared on equal terms, and the main lineup's figures are those of the
first report for the same seed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.check.playable import Playable
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.check.batch import BatchTask
    from cardgen.check.criteria import Schedule
    from cardgen.check.metrics import Figures
    from cardgen.check.rounds import Progress
    from cardgen.engine.simulate import GameResult

# A game's check.py builds its Lines with this module when the command line is built; the pool,
# the sequential tests and the metrics load only when a check plays (the functions below).


MAIN, SKILL = "main", "skill"
"""Sections of a report: every configuration with the chosen player, and the skill trace."""

def skill_lineups(strong: str, weak: str, alone: bool = True) -> tuple[str, ...]:
    """The lineups of one step of the skill trace: the strong player in the first and in the
    last seat against weak ones (after both players alone, when `alone`)."""
    mixed = (f"{strong} vs {weak}", f"{weak} vs {strong}")
    return (weak, strong, *mixed) if alone else mixed


def skill_lines(game: Playable, main: Line, games: int) -> list[Line]:
    """The skill trace of the configuration of the report line `main`: each of the game's cheap
    ladder rungs (`Game.ladder().cheap_rungs`) against the one below it, in the first and in the
    last seat, `games` games each (none for zero games or a single cheap rung)."""
    if games <= 0:
        return []
    rungs = game.ladder().cheap_rungs
    return [dataclasses.replace(main, lineup=lineup, section=SKILL, games=games, strong=strong)
            for weak, strong in zip(rungs, rungs[1:]) for lineup in skill_lineups(strong, weak, alone=False)]


def seats_of(lineup: str, players: int, strong: str = "greedy") -> str | tuple[str, ...]:
    """The player of every seat for `lineup`: a player name, or "A vs B" (A in the first seat,
    B in the others; when B is the `strong` player it takes the last seat instead)."""
    if " vs " not in lineup:
        return lineup
    first, other = lineup.split(" vs ")
    if first == strong or other != strong:
        return (first,) + (other,) * (players - 1)
    return (first,) * (players - 1) + (other,)


def strong_seat(lineup: str, players: int, strong: str = "greedy") -> int | None:
    """The `strong` player's seat in a mixed lineup, None otherwise."""
    seats = seats_of(lineup, players, strong)
    if isinstance(seats, str) or seats.count(strong) != 1:
        return None
    return seats.index(strong)


def changed_rules(game: Any, game_set: Any) -> dict[str, Any]:
    """The set's `[rules]` values that differ from the original's, by parameter name (`game`
    is a `cardgen.game.Game`)."""
    defaults = {p.name: p.default for p in game.rule_params}
    return {k: v for k, v in game.rule_values(game_set).items() if v != defaults.get(k)}


def rules_label(game: Any, game_set: Any) -> str:
    """The set's rule values that differ from the original's, for a configuration's name:
    ", hand_size 4, snake_score linear" ("" under the original's rules)."""
    return "".join(f", {k} {str(v).lower() if isinstance(v, bool) else v}"
                   for k, v in changed_rules(game, game_set).items())


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a game's report: the configuration `config` (seed key `key`, record
    `options`, descriptive `info` such as players, area and variant) played `games` times by
    `lineup` on the set `game_set` (the game's set value, handed to the workers as it is; None:
    the default set). Legal moves are counted in every `measure_every`-th game; `cost` is a rough cost
    per game (milliseconds) and `chunk` the games per pool task. `strong` is the strong player
    of a skill lineup; `budget` the search players' simulations per decision."""

    game: Playable
    key: int
    config: str
    lineup: str
    section: str
    players: int
    options: dict[str, Any]
    game_set: Any
    games: int
    info: dict[str, Any] = field(default_factory=dict)
    measure_every: int = 1
    cost: float = 1.0
    chunk: int = 50
    strong: str = "greedy"
    budget: int | None = None

    def schedule(self) -> Schedule:
        """When this line's sequential tests look (the game's `check_looks`), up to its games."""
        from cardgen.check.criteria import Schedule

        first, step = self.game.check_looks
        return Schedule(first, step, self.games)

    def tasks(self, seed: int, cuts: Sequence[int] = ()) -> list[BatchTask]:
        """The pool tasks that play this line's games, in seed order: at most `chunk` games
        each, and none across one of the game counts `cuts` (the looks of a sequential line)."""
        from cardgen.check.batch import BatchTask, game_seed

        seeds = [game_seed(seed, self.key, i) for i in range(self.games)]
        measure = tuple(i % self.measure_every == 0 for i in range(self.games))
        bounds = sorted({*range(0, self.games, self.chunk), *(c for c in cuts if 0 < c < self.games)})
        out = []
        for start, end in zip(bounds, [*bounds[1:], self.games]):
            part = seeds[start:end]
            out.append(BatchTask(self.key, self.game, self.options, self.game_set,
                                 seats_of(self.lineup, self.players, self.strong), tuple(part),
                                 None if self.measure_every == 1 else measure[start:end],
                                 self.cost * len(part), self.budget))
        return out


@dataclass(frozen=True, slots=True)
class Played:
    """A line with the results of its games and the problems met (invariants, crashes)."""

    line: Line
    results: tuple[GameResult, ...]
    problems: tuple[str, ...]


Stop = Callable[[Sequence["GameResult"]], bool]
"""A line's stop rule: given its results so far (seed order), whether it has played enough."""


def play(lines: Sequence[Line], seed: int, workers: int | None = None, progress: Progress | None = None,
         cluster: str | None = None, stops: Sequence[Stop | None] | None = None) -> list[Played]:
    """Play every line (of any games) on one process pool, or on the Dask scheduler at
    `cluster`; results in line order (the same either way). A line with a stop rule in `stops`
    plays in rounds, one per look of its `schedule`, until the rule says stop or its games are
    played (cardgen.check.rounds); the others play all their games."""
    stops = list(stops) if stops is not None else [None] * len(lines)
    tasks = [line.tasks(seed, line.schedule().looks(line.games) if stop else ()) for line, stop in zip(lines, stops)]
    rounds = [lambda played, line=line: line.schedule().next_look(played) for line in lines]
    outcomes = play_tasks(tasks, workers, progress, cluster, stops, rounds)
    return [Played(line, tuple(r), tuple(p)) for line, (r, p) in zip(lines, outcomes)]


def play_tasks(tasks: Sequence[Sequence[BatchTask]], workers: int | None = None, progress: Progress | None = None,
               cluster: str | None = None, stops: Sequence[Stop | None] | None = None,
               rounds: Sequence[Callable[[int], int]] | None = None) -> list[tuple[list[GameResult], list[str]]]:
    """Play groups of tasks on one process pool (or the Dask scheduler at `cluster`): per group
    its results in seed order and its problems; `stops` and `rounds` as for `play` (none: every
    group plays all its tasks at once)."""
    from cardgen.check.rounds import NoProgress, local_runner, play_rounds

    stops = list(stops) if stops is not None else [None] * len(tasks)
    rounds = list(rounds) if rounds is not None else [lambda played: played] * len(tasks)
    sink = progress or NoProgress()
    if cluster is not None:
        from cardgen.check.cluster import cluster_runner  # dask loads only for a cluster run

        with cluster_runner(cluster) as remote:
            return play_rounds(tasks, stops, rounds, remote, sink)
    with local_runner(workers, sum(len(t) for t in tasks)) as local:
        return play_rounds(tasks, stops, rounds, local, sink)


@dataclass(frozen=True, slots=True)
class ReportRow(Mapping[str, Any]):
    """One row of a check report: the configuration and lineup it describes, the configuration's
    facts (`info`: area, variant, rows, …), the figures of `cardgen.check.metrics.summarise`,
    the problems met, and for a mixed lineup the strong seat's result. It reads like its JSON
    form (`row["games"]`), which `to_json` gives with the report's keys."""

    config: str
    lineup: str
    section: str
    players: int
    info: Mapping[str, Any]
    figures: Figures
    problems: tuple[str, ...] = ()
    strong: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The row as the report's JSON object (the keys of docs/check.md)."""
        out: dict[str, Any] = {"config": self.config, "lineup": self.lineup, "section": self.section,
                               "players": self.players, **self.info}
        out.update(self.figures.to_json())
        out["problems"] = list(self.problems)
        if self.strong is not None:
            out["strong"] = dict(self.strong)
        return out

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_json())

    def __len__(self) -> int:
        return len(self.to_json())


def row(played: Played, labels: Sequence[str], kinds: Sequence[str] = ()) -> ReportRow:
    """The report row of a played line: its description and every figure of
    `cardgen.check.metrics.summarise`, the problems, and for a mixed lineup the strong seat's
    share (`strong`)."""
    from cardgen.check.metrics import skill, summarise

    line = played.line
    seat = strong_seat(line.lineup, line.players, line.strong)
    strong = None if seat is None else {"seat": seat, **skill([(played.results, seat)])}
    return ReportRow(line.config, line.lineup, line.section, line.players, dict(line.info),
                     summarise(played.results, labels, kinds), tuple(dict.fromkeys(played.problems)), strong)


def skill_summary(played: Sequence[Played]) -> list[dict[str, Any]]:
    """The skill trace: per configuration and rung pair, the strong player's share of the games
    against the weak one over both seat orders, with its 95% Wilson interval, the no-skill
    share (1/players) and the draws."""
    from cardgen.check.metrics import skill

    pairs: dict[tuple[str, int, str, str], list[tuple[Sequence[GameResult], int]]] = {}
    for p in played:
        line = p.line
        seat = strong_seat(line.lineup, line.players, line.strong)
        if line.section == MAIN or seat is None or not p.results:
            continue
        weak = next(x for x in line.lineup.split(" vs ") if x != line.strong)
        pairs.setdefault((line.config, line.players, line.strong, weak), []).append((p.results, seat))
    return [{"players": n, "config": config, "strong": strong, "weak": weak, **skill(results)}
            for (config, n, strong, weak), results in pairs.items()]


def kind_use(rows: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Plays of every component kind over all of a game's rows (kinds never played included)."""
    total: dict[str, int] = {}
    for r in rows:
        for kind, n in (r.get("kinds") or {}).items():
            total[kind] = total.get(kind, 0) + n
    return total


def kind_findings(rows: Sequence[Mapping[str, Any]], noun: str) -> list[str]:
    """A finding for every kind that no game of `rows` played."""
    games = sum(int(r.get("games", 0)) for r in rows)
    return [f"{noun} '{kind}' was never played in {count(games, 'game')}"
            for kind, n in kind_use(rows).items() if n == 0]
