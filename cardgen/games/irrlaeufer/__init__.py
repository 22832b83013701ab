"""Irrläufer (Georg Rönnau): board settings, rules engine, records and consistency checks.

Modules: `components` (sides, sticks, board settings and their TOML loader), `grid` (groove
indices), `position` (what lies on the board), `maze` (phase 1), `sliding` and `movement`
(phase 2), `moves` (move values, record JSON, the rule-id table), `rules` (IrrState, the
GameState implementation), `record` (writing game records), `consistency` (the `check` statements).
"""

from __future__ import annotations

from cardgen.games.irrlaeufer.components import Dir, IrrBoard, Side, Stick
from cardgen.games.irrlaeufer.consistency import Finding, check_board, lay_proof
from cardgen.games.irrlaeufer.moves import (ENDINGS, RULES, EndTurn, Go, IrrMove, Lay, Slide, Turn,
                                            group_turns)
from cardgen.games.irrlaeufer.record import make_record
from cardgen.games.irrlaeufer.hooks import Outcome
from cardgen.games.irrlaeufer.rules import IrrState, new_game

__all__ = ["Dir", "IrrBoard", "Side", "Stick", "Finding", "check_board", "lay_proof", "ENDINGS",
           "RULES", "EndTurn", "Go", "IrrMove", "Lay", "Slide", "Turn", "group_turns",
           "make_record", "IrrState", "Outcome", "new_game"]
