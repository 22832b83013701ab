"""The Schlangennest board: laid cards, their parts, and the chains the parts form.

Kept incrementally so a move costs a few dictionary look-ups rather than a scan of the board:
`port_at[(x, y, e)]` is the part with a port on edge e of cell (x, y); a port facing a port
across a cell edge is joined to it. Every part belongs to one chain; a chain knows its parts,
its free (unjoined) ports, how many of its ends are capped by a head or tail, its owner (the
colour index whose coloured part it holds, -1 for a grey chain) and the crossing cells it passes.
A chain with an owner is a snake; a grey chain joined to no snake is not (the three-snakes rule
counts snakes, and only a card of three or more parts can carry three: `multi` lists those).
Laying a card only ever merges chains; turning or swapping a card can split them, so those rare
moves rebuild the chains from the parts.
"""

from __future__ import annotations

from cardgen.games.schlangennest.config import BODY, DX, DY, NestTables

Cell = tuple[int, int]
Port = tuple[int, int, int]


class Chain:
    """A maximal run of joined parts (a path or a loop); see the module docstring."""

    __slots__ = ("parts", "free", "caps", "owner", "cross")

    def __init__(self, parts: list[int], free: set[Port], caps: int, owner: int, cross: set[Cell]) -> None:
        self.parts = parts
        self.free = free
        self.caps = caps
        self.owner = owner
        self.cross = cross

    def copy(self) -> Chain:
        """An independent copy."""
        return Chain(list(self.parts), set(self.free), self.caps, self.owner, set(self.cross))

    @property
    def is_loop(self) -> bool:
        """A closed chain: no free port and no head or tail."""
        return not self.free and not self.caps


class Board:
    """Cards, parts and chains (no turn order: see NestState)."""

    __slots__ = ("rules", "cells", "part_cell", "part_ports", "part_kind", "part_colour", "port_at",
                 "chain_of", "chains", "snake", "cross_at", "bbox", "multi")

    def __init__(self, rules: NestTables) -> None:
        self.rules = rules
        self.cells: dict[Cell, tuple[int, int, int, tuple[int, ...]]] = {}
        self.part_cell: list[Cell | None] = []
        self.part_ports: list[tuple[int, ...]] = []
        self.part_kind: list[int] = []
        self.part_colour: list[int] = []
        self.port_at: dict[Port, int] = {}
        self.chain_of: list[int] = []
        self.chains: dict[int, Chain] = {}
        self.snake: list[int] = [-1] * len(rules.colours)
        self.cross_at: dict[Cell, tuple[tuple[int, int], ...]] = {}
        self.bbox: tuple[int, int, int, int] | None = None
        self.multi: set[Cell] = set()
        """The cells whose card has three or more parts (none with the original's cards)."""

    def _copy_board_into(self, other: Board) -> None:
        other.cells = dict(self.cells)
        other.part_cell = list(self.part_cell)
        other.part_ports = list(self.part_ports)
        other.part_kind = list(self.part_kind)
        other.part_colour = list(self.part_colour)
        other.port_at = dict(self.port_at)
        other.chain_of = list(self.chain_of)
        other.chains = {cid: ch.copy() for cid, ch in self.chains.items()}
        other.snake = list(self.snake)
        other.cross_at = dict(self.cross_at)
        other.bbox = self.bbox
        other.multi = set(self.multi)

    # ------------------------------------------------------------------ laying and merging

    def _new_parts(self, cell: Cell, k: int, colour: int, rot: int) -> tuple[int, ...]:
        """Create the parts of card k (colour index or -1 for a neutral pre-laid card) on `cell`,
        each as its own chain, without joining them to anything yet."""
        x, y = cell
        pids = []
        for kind, ports, own in self.rules.spec[k][rot]:
            pid = len(self.part_cell)
            owner = colour if own else -1
            self.part_cell.append(cell)
            self.part_ports.append(ports)
            self.part_kind.append(kind)
            self.part_colour.append(owner)
            self.chain_of.append(pid)
            self.chains[pid] = Chain([pid], {(x, y, e) for e in ports}, 0 if kind == BODY else 1, owner, set())
            for e in ports:
                self.port_at[(x, y, e)] = pid
            pids.append(pid)
        self.cells[cell] = (k, colour, rot, tuple(pids))
        if len(pids) > 2:
            self.multi.add(cell)
        pairs = tuple((pids[i], pids[j]) for i, j in self.rules.crossing[k])
        if pairs:
            self.cross_at[cell] = pairs
            for a, b in pairs:
                self.chains[a].cross.add(cell)
                self.chains[b].cross.add(cell)
        if colour >= 0 and self.rules.counted[k]:
            bb = self.bbox
            x0, y0, x1, y1 = bb if bb else (x, y, x, y)
            self.bbox = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        return tuple(pids)

    def _merge(self, a: int, b: int) -> int:
        chains = self.chains
        big, small = (a, b) if len(chains[a].parts) >= len(chains[b].parts) else (b, a)
        cb, cs = chains[big], chains.pop(small)
        chain_of = self.chain_of
        for p in cs.parts:
            chain_of[p] = big
        cb.parts.extend(cs.parts)
        cb.free |= cs.free
        cb.caps += cs.caps
        cb.cross |= cs.cross
        if cs.owner >= 0:
            cb.owner = cs.owner
        if cb.owner >= 0:
            self.snake[cb.owner] = big
        return big

    def _put_card(self, cell: Cell, k: int, colour: int, rot: int) -> None:
        """Lay card k on `cell` and join its ports to the facing ports (trusted: no rule checks)."""
        x, y = cell
        pids = self._new_parts(cell, k, colour, rot)
        port_at, chain_of, chains = self.port_at, self.chain_of, self.chains
        for pid in pids:
            for e in self.part_ports[pid]:
                nx, ny = x + DX[e], y + DY[e]
                other = port_at.get((nx, ny, e ^ 2))
                if other is None:
                    continue
                a, b = chain_of[pid], chain_of[other]
                chains[a].free.discard((x, y, e))
                chains[b].free.discard((nx, ny, e ^ 2))
                if a != b:
                    self._merge(a, b)
        for pid in pids:
            owner = self.part_colour[pid]
            if owner >= 0:
                self.snake[owner] = chain_of[pid]

    # ------------------------------------------------------------------ reshaping (rare)

    def _replace_card(self, cell: Cell, k: int, colour: int, rot: int) -> tuple[bool, bool]:
        """Put card k at `rot` in place of the card on `cell` and rebuild every chain.
        Returns (a chain holds two owners, some colour's coloured parts are split)."""
        x, y = cell
        old = self.cells.pop(cell)
        for pid in old[3]:
            for e in self.part_ports[pid]:
                del self.port_at[(x, y, e)]
            self.part_cell[pid] = None
        self.cross_at.pop(cell, None)
        self.multi.discard(cell)
        self._new_parts(cell, k, colour, rot)
        self._recompute_bbox()
        return self._rebuild()

    def _recompute_bbox(self) -> None:
        counted = [c for c, (k, colour, _, _) in self.cells.items() if colour >= 0 and self.rules.counted[k]]
        if counted:
            xs = [c[0] for c in counted]
            ys = [c[1] for c in counted]
            self.bbox = (min(xs), min(ys), max(xs), max(ys))
        else:
            self.bbox = None

    def _rebuild(self) -> tuple[bool, bool]:
        """Recompute all chains from the parts; chain ids are their smallest part id."""
        n = len(self.part_cell)
        chain_of = [-1] * n
        chains: dict[int, Chain] = {}
        joined = split = False
        where: dict[int, set[int]] = {}
        for start in range(n):
            if self.part_cell[start] is None or chain_of[start] != -1:
                continue
            parts, free, caps, owners = [], set(), 0, set()
            stack = [start]
            chain_of[start] = start
            while stack:
                p = stack.pop()
                parts.append(p)
                cell = self.part_cell[p]
                assert cell is not None
                x, y = cell
                for e in self.part_ports[p]:
                    other = self.port_at.get((x + DX[e], y + DY[e], e ^ 2))
                    if other is None:
                        free.add((x, y, e))
                    elif chain_of[other] == -1:
                        chain_of[other] = start
                        stack.append(other)
                caps += self.part_kind[p] != BODY
                if self.part_colour[p] >= 0:
                    owners.add(self.part_colour[p])
            joined |= len(owners) > 1
            for o in owners:
                where.setdefault(o, set()).add(start)
            chains[start] = Chain(sorted(parts), free, caps, min(owners) if owners else -1, set())
        for cell, pairs in self.cross_at.items():
            for a, b in pairs:
                chains[chain_of[a]].cross.add(cell)
                chains[chain_of[b]].cross.add(cell)
        self.chain_of, self.chains = chain_of, chains
        self.snake = [-1] * len(self.rules.colours)
        for colour, ids in where.items():
            split |= len(ids) > 1
            self.snake[colour] = min(ids)
        return joined, split

    # ------------------------------------------------------------------ queries

    def open_ends(self, cid: int) -> list[Port]:
        """The free ports of chain `cid` that point into an empty cell, sorted."""
        cells = self.cells
        return sorted(p for p in self.chains[cid].free if (p[0] + DX[p[2]], p[1] + DY[p[2]]) not in cells)

    def is_loop(self, colour: int) -> bool:
        """Whether `colour`'s snake is closed on itself."""
        sid = self.snake[colour]
        return sid >= 0 and self.chains[sid].is_loop

    def snakes_through(self, cell: Cell) -> set[int]:
        """The snakes (colour indices) whose chains pass through `cell`'s parts; grey chains
        joined to no snake are not snakes and do not count."""
        chains, chain_of = self.chains, self.chain_of
        return {o for p in self.cells[cell][3] if (o := chains[chain_of[p]].owner) >= 0}

    def three_snake_cell(self) -> Cell | None:
        """A cell that leads three or more different snakes through it, if any."""
        for cell in sorted(self.multi):
            if len(self.snakes_through(cell)) > 2:
                return cell
        return None

    def crossing_pair(self, cell: Cell) -> frozenset[int] | None:
        """The two different snakes (colour indices) crossing on `cell`, if it is such a crossing."""
        for a, b in self.cross_at.get(cell, ()):
            oa, ob = self.chains[self.chain_of[a]].owner, self.chains[self.chain_of[b]].owner
            if oa >= 0 and ob >= 0 and oa != ob:
                return frozenset((oa, ob))
        return None

    def double_crossing(self) -> tuple[Cell, Cell] | None:
        """Two orthogonally adjacent cells crossing the same two snakes, if any."""
        for (x, y) in self.cross_at:
            pair = self.crossing_pair((x, y))
            if pair is None:
                continue
            for nb in ((x + 1, y), (x, y + 1)):
                if nb in self.cross_at and self.crossing_pair(nb) == pair:
                    return ((x, y), nb)
        return None

    def config_at(self, cell: Cell) -> tuple[int, int] | None:
        """(A, B) if empty `cell` has both open ends of snake A on adjacent sides and both of
        snake B on the other two (the curve-guard situation), else None."""
        if cell in self.cells:
            return None
        x, y = cell
        by_chain: dict[int, list[int]] = {}
        for s in range(4):
            pid = self.port_at.get((x + DX[s], y + DY[s], s ^ 2))
            if pid is None:
                return None
            by_chain.setdefault(self.chain_of[pid], []).append(s)
        if len(by_chain) != 2:
            return None
        owners = []
        for cid, sides in by_chain.items():
            ch = self.chains[cid]
            if len(sides) != 2 or ch.owner < 0 or ch.caps or len(ch.free) != 2:
                return None
            if (sides[0] - sides[1]) % 2 == 0:
                return None
            owners.append(ch.owner)
        if owners[0] == owners[1]:
            return None
        return (owners[0], owners[1])

    def all_configs(self) -> set[tuple[Cell, int, int]]:
        """Every curve-guard situation on the board, as (cell, A, B) with A < B."""
        out = set()
        for ch in self.chains.values():
            if ch.owner < 0 or ch.caps or len(ch.free) != 2:
                continue
            for (x, y, e) in ch.free:
                cell = (x + DX[e], y + DY[e])
                found = self.config_at(cell)
                if found:
                    out.add((cell, min(found), max(found)))
        return out
