"""`cardgen variant` without the command line: make a variant set file from options, check it
and write it only when it passes (a temporary name, renamed at the end; nothing left behind).

The check is `cardgen check`'s: completeness (the loader, the set's findings, Irrläufer's stick
proof) and a quick playability run with the game's report player on every configuration the set
offers, judged by the verdict (cardgen.engine.verdict): a failed hard criterion refuses the set,
the soft ones are findings.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.checkrun import GameCheck, run_check
from cardgen.errors import CardgenError, DataError
from cardgen.print.files import names_target

if TYPE_CHECKING:
    from cardgen.game import Game

QUICK_GAMES = 30
"""Seeded games per configuration of the quick check."""


def variant_text(game: Game[Any], options: dict[str, Any], others: Iterable[Game[Any]] = ()) -> str:
    """The set file text for `game` from the command line's `options` (None = not given);
    DataError for an option only `others` take, or an impossible request."""
    if not game.variant_options:
        raise DataError("GAME", f"no variants for {game.name!r}")
    for key, value in options.items():
        if value is not None and key not in game.variant_options:
            takers = [g.name for g in others if key in g.variant_options]
            raise DataError(f"--{key}", f"is not an option of {game.name} variants"
                                        + (f" (it is one of {', '.join(takers)})" if takers else ""))
    return game.variant_text(options)


def write_checked(game: Game[Any], text: str, out: Path, games: int | None = None, seed: int = 0,
                  workers: int | None = None,
                  progress: Callable[[int], Callable[[int], None]] | None = None,
                  cluster: str | None = None) -> GameCheck:
    """Check the set `text` and write it to `out` only if the check passes (complete, and no
    hard criterion of a verdict fails); DataError naming `out` and the first reason otherwise
    (and no file written). The games are played by the game's report player; `games` per
    configuration defaults to `QUICK_GAMES`, or the game's own default when that is fewer."""
    if games is None:
        games = min(QUICK_GAMES, game.default_games)
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
        try:
            (check,) = run_check([game], tmp, games, 0, None, None, seed, workers, progress, cluster=cluster)
        except CardgenError as exc:
            raise DataError(str(out), _refusal(str(exc), tmp, out)) from None
        failures = check.failures()
        if failures:
            raise DataError(str(out), _refusal(failures[0], tmp, out))
        with names_target(out):
            os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return dataclasses.replace(check, path=str(out))


def _refusal(reason: str, tmp: str, out: Path) -> str:
    """The check's reason, naming `out` instead of the temporary file (once)."""
    text = reason.replace(tmp, str(out))
    if text.startswith(f"{out}: "):
        text = text[len(str(out)) + 2:]
    return f"refused: {text}"
