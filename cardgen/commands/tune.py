"""`cardgen tune` as a command: the options as given (`TuneRequest`) checked, the search run
(`cardgen.commands.tunesearch`), the best trial checked again at every player count, the set, its
trials table, chart (`cardgen.commands.tuneout`) and booklets written, and the summary (or
every trial as JSON) said, with the exit code."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.commands.outcome import Say, err, out
from cardgen.commands.tunesearch import Search, Trial, best_of, knobs, load_optuna, recheck_text, run_search, verify
from cardgen.errors import CardgenError, as_usage, named

if TYPE_CHECKING:
    from cardgen.commands.checkrun import GameCheck
    from cardgen.game import Registry


@dataclass(frozen=True, slots=True)
class TuneRequest:
    """`cardgen tune`'s options as given (docs/cli.md): the `game` by name, the set file `out`,
    `players` as typed ("2,3"), each `vary` as typed ("hand_size=4..7"), `ceiling` the `--games`
    option."""

    game: str
    out: str
    set_path: str | None = None
    players: str | None = None
    vary: tuple[str, ...] = ()
    trials: int = 30
    ceiling: int | None = None
    skill_games: int | None = None
    seed: int = 0
    cluster: str | None = None
    workers: int | None = None
    allow_inconclusive: bool = False
    no_booklets: bool = False
    as_json: bool = False
    quiet: bool = False

    def command(self, game: str) -> str:
        """The command line that repeats this search (in the written set's comment block)."""
        import shlex

        return " ".join(shlex.quote(a) for a in [
            "cardgen", "tune", game, *(["--set", self.set_path] if self.set_path else []),
            *(["--players", self.players] if self.players else []), *(a for v in self.vary for a in ("--vary", v)),
            "--trials", str(self.trials), *(["--games", str(self.ceiling)] if self.ceiling else []),
            *(["--skill-games", str(self.skill_games)] if self.skill_games is not None else []),
            *(["--allow-inconclusive"] if self.allow_inconclusive else []), "--seed", str(self.seed),
            "--out", self.out])


def run(request: TuneRequest, registry: Registry, say: Say) -> int:
    """`cardgen tune`: search, check the best again at every player count, write the set, its
    trials table, chart and booklets, and say what was found (or print every trial as JSON).
    Exit 1 when no trial passes; 128 + the signal when stopped (the best so far written)."""
    import json

    from cardgen.check.report import progress_bar
    from cardgen.commands.build import booklets
    from cardgen.commands.given import cluster_address, player_counts
    from cardgen.commands.tuneout import refuse_overwriting, summary_lines, write_all
    from cardgen.signals import stop_report
    from cardgen.words import count

    r = request
    named("--out", r.out)
    named("--set", r.set_path)
    cluster = cluster_address(r.cluster)
    counts = player_counts(r.players) if r.players is not None else None
    with as_usage():
        game = registry.get(r.game)
        if Path(r.out).suffix != ".toml":
            raise CardgenError(r.out, "a set file's name ends in .toml")
        refuse_overwriting(Path(r.out), [("--set", Path(r.set_path))] if r.set_path else [])
        chosen_knobs = knobs(game, r.vary)
    # a wrong set is found before any game is played; read once, here
    base_set, _, source = game.read_set(r.set_path) if r.set_path is not None else (None, None, None)
    load_optuna()
    search = Search(game, Path(r.set_path) if r.set_path else None, chosen_knobs, r.trials, r.seed, counts,
                    r.ceiling, r.skill_games, r.allow_inconclusive, base_set,
                    base_text=source.text if source is not None else None)
    with progress_bar(f"tune: trial 1/{r.trials}", not r.quiet and not r.as_json) as bar:
        def heard(trial: Trial, best: Trial | None) -> None:
            assert best is not None  # the trial itself at least
            bar.progress.update(bar.task, description=f"tune: trial {trial.number + 1}/{r.trials}, best: trial "
                                                      f"{best.number} ({best.score.outcome})")
        found, stopped = run_search(search, r.workers, cluster, bar, heard)
        chosen, verified = (None, None)
        rechecked: list[tuple[Trial, GameCheck]] = []
        if stopped is None and found:
            bar.progress.update(bar.task, description="tune: checking the best at every player count")
            try:
                chosen, verified, rechecked = verify(search, found, r.workers, cluster, bar)
            except KeyboardInterrupt as exc:  # stopped while checking again: the best so far, unchecked
                stopped = exc
        if stopped is not None:
            passing = search.eligible(found)
            chosen = passing[0] if passing else None
            verified = chosen.check if chosen is not None else None
    written = write_all(search, Path(r.out), r.command(game.name), found, chosen, verified, stopped is not None)
    if chosen is not None and not r.no_booklets and stopped is None and game.has_kit():
        written.append(booklets(game, Path(r.out)))
    if r.as_json:
        best = best_of(found)
        say(out(json.dumps({"game": game.name, "seed": r.seed, "knobs": [k.text() for k in chosen_knobs],
                            "stopped": stopped is not None, "chosen": chosen.number if chosen else None,
                            "best": best.number if best else None,
                            "verified": verified.summary() if verified is not None else None,
                            "rechecked": [{"trial": t.number, "summary": c.summary(), "outcome": c.outcome}
                                          for t, c in rechecked],
                            "written": [str(p) for p in written],
                            "trials": [t.to_json() for t in found]}, indent=2), raw=True))
    elif not r.quiet:
        for line in summary_lines(found, chosen, verified, written):
            say(out(line))
    if stopped is not None:
        why, code = stop_report(stopped)
        say(err(f"cardgen: tune: {why} after {count(len(found), 'trial')} of {r.trials}; "
                + (f"wrote the best so far, trial {chosen.number}, to {r.out}" if chosen else "no trial passed yet")))
        return code
    if chosen is None:
        best = best_of(found)
        why = (f"the best, trial {best.number}, {best.score.outcome}: "
               + (best.error or (best.check.exit_line() or best.check.summary() if best.check else ""))) if best else ""
        if rechecked:
            why = recheck_text(search, rechecked)
        say(err(f"cardgen: tune: no set passed every check in {count(len(found), 'trial')} ({why}); "
                f"wrote only {written[0]} and {written[1]}"))
        return 1
    return 0
