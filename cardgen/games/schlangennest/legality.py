"""The after-the-move rules of a card being laid, evaluated without laying it (the hot path).

`placement_problem` answers "what would be wrong after laying card k on cell at rotation r?"
from the board's incremental structures: it works out which chains the new parts would join
(a tiny union-find over the new parts), then checks the area, `joins-snakes`, `three-snakes`,
`double-crossing` and the `curve-guard` in that order. `three-snakes` counts snakes, not
chains: a part joined to no snake does not count, so it can only fire on a card of three or
more parts, the new one or one already laid whose grey chain the move joins to a snake. The curve guard needs a snake with both
open ends pointing into one empty cell; that is rare, so only then is the move tried on a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgen import native
from cardgen.games.schlangennest import reopen
from cardgen.games.schlangennest.config import BODY, DX, DY
from cardgen.games.schlangennest.position import Position
from cardgen.games.schlangennest.ruleids import Rule

Problem = tuple[Rule, str] | None

CORE = native.load("cardgen.games.schlangennest._core")
"""The compiled module with `places_legal`, or None (cardgen/native.py)."""

Place = tuple[int, int, tuple[int, int], int]
"""A card to lay: (colour index, card kind index, cell, rotation 0-3)."""


def places_legal(state: Position, places: Sequence[Place]) -> list[bool]:
    """For each card of `places` (on an empty cell at an open end of its colour's snake, as move
    generation lists them): whether it breaks none of the after-the-move rules."""
    if CORE is None:
        return [placement_problem(state, c, k, cell, r) is None for c, k, cell, r in places]
    found = CORE.places_legal(state, [(c, k, x, y, r) for c, k, (x, y), r in places])
    return [placement_problem(state, c, k, cell, r) is None if ok is None else bool(ok)
            for (c, k, cell, r), ok in zip(places, found)]


def area_problem(state: Position, k: int, cell: tuple[int, int]) -> Problem:
    """`outside-area` if a straight/curve card on `cell` would not fit the area."""
    rules = state.rules
    if not rules.counted[k]:
        return None
    x, y = cell
    box = rules.fixed_box
    if box is not None:
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return None
        return (Rule.OUTSIDE_AREA, f"({x},{y}) lies outside the fixed area "
                                   f"({box[0]},{box[1]})-({box[2]},{box[3]})")
    area = rules.options.area
    if area is None or state.bbox is None:
        return None
    x0, y0, x1, y1 = state.bbox
    w = max(x1, x) - min(x0, x) + 1
    h = max(y1, y) - min(y0, y) + 1
    W, H = area
    if (w <= W and h <= H) or (w <= H and h <= W):
        return None
    return (Rule.OUTSIDE_AREA, f"the straight and curve cards would span {w}×{h}, "
                               f"more than the {W}×{H} area allows")


def placement_problem(state: Position, c: int, k: int, cell: tuple[int, int], r: int) -> Problem:
    """The first rule broken by colour c laying card k on empty `cell` at rotation r (0-3),
    checking only the after-the-move rules (the caller checked turn, hand, cell and end)."""
    problem = area_problem(state, k, cell)
    if problem:
        return problem
    x, y = cell
    spec = state.rules.spec[k][r]
    port_at, chain_of, chains = state.port_at, state.chain_of, state.chains
    n = len(spec)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    chain_comp: dict[int, int] = {}
    links: list[list[tuple[int, int]]] = []
    for i in range(n):
        li = []
        for e in spec[i][1]:
            other = port_at.get((x + DX[e], y + DY[e], e ^ 2))
            if other is not None:
                li.append((e, other))
                ch = chain_of[other]
                j = chain_comp.get(ch)
                if j is None:
                    chain_comp[ch] = i
                else:
                    a, b = find(i), find(j)
                    if a != b:
                        parent[a] = b
        links.append(li)
    owner: dict[int, int] = {}
    for i in range(n):
        if spec[i][2]:
            owner[find(i)] = c
    for ch, i in chain_comp.items():
        o = chains[ch].owner
        if o >= 0:
            root = find(i)
            prev = owner.get(root, -1)
            if prev >= 0 and prev != o:
                names = state.rules.colours
                return (Rule.JOINS_SNAKES, f"it would join the {names[prev]} and {names[o]} snakes")
            owner[root] = o
    roots = {find(i) for i in range(n)}

    def hyp_owner(pid: int) -> int:
        ch = chain_of[pid]
        i = chain_comp.get(ch)
        return owner.get(find(i), -1) if i is not None else chains[ch].owner

    if n > 2 or state.multi:
        problem = _three_snakes(state, cell, {owner.get(r, -1) for r in roots} - {-1}, hyp_owner,
                                {ch for ch, i in chain_comp.items()
                                 if chains[ch].owner < 0 and owner.get(find(i), -1) >= 0})
        if problem:
            return problem

    new_pairs = state.rules.crossing[k]

    def pair_at(cx: int, cy: int) -> frozenset[int] | None:
        if (cx, cy) == cell:
            for i, j in new_pairs:
                a, b = owner.get(find(i), -1), owner.get(find(j), -1)
                if a >= 0 and b >= 0 and a != b:
                    return frozenset((a, b))
            return None
        for pa, pb in state.cross_at.get((cx, cy), ()):
            a, b = hyp_owner(pa), hyp_owner(pb)
            if a >= 0 and b >= 0 and a != b:
                return frozenset((a, b))
        return None

    affected = [cell] if new_pairs else []
    for ch, i in chain_comp.items():
        cobj = chains[ch]
        if cobj.cross and cobj.owner < 0 and owner.get(find(i), -1) >= 0:
            affected.extend(cobj.cross)
    for (cx, cy) in affected:
        pair = pair_at(cx, cy)
        if pair is None:
            continue
        for e in range(4):
            nx, ny = cx + DX[e], cy + DY[e]
            if ((nx, ny) == cell and new_pairs) or (nx, ny) in state.cross_at:
                if pair_at(nx, ny) == pair:
                    first, second = sorted(state.rules.colours[o] for o in pair)
                    return (Rule.DOUBLE_CROSSING, f"({cx},{cy}) and ({nx},{ny}) would both be crossings "
                                                  f"of the {first} and {second} snakes")
    # curve guard: only a snake whose both ends would point into one empty cell can set it up
    for root in roots:
        o = owner.get(root, -1)
        if o < 0:
            continue
        free: set[tuple[int, int, int]] = set()
        caps = 0
        for ch, i in chain_comp.items():
            if find(i) == root:
                free |= chains[ch].free
                caps += chains[ch].caps
        for i in range(n):
            if find(i) != root:
                continue
            caps += spec[i][0] != BODY
            linked = {e for e, _ in links[i]}
            for e in spec[i][1]:
                if e not in linked:
                    free.add((x, y, e))
            for e, _ in links[i]:
                free.discard((x + DX[e], y + DY[e], e ^ 2))
        if caps or len(free) != 2:
            continue
        targets = {(px + DX[e], py + DY[e]) for px, py, e in free}
        if len(targets) == 1 and cell not in targets and not targets & state.cells.keys():
            problem = _guard_problem_after(state, c, k, cell, r, targets.pop())
            if problem:
                return problem
    return None


def _three_snakes(state: Position, cell: tuple[int, int], here: set[int], hyp_owner: Callable[[int], int],
                  joined: set[int]) -> Problem:
    """`three-snakes` if the new card on `cell` would lead the snakes `here` (three or more) through
    it, or if a card already laid leads three snakes once the grey chains `joined` (which the move
    joins to a snake) belong to theirs; `hyp_owner` is a part's snake after the move."""
    names = state.rules.colours
    if len(here) > 2:
        return (Rule.THREE_SNAKES, f"({cell[0]},{cell[1]}) would lead the "
                                   f"{join_names(sorted(names[o] for o in here))} snakes through it")
    if not joined:
        return None
    for other in sorted(state.multi):
        pids = state.cells[other][3]
        if any(state.chain_of[p] in joined for p in pids):
            snakes = {o for p in pids if (o := hyp_owner(p)) >= 0}
            if len(snakes) > 2:
                return (Rule.THREE_SNAKES, f"({other[0]},{other[1]}) would lead the "
                                           f"{join_names(sorted(names[o] for o in snakes))} snakes through it")
    return None


def join_names(names: list[str]) -> str:
    """"red, yellow and green"."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def placed_snake_size(state: Position, c: int, k: int, cell: tuple[int, int], r: int) -> int:
    """The number of parts of colour c's snake right after it lays card k on `cell` (trusted)."""
    x, y = cell
    spec = state.rules.spec[k][r]
    port_at, chain_of, chains = state.port_at, state.chain_of, state.chains
    own = next(i for i, part in enumerate(spec) if part[2])
    members = {own}
    joined: set[int] = set()
    grew = True
    while grew:  # new parts joined through a shared chain belong together
        grew = False
        for i, (_, ports, _) in enumerate(spec):
            touches = {chain_of[o] for e in ports
                       if (o := port_at.get((x + DX[e], y + DY[e], e ^ 2))) is not None}
            if i in members:
                if not touches <= joined:
                    joined |= touches
                    grew = True
            elif touches & joined:
                members.add(i)
                grew = True
    return len(members) + sum(len(chains[ch].parts) for ch in joined)


def _guard_problem_after(state: Position, c: int, k: int, cell: tuple[int, int], r: int,
                         target: tuple[int, int]) -> Problem:
    """The curve guard for laying card k on `cell`, looking at empty cell `target` (slow path):
    tried on a copy. The mover is colour c's seat."""
    trial = state.clone()
    trial._put_card(cell, k, c, r)
    trial.hands[c][k] -= 1
    return reopen.guard_problem(trial, {target}, state.rules.seat_of[c])
