"""Irrläufer (Georg Rönnau): board settings, rules engine, records and consistency checks.

Modules: `components` (sides, sticks, board settings and their TOML loader), `grid` (groove
indices), `position` (what lies on the board), `maze` (phase 1), `sliding` and `movement`
(phase 2), `moves` (move values, record JSON, the rule-id table), `rules` (IrrState, the
GameState implementation), `record` (writing game records), `consistency` (the `check` statements).
"""

from __future__ import annotations

import importlib
from typing import Any

# The package names its parts lazily (PEP 562): the board art imports `components` and must not
# load the rules on the way (DESIGN.md: rendering never imports rules).
_HOME = {
    "Dir": "components", "IrrBoard": "components", "Side": "components", "Stick": "components",
    "Finding": "consistency", "check_board": "consistency", "lay_proof": "consistency",
    "ENDINGS": "moves", "RULES": "moves", "EndTurn": "moves", "Go": "moves", "IrrMove": "moves",
    "Lay": "moves", "Slide": "moves", "Turn": "moves", "group_turns": "moves",
    "make_record": "record", "Outcome": "hooks", "IrrState": "rules", "new_game": "rules",
}

__all__ = list(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
