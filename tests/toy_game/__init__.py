"""Toy row, the smallest game of the house's shape: numbered tiles lie in a row, two players take
turns taking the tile at either end, and the sum of the tiles taken is the score.

It lives in the tests (`tests/toy_game/`) and is written as a game package of `cardgen/games/`
(relative imports only), so that the recipe of `cardgen.games` can add it to the product by
copying; `game.Toy` is the registry's entry. Importing the package loads nothing.
"""
