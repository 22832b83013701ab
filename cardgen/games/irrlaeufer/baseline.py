"""The baseline of irrlaeufer: the default set's turns per player, the hard criteria it fails and
those it leaves undecided between fine and failing, per player count and variant, with how
badly (figure, low, high: cardgen.check.criteria.badness) (cardgen.check.baseline). Written by
`make baselines` (`cardgen check --write-baselines`) with the report player; do not edit by
hand, run it again."""

PLAYER = 'castle'
GAMES = 200
SEED = 0

TURNS: dict[str, float] = {
    '2p base': 199.36,
}

FAILS: dict[str, tuple[str, ...]] = {
    '2p base': ('degenerate',),
}

UNDECIDED: dict[str, tuple[str, ...]] = {
    '2p base': ('fair',),
}

FIGURES: dict[str, dict[str, tuple[float, float, float]]] = {
    '2p base': {'degenerate': (0.19, 0.1417, 0.25), 'fair': (0.1, 0.0308, 0.1654)},
}
