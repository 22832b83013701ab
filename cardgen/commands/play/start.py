"""Making the session `cardgen play` serves: a new game from the command line's options, or a
game record opened to step through (`--replay`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.commands.outcome import Line, Say, err
from cardgen.commands.play.session import HUMAN, Refusal, Session, parse_seats
from cardgen.commands.replay import load_record, replay_record
from cardgen.errors import DataError, UsageMistake, as_usage
from cardgen.game import Game, Registry
from cardgen.inputs import inside_folder
from cardgen.table.model import Table
from cardgen.table.wording import wording


def table_of(game: Game[Any], game_set: Any) -> Table[Any]:
    """The game's table page for the set `game_set` (a set value, or the file to read; the
    default set when None)."""
    table = game.table(game.set_value(game_set))
    if table is None:
        raise DataError("GAME", f"{game.name} has no table page to play in the browser")
    return table


def new_session(game: Game[Any], set_path: str | None, seats: str | None, seed: int,
                game_set: Any = None) -> Session:
    """A new game of `game` with `seats` (default: a person against the ladder's search rung),
    on `game_set` when the caller read the set file already."""
    table = table_of(game, set_path if game_set is None else game_set)
    text = seats if seats is not None else f"{HUMAN},{game.ladder().search}"
    chosen = parse_seats(text, game, game.player_range(table.game_set))
    resolved = None if set_path is None else Path(set_path).resolve()
    return Session(game, table, table.options(len(chosen)), chosen, resolved, seed)


def replay_session(games: Registry, path: str) -> Session:
    """The record at `path` opened to step through: every move up to the first one the rules
    refuse (that refusal shown), or DataError naming the file for a malformed record."""
    data = load_record(path)
    result = replay_record(data, games, Path(path).parent, path)
    game = games.get(data["game"])
    set_path = data.get("set")
    resolved = None if set_path is None else inside_folder(Path(path).parent, set_path, f"{path}: set")
    table = table_of(game, result.game_set)
    players = result.state.num_players if result.state is not None else 0
    session = Session(game, table, data["options"], ("record",) * players, resolved, None,
                      data["moves"][:result.applied], replay=True)
    if result.error is not None:
        err = result.error
        session.refusal = Refusal(err["rule"], f"moves[{err['move']}]: {err['message']}",
                                  wording(game.name, err["rule"], table.wording_values()))
    return session


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """`cardgen play`'s options as given (docs/cli.md): a new game of `game` (by name) with
    `seats` as typed, or the game `record` to step through."""

    game: str | None = None
    set_path: str | None = None
    seats: str | None = None
    seed: int = 0
    host: str = "127.0.0.1"
    port: int = 8765
    no_open: bool = False
    delay: float = 0.5
    record: str | None = None


def run(request: PlayRequest, registry: Registry, say: Say) -> int:
    """`cardgen play`: serve the session until stopped (Ctrl-C), saying its address."""
    from cardgen.commands.play.server import serve

    r = request
    if not r.host.strip() or r.host != r.host.strip():
        raise UsageMistake("--host", f"{r.host!r} is not an address; give one, such as 127.0.0.1")
    if r.record is not None:
        if r.game is not None or r.set_path is not None or r.seats is not None:
            raise UsageMistake("", "--replay opens a record on its own: give no GAME, --set or --seats")
        session = replay_session(registry, r.record)
    else:
        if r.game is None:
            raise UsageMistake("", "name the GAME to play (or --replay RECORD.json)")
        with as_usage():
            game = registry.get(r.game)
        # a bad set file is bad input (exit 1), not a usage mistake; read once, here
        game_set = game.load_set(r.set_path) if r.set_path is not None else None
        with as_usage():
            session = new_session(game, r.set_path, r.seats, r.seed, game_set)
    serve(session, r.host, r.port, not r.no_open, r.delay, lambda text: say(Line(text, raw=True)),
          lambda text: say(err(text)))
    return 0
