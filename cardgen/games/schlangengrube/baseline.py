"""The baseline of schlangengrube: the default set's turns per player, the hard criteria it fails and
those it leaves undecided between fine and failing, per player count and variant, with how
badly (figure, low, high: cardgen.check.criteria.badness) (cardgen.check.baseline). Written by
`make baselines` (`cardgen check --write-baselines`) with the report player; do not edit by
hand, run it again."""

PLAYER = 'careful'
GAMES = 200
SEED = 0

TURNS: dict[str, float] = {
    '2p base': 13.5,
    '2p double-markers': 13.5,
    '2p secret-colour': 13.5,
    '3p base': 9.33,
    '3p double-markers': 9.33,
    '3p secret-colour': 9.33,
    '4p base': 7.0,
    '4p double-markers': 7.0,
    '4p secret-colour': 7.0,
}

FAILS: dict[str, tuple[str, ...]] = {
}

UNDECIDED: dict[str, tuple[str, ...]] = {
    '3p base': ('fair',),
    '3p double-markers': ('fair',),
    '3p secret-colour': ('fair',),
    '4p base': ('fair',),
    '4p secret-colour': ('fair',),
}

FIGURES: dict[str, dict[str, tuple[float, float, float]]] = {
    '3p base': {'fair': (0.0933, 0.0268, 0.1626)},
    '3p double-markers': {'fair': (0.1217, 0.0541, 0.1909)},
    '3p secret-colour': {'fair': (0.0517, 0.0, 0.1207)},
    '4p base': {'fair': (0.0758, 0.0173, 0.1221)},
    '4p secret-colour': {'fair': (0.0925, 0.0356, 0.1365)},
}
