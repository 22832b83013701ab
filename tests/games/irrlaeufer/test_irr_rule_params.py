"""Irrläufer's rule parameters (the set file's `[rules]` table, docs/set-files.md): parse
errors, each parameter's effect on small positions, seeded games under the extreme values with
the invariants after every step, a replay that follows its set's rules, and the booklet."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardgen.commands.replay import replay_record
from cardgen.engine.invariants import check_invariants
from cardgen.errors import DataError, IllegalMove
from cardgen.games.irrlaeufer.components import (
    Dir,
    IrrBoard,
    IrrRules,
    Side,
    Stick,
    load_board,
)
from cardgen.games.irrlaeufer.moves import EndTurn, Go, IrrMove, Slide
from cardgen.games.irrlaeufer.players import RunnerPlayer, search, wary
from cardgen.games.irrlaeufer.record import make_record
from cardgen.games.irrlaeufer.reference import PlainState
from cardgen.games.irrlaeufer.rules import IrrState
from cardgen.games.irrlaeufer.strategy import CastlePlayer
from cardgen.registry import GAMES

HEAD = 'game = "irrlaeufer"\nname = "Variant"\nrows = 17\n'


def _set(tmp_path: Path, rules: str) -> Path:
    path = tmp_path / "variant.toml"
    path.write_text(HEAD + "\n[rules]\n" + rules, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- parsing


def test_the_rules_table_is_read(tmp_path: Path) -> None:
    board = load_board(_set(tmp_path, "slide_budget = 5\nround_limit = 20\ncapture_own = true\n"))
    assert board.rules == IrrRules(5, 20, True) and not board.rules.is_default
    assert GAMES.get("irrlaeufer").rule_values(board) == {"slide_budget": 5, "round_limit": 20, "capture_own": True}
    assert load_board().rules.is_default


@pytest.mark.parametrize("rules, line, words", [
    ("slide_budget = 3\nslide_bugdet = 2\n", 7, ("slide_bugdet", "unknown rule parameter")),
    ("capture_own = 1\n", 6, ("capture_own", "expected true or false")),
    ('round_limit = "many"\n', 6, ("round_limit", "expected a whole number")),
    ("slide_budget = 7\n", 6, ("slide_budget", "7 is outside 1-6")),
    ("round_limit = 19\n", 6, ("round_limit", "19 is outside 20-500")),
])
def test_rules_errors_name_file_line_and_key(tmp_path: Path, rules: str, line: int, words: tuple[str, ...]) -> None:
    path = _set(tmp_path, rules)
    with pytest.raises(DataError) as info:
        load_board(path)
    text = str(info.value)
    assert f"variant.toml:{line}" in text and all(w in text for w in words), text


# --------------------------------------------------------------------------- effects


def _open(rules: IrrRules, **kw: object) -> IrrState:
    """Phase 2 on an empty 21-row board but for the given sticks, pieces far apart."""
    board = IrrBoard(rows=21, rules=rules)
    kw.setdefault("castles", [])
    return IrrState.custom(board, **kw)  # type: ignore[arg-type]


PIECES = {(1, 1): Side.RED, (15, 21): Side.BLUE}


def test_a_budget_of_one_slides_one_field() -> None:
    state = _open(IrrRules(slide_budget=1), sticks=[Stick(Dir.V, 7, 9), Stick(Dir.H, 5, 4)], pieces=PIECES)
    assert state.remaining == 1
    slides = [m for m in state.legal_moves() if isinstance(m, Slide)]
    assert slides and {abs(m.by) for m in slides} == {1}
    with pytest.raises(IllegalMove) as info:
        state.apply(Slide(Side.RED, Stick(Dir.V, 7, 9), 2))
    assert info.value.rule == "slide-total"
    state.apply(Slide(Side.RED, Stick(Dir.V, 7, 9), 1))
    assert not state.sliding  # the turn's one field is slid: the move step follows


@pytest.mark.parametrize("cls", [IrrState, PlainState])
def test_a_budget_of_five_slides_five_fields_on_one_stick(cls: type[IrrState]) -> None:
    board = IrrBoard(rows=21, rules=IrrRules(slide_budget=5))
    state = cls.custom(board, castles=[], sticks=[Stick(Dir.V, 7, 9)], pieces=PIECES)
    assert state.remaining == 5
    assert {m.by for m in state.legal_moves() if isinstance(m, Slide)} == {-5, 5}  # one stick: all at once
    state.apply(Slide(Side.RED, Stick(Dir.V, 7, 9), 5))
    assert not state.sliding


# four sticks that run one field each (forward to the board's edge; back is banned)
FOUR = [Stick(Dir.V, c, 18) for c in (3, 5, 7, 9)]


@pytest.mark.parametrize("cls", [IrrState, PlainState])
def test_a_budget_of_five_uses_at_most_three_sticks(cls: type[IrrState]) -> None:
    board = IrrBoard(rows=21, rules=IrrRules(slide_budget=5))
    state = cls.custom(board, castles=[], sticks=FOUR, pieces=PIECES, last_slides=[(s, 1) for s in FOUR])
    assert state.remaining == 3  # four sticks could slide 4, but only 3 of them may slide
    for s in FOUR[:3]:
        assert all(abs(m.by) == 1 for m in state.legal_moves() if isinstance(m, Slide))
        state.apply(Slide(Side.RED, s, 1))
    assert not state.sliding
    four = IrrBoard(rows=21, rules=IrrRules(slide_budget=4))
    more = cls.custom(four, castles=[], sticks=FOUR + [Stick(Dir.V, 11, 9)], pieces=PIECES,
                      last_slides=[(s, 1) for s in FOUR])
    assert more.remaining == 4


def test_a_turn_with_three_sticks_slid_slides_no_fourth() -> None:
    board = IrrBoard(rows=21, rules=IrrRules(slide_budget=6))
    sticks = FOUR + [Stick(Dir.V, 11, 9)]
    state = IrrState.custom(board, castles=[], sticks=sticks, pieces=PIECES, last_slides=[(s, 1) for s in FOUR])
    assert state.remaining == 6  # stick v11 runs far enough alone
    for s in FOUR[:2]:
        state.apply(Slide(Side.RED, s, 1))
    with pytest.raises(IllegalMove) as info:  # a third 1-field stick would leave 3 fields, no stick
        state.apply(Slide(Side.RED, FOUR[2], 1))
    assert info.value.rule == "slide-total"
    assert {(m.stick, abs(m.by)) for m in state.legal_moves() if isinstance(m, Slide)} == {(sticks[4], 4)}


def _quiet_turn(state: IrrState) -> None:
    while state.sliding:
        state.apply(state.legal_moves()[0])
    state.apply(EndTurn(state.to_move))


@pytest.mark.parametrize("limit, draws", [(20, True), (100, False)])
def test_the_round_limit_draws_after_its_rounds(limit: int, draws: bool) -> None:
    state = _open(IrrRules(round_limit=limit), sticks=[Stick(Dir.V, 7, 9)], pieces=PIECES)
    state.quiet = 2 * 20 - 1  # 19 and a half quiet rounds played
    _quiet_turn(state)
    assert (state.outcome is not None and state.outcome.rule == "hundred-rounds") is draws
    assert state.quiet == 40


@pytest.mark.parametrize("own", [False, True])
def test_own_capture_only_when_enabled(own: bool) -> None:
    pieces = {(5, 5): Side.RED, (5, 8): Side.RED, (15, 21): Side.BLUE}
    state = _open(IrrRules(capture_own=own), pieces=pieces)
    state.quiet = 7
    hit = Go(Side.RED, (5, 5), (5, 8))
    assert (hit in state.legal_moves()) is own
    if not own:
        with pytest.raises(IllegalMove) as info:
            state.apply(hit)
        assert info.value.rule == "own-piece"
        return
    state.apply(hit)
    assert state.pos.pieces == {(5, 8): Side.RED, (15, 21): Side.BLUE}
    assert state.quiet == 0  # a capture, of either colour, resets the round count


def test_a_castle_captures_an_own_piece_only_when_enabled() -> None:
    from cardgen.games.irrlaeufer.position import Castle
    castles = [Castle((5, 5), Side.RED, False, None)]
    for own in (False, True):
        state = _open(IrrRules(capture_own=own), pieces={(5, 9): Side.RED, (15, 21): Side.BLUE}, castles=castles)
        assert (Go(Side.RED, (5, 5), (5, 8)) in state.legal_moves()) is own
        assert Go(Side.RED, (5, 5), (5, 9)) not in state.legal_moves()  # never past a piece


# --------------------------------------------------------------------------- seeded games


def _play(rules: IrrRules, seed: int, choose: object = None, max_steps: int = 1500) -> IrrState:
    rng = random.Random(seed)
    state = IrrState(IrrBoard(rows=17, rules=rules))
    castle = CastlePlayer()
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        moves = state.legal_moves()
        if state.phase == 2 and rng.random() < 0.6:
            move: IrrMove = castle.choose_from(state, moves, rng)
        else:
            move = rng.choice(moves)
        state.apply(move)
        steps += 1
        if state.phase == 2:
            check_invariants(state, check_moves=2)
            assert len(state.used) <= 3 and sum(1 for _ in state.used) <= 3
    return state


@pytest.mark.parametrize("rules", [IrrRules(slide_budget=1), IrrRules(capture_own=True, round_limit=20)],
                         ids=["budget1", "own-limit20"])
def test_seeded_games_keep_the_invariants(rules: IrrRules) -> None:
    _play(rules, 5, max_steps=500)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [IrrRules(slide_budget=6), IrrRules(slide_budget=2, round_limit=500),
                                   IrrRules(round_limit=20), IrrRules(capture_own=True)])
def test_seeded_games_to_their_end_under_extreme_rules(rules: IrrRules) -> None:
    for seed in (1, 2):
        end = _play(rules, seed, max_steps=100_000)
        assert end.is_terminal()
        assert end.quiet <= rules.quiet_turns


@pytest.mark.parametrize("rules", [IrrRules(slide_budget=1), IrrRules(slide_budget=5, capture_own=True)],
                         ids=["budget1", "budget5-own"])
def test_every_player_moves_under_other_rules(rules: IrrRules) -> None:
    state = IrrState(IrrBoard(rows=17, rules=rules))
    rng = random.Random(3)
    while state.phase == 1:
        state.apply_trusted(rng.choice(state.legal_moves()))
    players = [RunnerPlayer(), wary(), CastlePlayer(), search(10)]
    for turn in range(4):
        player = players[turn % len(players)]
        side = state.to_move
        while state.to_move is side and not state.is_terminal():
            move = player.choose(state, rng)
            state.apply(move)
        check_invariants(state, check_moves=2)


# --------------------------------------------------------------------------- replay


def test_a_replay_follows_the_rules_of_the_set_its_record_names(tmp_path: Path) -> None:
    path = _set(tmp_path, "slide_budget = 1\nround_limit = 20\n")
    board = load_board(path)
    rng = random.Random(4)
    state = IrrState(board)
    log: list[IrrMove] = []
    while not state.is_terminal() and state.turns < 30:
        move = rng.choice(state.legal_moves())
        log.append(move)
        state.apply_trusted(move)
    record = json.loads(json.dumps(make_record(log, board)))
    assert record["set"] == str(path)
    result = replay_record(record, GAMES)
    assert result.legal and result.state == state
    del record["set"]  # the same moves under the original's rules: a turn slides 3 fields there
    again = replay_record(record, GAMES)
    assert not again.legal and again.error is not None and again.error["rule"] == "slide-total"


# --------------------------------------------------------------------------- booklet


def _booklet_text(path: Path) -> str:
    from pypdf import PdfReader

    raw = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", raw))


def test_a_variant_sets_booklet_states_its_rules_in_both_languages(tmp_path: Path) -> None:
    from cardgen.booklet.build import write_booklets
    from cardgen.games.irrlaeufer.booklet import CONTENT
    from cardgen.options import BuildOptions

    path = _set(tmp_path, "slide_budget = 4\nround_limit = 50\ncapture_own = true\n")
    write_booklets(CONTENT, BuildOptions(out=tmp_path / "out", set_path=path, langs=("de", "en")), load_board(path))
    de = _booklet_text(tmp_path / "out" / "irrlaeufer" / "rules-de-a5-read.pdf")
    en = _booklet_text(tmp_path / "out" / "irrlaeufer" / "rules-en-a5-read.pdf")
    assert "Schiebe Stäbchen um insgesamt 4 Felder" in de and "zusammen um genau drei" not in de
    assert "Slide sticks by 4 fields in all" in en and "exactly three fields in total" not in en
    assert "50 Runden (je 50 Züge)" in de and "50 rounds (50 turns each)" in en
    assert "100 Runden" not in de and "100 rounds" not in en
    assert "auch eigene Figuren schlagen" in de and "your own pieces can be captured too" in en
    assert "Your own pieces cannot be captured" not in en
    assert "slides two sticks (arrows, 4 fields in total)" in en  # the diagram slides the budget
    assert "schiebt zwei Stäbchen (Pfeile, zusammen 4 Felder)" in de


@pytest.mark.parametrize("budget", [1, 2, 5, 6])
def test_the_booklet_diagrams_stay_legal_under_every_budget(budget: int) -> None:
    from cardgen.games.irrlaeufer import booklet

    board = IrrBoard(rules=IrrRules(slide_budget=budget))
    for slides in (booklet._slide_states(board)[3], booklet._conquest_states(board)[3]):
        assert sum(abs(by) for _, by in slides) == budget and len(slides) <= 3  # the states applied them checked


# --------------------------------------------------------------------------- table page and check


@pytest.mark.parametrize("budget", [1, 5])
def test_the_table_page_offers_the_sets_slides(budget: int) -> None:
    from cardgen.games.irrlaeufer.table_page import IrrTable

    board = IrrBoard(rows=21, rules=IrrRules(slide_budget=budget))
    stick = Stick(Dir.V, 7, 9)
    state = IrrState.custom(board, castles=[], sticks=[stick], pieces=PIECES)
    table = IrrTable(board)
    key = "stick:v,7,9"
    view = table.view(state, 0, {"stick": key})
    assert [b.pick for b in view.buttons if b.pick.startswith("by:")] == [
        f"by:{b}" for b in [*range(-budget, 0), *range(1, budget + 1)]]
    assert {b.pick for b in view.buttons if b.on} == {f"by:{-budget}", f"by:{budget}"}  # one stick: all of it
    assert f"this turn ({budget} in all" in (view.hint or "")  # the set's budget, in players' words
    picked = table.pick(state, {"stick": key}, f"by:{budget}")
    assert picked.move == Slide(Side.RED, stick, budget)
    with pytest.raises(DataError):
        table.pick(state, {"stick": key}, f"by:{budget + 1}")


def test_the_check_calls_the_round_limit_draw_a_stalemate_and_names_the_rules() -> None:
    from cardgen.engine.degenerate import STALEMATE
    from cardgen.games.irrlaeufer import check

    state = _open(IrrRules(round_limit=20), sticks=[Stick(Dir.V, 7, 9)], pieces=PIECES)
    state.quiet = 39
    _quiet_turn(state)
    found = check.degenerate(state, (0, 1))
    assert found is not None and found.kind == STALEMATE
    assert "20 rounds" in state.end_reason()
    board = IrrBoard(rules=IrrRules(slide_budget=1, round_limit=20, capture_own=True))
    assert check.rules_label(board) == ", slide 1, draw after 20 rounds, own capture"
    assert check.rules_label(IrrBoard()) == ""


def test_a_state_keeps_its_rules_through_json() -> None:
    rules = IrrRules(slide_budget=5, round_limit=30, capture_own=True)
    state = _open(rules, sticks=[Stick(Dir.V, 7, 9)], pieces=PIECES)
    again = IrrState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.board.rules == rules and again == state
    assert (again.budget, again.quiet_limit, again.pos.capture_own) == (5, 60, True)
    assert "rules" not in _open(IrrRules(), pieces=PIECES).to_json()  # the original's states as before
