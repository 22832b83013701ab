"""`cardgen play`: a game of the registry played in the browser against the ladder's players.

`session` is one game in memory (seats, steps, undo, bots, the record), `server` the web server
(the optional `cardgen[play]` extra: Starlette and uvicorn), `guard` which requests it answers
(its own page only), `start` how a table is opened (a new game or a record replayed) and
`static/` the page frame every game shares. What a game draws its table with is in
`cardgen.table`; nothing here imports a game: the game hands its table over through
`Game.table()`.
"""
