"""The pre-laid neutral cards of the `frame-snake` and `frame` variants, built deterministically.

Pre-laid cards belong to no player: every part on them is neutral (grey), they do not count as
the players' straight/curve cards for the spreading area, and instead they fix the area: its
box is returned with them and every straight or curve card a player lays must lie inside it.

`frame-snake` (2-3 players): the first unused colour's cards (tail, all bodies, head) form one
snake lying wholly inside the agreed W×H box and touching all four of its sides, so its
outermost cards fix the first and last row and column. It is found by a depth-first search in a
fixed order: start cells row by row, directions N E S W; at each body step a straight is tried
first for the middle third of the snake and last elsewhere (our reading: "prefer straights in its
middle"); a snake that does not reach all four sides is rejected. The tail lies at the start.

`frame` (2 players): the two unused colours' cards build a ring just outside the W×H box. The
four corners are curves running along the ring; on the sides, pairs of curves form grey
U-passages (a grey part enters from the area, runs one cell along the ring and goes back into
the area, as the original describes) with their coloured parts pointing outwards; the
remaining side cells take straights running along the ring (their grey bodies cross from the
area to the outside). Pairs are dealt to the sides in the order top, right, bottom, left while
curves last; a side holds its pairs first, then straights; when straights run out the rest of
the ring stays empty (a partial frame). Heads and tails are not used.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from cardgen.games.schlangennest.components import NestSet
from cardgen.geometry import EDGES, PartKind

Cell = tuple[int, int]
Prelaid = tuple[tuple[Cell, int, int], ...]
_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)


def _own_ports(card: Any, rot: int) -> frozenset[int]:
    return frozenset((EDGES.index(e) + rot) % 4 for e in card.own.ports)


def _rot_for(nest_set: NestSet, k: int, ports: frozenset[int]) -> int:
    """The first rotation (0-3) that puts card k's coloured part exactly on `ports`."""
    card = nest_set.cards[k]
    for rot in range(4):
        if _own_ports(card, rot) == ports:
            return rot
    raise ValueError(f"card {card.id!r} cannot cover ports {sorted(ports)}")


def _kind_index(nest_set: NestSet, kind: str) -> int:
    return next(i for i, c in enumerate(nest_set.cards) if c.kind == kind)


def _count(nest_set: NestSet, kind: str) -> int:
    return sum(c.count for c in nest_set.cards if c.kind == kind)


def snake_path(width: int, height: int, straights: int, curves: int,
               budget: int = 200_000) -> list[Cell] | None:
    """Cells of a self-avoiding snake (tail, bodies, head) inside width×height touching all four
    sides, with exactly `straights` straight and `curves` turning body cells; None if none found."""
    n = straights + curves + 2
    mid_lo, mid_hi = (n - 2) // 3, 2 * (n - 2) // 3
    steps = [0]

    def reach(path: list[Cell], left: int) -> bool:
        """Whether the sides not yet touched can still be reached in `left` steps."""
        x, y = path[-1]
        need = 0
        for pos, lo_hit, hi_hit, size in ((x, any(p[0] == 0 for p in path), any(p[0] == width - 1 for p in path), width),
                                          (y, any(p[1] == 0 for p in path), any(p[1] == height - 1 for p in path), height)):
            if not lo_hit and not hi_hit:
                need += min(pos, size - 1 - pos) + size - 1
            elif not lo_hit:
                need += pos
            elif not hi_hit:
                need += size - 1 - pos
        return need <= left

    def dfs(path: list[Cell], seen: set[Cell], d: int, s: int, c: int) -> list[Cell] | None:
        steps[0] += 1
        if steps[0] > budget:
            return None
        if len(path) == n:
            xs = {p[0] for p in path}
            ys = {p[1] for p in path}
            ok = min(xs) == 0 and max(xs) == width - 1 and min(ys) == 0 and max(ys) == height - 1
            return list(path) if ok else None
        body = len(path) - 1  # the cell whose kind this step decides
        straight_first = mid_lo <= body <= mid_hi
        turns = [(d + 1) % 4, (d + 3) % 4]
        options = [d] + turns if straight_first else turns + [d]
        for nd in options:
            x, y = path[-1]
            nxt = (x + _DX[nd], y + _DY[nd])
            if not (0 <= nxt[0] < width and 0 <= nxt[1] < height) or nxt in seen:
                continue
            ns, nc = s, c
            if len(path) >= 2:  # the last cell becomes a body: straight if the direction holds
                if nd == d:
                    ns += 1
                else:
                    nc += 1
                if ns > straights or nc > curves:
                    continue
            if len(path) == n - 1 and (ns != straights or nc != curves):
                continue
            path.append(nxt)
            seen.add(nxt)
            if reach(path, n - len(path)):
                found = dfs(path, seen, nd, ns, nc)
                if found:
                    return found
            path.pop()
            seen.discard(nxt)
        return None

    for y0 in range(height):
        for x0 in range(width):
            for d0 in range(4):
                steps[0] = 0
                found = dfs([(x0, y0)], {(x0, y0)}, d0, 0, 0)
                if found:
                    return found
    return None


def _frame_snake(area: tuple[int, int], nest_set: NestSet) -> tuple[Prelaid, tuple[int, int, int, int]]:
    width, height = area
    n_straight, n_curve = _count(nest_set, "straight"), _count(nest_set, "curve")
    path = snake_path(width, height, n_straight, n_curve)
    if path is None:
        path = snake_path(height, width, n_straight, n_curve)
        if path is None:
            raise ValueError(f"no frame snake of {n_straight + n_curve + 2} cards fits {width}×{height}")
        path = [(y, x) for x, y in path]
    cards: list[tuple[Cell, int, int]] = []
    ids = {kind: _kind_index(nest_set, kind) for kind in ("straight", "curve", "head", "tail")}

    def edge(a: Cell, b: Cell) -> int:
        return next(e for e in range(4) if (a[0] + _DX[e], a[1] + _DY[e]) == b)

    for i, cell in enumerate(path):
        if i == 0:
            kind, ports = "tail", frozenset({edge(cell, path[1])})
        elif i == len(path) - 1:
            kind, ports = "head", frozenset({edge(cell, path[i - 1])})
        else:
            ports = frozenset({edge(cell, path[i - 1]), edge(cell, path[i + 1])})
            kind = "straight" if len({e % 2 for e in ports}) == 1 else "curve"
        cards.append((cell, ids[kind], _rot_for(nest_set, ids[kind], ports)))
    return tuple(cards), (0, 0, width - 1, height - 1)


def _frame(area: tuple[int, int], nest_set: NestSet, sets: int) -> tuple[Prelaid, tuple[int, int, int, int]]:
    width, height = area
    straight, curve = _kind_index(nest_set, "straight"), _kind_index(nest_set, "curve")
    n_straight, n_curve = sets * _count(nest_set, "straight"), sets * _count(nest_set, "curve")
    # sides: (first cell, along-direction, inward edge, length)
    sides = [((0, -1), 1, 2, width), ((width, 0), 2, 3, height),
             ((width - 1, height), 3, 0, width), ((-1, height - 1), 0, 1, height)]
    corners = [((-1, -1), frozenset({1, 2})), ((width, -1), frozenset({3, 2})),
               ((width, height), frozenset({3, 0})), ((-1, height), frozenset({1, 0}))]
    cards: list[tuple[Cell, int, int]] = []
    for cell, ports in corners:
        if n_curve > 0:
            cards.append((cell, curve, _rot_for(nest_set, curve, ports)))
            n_curve -= 1
    pairs = [0, 0, 0, 0]
    progress = True
    while n_curve >= 2 and progress:
        progress = False
        for i, (_, _, _, length) in enumerate(sides):
            if n_curve >= 2 and 2 * (pairs[i] + 1) <= length:
                pairs[i] += 1
                n_curve -= 2
                progress = True
    for i, ((x, y), d, inn, length) in enumerate(sides):
        out, back = inn ^ 2, d ^ 2
        cells = [(x + _DX[d] * j, y + _DY[d] * j) for j in range(length)]
        for j in range(pairs[i]):
            a, b = cells[2 * j], cells[2 * j + 1]
            cards.append((a, curve, _rot_for(nest_set, curve, frozenset({out, back}))))
            cards.append((b, curve, _rot_for(nest_set, curve, frozenset({out, d}))))
        for cell in cells[2 * pairs[i]:]:
            if n_straight == 0:
                break
            cards.append((cell, straight, _rot_for(nest_set, straight, frozenset({d, back}))))
            n_straight -= 1
    return tuple(cards), (0, 0, width - 1, height - 1)


def build_prelaid(variants: Collection[str], area: tuple[int, int] | None, nest_set: NestSet,
                  unused: list[str]) -> tuple[Prelaid, tuple[int, int, int, int] | None]:
    """The pre-laid cards ((cell, card index, rotation 0-3), ...) and the fixed area box
    (x0, y0, x1, y1) of the frame variant among `variants` (the options never hold both);
    nothing without one. `unused` are the set's colours nobody plays, in set order (their
    cards build the frame)."""
    if "frame-snake" in variants and area is not None and unused:
        return _frame_snake(area, nest_set)
    if "frame" in variants and area is not None and unused:
        return _frame(area, nest_set, min(2, len(unused)))
    return (), None


__all__ = ["build_prelaid", "snake_path", "PartKind"]
