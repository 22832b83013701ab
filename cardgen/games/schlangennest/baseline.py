"""The baseline of schlangennest: the default set's turns per player and the hard criteria it fails,
per player count and variant (cardgen.engine.baseline). Written by `make baselines`
(`cardgen check --write-baselines`) with the report player; do not edit by hand, run it again."""

PLAYER = 'sensible'
GAMES = 200
SEED = 0

TURNS: dict[str, float] = {
    '2p base': 12.9,
    '2p frame': 13.4,
    '2p frame-snake': 6.39,
    '2p open-area': 18.01,
    '2p tail-first': 8.69,
    '2p two-snakes': 7.42,
    '2p two-snakes-single': 10.12,
    '3p base': 12.37,
    '3p frame-snake': 7.96,
    '3p open-area': 17.87,
    '3p tail-first': 7.75,
    '4p base': 12.6,
    '4p open-area': 17.69,
    '4p tail-first': 7.25,
}

FAILS: dict[str, tuple[str, ...]] = {
    '2p tail-first': ('degenerate',),
    '3p tail-first': ('degenerate',),
    '4p tail-first': ('degenerate',),
}
