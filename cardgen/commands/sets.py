"""`cardgen sets`: a game's built-in set file, printed or written to a new file to edit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.commands.outcome import Line, Say, out
from cardgen.errors import CardgenError, as_usage, named

if TYPE_CHECKING:
    from cardgen.game import Registry


@dataclass(frozen=True, slots=True)
class SetsRequest:
    """`cardgen sets`'s options: the `game` by name, and the new file to write (`out`; None:
    say the file instead)."""

    game: str
    out: str | None = None


def run(request: SetsRequest, registry: Registry, say: Say) -> int:
    """Say the built-in set file of the game as it is, or write it to a new .toml file."""
    from cardgen.print.files import write_bytes_atomic

    game, target = request.game, request.out
    named("--out", target)
    with as_usage():
        chosen = registry.get(game)
        if target is not None and Path(target).suffix != ".toml":
            raise CardgenError(target, "a set file's name ends in .toml")
    data = chosen.default_set_path().read_bytes()
    if target is None:
        say(Line(data.decode("utf-8"), raw=True, newline=False))  # cardgen's own file, shown as it is
        return 0
    if Path(target).exists() or Path(target).is_symlink():
        raise CardgenError(target, "already exists; cardgen sets writes only a new file (remove it or name another)")
    write_bytes_atomic(target, data)
    say(out(f"wrote {target}: the built-in {chosen.name} set; print it with `cardgen build --set {target}`"))
    return 0
