"""The soft criteria of the verdict: findings that never fail the check (docs/check.md).

- `skill`: the skill trace of the game's cheap ladder rungs (`Game.ladder().cheap_rungs`), each
  rung against the one below in the first and in the last seat: skill matters when some rung's
  95% interval of its share lies above the share without skill (1/seats); it is a finding only
  when every rung's interval lies below the share without skill plus `unfair_margin` (no rung
  wins clearly more, and the games could have shown it), else undecided (a handful of games);
- `kinds`: every component kind's plays as a share of its supply (how many of it one game
  brings into play, times the games) of at least `kind_share`; without a supply (Irrläufer's
  kinds of step) a kind must be played at all. The kinds left unused in degenerate games are
  listed with it;
- `length`: the turns per player within a factor `length_factor` of the original set's own
  figure for the same player count and variant (the game's length baseline);
- `dull`: a finding when there is little to decide (fewer than `decisions` of the steps offer
  more than one legal move) or every game ends alike (the winner's mean lead is under `margin`
  of the winner's mean score, so that it scales with the game's scores, or more than `alike` of
  the games end with the same scores; both only for games whose scores are points). Drama and
  lead changes are shown with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.check.metrics import alike, decisions, drama, kind_use, turns_per_player
from cardgen.check.verdict import FINDING, INCONCLUSIVE, PASS, UNMEASURED, Criterion, Thresholds
from cardgen.engine.simulate import GameResult
from cardgen.words import count


def skill_criterion(trace: Sequence[Mapping[str, Any]], limits: Thresholds = Thresholds()) -> Criterion:
    """`skill` from the configuration's skill trace (one entry per rung pair: strong, weak,
    games, share, low, high, fair): see the module text."""
    played = [t for t in trace if t.get("games")]
    if not played:
        return Criterion("skill", UNMEASURED, False, "no skill trace for this configuration")
    steps = "; ".join(f"{t['strong']} {t['share']:.0%} [{t['low']:.0%}-{t['high']:.0%}] against {t['weak']}"
                      for t in played)
    better = [t for t in played if float(t["low"]) > float(t["fair"])]
    fair = float(played[0]["fair"])
    figures = {"trace": [dict(t) for t in played]}
    if better:
        return Criterion("skill", PASS, False, f"{steps} (no-skill share {fair:.0%}): skill matters", figures)
    clear = fair + limits.unfair_margin
    if any(float(t["high"]) >= clear for t in played):
        games = min(int(t["games"]) for t in played)
        return Criterion("skill", INCONCLUSIVE, False, f"{steps} (no-skill share {fair:.0%}): undecided, "
                         f"{count(games, 'game')} a rung pair cannot tell whether a rung wins more (an "
                         f"interval reaches {clear:.0%}); give --skill-games more", figures)
    return Criterion("skill", FINDING, False, f"{steps} (no-skill share {fair:.0%}): no rung of the cheap "
                     f"ladder beats the one below it (each below {clear:.0%})", figures)


def kinds_criterion(results: Sequence[GameResult], kinds: Sequence[str], supply: Mapping[str, int],
                    limits: Thresholds, noun: str) -> Criterion:
    """`kinds`: each kind's plays as a share of its supply (see the module text)."""
    if not results:
        return Criterion("kinds", UNMEASURED, False, "no games")
    use = kind_use(results, kinds)
    if not use:
        return Criterion("kinds", UNMEASURED, False, "the game counts no component kinds")
    games = len(results)
    shares = {k: n / (supply[k] * games) for k, n in use.items() if supply.get(k)}
    involved = Counter(k for r in results for k in set(r.unused))
    degenerate = sum(1 for r in results if r.degenerate)
    if shares:
        low = {k: s for k, s in shares.items() if s < limits.kind_share}
        text = (", ".join(f"{noun} '{k}' {s:.0%} of its supply" for k, s in sorted(low.items(), key=lambda x: x[1]))
                + f" (less than {limits.kind_share:.0%})" if low
                else f"every {noun} played at least {limits.kind_share:.0%} of its supply "
                     f"(the least: '{min(shares, key=lambda k: shares[k])}' {min(shares.values()):.0%})")
    else:
        low = {k: 0.0 for k, n in use.items() if n == 0}
        text = (f"never played in {count(games, 'game')}: " + ", ".join(f"{noun} '{k}'" for k in low) if low
                else f"all {len(use)} {noun}s played")
    if involved:
        text += "; left unused in degenerate games: " + ", ".join(
            f"'{k}' ({n} of {degenerate})" for k, n in involved.most_common(5))
    figures = {"plays": dict(use), "supply": dict(supply), "shares": shares, "below": sorted(low),
               "degenerate": dict(involved.most_common())}
    return Criterion("kinds", FINDING if low else PASS, False, text, figures)


def length_criterion(results: Sequence[GameResult], baseline: float | None, source: str,
                     limits: Thresholds) -> Criterion:
    """`length`: turns per player against the original set's `baseline` (from `source`)."""
    if not results:
        return Criterion("length", UNMEASURED, False, "no games")
    turns = turns_per_player(results)
    if baseline is None or baseline <= 0:
        return Criterion("length", UNMEASURED, False, f"{turns:.1f} turns per player; no baseline for this "
                         "player count", {"turns": turns})
    low, high = baseline / limits.length_factor, baseline * limits.length_factor
    ok = low <= turns <= high
    word = "" if ok else (": too short" if turns < low else ": too long")
    return Criterion("length", PASS if ok else FINDING, False,
                     f"{turns:.1f} turns per player against {baseline:.1f} for the original set ({source}; "
                     f"within {low:.1f}-{high:.1f}){word}",
                     {"turns": turns, "baseline": baseline, "low": low, "high": high})


def dull_criterion(results: Sequence[GameResult], limits: Thresholds, points: bool) -> Criterion:
    """`dull`: little to decide, or every game ends alike (see the module text)."""
    if not results:
        return Criterion("dull", UNMEASURED, False, "no games")
    dec = decisions(results)
    margins = [max(r.scores) - sorted(r.scores)[-2] for r in results if len(r.scores) > 1]
    margin = sum(margins) / len(margins) if margins else 0.0
    top = sum(max(r.scores) for r in results) / len(results)
    relative = margin / top if top > 0 else 0.0
    same = alike(results)
    dram = drama(results)
    changes = sum(r.lead_changes for r in results) / len(results)
    reasons = []
    if dec.share is not None and dec.share < limits.decisions:
        reasons.append(f"little to decide: {dec.share:.0%} of the steps offer a choice (at least {limits.decisions:.0%})")
    if points and relative < limits.margin:
        reasons.append(f"every game ends alike: the winner leads by {margin:.1f} points on average, "
                       f"{relative:.0%} of its {top:.1f} (at least {limits.margin:.0%})")
    if points and same > limits.alike:
        reasons.append(f"every game ends alike: {same:.0%} of the games end with the same scores "
                       f"(at most {limits.alike:.0%})")
    shown = (f"choice in {dec.share:.0%} of the steps" if dec.share is not None else "choices not counted") + \
        (f", margin {margin:.1f} ({relative:.0%} of the winner's {top:.1f})"
         f", same scores in {same:.0%} of the games" if points else "") + \
        (f", drama {dram:.3f}" if dram is not None else "") + f", {changes:.1f} lead changes per game"
    figures = {"decisions": dec.share, "margin": margin, "margin_share": relative, "top": top, "alike": same,
               "drama": dram, "lead_changes": changes, "points": points}
    if reasons:
        return Criterion("dull", FINDING, False, "; ".join(reasons) + f" ({shown})", figures)
    return Criterion("dull", PASS, False, shown, figures)
