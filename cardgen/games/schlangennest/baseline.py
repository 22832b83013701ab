"""The baseline of schlangennest: the default set's turns per player and the hard criteria it fails,
per player count and variant (cardgen.engine.baseline). Written by `make baselines`
(`cardgen check --write-baselines`) with the report player; do not edit by hand, run it again."""

PLAYER = 'sensible'
GAMES = 200
SEED = 0

TURNS: dict[str, float] = {
    '2p base': 12.8,
    '2p frame': 13.52,
    '2p frame-snake': 6.35,
    '2p open-area': 18.04,
    '2p tail-first': 8.91,
    '2p two-snakes': 7.21,
    '2p two-snakes-single': 9.91,
    '3p base': 12.39,
    '3p frame-snake': 8.21,
    '3p open-area': 17.67,
    '3p tail-first': 7.72,
    '4p base': 12.57,
    '4p open-area': 17.8,
    '4p tail-first': 7.31,
}

FAILS: dict[str, tuple[str, ...]] = {
    '2p tail-first': ('degenerate',),
    '3p tail-first': ('degenerate',),
    '4p tail-first': ('degenerate',),
}
