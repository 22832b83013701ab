"""The baseline of schlangennest: the default set's turns per player, the hard criteria it fails and
those it leaves undecided between fine and failing, per player count and variant, with how
badly (figure, low, high: cardgen.check.criteria.badness) (cardgen.check.baseline). Written by
`make baselines` (`cardgen check --write-baselines`) with the report player; do not edit by
hand, run it again."""

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

UNDECIDED: dict[str, tuple[str, ...]] = {
    '2p base': ('fair',),
    '2p open-area': ('fair',),
    '2p two-snakes': ('fair',),
    '3p base': ('fair',),
    '4p base': ('fair',),
}

FIGURES: dict[str, dict[str, tuple[float, float, float]]] = {
    '2p base': {'fair': (0.1225, 0.0536, 0.1868)},
    '2p frame-snake': {'fair': (0.5, 0.4812, 0.5)},
    '2p open-area': {'fair': (0.12, 0.0511, 0.1844)},
    '2p tail-first': {'degenerate': (1.0, 0.9812, 1.0), 'fair': (0.5, 0.4812, 0.5)},
    '2p two-snakes': {'fair': (0.065, 0.0, 0.1318)},
    '2p two-snakes-single': {'degenerate': (1.0, 0.9812, 1.0), 'fair': (0.5, 0.4812, 0.5)},
    '3p base': {'fair': (0.1117, 0.0492, 0.1637)},
    '3p frame-snake': {'fair': (0.1592, 0.0907, 0.2279)},
    '3p open-area': {'fair': (0.1508, 0.0915, 0.1982)},
    '3p tail-first': {'degenerate': (1.0, 0.9812, 1.0), 'fair': (0.6667, 0.6478, 0.6667)},
    '4p base': {'fair': (0.1275, 0.0748, 0.166)},
    '4p open-area': {'fair': (0.1633, 0.1161, 0.1949)},
    '4p tail-first': {'degenerate': (1.0, 0.9812, 1.0), 'fair': (0.75, 0.7312, 0.75)},
}
