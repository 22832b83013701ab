"""Baselines: the original set's own figures, per player count and variant, that a set is
measured against: its turns per player (the check's `length` criterion: a configuration more
than `length_factor` times shorter or longer is a finding) and the hard criteria it fails
itself, each with how badly (its figure and 95 % interval, `cardgen.check.criteria.badness`): a
set that fails the same criterion there, not significantly worse than the original, is not
failed for it (that is a finding about the game, not about the set). So are the hard criteria
the original leaves undecided with its figure between fine and failing (`undecided`, e.g. a
seat at 60 % of two-player games, between the margins of 55 % and 65 %): a set that fails one
of those, not significantly worse than the original, is not failed for it either; more games
could have failed the original there as well.

A game keeps its baseline as data in its own package (`Game.baseline`, the module
`Game.baseline_file` names). `make baselines` (`cardgen check --write-baselines`) regenerates them:
it plays the default set of every game with the report player, a fixed number of seeded games
per configuration, and writes the module anew. Run it whenever a game's report player changes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.check.criteria import badness, leaning
from cardgen.check.metrics import turns_per_player
from cardgen.check.plan import MAIN, Played
from cardgen.check.verdict import FAIL, Criterion

GAMES = 200
"""Seeded games per configuration of a baseline run (at most the game's ceiling)."""


Figure = tuple[float, float, float]
"""How badly a criterion failed: its figure, low, high (`cardgen.check.criteria.badness`)."""


@dataclass(frozen=True, slots=True)
class Baseline:
    """A game's baseline: turns per player, the hard criteria the original set fails and how
    badly (`figures`: per key the worst configuration's `Figure` of each failed criterion), all
    by `baseline_key`, measured with `player`."""

    turns: Mapping[str, float] = field(default_factory=dict)
    fails: Mapping[str, Sequence[str]] = field(default_factory=dict)
    player: str = ""
    """The report player the baseline was measured with."""
    figures: Mapping[str, Mapping[str, Sequence[float]]] = field(default_factory=dict)
    undecided: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """The hard criteria the original leaves undecided between fine and failing (and fails in
    no configuration of that key), by key; their figures are in `figures` too."""

    def _key(self, players: int, variant: str | None) -> str:
        """The key of this player count and variant; for a player count the original does not
        play (a five-colour set's five players), the nearest count it plays in that variant."""
        key = baseline_key(players, variant)
        if key not in self.turns:
            want = key.split(" ", 1)[1]
            near = [(abs(int(k.split("p")[0]) - players), k) for k in self.turns if k.split(" ", 1)[1] == want]
            key = min(near)[1] if near else key
        return key

    def original_fails(self, players: int, variant: str | None) -> tuple[str, ...]:
        """The hard criteria the original set fails in this player count and variant (`_key`)."""
        return tuple(self.fails.get(self._key(players, variant), ()))

    def original_undecided(self, players: int, variant: str | None) -> tuple[str, ...]:
        """The hard criteria the original set leaves undecided between fine and failing in this
        player count and variant (`_key`)."""
        return tuple(self.undecided.get(self._key(players, variant), ()))

    def figure(self, players: int, variant: str | None, criterion: str) -> Figure | None:
        """How badly the original set fails `criterion` there (None: it passes it, or the
        baseline did not record it)."""
        found = self.figures.get(self._key(players, variant), {}).get(criterion)
        return (float(found[0]), float(found[1]), float(found[2])) if found else None


def baseline_key(players: int, variant: str | None) -> str:
    """The key of a configuration in a baseline table: "2p base", "3p tail-first"."""
    return f"{players}p {variant or 'base'}"


def lookup(table: Mapping[str, float], players: int, variant: str | None) -> tuple[float | None, str]:
    """The baseline of a configuration and where it comes from: the same player count and
    variant; else the same variant for the nearest player count; else the base game for the
    same or the nearest count. (None, "") when the table is empty."""
    key = baseline_key(players, variant)
    if key in table:
        return table[key], key
    for want in (variant or "base", "base"):
        near = [(abs(int(k.split("p")[0]) - players), k) for k in table if k.split(" ", 1)[1] == want]
        if near:
            k = min(near)[1]
            return table[k], f"nearest: {k}"
    return None, ""


def measure(played: Sequence[Played]) -> dict[str, float]:
    """The baseline table of a baseline run's main lines: per key the mean turns per player over
    the configurations with that player count and variant (every area of the base game)."""
    groups: dict[str, list[float]] = {}
    for p in played:
        if p.line.section == MAIN and p.results:
            key = baseline_key(p.line.players, p.line.info.get("variant"))
            groups.setdefault(key, []).append(turns_per_player(p.results))
    return {k: round(sum(v) / len(v), 2) for k, v in sorted(groups.items())}


def failing(played: Sequence[Played], verdicts: Sequence[Any]) -> dict[str, dict[str, Figure]]:
    """Per key the hard criteria a baseline run's configurations fail (any area of the base
    game), each with the `Figure` of the configuration that fails it worst."""
    return _worst(played, verdicts, lambda key, c: c.hard and c.status == FAIL)


def undecided(played: Sequence[Played], verdicts: Sequence[Any],
              fails: Mapping[str, Mapping[str, Figure]]) -> dict[str, dict[str, Figure]]:
    """Per key the hard criteria a baseline run's configurations leave undecided between fine
    and failing (`cardgen.check.criteria.leaning`) and that none of that key fails (`fails`),
    each with the `Figure` of the configuration farthest off."""
    return _worst(played, verdicts, lambda key, c: c.hard and leaning(c) and c.name not in fails.get(key, {}))


def _worst(played: Sequence[Played], verdicts: Sequence[Any],
           chosen: Callable[[str, Criterion], bool]) -> dict[str, dict[str, Figure]]:
    """Per key (`baseline_key`) the criteria of the main lines' verdicts that `chosen` picks
    (given the key), each with the `Figure` of the configuration where it reads worst."""
    out: dict[str, dict[str, Figure]] = {}
    for p, v in zip([p for p in played if p.line.section == MAIN], verdicts):
        key = baseline_key(p.line.players, p.line.info.get("variant"))
        mine = out.setdefault(key, {})
        for c in v.criteria:
            found = badness(c) if chosen(key, c) else None
            if found is not None and (c.name not in mine or found[0] > mine[c.name][0]):
                mine[c.name] = found
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items()) if v}


def module_text(game: str, player: str, games: int, seed: int, turns: Mapping[str, Any],
                fails: Mapping[str, Mapping[str, Figure]], open_: Mapping[str, Mapping[str, Figure]]) -> str:
    """The Python module that holds a game's baseline (written by `make baselines`)."""
    rows = "".join(f"    {k!r}: {v!r},\n" for k, v in turns.items())
    failed = "".join(f"    {k!r}: {tuple(v)!r},\n" for k, v in fails.items())
    left = "".join(f"    {k!r}: {tuple(v)!r},\n" for k, v in open_.items())
    both = {k: {**open_.get(k, {}), **fails.get(k, {})} for k in sorted({*fails, *open_})}
    figures = "".join(f"    {k!r}: {{" + ", ".join(f"{c!r}: {tuple(round(x, 4) for x in f)!r}"
                                                   for c, f in sorted(v.items())) + "},\n" for k, v in both.items())
    return (f'"""The baseline of {game}: the default set\'s turns per player, the hard criteria it fails and\n'
            f"those it leaves undecided between fine and failing, per player count and variant, with how\n"
            f"badly (figure, low, high: cardgen.check.criteria.badness) (cardgen.check.baseline). Written by\n"
            f"`make baselines` (`cardgen check --write-baselines`) with the report player; do not edit by\n"
            f'hand, run it again."""\n\n'
            f"PLAYER = {player!r}\nGAMES = {games!r}\nSEED = {seed!r}\n\n"
            f"TURNS: dict[str, float] = {{\n{rows}}}\n\n"
            f"FAILS: dict[str, tuple[str, ...]] = {{\n{failed}}}\n\n"
            f"UNDECIDED: dict[str, tuple[str, ...]] = {{\n{left}}}\n\n"
            f"FIGURES: dict[str, dict[str, tuple[float, float, float]]] = {{\n{figures}}}\n")


def write_module(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file renamed at the end."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".py", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
