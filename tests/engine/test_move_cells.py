"""Each game's `move_cells` (the heatmap's cells, docs/check.md) on known moves: the cell a
Schlangennest card is laid, turned or swapped on, the cells of the Schlangengrube tiles laid, the
field an Irrläufer piece ends on and the four a castle lands on; nothing for a pass, the start
tile, or a stick."""

from __future__ import annotations

from cardgen.engine.players import make_player
from cardgen.engine.simulate import simulate
from cardgen.games.irrlaeufer.components import Dir, IrrBoard, Side, Stick
from cardgen.games.irrlaeufer.moves import EndTurn, Go, Lay, Slide, Turn
from cardgen.games.irrlaeufer.position import Castle
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.games.schlangengrube.moves import Pass, Place, Start, Turn as PitTurn
from cardgen.games.schlangennest.moves import pass_move, place, swap, turn
from cardgen.registry import GAMES


def test_schlangennest_counts_the_card_s_cell() -> None:
    state = GAMES.get("schlangennest").new_state({"players": ["red", "yellow"], "area": [5, 7]}, None, 1)
    first = state.legal_moves()[0]
    assert state.move_cells(first) == (first.at,)
    assert state.move_cells(place("red", "curve-1", (2, -3), 90)) == ((2, -3),)
    assert state.move_cells(turn("red", (1, 4))) == ((1, 4),)
    assert state.move_cells(swap("red", (-2, 0), 180)) == ((-2, 0),)
    assert state.move_cells(pass_move("red")) == ()


def test_schlangengrube_counts_every_tile_a_player_lays() -> None:
    state = GAMES.get("schlangengrube").new_state({"players": 2}, None, 1)
    first = state.legal_moves()[0]
    assert isinstance(first, Place) and state.move_cells(first) == (first.at,)
    a, b = Place("t1", (1, 0)), Place("t2", (1, -1), 90)
    assert state.move_cells(PitTurn(0, (a, b))) == ((1, 0), (1, -1))
    assert state.move_cells(Pass(0)) == () and state.move_cells(Start(Place("t3", (0, 0)))) == ()


def test_irrlaeufer_counts_where_a_piece_or_castle_ends() -> None:
    red, blue = Side.RED, Side.BLUE
    castles = [Castle((1, 2), red, False, None), Castle((14, 2), red, True, None),
               Castle((1, 19), blue, False, None), Castle((14, 19), blue, False, None)]
    state = IrrState.custom(IrrBoard(rows=21), pieces={(5, 10): red}, castles=castles)
    assert state.move_cells(Go(red, (5, 10), (5, 7))) == ((5, 7),)
    assert state.move_cells(Go(red, (1, 2), (1, 6))) == ((1, 6), (2, 6), (1, 7), (2, 7))  # an empty castle moves
    assert state.move_cells(Go(red, (14, 2), (14, 6))) == ((14, 6),)  # the piece on a castle leaves it
    assert state.move_cells(Turn(red, ((Stick(Dir.V, 7, 9), 1),), ((5, 10), (5, 12)))) == ((5, 12),)
    stick = Stick(Dir.H, 9, 4)
    assert state.move_cells(Lay(red, stick)) == state.move_cells(Slide(red, stick, 2)) == ()
    assert state.move_cells(EndTurn(red)) == () and state.move_cells(Turn(red, ())) == ()


def test_a_simulated_game_of_each_counts_its_moves_on_the_board() -> None:
    cases = (("schlangennest", {"players": ["red", "yellow"], "area": [5, 7]}, "sensible"),
             ("schlangengrube", {"players": 2}, "sensible"), ("irrlaeufer", {}, "runner"))
    for name, options, player in cases:
        game = GAMES.get(name)
        r = simulate(lambda game=game, options=options: game.new_state(options, None, 3),
                     make_player(player, None, game.players()), 3,
                     turn_of=game.turn_of)
        plays = sum(n for _, _, n in r.cells)
        if name == "irrlaeufer":  # a piece's move one field, a castle's four
            moves = r.count("move") + r.count("capture") + r.count("conquest")
            assert all(1 <= x <= 15 and 1 <= y <= 21 for x, y, _ in r.cells)
            assert plays >= moves and (plays - moves) % 3 == 0
        else:  # a card or tile per step, none for a pass
            assert plays == r.moves - r.count("pass") > 0
        assert r.settled is not None and 1 <= r.settled <= r.length_turns  # each of these seeds has a sole winner
