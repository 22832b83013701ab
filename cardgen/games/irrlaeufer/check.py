"""`cardgen check irrlaeufer`: is the board consistent, and do games end?

Consistency is `consistency.check_board`: the board size, pieces on fields 3..13 (odd) of the
first and last rows, castles where docs/rulings.md puts them, and the configured number of sticks
proven to fit by laying them all under the phase-1 rules. Playability: up to `games` seeded games
on the board, by default between two `castle` players (strategy.py: the cheap players never reach
a castle, so their games all end in the 100-round draw); each must end by the rules (all four
castles, the third repetition, or 100 rounds without a capture or conquest), and the report
counts wins, draws and the ending rule. The skill trace plays the cheap rungs of the ladder (the
castle player against the sensible one) in both seat orders. A draw by repetition is a deadlock,
one by the hundred rounds a stalemate (`degenerate`). Legal moves are counted (for branching and decisions) in every
MEASURE_EVERY-th game only: the castle player judges a few slides drawn at random without
listing them all, and listing every legal slide is a third of a game's cost.

A game between castle players is some 1000-1500 engine steps (a turn is up to three slides and
a move): about a second with the pure-Python code, a twentieth of one with the compiled core.
"""

from __future__ import annotations

from typing import Any

from cardgen.check.plan import MAIN, Line, skill_lines
from cardgen.engine.base import Finding
from cardgen.engine.degenerate import DEADLOCK, STALEMATE, Degenerate, generic
from cardgen.game import CheckFacts, Game
from cardgen.games.irrlaeufer.components import IrrBoard
from cardgen.games.irrlaeufer.consistency import check_board

LABELS = ("lay", "slide", "move", "capture", "conquest", "end")
"""Steps counted per game: sticks laid, slides, plain moves, captures, conquests, turns ended
without a move."""

KINDS = ("lay", "slide", "move", "capture", "conquest")
"""What the report's use of components counts for the board: every kind of step but the end."""

KIND_NOUN = "kind of step"
"""What the report calls the kinds whose use it counts."""
DEFAULT_GAMES = 1000
"""The ceiling of the check (games of the board) when `check` is not told. With the compiled
core (`_core.c`) a castle player's game is about 0.05 s of CPU (see `make bench`), so the games
that decide the original set's verdict (350, seed 0: docs/check.md) fit the check's minute on
two cores, and a set whose first seat's share lies near the margins has room to be decided.
The pure-Python core plays the same games some fifteen times slower."""
LOOKS = (50, 50)
"""The sequential tests look after 50 games and every 50 more (a look is a round of the pool:
fewer, larger rounds keep both cores busy)."""
DEFAULT_SKILL_GAMES = 6
"""Games per line of the skill trace when `check` is not told (12 with both seat orders:
the castle player wins nearly all of them against the sensible one)."""
MEASURE_EVERY = 4
"""Legal moves are counted in every this many-th game (see the module docstring)."""
_COST, _CHUNK = 100.0, 5
"""Rough milliseconds per game with the compiled core (the pool starts these long games first,
a few per task so the two cores share them evenly)."""



def default_players(board: IrrBoard) -> tuple[int, ...]:
    """Irrläufer is for two players."""
    return (2,)


def kinds(board: IrrBoard) -> list[str]:
    """The kinds of step whose use the report counts (a board has no card kinds)."""
    return list(KINDS)


def move_kind(state: Any, move: Any) -> str | None:
    """The kind of step (`KINDS`), None for ending a turn without a move."""
    label: str = state.move_label(move)
    return label if label in KINDS else None


PASS_LABELS = frozenset({"end"})
"""A turn that only ends (no slide, no move) did nothing."""

FACTS = CheckFacts(LABELS, KIND_NOUN, DEFAULT_GAMES, DEFAULT_SKILL_GAMES, LOOKS, PASS_LABELS, points=False, players="2")
"""The check's facts of this game (`GameInfo.check`): the scores are castles, which say who
won, not by how much (no points)."""

STALEMATE_ENDINGS = frozenset({"hundred-rounds"})
"""Endings by a round limit of the rules: stalemates, not decisions."""
DEADLOCK_ENDINGS = frozenset({"repetition"})
"""Endings by going round in circles (the third repetition) while castles stay to be taken."""


def kind_supply(board: IrrBoard, options: Any) -> dict[str, int]:
    """None: the kinds are kinds of step, which every game may play (each has to be played at all)."""
    return {}


def degenerate(state: Any, active: tuple[int, ...]) -> Degenerate | None:
    """Irrläufer's degenerate games: a *deadlock* is the draw by the third repetition (both
    sides only shuffle while castles stay to be taken), a *stalemate* the draw after the set's
    round limit (100 rounds; `round_limit`) without a capture or conquest (a round limit, not a decision) or the engine's move bound;
    then the generic dead seat."""
    if state.is_terminal():
        if state.ending() in DEADLOCK_ENDINGS:
            return Degenerate(DEADLOCK)
        if state.ending() in STALEMATE_ENDINGS:
            return Degenerate(STALEMATE)
    return generic(state, active)


def completeness(board: IrrBoard) -> list[Finding]:
    """Every consistency statement; a statement that does not hold is an error."""
    return [Finding(not f.ok, f"{f.topic}: {f.message}") for f in check_board(board)]




def rules_label(board: IrrBoard) -> str:
    """The set's own rules for the report's line ("" under the original's)."""
    rules, parts = board.rules, []
    if rules.slide_budget != 3:
        parts.append(f"slide {rules.slide_budget}")
    if rules.round_limit != 100:
        parts.append(f"draw after {rules.round_limit} rounds")
    if rules.capture_own:
        parts.append("own capture")
    return "".join(f", {p}" for p in parts)


def lines(game: Game[Any], board: IrrBoard, players: tuple[int, ...], games: int, player: str, skill_games: int = 0,
          combos: list[frozenset[str]] | None = None) -> list[Line]:
    """The report's lines: the board with `player`, then the skill trace (Irrläufer has no
    rule variants: `combos` is always None)."""
    if 2 not in players:
        return []
    label = f"2p {board.columns}x{board.rows}, {board.sticks} sticks" + rules_label(board)
    info = {"rows": board.rows, "sticks": board.sticks, "variant": None, "main": True}
    main = Line(game, 0, label, player, MAIN, 2, {}, board, games, info, MEASURE_EVERY, _COST, _CHUNK)
    return [main, *skill_lines(game, main, skill_games)]
