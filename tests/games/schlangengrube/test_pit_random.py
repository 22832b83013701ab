"""Seeded random Schlangengrube games: invariants after every move, and a brute-force oracle.

The oracle re-derives legality and scoring from the tile faces alone (geometry.Part, a flood
fill over ports), independently of the engine's frontier keys and union-find.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardgen.commands.replay import replay_record
from cardgen.errors import IllegalMove
from cardgen.games.schlangengrube.moves import PitMove, Place
from cardgen.games.schlangengrube.options import PitOptions
from cardgen.games.schlangengrube.rules import PitGame, PitState
from cardgen.games.schlangengrube.scoring import triangle
from cardgen.games.schlangengrube.state_json import state_from_json
from cardgen.geometry import EDGES, OPPOSITE, ROTATIONS, Part, PartKind, neighbour
from cardgen.registry import GAMES as REGISTRY

SECRET, DOUBLE = "secret-colour", "double-markers"
CONFIGS = [(n, v) for n in (2, 3, 4) for v in (frozenset(), frozenset({SECRET}), frozenset({DOUBLE}))]
CONFIGS.append((2, frozenset({SECRET, DOUBLE})))
GAMES: dict[tuple[int, frozenset[str]], PitGame] = {}


def _game(players: int, variants: frozenset[str]) -> PitGame:
    key = (players, variants)
    if key not in GAMES:
        GAMES[key] = PitGame(options=PitOptions(players, variants))
    return GAMES[key]


def _tiles_on_table(state: PitState) -> Counter[int]:
    return Counter(info[0] for info in state.board.cells.values())


def _check_invariants(state: PitState) -> None:
    tiles = state.game.set.tiles
    everything = _tiles_on_table(state) + Counter(state.bag) + sum((Counter(h) for h in state.hands), Counter())
    assert everything == Counter({t: tile.count for t, tile in enumerate(tiles)}), "tiles not conserved"
    assert all(len(h) <= 5 for h in state.hands)
    assert all(s >= 0 for s in state.scores())
    moves = state.legal_moves()
    assert bool(moves) != state.is_terminal()
    assert len(set(moves)) == len(moves), "duplicate legal moves"
    twin = state.clone()
    assert twin == state
    data = state.to_json()
    again = state_from_json(lambda game, replaying: PitState(game, None, replaying), data, state.game)
    assert again == state and again.to_json() == data
    assert again.legal_moves() == moves
    if moves:  # the clone is independent
        twin.apply_trusted(moves[0])
        assert state.to_json() == data


# ---------------------------------------------------------------------------- the oracle


def _faces(state: PitState) -> dict[tuple[int, int], tuple[Part, ...]]:
    tiles = {t.id: t for t in state.game.set.tiles}
    return {tuple(p["at"]): tuple(part.transformed(p["rot"], p["flip"]) for part in tiles[p["tile"]].parts)
            for p in state.to_json()["board"]}


def _snake(faces: dict[tuple[int, int], tuple[Part, ...]], cell: tuple[int, int], part: Part
           ) -> tuple[int, int, int, bool]:
    """(tiles, heads, tails, complete) of the snake through `part` at `cell`, by flood fill."""
    seen = {(cell, part.ports[0])}
    todo = [(cell, part)]
    heads = tails = tiles = 0
    complete = True
    while todo:
        here, p = todo.pop()
        tiles += 1
        heads += p.kind is PartKind.HEAD
        tails += p.kind is PartKind.TAIL
        for port in p.ports:
            there = neighbour(here, port)
            other = next((q for q in faces.get(there, ()) if OPPOSITE[port] in q.ports), None)
            if other is None:
                complete = False
                continue
            if (there, other.ports[0]) not in seen:
                seen.add((there, other.ports[0]))
                todo.append((there, other))
    return tiles, heads, tails, complete


def _oracle(state: PitState, tile_id: str, cell: tuple[int, int], rot: int, flip: bool
            ) -> tuple[bool, list[int]]:
    """Whether the placement is legal, and the tiles of each snake it completes."""
    faces = _faces(state)
    if cell in faces or not any(neighbour(cell, e) in faces for e in EDGES):
        return False, []
    parts = tuple(p.transformed(rot, flip) for p in state.game.set.tile(tile_id).parts)
    for e in EDGES:
        theirs = faces.get(neighbour(cell, e))
        if theirs is None:
            continue
        mine = next((p.colour for p in parts if e in p.ports), None)
        other = next((p.colour for p in theirs if OPPOSITE[e] in p.ports), None)
        if mine != other:
            return False, []
    faces[cell] = parts
    done = []
    for part in parts:
        tiles, heads, tails, complete = _snake(faces, cell, part)
        if heads > 1 or tails > 1:
            return False, []
        if complete:
            done.append(tiles)
    return True, done


def _face(parts: tuple[Part, ...], rot: int, flip: bool) -> frozenset[tuple[Any, ...]]:
    """A tile's face ignoring port order and layering, so equivalent orientations coincide."""
    return frozenset((q.colour, q.kind, frozenset(q.ports)) for q in (p.transformed(rot, flip) for p in parts))


def _oracle_moves(state: PitState) -> set[tuple[str, tuple[int, int], frozenset[tuple[Any, ...]]]]:
    """Every legal placement by brute force, as (tile, cell, face) so equivalent turns coincide."""
    tiles = {t.id: t for t in state.game.set.tiles}
    cells = {neighbour(c, e) for c in state.board.cells for e in EDGES} - set(state.board.cells)
    found = set()
    for tile_id in {state.game.set.tiles[t].id for t in state.hands[state.player]}:
        for cell in cells:
            for flip in (False, True):
                for rot in ROTATIONS:
                    if _oracle(state, tile_id, cell, rot, flip)[0]:
                        face = _face(tiles[tile_id].parts, rot, flip)
                        found.add((tile_id, cell, face))
    return found


def _engine_moves(state: PitState) -> set[tuple[str, tuple[int, int], frozenset[tuple[Any, ...]]]]:
    tiles = {t.id: t for t in state.game.set.tiles}
    return {(m.tile, m.at, _face(tiles[m.tile].parts, m.rot, m.flip))
            for m in state.legal_moves() if isinstance(m, Place)}


# ---------------------------------------------------------------------------- the games


def _play(game: PitGame, seed: int, every: int = 0) -> PitState:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        _check_invariants(state)
        moves = state.legal_moves()
        if every and steps % every == 0:
            assert _engine_moves(state) == _oracle_moves(state), f"seed {seed} step {steps}"
        move: PitMove = rng.choice(moves)
        mover = state.player
        expected = None
        if isinstance(move, Place):
            legal, done = _oracle(state, move.tile, move.at, move.rot, move.flip)
            assert legal
            if not game.options.variants:  # plain scoring: n(n+1)/2 per snake, x2 for two or more
                gained = sum(triangle(n) for n in done) * (2 if len(done) > 1 else 1)
                expected = state.points[mover] + gained
        if steps % 3 == 0:
            state.apply(move)  # the checked path must accept every listed move
        else:
            state.apply_trusted(move)
        if expected is not None:
            assert state.points[mover] == expected, f"seed {seed} step {steps}"
        steps += 1
        assert steps <= 54 + 2 * game.options.players * 27, "game too long"
    _check_invariants(state)
    return state


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
def test_random_games_keep_the_invariants(players: int, variants: frozenset[str]) -> None:
    for seed in range(2):
        state = _play(_game(players, variants), 100 * players + seed)
        record = {**state.record(), "set": str(state.game.set.path)}
        result = replay_record(record, REGISTRY)
        assert result.legal and result.finished, result.error
        assert tuple(result.scores.values()) == state.scores()


def test_the_engine_agrees_with_the_brute_force_oracle() -> None:
    _play(_game(2, frozenset()), 5, every=4)


@pytest.mark.slow
def test_the_engine_agrees_with_the_brute_force_oracle_for_three() -> None:
    _play(_game(3, frozenset()), 6, every=6)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_many_random_games_against_the_oracle(seed: int) -> None:
    _play(_game(2 + seed % 3, frozenset()), 1000 + seed, every=2)


def test_illegal_moves_near_the_frontier_are_refused_with_a_rule() -> None:
    game = _game(2, frozenset())
    state = game.new_initial_state(11)
    rng = random.Random(11)
    refused: Counter[str] = Counter()
    for _ in range(30):
        if state.is_terminal():
            break
        legal = _engine_moves(state)
        hand = [game.set.tiles[t].id for t in state.hands[state.player]]
        for _ in range(40):
            cell = rng.choice(list(state.board.frontier) + [(99, 99), (0, 0)])
            tile_id, rot, flip = rng.choice(hand or ["X-RG"]), rng.choice(ROTATIONS), rng.random() < 0.5
            face = _face(game.set.tile(tile_id).parts, rot, flip)
            try:
                state.check(Place(tile_id, cell, rot, flip))
            except IllegalMove as exc:
                refused[exc.rule] += 1
                assert (tile_id, cell, face) not in legal
            else:
                assert (tile_id, cell, face) in legal
        moves = state.legal_moves()
        state.apply_trusted(rng.choice(moves))
    assert {"edge-mismatch", "not-touching", "occupied"} <= set(refused)


def test_same_seed_same_game() -> None:
    game = _game(3, frozenset({DOUBLE}))
    a, b = _play(game, 42), _play(game, 42)
    assert a == b and a.record() == b.record()
    assert a.legal_moves() == []
    assert a != _play(game, 43)
