"""Schlangennest's own invariants, checked after every move in tests (`NestState.verify`)."""

from __future__ import annotations

from cardgen.games.schlangennest.config import DX, DY
from cardgen.games.schlangennest.position import Position


def verify_state(state: Position) -> None:
    """AssertionError naming the first broken invariant: the incremental chains equal a rebuild
    from scratch; no chain holds two colours and no colour is split; no cell leads three snakes through it;
    no double crossing; the straight/curve cards fit the area; hands plus laid cards are the set."""
    rules = state.rules
    fresh = state.clone()
    joined, split = fresh._rebuild()
    assert not joined, "a chain holds the coloured parts of two colours"
    assert not split, "a colour's coloured parts lie in two chains"

    def shape(s: Position) -> set[tuple[frozenset[int], frozenset[tuple[int, int, int]], int, int]]:
        return {(frozenset(ch.parts), frozenset(ch.free), ch.caps, ch.owner) for ch in s.chains.values()}

    assert shape(fresh) == shape(state), "the incremental chains differ from a rebuild"
    for c in range(len(rules.colours)):
        sid, fid = state.snake[c], fresh.snake[c]
        assert (sid < 0) == (fid < 0), f"colour {c}: snake start differs"
        if sid >= 0:
            assert set(state.chains[sid].parts) == set(fresh.chains[fid].parts), f"colour {c}: wrong snake"
    for cid, ch in state.chains.items():
        for p in ch.parts:
            assert state.chain_of[p] == cid, "chain_of disagrees with the chain's parts"
    for (x, y, e), pid in state.port_at.items():
        assert state.part_cell[pid] == (x, y) and e in state.part_ports[pid], "port_at is stale"
        other = state.port_at.get((x + DX[e], y + DY[e], e ^ 2))
        if other is not None:
            assert state.chain_of[other] == state.chain_of[pid], "facing ports in different chains"
    assert state.multi == {cell for cell, v in state.cells.items() if len(v[3]) > 2}, "multi is stale"
    assert state.three_snake_cell() is None, "a cell leads three snakes through it"
    assert state.double_crossing() is None, "a double crossing"
    counted = [cell for cell, (k, col, _, _) in state.cells.items() if col >= 0 and rules.counted[k]]
    if counted and rules.area is not None:
        xs, ys = [c[0] for c in counted], [c[1] for c in counted]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        W, H = rules.area
        assert (w <= W and h <= H) or (w <= H and h <= W), f"straights and curves span {w}×{h}"
    if rules.fixed_box is not None:
        x0, y0, x1, y1 = rules.fixed_box
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in counted), "a card outside the fixed area"
    for c in range(len(rules.colours)):
        tails = sum(1 for kk, col, _, _ in state.cells.values() if col == c and kk == rules.tail)
        for k, n in enumerate(rules.counts):
            laid = sum(1 for kk, col, _, _ in state.cells.values() if col == c and kk == k)
            assert state.hands[c][k] >= 0, "a negative hand"
            if k in rules.straights:  # a straight swapped for the tail has left the game
                assert 0 <= n - laid - state.hands[c][k] <= tails, f"colour {c}: straights lost"
            else:
                assert laid + state.hands[c][k] == n, f"colour {c} card {k}: cards lost"
