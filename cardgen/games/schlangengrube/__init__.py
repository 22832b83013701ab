"""Schlangengrube ("Snake Pit", Tom Scutt 2002): tile sets as data and the rules engine.

`game.Schlangengrube` is the registry's entry; the package follows the shape described in
`cardgen.games`. Importing the package loads nothing.

- `components`: PitTile/PitSet, the TOML loader and set problems;
- `rules`: PitState (the GameState of cardgen.engine.base): turns, scoring, variants; PitGame
  (a set + options, makes states) and `new_game` (the rules' entry);
- `table`: the incremental table (frontier keys, union-find snakes) the rules run on;
- `moves`: Place/Pass/Turn/Start, the record JSON and the table of rule ids (RULES);
- `options`: players and variants; `scoring`: triangle numbers and completed snakes;
- `state_json`: whole states to JSON and back (records replay through cardgen.commands.replay).

The modules listed above import neither click, reportlab, cairosvg, svgwrite, cardgen.art nor
cardgen.print (tests/test_pit_replay.py checks it in a fresh interpreter).
"""
