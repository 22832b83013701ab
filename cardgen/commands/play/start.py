"""Making the session `cardgen play` serves: a new game from the command line's options, or a
game record opened to step through (`--replay`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.commands.replay import load_record, replay_record
from cardgen.errors import DataError
from cardgen.game import Game, Registry
from cardgen.inputs import inside_folder
from cardgen.commands.play.session import HUMAN, Refusal, Session, parse_seats
from cardgen.table.model import Table
from cardgen.table.wording import wording


def table_of(game: Game[Any], set_path: str | Path | None) -> Table[Any]:
    """The game's table page for the set at `set_path` (the default set when None)."""
    table = game.table(game.load_set(set_path))
    if table is None:
        raise DataError("GAME", f"{game.name} has no table page to play in the browser")
    return table


def new_session(game: Game[Any], set_path: str | None, seats: str | None, seed: int) -> Session:
    """A new game of `game` with `seats` (default: a person against the ladder's search rung)."""
    table = table_of(game, set_path)
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
    table = table_of(game, resolved)
    players = result.state.num_players if result.state is not None else 0
    session = Session(game, table, data["options"], ("record",) * players, resolved, None,
                      data["moves"][:result.applied], replay=True)
    if result.error is not None:
        err = result.error
        session.refusal = Refusal(err["rule"], f"moves[{err['move']}]: {err['message']}",
                                  wording(game.name, err["rule"], table.wording_values()))
    return session
