"""Schlangennest rules (docs/rulings.md (Schlangennest)): the public entry points of the rules engine.

The rules live in a few small modules: `config` (options, variants, card tables), `chains`
(the board: laid cards, their parts and chains, kept incrementally), `position` (the board with
the hands and the seat to move, which the helpers read), `legality` (the after-the-move rules of
laying a card, on the fast path), `reopen` (loops: turns and the tail swap; the curve guard),
`verify` (the invariants checked after every move in tests), `state` (turn order, move
generation, checking, JSON) and `frames` (the pre-laid frame variants).
Rule identifiers are in `ruleids.Rule`. This module imports none of click, reportlab, cairosvg,
svgwrite, cardgen.art or cardgen.print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.config import (VARIANT_PLAYERS, VARIANTS, NestOptions, NestTables,
                                                make_rules, options_from_json, recommended_area)
from cardgen.games.schlangennest.moves import MoveKind, NestMove, pass_move, place, swap, turn
from cardgen.games.schlangennest.ruleids import EXPLANATIONS, Rule
from cardgen.games.schlangennest.state import NestState


def new_game(options: dict[str, Any] | NestOptions, game_set: NestSet | str | Path | None = None,
             seed: int | None = None) -> NestState:
    """The opening position for record-style `options` (or a NestOptions), with the set
    `game_set` (a set value, or the file to read; the built-in standard set when None).
    DataError if the options are wrong.
    `seed` is accepted for the shared interface and unused: Schlangennest deals no chance."""
    if not isinstance(options, NestOptions):
        options = options_from_json(options, game_set)
    return NestState(make_rules(options))


__all__ = ["new_game", "NestState", "NestMove", "MoveKind", "NestOptions", "NestTables", "Rule",
           "EXPLANATIONS", "VARIANTS", "VARIANT_PLAYERS", "place", "turn", "swap", "pass_move",
           "options_from_json", "recommended_area"]
