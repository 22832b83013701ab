"""The use cases the command line calls, each also a library function: the check with its
output and recommendations, variants, tune with its objective, match, replay, saved games and
the browser table's session and server (`play/`). They take a `Game` (and a `Registry`) as an
argument and never import a game package."""
