"""What a game draws its browser table with: the `Table` interface a game's table module fills in
(`model`), square grids (`grid`), the SVG pieces (`svg`) and the table's wording from the
booklet texts (`wording`). The session and server that use it are in `cardgen.commands.play`."""
