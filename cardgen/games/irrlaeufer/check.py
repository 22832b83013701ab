"""`cardgen check irrlaeufer`: is the board consistent, and do games end?

Consistency is `consistency.check_board`: the board size, pieces on fields 3..13 (odd) of the
first and last rows, castles where RULINGS.md puts them, and the configured number of sticks
proven to fit by laying them all under the phase-1 rules. Playability: `games` seeded games on
the board; each must end by the rules (all four castles, the third repetition, or 100 rounds
without a capture or conquest), and the report counts wins, draws and the ending rule.
"""

from __future__ import annotations

from typing import Any

from cardgen.engine.batch import BatchTask, Finding, game_seed, run_tasks, summarise
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.consistency import check_board

LABELS = ("lay", "slide", "move", "capture", "conquest", "end")
"""Steps counted per game: sticks laid, slides, plain moves, captures, conquests, turns ended
without a move."""


def completeness(board: IrrBoard) -> list[Finding]:
    """Every consistency statement; a statement that does not hold is an error."""
    return [Finding(not f.ok, f"{f.topic}: {f.message}") for f in check_board(board)]


def total_games(board: IrrBoard, players: tuple[int, ...], games: int) -> int:
    """How many games `playability` plays (Irrläufer is for two players only)."""
    return games if 2 in players else 0


def playability(board: IrrBoard, players: tuple[int, ...], games: int, seed: int, player: str,
                workers: int | None = None, on_done: Any = None, chunk: int = 10) -> list[dict[str, Any]]:
    """Play the board `games` times (two players) and summarise (cardgen.engine.batch.summarise)."""
    if 2 not in players:
        return []
    seeds = [game_seed(seed, 0, i) for i in range(games)]
    tasks = [BatchTask(0, "irrlaeufer", {}, str(board.path), player, tuple(seeds[i:i + chunk]))
             for i in range(0, games, chunk)]
    outcomes = run_tasks(tasks, workers, on_done)
    row: dict[str, Any] = {"config": f"2p {board.columns}x{board.rows}, {board.sticks} sticks",
                           "players": 2, "variant": None}
    row.update(summarise([r for o in outcomes for r in o.results], LABELS))
    row["problems"] = [p for o in outcomes for p in o.problems]
    return [row]
