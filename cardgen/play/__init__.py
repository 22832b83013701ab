"""`cardgen play`: a game of the registry played in the browser against the ladder's players.

`table` is the small interface each game's table module fills in (its drawing and click
handling), `session` one game in memory (seats, steps, undo, bots, the record), `server` the
web server (the optional `cardgen[play]` extra: Starlette and uvicorn), `guard` which requests
it answers (its own page only) and `static/` the page frame every game shares. Nothing here imports a game: the game hands its table over through
`Game.table()`.
"""
