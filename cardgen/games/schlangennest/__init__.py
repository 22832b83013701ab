"""Schlangennest (Günter Cornett, Bambus Spieleverlag 1995): the card game of snakes.

`game.Schlangennest` is the registry's entry; the package follows the shape described in
`cardgen.games` (`rules`: the state, its turn order, move generation, checking and JSON, and
`new_game`). Its own modules: `config` (options, variants, card tables), `chains` (laid
cards and chains, kept incrementally), `position` (what the helpers read), `legality` (the
after-the-move rules of laying a card), `reopen` (loops: turns and the tail swap; the curve
guard), `frames` (the pre-laid frame variants), and `verify` (invariants).
The developer's contact sheet of the faces is `tools/preview_faces.py`, outside the package.
Importing the package loads nothing.
"""
