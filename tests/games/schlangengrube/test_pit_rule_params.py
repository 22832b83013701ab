"""Schlangengrube's rule parameters (a set file's `[rules]` table, docs/set-files.md): parsing
and its errors, each parameter's effect on the engine, seeded games under every extreme value,
replay by a variant set's rules, and the booklet stating them in German and English."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgen.booklet.build import document
from cardgen.commands.replay import replay_record
from cardgen.engine.invariants import check_invariants
from cardgen.engine.players import make_player
from cardgen.errors import DataError, IllegalMove
from cardgen.games.schlangengrube.components import (
    RULE_PARAMS,
    PitRules,
    PitSet,
    load_pit_set,
)
from cardgen.games.schlangengrube.generator import text_from_options
from cardgen.games.schlangengrube.moves import Place, Turn
from cardgen.games.schlangengrube.options import PitOptions
from cardgen.games.schlangengrube.rules import PitGame, PitState, new_game
from cardgen.registry import GAMES
from cardgen.sets import default_set_path, with_rules

GAME = GAMES.get("schlangengrube")
STANDARD = default_set_path("schlangengrube").read_text(encoding="utf-8")
BODY = STANDARD.split("\n[rules]\n")[0] + "\n"
"""The standard set without its `[rules]` table."""


def P(tile: str, x: int, y: int, rot: int = 0, flip: bool = False) -> Place:
    return Place(tile, (x, y), rot, flip)


def variant(tmp_path: Path, text: str = STANDARD, name: str = "variant.toml", **rules: Any) -> PitSet:
    """The set of `text` with its `[rules]` table set to `rules` (the rest defaults)."""
    path = tmp_path / name
    path.write_text(with_rules(text, RULE_PARAMS, rules), encoding="utf-8")
    return load_pit_set(path)


def load_text(tmp_path: Path, text: str) -> PitSet:
    path = tmp_path / "set.toml"
    path.write_text(text, encoding="utf-8")
    return load_pit_set(path)


# ---------------------------------------------------------------------------- the set model


def test_the_default_set_plays_the_original_rules_and_game_reads_them() -> None:
    pit = load_pit_set()
    assert pit.rules == PitRules() and pit.rules.is_default and pit.double_markers == 2
    assert [p.name for p in GAME.rule_params] == ["hand_size", "tiles_per_turn", "snake_score", "double_factor",
                                                  "double_markers", "double_threshold"]
    assert GAME.rule_values(pit) == {"hand_size": 5, "tiles_per_turn": 2, "snake_score": "triangular",
                                     "double_factor": 2, "double_markers": 2, "double_threshold": 6}


def test_a_rules_table_is_read(tmp_path: Path) -> None:
    pit = variant(tmp_path, hand_size=7, tiles_per_turn=3, snake_score="square", double_factor=4,
                  double_markers=5, double_threshold=2)
    assert pit.rules == PitRules(7, 3, "square", 4, 5, 2) and pit.double_markers == 5
    assert GAME.rule_values(pit)["snake_score"] == "square"


@pytest.mark.parametrize(("table", "fragments"), [
    ("hand_sise = 4", ["[rules] key 'hand_sise'", "unknown rule parameter", "hand_size"]),
    ('hand_size = "4"', ["[rules] key 'hand_size'", "expected a whole number"]),
    ("hand_size = 11", ["[rules] key 'hand_size'", "11 is outside 2-10"]),
    ("tiles_per_turn = 0", ["[rules] key 'tiles_per_turn'", "0 is outside 1-3"]),
    ('snake_score = "cubic"', ["[rules] key 'snake_score'", "triangular, linear, square"]),
    ("double_factor = 5", ["[rules] key 'double_factor'", "outside 1-4"]),
    ("double_markers = 9", ["[rules] key 'double_markers'", "outside 0-8"]),
    ("double_threshold = 1", ["[rules] key 'double_threshold'", "outside 2-20"]),
    ("double_threshold = true", ["[rules] key 'double_threshold'", "expected a whole number"]),
    ("hand_size = 2\ntiles_per_turn = 3", ["[rules] key 'tiles_per_turn'", "more than hand_size 2"]),
])
def test_rules_errors_name_file_line_and_key(tmp_path: Path, table: str, fragments: list[str]) -> None:
    text = BODY + "[rules]\n" + table + "\n"
    line = text.splitlines().index(table.splitlines()[-1]) + 1
    with pytest.raises(DataError) as info:
        load_text(tmp_path, text)
    message = str(info.value)
    assert f"set.toml:{line}" in message
    for fragment in fragments:
        assert fragment in message


def test_the_older_top_level_double_markers_is_accepted_but_not_twice(tmp_path: Path) -> None:
    body = BODY.replace("head_markers = 4", "double_markers = 4\nhead_markers = 4")
    assert load_text(tmp_path, body).rules.double_markers == 4
    with pytest.raises(DataError, match=r"set.toml:\d+: key 'double_markers': is given twice"):
        load_text(tmp_path, body + "[rules]\ndouble_markers = 3\n")
    with pytest.raises(DataError, match="outside 0-8"):
        load_text(tmp_path, body.replace("double_markers = 4", "double_markers = 9"))


def test_the_generator_writes_no_top_level_double_markers(tmp_path: Path) -> None:
    text = text_from_options({"colours": "3"})
    assert "double_markers" not in text
    pit = variant(tmp_path, text, double_markers=6)
    assert pit.double_markers == 6 and "[rules]\ndouble_markers = 6" in (tmp_path / "variant.toml").read_text()


def test_the_kit_prints_as_many_markers_as_the_rules_say(tmp_path: Path) -> None:
    from cardgen.games.schlangengrube.render import items

    counts = {n: sum(i.count for i in items(variant(tmp_path, double_markers=n), 0.0) if i.front.key == "marker-2x")
              for n in (0, 5)}
    assert counts[0] == 0 and counts[5] == 5


# ---------------------------------------------------------------------------- the engine

RED_3 = [P("HT-RG", 0, -2, 180), P("X-RY", 0, -1), P("CC-RY", 1, -1), P("X-GY", 1, 0, 90)]
GREEN_BODIES = [P("X-RG", 2, 0), P("X-GP", 3, 0, 90), P("SH-GR", 4, 0, 90), P("ST-GY", 5, 0, 90),
                P("SH-GP", 6, 0, 90)]
COMPLETER = P("TH-RG", 0, 0)


def three_and(bodies: int, pit: PitSet, options: PitOptions | None = None) -> PitState:
    """TH-RG at (0, 0) completes a red snake of 3 and a green one of 3 + `bodies` (test_pit_rules)."""
    green = GREEN_BODIES[:bodies] + [P("ST-RG", 2 + bodies, 0, 180)]
    return PitGame(pit, options).setup(RED_3 + green, [["TH-RG", "CC-GY"], ["CC-GY"]])


def two_tile_snake(pit: PitSet) -> PitState:
    return PitGame(pit).setup([P("HT-RG", 0, -1, 180)], [["TH-RG"]])


@pytest.mark.parametrize(("score", "single", "double"), [
    ("triangular", 3, (6 + 36) * 2), ("linear", 2, (3 + 8) * 2), ("square", 4, (9 + 64) * 2)])
def test_snake_score(tmp_path: Path, score: str, single: int, double: int) -> None:
    pit = variant(tmp_path, snake_score=score)
    one = two_tile_snake(pit)
    assert one.score_after(COMPLETER) == single
    one.apply_trusted(COMPLETER)
    assert one.points[0] == single
    both = three_and(5, pit)
    assert both.score_after(COMPLETER) == double
    both.apply_trusted(COMPLETER)
    assert both.points[0] == double


@pytest.mark.parametrize("times", [1, 3, 4])
def test_double_factor(tmp_path: Path, times: int) -> None:
    state = three_and(5, variant(tmp_path, double_factor=times))
    state.apply_trusted(COMPLETER)
    assert state.points[0] == (6 + 36) * times
    assert [c.points for c in state.completions] == [6 * times, 36 * times]


def test_double_factor_and_a_marker_multiply(tmp_path: Path) -> None:
    options = PitOptions(2, frozenset({"double-markers"}))
    state = three_and(5, variant(tmp_path, double_factor=3), options)
    state.ready[0] = state.taken[0] = True
    state.apply_trusted(COMPLETER)
    assert state.points[0] == 42 * 3 * 2


@pytest.mark.parametrize(("threshold", "markers", "earned"), [(6, 2, True), (7, 2, False), (3, 2, True),
                                                               (6, 0, False), (6, 1, True)])
def test_double_threshold_and_markers(tmp_path: Path, threshold: int, markers: int, earned: bool) -> None:
    """The 3 + 6 completion earns a marker when a snake has `double_threshold` tiles or more and
    the supply (the rules' `double_markers`) has one."""
    options = PitOptions(2, frozenset({"double-markers"}))
    state = three_and(3, variant(tmp_path, double_threshold=threshold, double_markers=markers), options)
    assert state.supply == markers
    state.apply_trusted(COMPLETER)
    assert state.ready[0] is earned and state.supply == markers - earned


@pytest.mark.parametrize("size", [2, 7, 10])
def test_hand_size_deals_and_refills(tmp_path: Path, size: int) -> None:
    state = PitGame(variant(tmp_path, hand_size=size, tiles_per_turn=min(size, 2)),
                    PitOptions(3)).new_initial_state(4)
    assert [len(h) for h in state.hands] == [size] * 3 and len(state.bag) == 53 - 3 * size
    while state.current_player == 0:
        state.apply_trusted(state.legal_moves()[0])
    assert len(state.hands[0]) == size
    state.verify()


def test_a_deal_the_bag_cannot_cover_is_dealt_in_seat_order_while_it_lasts() -> None:
    # tests/tune/schlangengrube-failing.toml: 36 tiles, hands of 10; after the start tile the
    # fourth seat gets the 5 left (the set fails `fair` at four players for it)
    pit = Path(__file__).resolve().parents[2] / "tune" / "schlangengrube-failing.toml"
    state = new_game({"players": 4, "variants": []}, pit, 0)
    assert [len(h) for h in state.hands] == [10, 10, 10, 5] and state.bag == []
    state.verify()


def test_one_tile_per_turn_ends_the_turn_and_a_turn_of_two_is_refused(tmp_path: Path) -> None:
    state = PitGame(variant(tmp_path, tiles_per_turn=1)).new_initial_state(3)
    first = state.legal_moves()[0]
    assert isinstance(first, Place)
    after = state.clone()
    after.apply(first)
    assert after.current_player == 1 and after.placed == 0 and len(after.hands[0]) == 5
    two = PitGame(variant(tmp_path, tiles_per_turn=1)).setup([P("HT-RG", 0, -1, 180)],
                                                             [["TH-RG", "X-GY"]])
    with pytest.raises(IllegalMove) as info:
        two.apply(Turn(0, (COMPLETER, P("X-GY", 1, 0, 90))))
    assert info.value.rule == "too-many-tiles"


def test_three_tiles_per_turn_must_be_laid_while_they_fit(tmp_path: Path) -> None:
    pit = variant(tmp_path, tiles_per_turn=3)
    state = PitGame(pit).new_initial_state(1)
    laid: list[Place] = []
    while state.current_player == 0 and not state.is_terminal():
        move = state.legal_moves()[0]
        assert isinstance(move, Place)
        laid.append(move)
        state.apply(move)
    assert len(laid) == 3  # the default set's opening: a third tile fits
    short = PitGame(pit).new_initial_state(1)
    with pytest.raises(IllegalMove) as info:
        short.apply(Turn(0, tuple(laid[:2])))
    assert info.value.rule == "must-place-second"
    whole = PitGame(pit).new_initial_state(1)
    whole.apply(Turn(0, tuple(laid)))
    assert whole.current_player == 1 and len(whole.hands[0]) == 5


def test_a_hand_smaller_than_a_turn_at_the_end_lays_what_it_holds(tmp_path: Path) -> None:
    """With the bag empty and one tile left in the hand, a 3-tile turn lays it and ends (no
    pass); every hand empty ends the game."""
    state = PitGame(variant(tmp_path, tiles_per_turn=3)).setup([P("HT-RG", 0, -1, 180)], [["TH-RG"], []])
    state.apply(Turn(0, (COMPLETER,)))
    assert state.is_terminal() and state.end_reason() == "every tile is laid" and state.scores() == (3, 0)


# ---------------------------------------------------------------------------- seeded games

EXTREMES = [{"hand_size": 2}, {"hand_size": 10}, {"tiles_per_turn": 1}, {"tiles_per_turn": 3},
            {"snake_score": "linear"}, {"snake_score": "square"}, {"double_factor": 1}, {"double_factor": 4},
            {"double_markers": 0}, {"double_markers": 8}, {"double_threshold": 2}, {"double_threshold": 20},
            {"hand_size": 3, "tiles_per_turn": 3}]


def _play(state: PitState, names: list[str], seed: int, check: bool) -> PitState:
    players = [make_player(n, None, GAME.players()) for n in names]
    rng = random.Random(seed)
    for _ in range(state.move_bound()):
        if state.is_terminal():
            break
        state.apply(players[state.current_player].choose(state, rng))
        if check:
            check_invariants(state, check_moves=2)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("rules", EXTREMES, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_random_games_keep_the_invariants_under_extreme_rules(tmp_path: Path, rules: dict[str, Any]) -> None:
    options = {"players": 3, "variants": ["double-markers"]}
    state = new_game(options, variant(tmp_path, **rules).path, seed=len(str(rules)))
    _play(state, ["random", "sensible", "random"], 7, check=True)
    assert max(len(h) for h in state.hands) <= state.game.hand_size


@pytest.mark.slow
@pytest.mark.parametrize("rules", EXTREMES, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_every_player_plays_under_extreme_rules(tmp_path: Path, rules: dict[str, Any]) -> None:
    pit = variant(tmp_path, **rules)
    for variants in ([], ["secret-colour"], ["double-markers"]):
        state = new_game({"players": 3, "variants": variants}, pit.path, seed=11)
        _play(state, ["greedy", "careful", "mcts@20"], 3, check=False)
        state.verify()


# ---------------------------------------------------------------------------- replay


def test_a_record_replays_by_its_sets_rules(tmp_path: Path) -> None:
    """The same record: two tiles in one turn are legal by the default rules, too many by a set
    of one tile a turn; the completed 2-tile snake scores 4 by a square-scoring set."""
    record = {"game": "schlangengrube", "options": {"players": 2}, "moves": [
        {"start": {"tile": "HT-RG", "at": [0, 0], "rot": 180, "flip": False}},
        {"player": 0, "place": [{"tile": "TH-RG", "at": [0, 1]}, {"tile": "X-RG", "at": [0, -1], "rot": 90}]}]}
    assert replay_record(record, GAMES).legal
    variant(tmp_path, name="one.toml", tiles_per_turn=1)
    refused = replay_record({**record, "set": "one.toml"}, GAMES, base=tmp_path)
    assert not refused.legal and refused.error is not None and "too-many-tiles" in str(refused.to_json())
    variant(tmp_path, name="square.toml", snake_score="square")
    squared = replay_record({**record, "set": "square.toml"}, GAMES, base=tmp_path)
    assert squared.legal and squared.scores == {"player 1": 4, "player 2": 0}


def test_a_saved_state_keeps_its_sets_rules(tmp_path: Path) -> None:
    state = new_game({"players": 2}, variant(tmp_path, hand_size=8).path, seed=2)
    again = PitState.from_json(state.to_json())
    assert again == state and again.game.hand_size == 8


# ---------------------------------------------------------------------------- the booklet


def _booklet_text(pit: PitSet, lang: str) -> str:
    sys.path.insert(0, str(Path(__file__).parents[2] / "booklet"))
    from plans import content

    doc = document(content("schlangengrube"), lang, pit)
    return " ".join(b.text for b in doc.blocks) + " " + " ".join(doc.texts.values())


def test_the_booklet_states_a_variant_sets_rules_in_both_languages(tmp_path: Path) -> None:
    pit = variant(tmp_path, hand_size=6, tiles_per_turn=3, snake_score="square", double_factor=3,
                  double_markers=4, double_threshold=8)
    de, en = _booklet_text(pit, "de"), _booklet_text(pit, "en")
    for text, wanted in [
        (de, ["Jede Person zieht 6 Plättchen", "legt **drei** Plättchen", "wieder auf 6 Plättchen auf",
              "keine drei gelegt", "bringt n × n Punkte", "also 4 Punkte, eine aus 4 Plättchen 16 Punkte",
              "die Summe **verdreifacht**", "ersten vier Personen eine Schlange aus 8 oder mehr",
              "zählt es 6-fach", "mehr als drei Plättchen"]),
        (en, ["Every player draws 6 tiles", "lay **three** tiles", "refill your hand to 6 tiles",
              "have not laid three", "scores n × n points", "2 tiles) 4 points, one of 4 tiles 16 points",
              "the sum is **tripled**", "first four players to complete a snake of 8 or more tiles",
              "counts 6 times", "more than three tiles"]),
    ]:
        for sentence in wanted:
            assert sentence in text, sentence
    for stale in ("zieht 5 Plättchen", "**zwei**", "verdoppelt**", "draws 5 tiles", "**two**", "**doubled**"):
        assert stale not in de + en, stale


def test_the_booklet_of_one_tile_a_turn_and_plain_sums(tmp_path: Path) -> None:
    pit = variant(tmp_path, tiles_per_turn=1, snake_score="linear", double_factor=1)
    de, en = _booklet_text(pit, "de"), _booklet_text(pit, "en")
    assert "legt **ein** Plättchen aus der eigenen Hand an." in de and "eines nach dem anderen" not in de
    assert "lay **one** tile from your hand." in en and "one after the other" not in en
    assert "einfach zusammengezählt" in de and "simply added" in en
    assert "n Punkte, einen je Plättchen" in de and "n points, one per tile" in en


def test_the_scoring_diagram_scores_by_the_sets_rules(tmp_path: Path) -> None:
    from cardgen.booklet.markup import parse
    from cardgen.games.schlangengrube.booklet import figures

    pit = variant(tmp_path, snake_score="square", double_factor=4)
    text = "{diagram:scoring}\n@caption scoring = [red_sum] [green_sum] ([green_points] + [red_points]) × [factor] = [total]\n"
    figure = figures(pit, "en", parse(text))["scoring"]()
    assert figure.caption == "8 × 8 = 64 3 × 3 = 9 (9 + 64) × 4 = 292"
    assert all(shown.state.game.set.rules == pit.rules for shown in figure.shows)


# ---------------------------------------------------------------------------- the browser table


def test_the_table_page_shows_a_hand_of_the_sets_size_and_counts_three_tiles(tmp_path: Path) -> None:
    from cardgen.games.schlangengrube.table_page import PitTable

    pit = variant(tmp_path, hand_size=8, tiles_per_turn=3)
    state = new_game({"players": 2}, pit.path, seed=1)
    table = PitTable(pit)
    assert table.view(state, 0, {}).hint == "choose a tile of your hand"
    assert table.view(state, 0, {}).hand.count("tile:") == 8
    for tile in (1, 2):
        move = state.legal_moves()[0]
        state.apply(move)
        assert state.current_player == 0
        assert table.view(state, 0, {}).hint == f"choose a tile of your hand (tile {tile + 1} of 3)"


def test_a_played_record_of_a_variant_set_replays_by_its_rules_only(tmp_path: Path) -> None:
    pit = variant(tmp_path, name="three.toml", hand_size=7, tiles_per_turn=3, snake_score="square")
    state = _play(new_game({"players": 3}, pit.path, seed=5), ["greedy", "random", "careful"], 5, check=False)
    record = {**state.record(), "set": "three.toml"}
    result = replay_record(record, GAMES, base=tmp_path)
    assert result.legal and result.finished
    assert list(result.scores.values()) == list(state.scores())
    default = replay_record({k: v for k, v in record.items() if k != "set"}, GAMES)
    assert not default.legal and "too-many-tiles" in str(default.to_json())
