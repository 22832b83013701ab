"""`cardgen variant` without the command line: make a set file from a game's generator options,
check it and write it only when it passes (a temporary name, renamed at the end; nothing left
behind). ("Variant" in the code means a rule variant; the command keeps its name.)

The check is `cardgen check`'s, with the same verdict and sampling: completeness (the loader,
the set's findings, Irrläufer's stick proof), then every configuration the set offers played by
the game's report player in rounds until its hard criteria are decided or the ceiling is reached
(cardgen.check.verdict). A set with a failing configuration is refused, and so is one with an
inconclusive configuration unless the caller allows it; the refusal lists every failing and
undecided configuration with its criteria. The soft criteria are findings.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.check.rounds import Progress
from cardgen.commands.checkrun import CheckRun, GameCheck, run_check
from cardgen.commands.outcome import Say, err, out
from cardgen.errors import CardgenError, ClusterError, DataError, as_usage, named
from cardgen.print.files import names_target
from cardgen.words import count

if TYPE_CHECKING:
    from cardgen.game import Game, Registry

def check_options(game: Game[Any], options: Mapping[str, Any], others: Iterable[Game[Any]] = ()) -> None:
    """DataError for what is wrong with the command line's set options on their own (a usage
    error): a game that makes no sets, an option `game` does not take (naming those of `others`
    that do), a number outside its option's range. What no set can meet is found later."""
    if game.generator is None:
        raise DataError("GAME", f"cardgen makes no sets of {game.name!r}")
    known = {o.name: o for o in game.set_options}
    for key, value in options.items():
        if value is None:
            continue
        option = known.get(key)
        if option is None:
            takers = [g.name for g in others if any(o.name == key for o in g.set_options)]
            raise DataError(f"--{key}", f"is not an option of {game.name} sets"
                                        + (f" (it is one of {', '.join(takers)})" if takers else ""))
        if option.low is not None and option.high is not None and not option.low <= value <= option.high:
            raise DataError(f"--{key}", f"{value} is outside {option.low}-{option.high} for {game.name}")


@dataclass(frozen=True, slots=True)
class Written:
    """What `write_checked` wrote: the check (None when the set could not even be checked) and,
    for a set written with `force` although refused, the reason it was refused."""

    check: GameCheck | None
    refused: str | None = None


def write_checked(game: Game[Any], text: str, out: Path, games: int | None = None, seed: int = 0,
                  workers: int | None = None, progress: Progress | None = None,
                  cluster: str | None = None, allow_inconclusive: bool = False,
                  skill_games: int | None = None, force: bool = False,
                  on_refused: Callable[[GameCheck], None] | None = None) -> Written:
    """Check the set `text` as `cardgen check` does and write it to `out` only if it passes
    (complete, and every configuration passes; an inconclusive one too when
    `allow_inconclusive`); DataError naming `out` and every reason otherwise (and no file
    written). With `force` a refused set is written all the same, with a comment block at its
    top naming the reasons (`forced_header`). `games` is the ceiling (default: the game's),
    `skill_games` the skill trace's games per line (default: the game's). A failing cluster
    (ClusterError) is never the set's fault: it is raised as it is. `on_refused` hears of the
    check of a set refused for its verdict, while the set is still on disk (the recommendations'
    sweep of `cardgen variant`)."""
    if out.suffix != ".toml":
        raise DataError(str(out), "a set file's name ends in .toml")
    if out.is_dir():
        raise DataError(str(out), "is a folder; give the file to write")
    with names_target(out):
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{out.stem}-", suffix=".toml", dir=out.parent)
    try:
        with names_target(out), os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a set file is an ordinary file
        check: GameCheck | None = None
        try:
            (check,) = run_check(CheckRun((game,), tmp, games, skill_games, seed=seed, workers=workers,
                                          cluster=cluster), progress)
        except ClusterError:
            raise  # the scheduler failed, not the set
        except CardgenError as exc:
            refused: str | None = _refusal(str(exc), tmp, out)
        else:
            refused = _refused(check, allow_inconclusive, tmp, out)
            if refused is not None and on_refused is not None and check.failures():
                on_refused(check)
        if refused is not None and not force:
            raise DataError(str(out), refused)
        with names_target(out):
            if refused is not None:
                Path(tmp).write_text(forced_header(refused) + text, encoding="utf-8")
            os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Written(dataclasses.replace(check, path=str(out)) if check is not None else None, refused)


def _refused(check: GameCheck, allow_inconclusive: bool, tmp: str, out: Path) -> str | None:
    """Why the checked set is refused ("refused: …"), None when it is not."""
    if check.failures():
        return _refusal(check.exit_line(), tmp, out)
    undecided = [v for v in check.verdicts if v.undecided()]
    if undecided and not allow_inconclusive:
        names = ", ".join(f"{v.config} ({', '.join(c.name for c in v.undecided())})" for v in undecided)
        return _refusal(f"{check.name}: {len(undecided)} of {len(check.verdicts)} configurations inconclusive: "
                        f"{names} (--allow-inconclusive writes it)", tmp, out)
    return None


def forced_header(refused: str) -> str:
    """The comment block at the top of a set `variant --force` wrote although its check refused
    it: the refusal, its criteria wrapped at word boundaries, and how to check it again."""
    import textwrap

    reason = refused.removeprefix("refused: ").removesuffix(" (--allow-inconclusive writes it)")
    lines = ["# NOT A CHECKED SET: `cardgen variant` refused this set and wrote it only because of --force.",
             "# The check's reasons (failing or undecided configurations, with their criteria):"]
    lines += textwrap.wrap(reason, width=96, initial_indent="#   ", subsequent_indent="#   ",
                           break_long_words=False, break_on_hyphens=False)
    lines += ["# Check it again with `cardgen check --set THIS-FILE`; remove this block once it passes.", ""]
    return "\n".join(lines) + "\n"


def _refusal(reason: str, tmp: str, out: Path) -> str:
    """The check's reasons, naming `out` instead of the temporary file (once)."""
    text = reason.replace(tmp, str(out))
    if text.startswith(f"{out}: "):
        text = text[len(str(out)) + 2:]
    return f"refused: {text}"


@dataclass(frozen=True, slots=True)
class VariantRequest:
    """`cardgen variant`'s options as given (docs/cli.md): the `game` by name, the set file `out`,
    the generator's `options` by name (None: not given), `ceiling` the `--games` option."""

    game: str
    out: str
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    ceiling: int | None = None
    skill_games: int | None = None
    allow_inconclusive: bool = False
    force: bool = False
    seed: int = 0
    workers: int | None = None
    cluster: str | None = None
    quiet: bool = False


def run(request: VariantRequest, registry: Registry, say: Say) -> int:
    """`cardgen variant`: make the set, check it, write it when it passes (or with `force`), and
    say what was written and what its check found; the recommendations when it fails."""
    from cardgen.check.report import progress_bar
    from cardgen.commands import recommend
    from cardgen.commands.given import cluster_address

    r = request
    named("--out", r.out)
    cluster = cluster_address(r.cluster)
    options = dict(r.options)
    with as_usage():  # the options alone are wrong: no file is read to know it
        chosen = registry.get(r.game)
        if Path(r.out).suffix != ".toml":
            raise CardgenError(r.out, "a set file's name ends in .toml")
        check_options(chosen, options, registry)
        text = chosen.set_text(options)

    def advise(check: GameCheck) -> None:
        bar.progress.update(bar.task, description="variant: trying changes")
        found = recommend.for_variant(chosen, check, text, options, r.seed, r.workers, bar, cluster)
        bar.progress.stop()
        if found and not r.quiet:
            say(out("recommendations (one option or rule changed, the failing configuration played again):"))
            for line in recommend.lines(found, chosen.name):
                say(out("  " + line))

    with progress_bar("variant check: games", not r.quiet) as bar:
        written = write_checked(chosen, text, Path(r.out), r.ceiling, r.seed, r.workers, bar, cluster,
                                r.allow_inconclusive, r.skill_games, r.force, advise)
    if written.refused is not None:
        say(err(f"cardgen: warning: {r.out}: written with --force although {written.refused}"))
    if not r.quiet:
        for line in summary(written.check, r.out):
            say(out(line))
    return 0


def summary(check: GameCheck | None, written: str) -> list[str]:
    """What `cardgen variant` says of the set it wrote: its name, its notes, its check's figures
    and findings."""
    if check is None:
        return [f"wrote {written}"]
    rows = check.main_rows
    played = sum(int(r["games"]) for r in rows)
    lines = [f"wrote {written}: {check.set_name}", *(f"  note: {f.text}" for f in check.findings),
             f"  checked: {'complete' if check.complete else 'incomplete'}; {count(len(rows), 'configuration')}, "
             f"{count(played, 'game')}, {check.player} players; {check.summary()}"]
    lines += [f"  finding about the game: {text}" for text in check.shared_failures()]
    lines += [f"  inconclusive: {text}" for text in check.inconclusive()]
    lines += [f"  finding: {text}" for text in (*check.unused, *check.verdict_findings())]
    return lines
