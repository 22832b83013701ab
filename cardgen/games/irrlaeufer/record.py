"""Irrläufer game records (docs/records.md): writing one from played moves.

Records are replayed by the shared `cardgen.commands.replay`, as for every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.moves import IrrMove, group_turns, move_to_json


def make_record(moves: Iterable[IrrMove], board: IrrBoard | None = None) -> dict[str, Any]:
    """A game record (docs/records.md) of played moves (engine steps are grouped into whole
    turns); a board with rules of its own names its set file, whose `[rules]` a replay follows."""
    board = board or IrrBoard()
    options: dict[str, Any] = {"rows": board.rows}
    if board.sticks != IrrBoard().sticks:
        options["sticks"] = board.sticks
    record: dict[str, Any] = {"game": "irrlaeufer", "options": options}
    if board.path is not None and not board.rules.is_default:
        record["set"] = str(board.path)  # its [rules] table: a replay plays by them
    record["moves"] = [move_to_json(m) for m in group_turns(moves)]
    return record
