"""`cardgen match`: simulated players against each other, a strength stated as a result of games.

A *lineup* names one player per seat (`("mcts@100", "sensible")`); its length is the player
count, played in the game's default configuration for that count (the main configuration of
`cardgen check`: Schlangennest on its recommended area, the base game elsewhere). The lineup
plays in every seat rotation (`rotations`), each rotation the same seeded games, so every entry
meets the same deals from every seat. An entry's *share* is its mean of
`GameResult.shares()` over all the games (a draw shared by k seats gives each 1/k), with its 95%
Wilson interval; a *draw* is a game without a sole winner.

A game's ladder (`Game.ladder()`) is measured by playing each rung against the one below it in
the default two-player configuration (`ladder_match`).

Seeds: game i of lineup `key` in a run seeded `seed` has the seed `game_seed(seed, key, i)`, in
every rotation, so the same seed gives the same games on any number of workers or a cluster.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.check.batch import BatchTask, game_seed
from cardgen.check.plan import play_tasks
from cardgen.check.rounds import Progress
from cardgen.check.stats import wilson
from cardgen.commands.outcome import Line, Say, one_line
from cardgen.engine.players import make_player
from cardgen.engine.simulate import GameResult
from cardgen.errors import CardgenError, DataError, as_usage

if TYPE_CHECKING:
    from cardgen.game import Game, Registry

DEFAULT_GAMES = 100
"""Games a lineup plays when `match` is not told (spread over its seat rotations)."""
CHUNK = 10
"""Games per pool task: small, since a search player's game takes seconds."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One seat of a lineup over all rotations: its player, share with 95% interval, mean score
    and the mean wall time its player took per decision."""

    player: str
    share: float
    low: float
    high: float
    score: float
    seconds_per_decision: float

    def to_json(self) -> dict[str, Any]:
        """The entry as `match --json` prints it."""
        return {"player": self.player, "share": self.share, "low": self.low, "high": self.high,
                "score": self.score, "seconds_per_decision": self.seconds_per_decision}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A lineup's games: how many, the draws, one entry per seat of the lineup in its order."""

    game: str
    games: int
    draws: int
    entries: tuple[Entry, ...]

    def to_json(self) -> dict[str, Any]:
        """`{"game", "games", "draws", "players": [...]}` (docs/cli.md)."""
        return {"game": self.game, "games": self.games, "draws": self.draws,
                "players": [e.to_json() for e in self.entries]}


@dataclass(frozen=True, slots=True)
class Rung:
    """A rung of a measured ladder: its player and its match against the rung below (None for
    the first rung)."""

    player: str
    vs_below: MatchResult | None

    def to_json(self) -> dict[str, Any]:
        """`{"player"}`, with `"vs_below": {"share", "low", "high", "games"}` above the first rung."""
        out: dict[str, Any] = {"player": self.player}
        if self.vs_below is not None:
            top = self.vs_below.entries[0]
            out["vs_below"] = {"share": top.share, "low": top.low, "high": top.high, "games": self.vs_below.games}
        return out


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The lineup in every seat rotation: rotation r seats entry j at seat (j - r) mod seats."""
    n = len(lineup)
    return [tuple(lineup[(seat + r) % n] for seat in range(n)) for r in range(n)]


def check_players(game: Game[Any], names: Sequence[str], place: str = "--players") -> None:
    """DataError naming `place` for a player name the game does not know (or a bad budget)."""
    own = game.players()
    for name in names:
        try:
            make_player(name, None, own)
        except KeyError as exc:
            raise DataError(place, f"{exc.args[0]} for {game.name}") from None


def default_config(game: Game[Any], players: int, game_set: Any) -> dict[str, Any]:
    """The record options of the game's main configuration on `game_set` (the set value) for
    `players` seats (as `cardgen check` plays it). DataError when the set cannot seat them."""
    low, high = game.player_range(game_set)
    if not low <= players <= high:
        raise DataError("--players", f"{game.name} with this set seats {low}-{high} players, not {players}")
    lines = game.check_lines(game_set, (players,), 1, game.ladder().report, 0)
    main = next((line for line in lines if line.info.get("main")), None)
    if main is None:
        raise DataError("--players", f"{game.name} has no default configuration for {players} players")
    return main.options


def _tasks(game: Game[Any], lineup: Sequence[str], key: int, games: int, seed: int,
           options: dict[str, Any], game_set: Any) -> list[BatchTask]:
    per = math.ceil(games / len(lineup))
    seeds = [game_seed(seed, key, i) for i in range(per)]
    cost = 100.0 if any("mcts" in p for p in lineup) else 1.0
    return [BatchTask(key, game, options, game_set, seats, tuple(seeds[i:i + CHUNK]),
                      (False,) * len(seeds[i:i + CHUNK]), cost * len(seeds[i:i + CHUNK]))
            for seats in rotations(lineup) for i in range(0, per, CHUNK)]


def _result(game: Game[Any], lineup: Sequence[str], results: Sequence[GameResult]) -> MatchResult:
    """Sum each entry's games over the rotations; `results` are the rotations' games in turn."""
    n = len(lineup)
    per = len(results) // n
    won, score, think, asked = [0.0] * n, [0.0] * n, [0.0] * n, [0] * n
    for index, result in enumerate(results):
        r = index // per
        shares = result.shares()
        for entry in range(n):
            seat = (entry - r) % n
            won[entry] += shares[seat]
            score[entry] += result.scores[seat]
            think[entry] += result.think[seat] if result.think else 0.0
            asked[entry] += result.asked[seat] if result.asked else 0
    total = len(results)
    entries = []
    for entry, name in enumerate(lineup):
        low, high = wilson(won[entry], total)
        entries.append(Entry(name, won[entry] / total, low, high, score[entry] / total,
                             think[entry] / asked[entry] if asked[entry] else 0.0))
    draws = sum(1 for result in results if len(result.winners) != 1)
    return MatchResult(game.name, total, draws, tuple(entries))


def play_lineups(game: Game[Any], lineups: Sequence[Sequence[str]], games: int = DEFAULT_GAMES,
                 set_path: str | None = None, seed: int = 0, workers: int | None = None,
                 progress: Progress | None = None, cluster: str | None = None) -> list[MatchResult]:
    """Play every lineup `games` times (rounded up to a whole number of games per rotation) in
    the game's default configuration for its seats, all on one pool; a result per lineup.
    DataError for an unknown player, a player count the set cannot seat, or a game that
    crashed or broke an invariant (naming the seed that reproduces it)."""
    game_set = game.load_set(set_path)  # read once; the workers receive the value
    configs: dict[int, dict[str, Any]] = {}
    tasks = []
    for key, lineup in enumerate(lineups):
        check_players(game, lineup)
        if len(lineup) not in configs:
            configs[len(lineup)] = default_config(game, len(lineup), game_set)
        tasks.append(_tasks(game, lineup, key, games, seed, configs[len(lineup)], game_set))
    outcomes = play_tasks(tasks, workers, progress, cluster)
    for _results, problems in outcomes:
        if problems:
            raise DataError(game.name, f"a game failed: {problems[0]}")
    return [_result(game, lineup, results) for lineup, (results, _) in zip(lineups, outcomes)]


def match(game: Game[Any], lineup: Sequence[str], games: int = DEFAULT_GAMES, set_path: str | None = None,
          seed: int = 0, workers: int | None = None, progress: Progress | None = None,
          cluster: str | None = None) -> MatchResult:
    """One lineup's games (see `play_lineups`)."""
    return play_lineups(game, [lineup], games, set_path, seed, workers, progress, cluster)[0]


def ladder_match(game: Game[Any], games: int = DEFAULT_GAMES, set_path: str | None = None, seed: int = 0,
                 workers: int | None = None, progress: Progress | None = None,
                 cluster: str | None = None) -> list[Rung]:
    """Each rung of the game's ladder against the one below, `games` games each in the default
    two-player configuration, both seat orders; the rungs weakest first."""
    ladder = game.ladder()
    pairs = ladder.pairs()
    played = play_lineups(game, [list(pair) for pair in pairs], games, set_path, seed, workers, progress, cluster)
    return [Rung(ladder.rungs[0], None), *(Rung(strong, result) for (strong, _), result in zip(pairs, played))]


def entry_line(entry: Entry) -> str:
    """One entry as the text report prints it."""
    return (f"{entry.player:<14} {entry.share:6.1%}  [{entry.low:.1%}–{entry.high:.1%}]  "
            f"score {entry.score:6.2f}  {entry.seconds_per_decision * 1000:9.2f} ms/decision")


def match_text(result: MatchResult, seed: int) -> list[str]:
    """The text report of a lineup's games."""
    seats = len(result.entries)
    head = (f"{result.game}: {result.games} games, {seats} seats in every rotation, seed {seed}; "
            f"draws {result.draws}")
    return [head, *(entry_line(e) for e in result.entries)]


def ladder_text(game: str, rungs: Sequence[Rung], seed: int) -> list[str]:
    """The text report of a measured ladder: each rung's share against the one below."""
    out = [f"{game} ladder (two players, both seat orders, seed {seed}):"]
    for below, rung in zip([None, *rungs], rungs):
        if rung.vs_below is None or below is None:
            out.append(f"  {rung.player}")
            continue
        top = rung.vs_below.entries[0]
        verdict = "above" if top.low > 0.5 else "not above"
        out.append(f"  {rung.player:<14} vs {below.player:<14} {top.share:6.1%}  [{top.low:.1%}–{top.high:.1%}]"
                   f"  of {rung.vs_below.games} games ({verdict} one half)")
    return out


@dataclass(frozen=True, slots=True)
class MatchRequest:
    """`cardgen match`'s options as given (docs/cli.md): the `game` by name, the `lineup` as typed
    ("mcts@100,sensible") or the `ladder`; `games` per lineup (None: `DEFAULT_GAMES`)."""

    game: str
    lineup: str | None = None
    ladder: bool = False
    games: int | None = None
    set_path: str | None = None
    seed: int = 0
    as_json: bool = False
    quiet: bool = False
    workers: int | None = None
    cluster: str | None = None


def run(request: MatchRequest, registry: Registry, say: Say) -> int:
    """`cardgen match`: the lineup's (or the ladder's) games, their report as text or JSON."""
    import json

    from cardgen.check.report import progress_bar
    from cardgen.commands.given import cluster_address

    r = request
    with as_usage():
        game = registry.get(r.game)
        if r.ladder == (r.lineup is not None):
            raise CardgenError("--players", "give either --players A,B[,…] or --ladder")
    cluster = cluster_address(r.cluster)  # its form, as for check: a usage mistake
    names = [] if r.lineup is None else [n.strip().lower() for n in r.lineup.split(",")]  # names in any case
    try:
        check_players(game, names)
    except CardgenError as exc:  # a usage mistake, on one line
        say(Line(f"cardgen: {one_line(str(exc))}", err=True, raw=True))
        return 2
    games = r.games or DEFAULT_GAMES
    with progress_bar("match: games", not r.quiet and not r.as_json) as bar:
        if r.ladder:
            rungs = ladder_match(game, games, r.set_path, r.seed, r.workers, bar, cluster)
            data: dict[str, Any] = {"game": game.name, "ladder": [rung.to_json() for rung in rungs]}
            text = ladder_text(game.name, rungs, r.seed)
        else:
            result = match(game, names, games, r.set_path, r.seed, r.workers, bar, cluster)
            data, text = result.to_json(), match_text(result, r.seed)
    say(Line(json.dumps(data, indent=2) if r.as_json else "\n".join(text), raw=True))
    return 0
