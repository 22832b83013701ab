"""Irrläufer (Georg Rönnau): the board game of a sliding maze and four castles.

`game.Irrlaeufer` is the registry's entry; the package follows the shape described in
`cardgen.games`. Its own modules: `grid` (groove indices), `position` (what lies on the board),
`maze` (phase 1), `sliding` and `movement` (phase 2), `hooks` (the optional GameState
behaviours), `record` (writing game records), `consistency` (the `check` statements), and the
art: `board_art`, `parts_art`, `digits`. Importing the package loads nothing: the board art
never loads the rules.
"""
