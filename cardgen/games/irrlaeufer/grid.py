"""Index arithmetic for the groove network of one board length (see components.py).

Every unit groove segment and every crossing gets a small integer so a position can keep its
stick occupancy in flat lists. Vertical line c (1..14) has `rows` segments, segment r lying
between fields (c, r) and (c+1, r); horizontal line r (1..rows-1) has 15 segments, segment c
lying between (c, r) and (c, r+1). Crossing (c, r) is where vertical line c meets horizontal
line r. Along a line, the crossing "after" segment j lies between segments j and j+1.
"""

from __future__ import annotations

from functools import cache

from cardgen.games.irrlaeufer.components import COLUMNS, Dir, Field, Stick, castle_fields

STEPS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""The four directions of a straight move, in the order of `Grid.walk`."""


class Grid:
    """The groove network of a 15 x `rows` board; immutable once built (shared via `grid_for`)."""

    __slots__ = ("rows", "n_seg", "n_cross", "all_sticks", "_segs", "_crosses", "_v_base", "walk", "rays", "castle_walk")

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self._v_base = (COLUMNS - 1) * rows
        self.n_seg = self._v_base + (rows - 1) * COLUMNS
        self.n_cross = (COLUMNS - 1) * (rows - 1)
        sticks: list[Stick] = []
        segs: dict[Stick, tuple[int, int, int]] = {}
        crosses: dict[Stick, tuple[int, int]] = {}
        for d in (Dir.V, Dir.H):
            for line in range(1, self.line_count(d) + 1):
                for start in range(1, self.line_length(d) - 1):
                    s = Stick(d, line, start)
                    sticks.append(s)
                    segs[s] = (self.seg(d, line, start), self.seg(d, line, start + 1),
                               self.seg(d, line, start + 2))
                    crosses[s] = (self.cross(d, line, start), self.cross(d, line, start + 1))
        self.all_sticks = tuple(sticks)
        self._segs = segs
        self._crosses = crosses
        # per direction of STEPS, for the move generation: a field's neighbour with the
        # segment between them, and a castle's next place with its interior segments and the
        # fields it newly covers there
        self.walk: tuple[dict[Field, tuple[Field, int]], ...] = tuple(
            {(c, r): ((c + dx, r + dy), self.between((c, r), (c + dx, r + dy)))
             for c in range(1, COLUMNS + 1) for r in range(1, rows + 1) if self.inside((c + dx, r + dy))}
            for dx, dy in STEPS)
        rays: list[dict[Field, tuple[tuple[Field, int], ...]]] = []
        for step in self.walk:
            ray: dict[Field, tuple[tuple[Field, int], ...]] = {}
            for f in ((c, r) for c in range(1, COLUMNS + 1) for r in range(1, rows + 1)):
                out, g = [], f
                while g in step:
                    out.append(step[g])
                    g = step[g][0]
                ray[f] = tuple(out)
            rays.append(ray)
        # the walks from a field to the board's edge, step by step
        self.rays: tuple[dict[Field, tuple[tuple[Field, int], ...]], ...] = tuple(rays)
        self.castle_walk: tuple[dict[Field, tuple[Field, tuple[int, int, int, int], tuple[Field, ...]]], ...] = tuple(
            {(c, r): ((c + dx, r + dy), self.castle_segs((c + dx, r + dy)),
                      tuple(f for f in castle_fields((c + dx, r + dy)) if f not in castle_fields((c, r))))
             for c in range(1, COLUMNS) for r in range(1, rows) if self.castle_inside((c + dx, r + dy))}
            for dx, dy in STEPS)

    def line_count(self, d: Dir) -> int:
        """How many inner groove lines of direction `d` there are (14 vertical, rows-1 horizontal)."""
        return COLUMNS - 1 if d is Dir.V else self.rows - 1

    def line_length(self, d: Dir) -> int:
        """How many unit segments one line of direction `d` has (rows, or 15)."""
        return self.rows if d is Dir.V else COLUMNS

    def seg(self, d: Dir, line: int, j: int) -> int:
        """The index of segment `j` of line `line` (both valid, unchecked)."""
        if d is Dir.V:
            return (line - 1) * self.rows + (j - 1)
        return self._v_base + (line - 1) * COLUMNS + (j - 1)

    def cross(self, d: Dir, line: int, j: int) -> int:
        """The index of the crossing after segment `j` of line `line` (1 <= j < length)."""
        if d is Dir.V:
            return (line - 1) * (self.rows - 1) + (j - 1)
        return (j - 1) * (self.rows - 1) + (line - 1)

    def on_board(self, s: Stick) -> bool:
        """Whether `s` lies on an inner groove line and entirely within it."""
        return s in self._segs

    def stick_segs(self, s: Stick) -> tuple[int, int, int]:
        """The three segments `s` covers (KeyError if it is not on the board)."""
        return self._segs[s]

    def stick_crosses(self, s: Stick) -> tuple[int, int]:
        """The two crossings inside `s` (its end crossings are not covered)."""
        return self._crosses[s]

    def line_segs(self, d: Dir, line: int) -> range:
        """All segment indices of one line (they are consecutive)."""
        first = self.seg(d, line, 1)
        return range(first, first + self.line_length(d))

    def between(self, a: Field, b: Field) -> int:
        """The segment between two orthogonally neighbouring fields."""
        (ca, ra), (cb, rb) = a, b
        if ra == rb:
            return self.seg(Dir.V, min(ca, cb), ra)
        return self.seg(Dir.H, min(ra, rb), ca)

    def inside(self, f: Field) -> bool:
        """Whether field `f` is on the board."""
        return 1 <= f[0] <= COLUMNS and 1 <= f[1] <= self.rows

    def castle_inside(self, pos: Field) -> bool:
        """Whether a castle with top-left field `pos` lies entirely on the board."""
        return 1 <= pos[0] < COLUMNS and 1 <= pos[1] < self.rows

    def castle_segs(self, pos: Field) -> tuple[int, int, int, int]:
        """The four interior segments of a castle with top-left field `pos` (on the board)."""
        c, r = pos
        return (self.seg(Dir.V, c, r), self.seg(Dir.V, c, r + 1),
                self.seg(Dir.H, r, c), self.seg(Dir.H, r, c + 1))

    def castle_cross(self, pos: Field) -> int:
        """The centre crossing of a castle with top-left field `pos`."""
        return self.cross(Dir.V, pos[0], pos[1])


@cache
def grid_for(rows: int) -> Grid:
    """The (shared, immutable) Grid of a board with `rows` rows."""
    return Grid(rows)
