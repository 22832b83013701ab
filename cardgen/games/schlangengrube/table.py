"""The Schlangengrube table: laid tiles, open cells and snakes, all kept incrementally.

Speed matters (random playouts for `check`), so the board works on small integers:
edges are 0-3 (N E S W), colours are indices into the set's colours, and a tile kind is an
index into the set's tiles. Three structures are updated per placement instead of recomputed:

- the *frontier*: every empty cell next to a laid tile, with a *key* that encodes what each of
  its four sides must show (free, blank, or a colour port). Cells are grouped by key, so legal
  placements are found per (tile kind, key) from a memo table, not per cell and orientation;
- a *union-find* over snake parts: a snake is a set of parts joined port to port; its root keeps
  the number of parts (= distinct tiles: a tile's two parts have different colours), heads,
  tails and open ports. A snake is complete when it has no open port (head and tail, or a loop);
- the cells themselves, for edge matching and to find the part behind a neighbour's port.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen import native
from cardgen.geometry import EDGES, ROTATIONS, Part, PartKind

from .components import PitSet
from .moves import Place

Cell = tuple[int, int]
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
BODY, HEAD, TAIL = 0, 1, 2
BLANK = 1
"""Side codes: 0 = free (frontier keys only), 1 = blank side, 2 + c = a port of colour c."""
_KIND = {PartKind.BODY: BODY, PartKind.HEAD: HEAD, PartKind.TAIL: TAIL}
CORE = native.load("cardgen.games.schlangengrube._core")
"""The compiled `placements` (with the scores of `PitState.score_after` in the same call) and
`lay`, or None (cardgen/native.py)."""


@dataclass(frozen=True, slots=True)
class PartSpec:
    """One part of an oriented tile: colour index, BODY/HEAD/TAIL and its ports (edge indices)."""

    colour: int
    kind: int
    ports: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Orient:
    """One distinct face of a tile kind: the (rot, flip) that gives it, side codes and parts."""

    rot: int
    flip: bool
    codes: tuple[int, int, int, int]
    parts: tuple[PartSpec, ...]


_MAX_MEMO_CELLS = 4000
Match = tuple[tuple[int, tuple[int, ...]], ...]
"""Per (tile kind, frontier key): (orientation index, parts whose ends must be checked)."""


class Catalogue:
    """Everything about a set the board needs, computed once and shared by every state."""

    def __init__(self, pit_set: PitSet) -> None:
        self.set = pit_set
        self.colour_index = {c: i for i, c in enumerate(pit_set.colours)}
        self.base = len(pit_set.colours) + 2
        self.powers = tuple(self.base ** e for e in range(4))
        self.ids = {t.id: i for i, t in enumerate(pit_set.tiles)}
        orients: list[tuple[Orient, ...]] = []
        self.orient_of: dict[tuple[int, int, bool], int] = {}
        for t, tile in enumerate(pit_set.tiles):
            faces: dict[frozenset[tuple[str, PartKind, frozenset[str]]], int] = {}
            found: list[Orient] = []
            for flip in (False, True):
                for rot in ROTATIONS:
                    parts = [p.transformed(rot, flip) for p in tile.parts]
                    face = frozenset((p.colour, p.kind, frozenset(p.ports)) for p in parts)
                    if face not in faces:
                        faces[face] = len(found)
                        found.append(self._orient(rot, flip, parts))
                    self.orient_of[(t, rot, flip)] = faces[face]
            orients.append(tuple(found))
        self.orients: tuple[tuple[Orient, ...], ...] = tuple(orients)
        self._match: list[dict[int, Match]] = [{} for _ in pit_set.tiles]
        # Place values are memoised per cell (a row per cell, a slot per tile face): random
        # playouts list ~60 placements a step, mostly the same as the step before.
        flat: list[tuple[int, ...]] = []
        self._specs: list[tuple[str, int, bool]] = []
        for t, oriented in enumerate(self.orients):
            flat.append(tuple(range(len(self._specs), len(self._specs) + len(oriented))))
            self._specs.extend((pit_set.tiles[t].id, o.rot, o.flip) for o in oriented)
        self.flat: tuple[tuple[int, ...], ...] = tuple(flat)
        self._places: dict[tuple[int, int], list[Place | None]] = {}

    def __getstate__(self) -> dict[str, object]:
        """The catalogue for pickling, without the compiled core's copy of the faces (a capsule,
        made again on first use)."""
        state = dict(self.__dict__)
        state.pop("_core_faces", None)
        return state

    def _orient(self, rot: int, flip: bool, parts: list[Part]) -> Orient:
        codes = [BLANK] * 4
        specs = []
        for part in parts:
            ports = tuple(EDGES.index(p) for p in part.ports)
            colour = self.colour_index[part.colour]
            for e in ports:
                codes[e] = 2 + colour
            specs.append(PartSpec(colour, _KIND[part.kind], ports))
        return Orient(rot, flip, (codes[0], codes[1], codes[2], codes[3]), tuple(specs))

    def place_row(self, cell: tuple[int, int]) -> list[Place | None]:
        """The memo row of Place values for `cell` (the memo is bounded: cleared when large)."""
        if len(self._places) > _MAX_MEMO_CELLS:
            self._places.clear()
        row: list[Place | None] = [None] * len(self._specs)
        self._places[cell] = row
        return row

    def make_place(self, row: list[Place | None], face: int, cell: tuple[int, int]) -> Place:
        """The Place of flat face index `face` at `cell`, stored in `row`."""
        tile_id, rot, flip = self._specs[face]
        place = row[face] = Place(tile_id, cell, rot, flip)
        return place

    def matches(self, t: int, key: int) -> Match:
        """The orientations of tile kind `t` that fit a frontier cell with `key` (memoised)."""
        found = self._match[t].get(key)
        if found is None:
            sides = [(key // self.powers[e]) % self.base for e in range(4)]
            result = []
            for oi, o in enumerate(self.orients[t]):
                if any(v and v != o.codes[e] for e, v in enumerate(sides)):
                    continue
                checks = []
                for pi, part in enumerate(o.parts):
                    joins = sum(1 for e in part.ports if sides[e])
                    # a body joined on one side only extends one snake: nothing new to check
                    if joins == 2 or (joins == 1 and part.kind != BODY):
                        checks.append(pi)
                result.append((oi, tuple(checks)))
            found = self._match[t][key] = tuple(result)
        return found


class Board:
    """Laid tiles, the frontier and the snakes (union-find over parts) of one table."""

    __slots__ = ("cat", "cells", "frontier", "groups", "parent", "size", "heads", "tails", "open")

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        # cell -> (tile kind, orientation index, side codes, part node per edge or -1)
        self.cells: dict[Cell, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        self.frontier: dict[Cell, int] = {}
        self.groups: dict[int, dict[Cell, None]] = {}
        self.parent: list[int] = []
        self.size: list[int] = []
        self.heads: list[int] = []
        self.tails: list[int] = []
        self.open: list[int] = []

    def copy(self) -> Board:
        """An independent copy sharing only the (read-only) catalogue."""
        new = Board.__new__(Board)
        new.cat = self.cat
        new.cells = dict(self.cells)
        new.frontier = dict(self.frontier)
        new.groups = {k: dict(v) for k, v in self.groups.items()}
        new.parent = list(self.parent)
        new.size = list(self.size)
        new.heads = list(self.heads)
        new.tails = list(self.tails)
        new.open = list(self.open)
        return new

    def find(self, node: int) -> int:
        """The root of `node`'s snake."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    # ------------------------------------------------------------------ legality

    def _end_clash(self, cell: Cell, o: Orient, checks: tuple[int, ...]) -> int:
        """0 if the listed parts join no snake into two heads or tails, else HEAD or TAIL."""
        x, y = cell
        cells, heads, tails = self.cells, self.heads, self.tails
        for pi in checks:
            part = o.parts[pi]
            h = 1 if part.kind == HEAD else 0
            tl = 1 if part.kind == TAIL else 0
            seen: list[int] = []
            for e in part.ports:
                info = cells.get((x + DX[e], y + DY[e]))
                if info is None:
                    continue
                root = self.find(info[3][(e + 2) % 4])
                if root in seen:
                    continue  # closing a loop: the snake is counted once
                seen.append(root)
                h += heads[root]
                tl += tails[root]
            if h > 1:
                return HEAD
            if tl > 1:
                return TAIL
        return 0

    def problem(self, t: int, oi: int, cell: Cell) -> tuple[str, str] | None:
        """(rule id, reason) if laying orientation `oi` of tile kind `t` at `cell` is illegal."""
        if cell in self.cells:
            return "occupied", f"cell ({cell[0]}, {cell[1]}) already holds a tile"
        if self.cells and cell not in self.frontier:
            return "not-touching", f"cell ({cell[0]}, {cell[1]}) touches no laid tile orthogonally"
        o = self.cat.orients[t][oi]
        x, y = cell
        for e in range(4):
            info = self.cells.get((x + DX[e], y + DY[e]))
            if info is not None and info[2][(e + 2) % 4] != o.codes[e]:
                return "edge-mismatch", (f"its {EDGES[e]} side shows {self._side(o.codes[e])} but the "
                                         f"neighbour's shows {self._side(info[2][(e + 2) % 4])}")
        clash = self._end_clash(cell, o, tuple(range(len(o.parts))))
        if clash == HEAD:
            return "two-heads", "a snake would have two heads"
        if clash == TAIL:
            return "two-tails", "a snake would have two tails"
        return None

    def _side(self, code: int) -> str:
        return "a blank side" if code == BLANK else f"a {self.cat.set.colours[code - 2]} snake"

    def placements(self, kinds: list[int]) -> list[Place]:
        """Every legal placement of the given distinct tile kinds: kind by kind (in the order
        given), then by frontier key and cell (in the order they arose), then face. The compiled
        core, when built, gives the same list (this code is its reference)."""
        if CORE is not None:
            listed: list[Place] = CORE.placements(self, kinds)
            return listed
        out: list[Place] = []
        cat = self.cat
        groups = self.groups
        places = cat._places
        for t in kinds:
            orients = cat.orients[t]
            memo = cat._match[t]
            flat = cat.flat[t]
            for key, cells in groups.items():
                found = memo.get(key)
                if found is None:
                    found = cat.matches(t, key)
                if not found:
                    continue
                for cell in cells:
                    row = places.get(cell)
                    for oi, checks in found:
                        if checks and self._end_clash(cell, orients[oi], checks):
                            continue
                        if row is None:
                            row = cat.place_row(cell)
                        place = row[flat[oi]]
                        out.append(place if place is not None else cat.make_place(row, flat[oi], cell))
        return out

    # ------------------------------------------------------------------ laying

    def lay(self, t: int, oi: int, cell: Cell) -> list[tuple[int, int]]:
        """Lay a tile known to be legal; return (colour index, tiles) of each snake it completes.
        The compiled core, when built, does the same to this table (this code is its reference)."""
        if CORE is not None:
            done: list[tuple[int, int]] = CORE.lay(self, t, oi, cell)
            return done
        o = self.cat.orients[t][oi]
        x, y = cell
        cells, parent, size, heads, tails, opened = (
            self.cells, self.parent, self.size, self.heads, self.tails, self.open)
        nodes = [-1, -1, -1, -1]
        completed: list[tuple[int, int]] = []
        for part in o.parts:
            node = len(parent)
            parent.append(node)
            size.append(1)
            heads.append(1 if part.kind == HEAD else 0)
            tails.append(1 if part.kind == TAIL else 0)
            opened.append(len(part.ports))
            joined = False
            for e in part.ports:
                nodes[e] = node
                info = cells.get((x + DX[e], y + DY[e]))
                if info is None:
                    continue
                joined = True
                a, b = self.find(node), self.find(info[3][(e + 2) % 4])
                if a != b:
                    if size[a] < size[b]:
                        a, b = b, a
                    parent[b] = a
                    size[a] += size[b]
                    heads[a] += heads[b]
                    tails[a] += tails[b]
                    opened[a] += opened[b]
                opened[a] -= 2  # this port and the neighbour's were both open
            if joined:
                root = self.find(node)
                if opened[root] == 0:
                    completed.append((part.colour, size[root]))
        cells[cell] = (t, oi, o.codes, tuple(nodes))
        self._update_frontier(cell, o.codes)
        return completed

    def _update_frontier(self, cell: Cell, codes: tuple[int, ...]) -> None:
        frontier, groups, powers = self.frontier, self.groups, self.cat.powers
        old = frontier.pop(cell, None)
        if old is not None:
            self._ungroup(cell, old)
        x, y = cell
        for e in range(4):
            nb = (x + DX[e], y + DY[e])
            if nb in self.cells:
                continue
            key = frontier.get(nb)
            if key is not None:
                self._ungroup(nb, key)
            else:
                key = 0
            key += codes[e] * powers[(e + 2) % 4]
            frontier[nb] = key
            group = groups.get(key)
            if group is None:
                groups[key] = {nb: None}
            else:
                group[nb] = None

    def _ungroup(self, cell: Cell, key: int) -> None:
        group = self.groups[key]
        del group[cell]
        if not group:
            del self.groups[key]
