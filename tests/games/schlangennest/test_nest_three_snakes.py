"""Three snakes through one field (docs/rulings.md, Schlangennest): the rule counts snakes, not
chains. A card with three parts (the variant set `tests/records/nest-three-part.toml`: a curve
with a grey head at S and a grey tail at W) may be laid while its spare grey parts touch
nothing; what is refused is a card leading three different snakes through its cell, now or by
the move that joins a grey chain on it to a third snake."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_nest_helpers import legal, position, refused

from cardgen.errors import IllegalMove
from cardgen.games.schlangennest.moves import place
from cardgen.games.schlangennest.ruleids import RETIRED, Rule
from cardgen.games.schlangennest.rules import new_game

ROOT = Path(__file__).resolve().parents[3]
THREE = str(ROOT / "tests" / "records" / "nest-three-part.toml")
FOUR = ("red", "yellow", "green", "blue")
X = ("red", "curve-ends", (0, 0), 0)
"""Red's three-part card: coloured N-E, grey head facing (0,1), grey tail facing (-1,0)."""
YELLOW_AT_HEAD = [("yellow", "straight", (1, 1), 90), ("yellow", "curve", (0, 1), 0)]
"""Yellow's snake ending in X's grey head (its curve's N meets it)."""


def test_a_three_part_card_opens_the_game_with_its_spare_parts_touching_nothing() -> None:
    state = new_game({"players": list(FOUR[:3]), "area": [7, 7]}, THREE)
    move = place("red", "curve-ends", (0, 0), 0)
    assert legal(state, move)
    assert move in state.legal_moves()  # the players see it too
    state.apply(move)
    state.verify()
    assert state.snakes_through((0, 0)) == {0}  # the two grey ends join nothing: no snakes


def test_a_three_part_card_extends_its_snake() -> None:
    state = position([("red", "curve", (0, 0), 0)], "red", set_path=THREE)
    # coloured N-E at rot 90 is E-S: its S meets red's N end; the grey ends face empty cells
    assert legal(state, place("red", "curve-ends", (0, -1), 90))


def test_joining_a_spare_grey_part_to_a_second_snake_is_legal_and_to_a_third_refused() -> None:
    cards = [X, ("yellow", "straight", (1, 1), 90), ("green", "straight", (-1, -1), 0)]
    state = position(cards, "yellow", players=FOUR[:3], set_path=THREE)
    second = place("yellow", "curve", (0, 1), 0)  # its N meets X's grey head
    assert legal(state, second)
    state.apply(second)
    state.verify()
    assert state.snakes_through((0, 0)) == {0, 1}
    state.seat, state.pending = 2, (2,)
    third = place("green", "curve", (-1, 0), 0)  # N on green's end, E on X's grey tail
    assert refused(state, third) == "three-snakes"
    # turned W-N the coloured part leaves westwards and the card's grey E-S part meets the grey
    # tail: a grey chain joined to no snake is no snake, so X still leads two
    other = place("green", "curve", (-1, 0), 270)
    assert legal(state, other)
    state.apply(other)
    state.verify()
    assert state.snakes_through((0, 0)) == {0, 1}


def test_joining_a_grey_chain_that_runs_through_the_card_counts_too() -> None:
    # blue's straight at (-1,0) carries a grey E-W body joined to X's grey tail: a grey chain
    # of two parts, joined to no snake. Green's card reaching that chain makes it green's.
    base = [X, ("blue", "straight", (-1, 0), 0), ("green", "straight", (-3, 0), 90)]
    move = place("green", "straight", (-2, 0), 90)
    state = position(base + YELLOW_AT_HEAD, "green", players=FOUR, set_path=THREE)
    with pytest.raises(IllegalMove) as info:
        state.check(move)
    assert info.value.rule == "three-snakes" and "(0,0) would lead" in str(info.value)
    state = position(base, "green", players=FOUR, set_path=THREE)  # no yellow at the head: two snakes
    assert legal(state, move)
    state.apply(move)
    state.verify()
    assert state.snakes_through((0, 0)) == {0, 2}


def test_a_new_three_part_card_leading_three_snakes_is_refused() -> None:
    ends = [("red", "straight", (0, -1), 0), ("yellow", "straight", (0, 1), 0)]
    move = place("red", "curve-ends", (0, 0), 0)
    state = position(ends + [("green", "straight", (-1, 0), 90)], "red", players=FOUR[:3], set_path=THREE)
    assert refused(state, move) == "three-snakes"
    state = position(ends, "red", players=FOUR[:3], set_path=THREE)
    assert legal(state, move)  # red and yellow only


def test_the_retired_id_reads_as_the_rule_that_replaced_it() -> None:
    assert Rule("three-chains") is Rule.THREE_SNAKES
    assert RETIRED == {"three-chains": Rule.THREE_SNAKES}
    assert "three-chains" not in {r.value for r in Rule}  # the engine no longer gives it


def _check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen", "check", "schlangennest", "--set", str(path),
                           "--players", "2", "--games", "12", "--skill-games", "0", "--no-chart"],
                          capture_output=True, text=True, timeout=600)


@pytest.mark.slow  # long (make test-slow): keeps make test within its 3 minutes
def test_a_three_part_variant_set_plays_through_check(tmp_path: Path) -> None:
    done = _check(Path(THREE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "note: card 'curve-ends' has 2 neutral parts" in done.stdout
    assert "missing" not in done.stdout
    # the same cards in a set that does not say `variant = true`: a card the original lacks
    text = Path(THREE).read_text(encoding="utf-8").replace("variant = true", "variant = false")
    (tmp_path / "three.toml").write_text(text, encoding="utf-8")
    done = _check(tmp_path / "three.toml")
    assert done.returncode == 1 and "has 2 neutral parts" in done.stderr
