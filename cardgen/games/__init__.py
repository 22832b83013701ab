"""The games, one package each, all of the same shape (like OpenSpiel's game modules).

`cardgen/games/<game>/` holds everything of one game and nothing of another:

| module | role |
|---|---|
| `__init__.py` | names the package's `Game` subclass (and nothing that loads the rules or the art) |
| `game.py` | the `cardgen.game.Game` subclass: the game's facts and the entry to each part below |
| `components.py` | the set model (frozen dataclasses) and its TOML loader, on `cardgen.sets` |
| `position.py` | the position as data (what lies on the table, the hands, the seat to move) with no rules: what the rules' helpers, the state's JSON and its invariants read without calling back into the rules |
| `rules.py` | the rules: the state (the `cardgen.engine.base.GameState` subclass) and `new_game(options, game_set, seed)`, the opening for a record's options on a set (the set value, read once where the command starts; a file name is read; dealt by a seed where the game has chance) that the `Game`'s `new_state` returns |
| `moves.py` | the move values and their game-record JSON |
| `ruleids.py` | `Rule`, the enum of the stable ids a refused move carries |
| `render.py` | the game's faces (SVG) for the print kit, on `cardgen.art` |
| `kit.py` | the print kit as data: `plan(set, spec)` returns the `cardgen.kit.plan.KitPlan` (components, own sheet files, booklet) the kit pipeline writes |
| `booklet.py` | the booklets' numbers and diagrams (`CONTENT` for `cardgen.booklet.build`) |
| `check.py` | completeness against the original and the report's lines (configurations) |
| `generator.py` | the set-file generator: the text `cardgen variant` writes, and its options (`OPTIONS`, `cardgen.sets.SetOption`) |
| `baseline.py` | the original set's own figures, written by `make baselines` (optional) |
| `strategy.py` | the game's own players of its ladder (optional; Irrläufer adds `players.py`) |
| `table_page.py` | the browser table of `cardgen play`, its styles in `static/` (optional) |

Besides these a game keeps its own internal modules (Schlangennest: `config`, `chains`,
`legality`, `reopen`, `verify`, `frames`, `card_words`; Schlangengrube: `setup`, `table`,
`options`, `scoring`, `state_json`; Irrläufer: `grid`, `maze`, `runs`, `sliding`, `movement`,
`hooks`, `consistency`, `reference`, `record`, `board_art`, `parts_art`, `digits`, `kit_layout`,
`native_core`, `cores`), and each of the three its optional compiled core `_core.c`
(`cardgen.native`).

One way for each fact in every game: a rule variant is its name (the command line's and the
records'), listed in a tuple `VARIANTS` (`GameInfo.variants`) and kept in the options as a
frozenset of names; a rule parameter is a field of the rules dataclass declared with
`cardgen.sets.rule`, and `RULE_PARAMS` (`GameInfo.rules`) is read from it; every game passes
the conformance harness `cardgen.engine.conformance.random_sim_test` (the generic tests run it).

Rules (`components`, `position`, `rules`, `moves`, `ruleids` and what they import) never import click,
reportlab, cairosvg, svgwrite, `cardgen.art` or `cardgen.print`; the shared layers below the games
(`cardgen.sets`, `engine`, `art`, `print`, `booklet`, `kit`) never import a game. Only
`cardgen.registry` lists the games; a new game is a new folder here and one line there.

Outside its package a game has one folder, `templates/<game>/`: its default set
`standard.toml`, its booklet texts `rules-de.txt` and `rules-en.txt` (`cardgen.booklet.markup`,
every rule id of `Rule` explained in a paragraph of each) and any example records `*.json`
(docs/records.md), which the golden-record test replays: each must be legal and finished, and
match its stored result when `tests/engine/golden.json` lists it. A game's parts beyond the
rules (a kit, booklets, diagrams, a baseline, a ladder of its own, a section of
docs/rulings.md) are declared by what its `Game` gives; the generic tests (those iterating
`cardgen.registry.GAMES`) run each that a game has and skip, visibly, each it has not.

Adding a game, as `tests/test_new_game_recipe.py` does with the toy game of the tests
(`tests/toy_game/`, a package of this shape with relative imports only):

1. copy the package to `cardgen/games/<game>/` (its `templates/` subfolder left out);
2. copy its templates to `templates/<game>/`;
3. in `cardgen/registry.py`, import its `Game` subclass
   (`from cardgen.games.toy.game import Toy`) and add an instance to `GAMES` (`Toy()`).

Then `cardgen list` shows it, `cardgen build <game>`, `cardgen check <game>` and `cardgen
replay templates/<game>/example.json` work, and the whole test suite passes, with no other
change: packages are found (setup.py), templates are installed by pattern (pyproject.toml).
"""
