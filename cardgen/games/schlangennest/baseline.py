"""The baseline of schlangennest: the default set's turns per player and the hard criteria it fails,
per player count and variant (cardgen.engine.baseline). Written by `make baselines`
(`cardgen check --write-baselines`) with the report player; do not edit by hand, run it again."""

PLAYER = 'room'
GAMES = 200
SEED = 0

TURNS: dict[str, float] = {
    '2p base': 13.91,
    '2p frame': 15.05,
    '2p frame-snake': 8.5,
    '2p open-area': 17.64,
    '2p tail-first': 8.9,
    '2p two-snakes': 13.29,
    '2p two-snakes-single': 9.86,
    '3p base': 12.92,
    '3p frame-snake': 9.69,
    '3p open-area': 17.34,
    '3p tail-first': 6.47,
    '4p base': 12.74,
    '4p open-area': 16.94,
    '4p tail-first': 5.16,
}

FAILS: dict[str, tuple[str, ...]] = {
    '2p frame-snake': ('fair',),
    '2p tail-first': ('degenerate', 'fair'),
    '2p two-snakes-single': ('degenerate', 'fair'),
    '3p frame-snake': ('fair',),
    '3p open-area': ('fair',),
    '3p tail-first': ('degenerate', 'fair'),
    '4p open-area': ('fair',),
    '4p tail-first': ('degenerate', 'fair'),
}
