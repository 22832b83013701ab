"""Playability metrics of a batch of simulated games (after Ludii's game metrics, Browne et al.).

Every figure is a pure function of `GameResult`s, so the formulas can be pinned on hand-made
results. Definitions (a "step" is one engine move: Schlangengrube lays one tile per step,
Irrläufer slides one stick per step):

- completion: share of games that ended by the rules; timeouts: games stopped at the move bound.
- draws: games that ended without a winner, or with every seat sharing the win.
- win shares: a seat's wins over the games, a win shared by k seats counting 1/k.
- balance: 1 − (largest − smallest win share over the seats); 1 is perfectly even.
- first seat: seat 0's win share with its 95% Wilson interval, against the fair share 1/n.
- duration: steps per game (mean, median, standard deviation, range).
- decisions: share of counted steps with more than one legal move; branching: mean number of
  legal moves per counted step (only games whose legal moves were counted contribute).
- passes: mean number of steps labelled "pass" per game.
- lead changes: mean per game of how often the sole score leader changed.
- kind use: plays of every component kind over the batch (a kind never played is a finding).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cardgen.engine.simulate import GameResult
from cardgen.engine.stats import wilson


def win_shares(results: Sequence[GameResult]) -> list[float]:
    """Each seat's share of the games' wins (a win shared by k seats counts 1/k)."""
    if not results:
        return []
    seats = len(results[0].scores)
    wins = [0.0] * seats
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    return [w / len(results) for w in wins]


def balance(results: Sequence[GameResult]) -> float:
    """1 − the largest gap between two seats' win shares (1.0 when there are no games)."""
    shares = win_shares(results)
    return 1.0 - (max(shares) - min(shares)) if shares else 1.0


def is_draw(result: GameResult) -> bool:
    """Whether a game ended without a winner or with every seat sharing the win."""
    return result.ended and (not result.winners or len(result.winners) == len(result.scores) > 1)


def seat_share(results: Sequence[GameResult], seat: int) -> dict[str, float]:
    """`seat`'s win share with its 95% Wilson interval and the fair share 1/n."""
    n = len(results)
    won = sum(1 / len(r.winners) for r in results if seat in r.winners)
    low, high = wilson(won, n)
    fair = 1 / len(results[0].scores) if results else 0.0
    return {"share": won / n if n else 0.0, "low": low, "high": high, "fair": fair}


def duration(results: Sequence[GameResult]) -> dict[str, float]:
    """Steps per game: mean, median, population standard deviation, min and max."""
    lengths = [r.moves for r in results]
    mean = sum(lengths) / len(lengths)
    return {"mean": mean, "median": float(statistics.median(lengths)),
            "sd": math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths)),
            "min": min(lengths), "max": max(lengths)}


def decisions(results: Sequence[GameResult]) -> dict[str, float | int | None]:
    """Decision share and branching factor over the counted steps (None when none was counted),
    and how many games and steps they rest on."""
    counted = [r for r in results if r.counted]
    steps = sum(r.counted for r in counted)
    if not steps:
        return {"share": None, "branching": None, "games": 0, "steps": 0}
    return {"share": sum(r.decisions for r in counted) / steps,
            "branching": sum(r.legal for r in counted) / steps, "games": len(counted), "steps": steps}


def kind_use(results: Iterable[GameResult], kinds: Sequence[str] = ()) -> dict[str, int]:
    """Plays of every kind over the batch: the `kinds` listed (0 when never played) first, in
    their order, then any other kind that was played."""
    total: Counter[str] = Counter()
    for r in results:
        for kind, n in r.kinds:
            total[kind] += n
    out = {k: total.get(k, 0) for k in kinds}
    out.update({k: v for k, v in sorted(total.items()) if k not in out})
    return out


def histogram(values: Iterable[float]) -> list[list[float]]:
    """Exact value counts, sorted by value: `[[value, count], ...]` (compact for JSON)."""
    counts = Counter(values)
    return [[v, counts[v]] for v in sorted(counts)]


def summarise(results: Sequence[GameResult], labels: Sequence[str], kinds: Sequence[str] = ()) -> dict[str, Any]:
    """Every figure of the report for one batch (one configuration played by one lineup).

    Keeps the keys of the first report (games, ended, length, score, first_wins, per_game, draws,
    endings) and adds completion, timeouts, win_shares, balance, duration, decisions, passes,
    lead_changes, kinds and histograms of the final scores and the lengths."""
    n = len(results)
    if n == 0:
        return {"games": 0, "ended": 0}
    lengths = [r.moves for r in results]
    scores = [s for r in results for s in r.scores]
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))
    margins = [max(r.scores) - sorted(r.scores)[-2] for r in results if len(r.scores) > 1]
    ended = sum(r.ended for r in results)
    dur = duration(results)
    return {
        "games": n, "ended": ended,
        "length": {"mean": dur["mean"], "min": min(lengths), "max": max(lengths)},
        "score": {"mean": mean, "sd": sd, "min": min(scores), "max": max(scores),
                  "margin": sum(margins) / len(margins) if margins else 0.0},
        "first_wins": seat_share(results, 0),
        "per_game": {label: sum(r.count(label) for r in results) / n for label in labels},
        "draws": sum(1 for r in results if is_draw(r)),
        "endings": dict(sorted(Counter(r.ending for r in results if r.ending).items())),
        "completion": ended / n, "timeouts": n - ended,
        "win_shares": win_shares(results), "balance": balance(results),
        "duration": dur, "decisions": decisions(results),
        "passes": sum(r.count("pass") for r in results) / n,
        "lead_changes": sum(r.lead_changes for r in results) / n,
        "kinds": kind_use(results, kinds),
        "histograms": {"score": histogram(scores), "length": histogram(lengths)},
    }


def skill(pairs: Sequence[tuple[Sequence[GameResult], int]]) -> dict[str, float | int]:
    """The strong player's win share over batches where it sat in a given seat (`(results, seat)`
    pairs, e.g. greedy first and greedy last against random), with its 95% Wilson interval, the
    draws (games nobody won), and the share it would have without skill: each game that has a
    winner gives every seat 1/n, a game without a winner gives nobody anything."""
    games = sum(len(rs) for rs, _ in pairs)
    won = sum(1 / len(r.winners) for rs, seat in pairs for r in rs if seat in r.winners)
    low, high = wilson(won, games)
    fair = sum(1 / len(r.scores) for rs, _ in pairs for r in rs if r.winners)
    return {"games": games, "share": won / games if games else 0.0, "low": low, "high": high,
            "fair": fair / games if games else 0.0,
            "draws": sum(1 for rs, _ in pairs for r in rs if not r.winners)}
