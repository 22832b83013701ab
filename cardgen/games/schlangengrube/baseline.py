"""The baseline of schlangengrube: the default set's turns per player and the hard criteria it fails,
per player count and variant (cardgen.check.baseline). Written by `make baselines`
(`cardgen check --write-baselines`) with the report player; do not edit by hand, run it again."""

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
