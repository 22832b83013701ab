"""Schlangennest's rule parameters (a set file's `[rules]` table, docs/set-files.md):
`diagonal_opening` and `snake_score`. Parse errors, each parameter's effect on small positions,
seeded games under each value with the shared invariants, replay and the booklet's text."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_nest_helpers import legal, position, refused

from cardgen.booklet.build import document
from cardgen.commands.replay import replay
from cardgen.engine.invariants import check_invariants
from cardgen.engine.players import make_player
from cardgen.engine.simulate import simulate
from cardgen.errors import DataError
from cardgen.games.schlangennest.booklet import CONTENT
from cardgen.games.schlangennest.components import NestRules, load_nest_set
from cardgen.games.schlangennest.moves import place
from cardgen.games.schlangennest.rules import new_game
from cardgen.games.schlangennest.strategy import room
from cardgen.registry import GAMES
from cardgen.sets import default_set_path

STANDARD = default_set_path("schlangennest").read_text(encoding="utf-8")


def variant_set(tmp_path: Path, rules: str, name: str = "variant.toml") -> Path:
    """The standard set with `rules` as its `[rules]` table, written to `tmp_path`."""
    path = tmp_path / name
    path.write_text(STANDARD.rstrip("\n") + "\n\n[rules]\n" + rules + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- the set model


def test_defaults_are_the_original_and_rule_values_name_every_parameter(tmp_path: Path) -> None:
    game = GAMES.get("schlangennest")
    assert [p.name for p in game.rule_params] == ["diagonal_opening", "snake_score"]
    assert game.rule_values(game.load_set()) == {"diagonal_opening": True, "snake_score": "all"}
    nest = load_nest_set(variant_set(tmp_path, 'diagonal_opening = false\nsnake_score = "coloured"'))
    assert nest.rules == NestRules(diagonal_opening=False, snake_score="coloured")
    assert game.rule_values(nest) == {"diagonal_opening": False, "snake_score": "coloured"}


@pytest.mark.parametrize(("rules", "words"), [
    ("diagonal_openings = false", ["[rules] key 'diagonal_openings'", "unknown rule parameter",
                                   "diagonal_opening, snake_score"]),
    ('diagonal_opening = "no"', ["[rules] key 'diagonal_opening'", "expected true or false", "no"]),
    ('snake_score = "grey"', ["[rules] key 'snake_score'", "expected one of all, coloured", "grey"]),
    ("snake_score = 3", ["[rules] key 'snake_score'", "expected one of all, coloured"]),
])
def test_bad_rules_table_names_file_line_and_key(tmp_path: Path, rules: str, words: list[str]) -> None:
    path = variant_set(tmp_path, rules)
    line = path.read_text(encoding="utf-8").splitlines().index(rules) + 1
    with pytest.raises(DataError) as info:
        load_nest_set(path)
    message = str(info.value)
    assert f"{path}:{line}" in message
    for word in words:
        assert word in message


# ---------------------------------------------------------------- diagonal_opening


def test_opening_default_touches_at_a_corner() -> None:
    state = new_game({"players": ["red", "blue"], "area": [5, 7]})
    state.apply(place("red", "curve", (0, 0), 90))
    assert legal(state, place("blue", "curve", (1, 1)))
    assert refused(state, place("blue", "curve", (2, 2))) == "not-touching"


def test_opening_without_diagonal_touches_no_card_and_lies_one_place_away(tmp_path: Path) -> None:
    path = variant_set(tmp_path, "diagonal_opening = false")
    state = new_game({"players": ["red", "blue", "green"], "area": [6, 8]}, path)
    state.apply(place("red", "curve", (0, 0), 90))
    assert refused(state, place("blue", "curve", (1, 1))) == "opening-touches"  # a corner
    assert refused(state, place("blue", "curve", (1, 0))) == "opening-touches"  # an edge
    assert refused(state, place("blue", "curve", (3, 0))) == "not-touching"  # too far away
    starts = {m.at for m in state.legal_moves()}
    assert starts == {(x, y) for x in range(-2, 3) for y in range(-2, 3) if max(abs(x), abs(y)) == 2}
    state.apply(place("blue", "curve", (2, 2)))
    # green touches neither red's nor blue's card; (1, 1) would lie between them, touching both
    assert refused(state, place("green", "straight", (1, 1))) == "opening-touches"
    assert legal(state, place("green", "straight", (4, 2)))


def test_opening_without_diagonal_in_two_snakes_keeps_both_own_tails_apart(tmp_path: Path) -> None:
    path = variant_set(tmp_path, "diagonal_opening = false")
    state = new_game({"players": ["red", "blue"], "variants": ["two-snakes"]}, path)
    state.apply(place("red", "tail", (0, 0), 0))
    assert refused(state, place("blue", "tail", (1, 1), 0)) == "opening-touches"
    state.apply(place("blue", "tail", (2, 0), 0))
    assert refused(state, place("green", "tail", (3, 0), 0)) == "opening-touches"  # its own first tail


# ---------------------------------------------------------------- snake_score


def test_coloured_score_counts_coloured_parts_only(tmp_path: Path) -> None:
    # red: tail, its curve's coloured body (E-S) and the straight's coloured body (E-W): 3
    # coloured parts; the tail card's grey head and the straight's grey body join nothing red
    cards = [("red", "tail", (0, 1), 0), ("red", "curve", (0, 0), 90), ("red", "straight", (1, 0), 90)]
    state = position(cards, "red")
    variant = position(cards, "red", set_path=str(variant_set(tmp_path, 'snake_score = "coloured"')))
    red = state.rules.colours.index("red")
    chain = state.chains[state.snake[red]]
    coloured = sum(1 for p in chain.parts if state.part_colour[p] >= 0)
    assert coloured == 3
    assert state.scores()[0] == len(chain.parts)
    assert variant.scores()[0] == 3


def test_coloured_score_ignores_grey_parts_joined_to_the_snake(tmp_path: Path) -> None:
    # red's curve (coloured N-E) and straight (coloured E-W); blue's head card above the curve
    # joins its grey bend (E-S) to red's N end: red's snake has 3 parts, 2 of them coloured
    cards = [("red", "curve", (0, 0), 0), ("red", "straight", (1, 0), 90), ("blue", "head", (0, -1), 0)]
    default = position(cards, "red")
    variant = position(cards, "red", set_path=str(variant_set(tmp_path, 'snake_score = "coloured"')))
    red = default.rules.colours.index("red")
    parts = default.chains[default.snake[red]].parts
    grey = [p for p in parts if default.part_colour[p] < 0]
    assert len(parts) == 3 and len(grey) == 1
    assert default.scores()[0] == len(parts)
    assert variant.scores()[0] == len(parts) - len(grey)


def test_coloured_score_tail_swap_gains_nothing(tmp_path: Path) -> None:
    from test_nest_helpers import swap_only_position  # the default set's position, rebuilt below

    base = swap_only_position()
    moves = [m for m in base.legal_moves() if m.kind.value == "swap"]
    assert moves
    child = base.clone()
    child.apply(moves[0])
    assert child.scores()[0] == base.scores()[0] + 1  # the original: one more point
    path = variant_set(tmp_path, 'snake_score = "coloured"')
    cards = [(base.rules.colours[col], base.rules.card_ids[k], cell, rot * 90)
             for cell, (k, col, rot, _) in base.cells.items()]
    variant = position(cards, "red", area=(8, 8), set_path=str(path))
    swap = [m for m in variant.legal_moves() if m.kind.value == "swap"]
    assert swap == moves
    grown = variant.clone()
    grown.apply(swap[0])
    assert grown.scores()[0] == variant.scores()[0]


# ---------------------------------------------------------------- seeded games


RULES = {"default": "", "no-diagonal": "diagonal_opening = false", "coloured": 'snake_score = "coloured"',
         "both": 'diagonal_opening = false\nsnake_score = "coloured"'}


@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize(("player", "players", "variants"), [
    ("random", 3, []), ("sensible", 2, ["tail-first"]), ("room", 2, []), ("sensible", 2, ["two-snakes"]),
    ("sensible", 2, ["frame-snake"]),
])
def test_seeded_games_keep_the_invariants(tmp_path: Path, rules: str, player: str, players: int,
                                          variants: list[str]) -> None:
    path = variant_set(tmp_path, RULES[rules]) if RULES[rules] else None
    colours = ["red", "yellow", "green", "blue"][:players]
    chooser = make_player(player, None, {"room": room})
    for seed in range(2):
        state = new_game({"players": colours, "variants": variants}, path)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(chooser.choose(state, rng))
            check_invariants(state, check_moves=2)
            state.verify()
        if RULES[rules] and "coloured" in RULES[rules]:
            for seat, colours_of in enumerate(state.rules.seats):
                coloured = sum(1 for c in colours_of if state.snake[c] >= 0
                               for p in state.chains[state.snake[c]].parts if state.part_colour[p] >= 0)
                assert state.scores()[seat] == coloured


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(RULES))
def test_mcts_plays_under_every_rule(tmp_path: Path, rules: str) -> None:
    path = variant_set(tmp_path, RULES[rules]) if RULES[rules] else None
    result = simulate(lambda: new_game({"players": ["red", "blue"]}, path), "mcts@30", 1,
                      after_move=lambda s: check_invariants(s, check_moves=2))
    assert result.ended


# ---------------------------------------------------------------- replay


def test_a_record_replays_by_its_sets_rules(tmp_path: Path) -> None:
    path = variant_set(tmp_path, 'diagonal_opening = false\nsnake_score = "coloured"')
    options = {"players": ["red", "blue"], "area": [5, 7]}
    played = simulate(lambda: new_game(options, path), "sensible", 3, keep_record=True)
    record = {"game": "schlangennest", "set": path.name, "options": options, "moves": list(played.record)}
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    result = replay(tmp_path / "game.json", GAMES)
    assert result.legal and result.finished
    state = new_game(options, path)
    for move in played.record:
        state.apply(state.move_from_json(move))
    assert result.to_json()["scores"] == {"red": state.scores()[0], "blue": state.scores()[1]}
    # the same moves under the original's rules: blue's first card lies one place away from red's
    del record["set"]
    (tmp_path / "plain.json").write_text(json.dumps(record), encoding="utf-8")
    plain = replay(tmp_path / "plain.json", GAMES)
    assert not plain.legal and plain.error is not None and plain.error["rule"] == "not-touching"


# ---------------------------------------------------------------- the booklet


def _text(nest_path: Path | None, lang: str) -> str:
    nest = load_nest_set(nest_path) if nest_path else load_nest_set()
    doc = document(CONTENT, lang, nest)
    return " ".join(b.text for b in doc.blocks) + " " + " ".join(doc.texts.values())


def test_default_booklet_states_the_original_rules() -> None:
    en, de = _text(None, "en"), _text(None, "de")
    assert "touching a laid card across an edge or at a corner" in en
    assert "waagerecht, senkrecht oder schräg berührt" in de
    assert "coloured and grey, head and tail included" in en
    assert "not even at a corner" not in en and "auch nicht schräg" not in de


def test_variant_booklet_states_its_rules_in_both_languages(tmp_path: Path) -> None:
    path = variant_set(tmp_path, 'diagonal_opening = false\nsnake_score = "coloured"')
    en, de = _text(path, "en"), _text(path, "de")
    assert "an opening card must not touch another card, not even at a corner" in en
    assert "Eine erste Karte darf keine andere Karte berühren, auch nicht schräg an einer Ecke" in de
    assert "A snake scores one point per coloured part" in en
    assert "Eine Schlange bekommt einen Punkt pro farbigem Teil" in de
    assert "touching a laid card across an edge or at a corner" not in en
    assert "coloured and grey, head and tail included" not in en
    assert "farbige und graue, Kopf und Schwanz eingeschlossen" not in de


@pytest.mark.slow
def test_variant_booklet_diagrams_follow_its_rules(tmp_path: Path) -> None:
    """The setup diagram's opening cards touch no other card, and the finished diagram's
    caption gives the coloured score (every diagram is drawn from a legal engine position)."""
    from cardgen.games.schlangennest import booklet

    path = variant_set(tmp_path, 'diagonal_opening = false\nsnake_score = "coloured"')
    nest = load_nest_set(path)
    for lang in ("en", "de"):
        doc = document(CONTENT, lang, nest)
        setup = booklet.setup_figure(nest, lang, doc)
        assert ("none touches another card" if lang == "en" else "keine berührt eine andere Karte") in setup.caption
        finished = booklet.finished_figure(nest, lang, doc)
        assert ("one point per coloured part" if lang == "en" else "einen pro farbigem Teil") in finished.caption


# ---------------------------------------------------------------- the browser table


def test_table_offers_the_first_cards_places_one_place_away(tmp_path: Path) -> None:
    from cardgen.games.schlangennest.table_page import table
    from cardgen.table.model import cell_key

    path = variant_set(tmp_path, "diagonal_opening = false")
    nest = load_nest_set(path)
    state = new_game({"players": ["red", "blue"], "area": [5, 7]}, path)
    state.apply(place("red", "curve", (0, 0), 90))
    view = table(nest).view(state, 1, {"card": "curve", "rot": 0})
    assert cell_key(2, 2) in view.table and cell_key(-2, 0) in view.table
    legal_cells = {m.at for m in state.legal_moves() if m.card == "curve" and m.rot == 0}
    assert (2, 2) in legal_cells and (1, 1) not in legal_cells
    session_move = table(nest).pick(state, {"card": "curve", "rot": 0}, cell_key(2, 2)).move
    assert session_move is not None
    state.apply(session_move)


def test_a_set_written_back_with_rules_reads_them(tmp_path: Path) -> None:
    from cardgen.games.schlangennest.components import RULE_PARAMS
    from cardgen.sets import with_rules

    values = {"diagonal_opening": False, "snake_score": "coloured"}
    path = tmp_path / "written.toml"
    path.write_text(with_rules(STANDARD, RULE_PARAMS, values), encoding="utf-8")
    assert GAMES.get("schlangennest").rule_values(load_nest_set(path)) == values
