"""The games, one package each, all of the same shape (like OpenSpiel's game modules).

`cardgen/games/<game>/` holds everything of one game and nothing of another:

| module | role |
|---|---|
| `__init__.py` | names the package's `Game` subclass (and nothing that loads the rules or the art) |
| `game.py` | the `cardgen.game.Game` subclass: the game's facts and the entry to each part below |
| `components.py` | the set model (frozen dataclasses) and its TOML loader, on `cardgen.sets` |
| `rules.py` | the rules: the `GameState` subclass and `new_game(options, set_path, seed)` (Schlangengrube keeps `new_game` in `deal.py`, beside the tile catalogue every state shares) |
| `moves.py` | the move values and their game-record JSON |
| `ruleids.py` | `Rule`, the enum of the stable ids a refused move carries |
| `render.py` | the game's faces (SVG) for the print kit, on `cardgen.art` |
| `kit.py` | the print kit as data: `plan(set, spec)` returns the `cardgen.kit.plan.KitPlan` (components, own sheet files, booklet) the kit pipeline writes |
| `booklet.py` | the booklets' numbers and diagrams (`CONTENT` for `cardgen.booklet.build`) |
| `check.py` | completeness against the original and the report's lines (configurations) |
| `generator.py` | the set-file generator: the text `cardgen variant` writes, and its options (`OPTIONS`, `cardgen.sets.SetOption`) |

Besides these a game keeps its own internal modules (Schlangennest: `config`, `chains`, `position`,
`legality`, `reopen`, `state`, `frames`; Schlangengrube: `deal`, `table`, `options`, `scoring`,
`state_json`; Irrläufer: `grid`, `position`, `maze`, `sliding`, `movement`, `hooks`,
`consistency`, `board_art`, `parts_art`, `digits`).

Rules (`components`, `rules`, `moves`, `ruleids` and what they import) never import click,
reportlab, cairosvg, svgwrite, `cardgen.art` or `cardgen.print`; the shared layers below the games
(`cardgen.sets`, `engine`, `art`, `print`, `booklet`, `kit`) never import a game. Only
`cardgen.registry` lists the games; a new game is a new folder here and one line there.
"""
