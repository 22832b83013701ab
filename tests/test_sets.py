"""Set files: the standard Schlangennest set loads as docs/rulings.md says; bad files give one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import DataError
from cardgen.geometry import PartKind
from cardgen.registry import load_set
from cardgen.sets import default_set_path

STANDARD = default_set_path("schlangennest")


def test_standard_nest_set_matches_the_rulings() -> None:
    nest = load_set(STANDARD)
    assert nest.colours == ("red", "yellow", "green", "blue")
    assert nest.card_size == 45.0
    counts = {card.kind: card.count for card in nest.cards}
    assert counts == {"straight": 7, "curve": 9, "head": 1, "tail": 1}
    assert nest.cards_per_colour * len(nest.colours) == 72
    faces = {card.kind: [str(p) for p in card.parts] for card in nest.cards}
    assert faces["straight"] == ["neutral:E-W", "own:N-S"]  # grey under, colour on top
    assert faces["curve"] == ["own:N-E", "neutral:S-W"]
    assert faces["head"] == ["own:head@N", "neutral:E-S"]
    assert faces["tail"] == ["own:tail@N", "neutral:head@S"]
    assert nest.card("tail").parts[1].kind is PartKind.HEAD
    assert nest.areas[2] == ((6, 6), (5, 7), (4, 8))
    assert nest.areas[4] == ((8, 8), (7, 9), (6, 10), (5, 11))


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = STANDARD.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ('name = "Schlangennest"', 'name = "Schlangennest', ["variant.toml:5", "not valid TOML"]),
        ('name = "Schlangennest"', 'name = "x"\nsize = 3', ["key 'size'", "unknown key"]),
        ('"blue"]', '"mauve"]', ["key 'colours'", "unknown colour 'mauve'"]),
        ('card_size = "45mm"', 'card_size = "-45mm"', ["card_size", "-45 mm is outside 25-300 mm"]),
        ('card_size = "45mm"', 'card_size = "400mm"', ["card_size", "outside 25-300 mm"]),
        ('card_size = "45mm"', 'card_size = "20mm"', ["card_size", "outside 25-300 mm"]),
        ('card_size = "45mm"', 'card_size = "big"', ["card_size", "expected a length"]),
        ("count = 7", "count = 0", ["[[card]] #1 key 'count'", "outside 1-99"]),
        ("count = 7", 'count = "7"', ["[[card]] #1 key 'count'", "expected a whole number"]),
        ("count = 7", "count = 7\nshape = 1", ["[[card]] #1 key 'shape'", "unknown key"]),
        ('"own:N-S"]', '"own:N-Q"]', ["[[card]] #1 key 'parts'", "like 'N-S'"]),
        ('"own:N-S"]', '"own:E-S"]', ["[[card]] #1", "two parts use the E port"]),
        ('"own:N-S"]', '"lilac:N-S"]', ["[[card]] #1", "unknown colour 'lilac'"]),
        ('"own:N-E", "neutral:S-W"', '"neutral:S-W"', ["[[card]] #2", "exactly one 'own' part"]),
        ('id = "tail"\ncount = 1', 'id = "tail"\ncount = 2', ["exactly one tail card", "gives 2"]),
        ('id = "curve"', 'id = "straight"', ["[[card]] #2 key 'id'", "used twice"]),
        ("2 = [[6, 6], [5, 7], [4, 8]]", "9 = [[6, 6]]", ["areas", "player count '9'"]),
        ("2 = [[6, 6], [5, 7], [4, 8]]", "2 = [[6, 0]]", ["areas", "[width, height]"]),
        ('game = "schlangennest"', 'game = "chess"', ["unknown game 'chess'"]),
        ('game = "schlangennest"', 'game = ["x"]', ["unknown game ['x']"]),
        ('card_size = "45mm"', 'card_size = []', ["card_size", "expected a length"]),
    ],
)
def test_bad_set_files_are_refused_with_place_and_reason(tmp_path: Path, old: str, new: str,
                                                          fragments: list[str]) -> None:
    path = _variant(tmp_path, old, new)
    with pytest.raises(DataError) as info:
        load_set(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    for fragment in fragments:
        assert fragment in message


def test_missing_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        load_set(tmp_path / "nope.toml")


def test_a_set_for_another_game_is_refused_when_a_game_is_named() -> None:
    with pytest.raises(DataError, match="not a schlangengrube set"):
        load_set(STANDARD, game="schlangengrube")


@pytest.mark.parametrize("game", ["schlangennest", "schlangengrube", "irrlaeufer"])
def test_a_rules_table_added_to_a_written_set_or_a_rule_at_the_top_says_where_it_belongs(
        tmp_path: Path, game: str) -> None:
    from click.testing import CliRunner

    from cardgen.cli import main
    from cardgen.registry import GAMES

    param = GAMES.get(game).rule_params[0]
    written = tmp_path / "mine.toml"
    assert CliRunner().invoke(main, ["sets", game, "--out", str(written)]).exit_code == 0
    text = written.read_text(encoding="utf-8")
    if "[rules]" not in text.splitlines():  # Schlangengrube's written set has one; give the others one
        text += "\n[rules]\n"
    first = text.splitlines().index("[rules]") + 1
    value = str(param.default).lower()
    check = ["check", game, "--set", str(written), "--games", "1", "--skill-games", "0", "--no-chart", "--quiet"]
    written.write_text(text + f"\n[rules]\n{param.name} = {value}\n", encoding="utf-8")  # a second [rules]
    result = CliRunner().invoke(main, check)
    assert result.exit_code == 1
    assert f"the [rules] table is declared twice; it is already at line {first}: set the values there" in result.stderr
    top = text.replace("\nname = ", f"\n{param.name} = {value}\nname = ", 1)  # a rule among the top-level keys
    written.write_text(top, encoding="utf-8")
    result = CliRunner().invoke(main, check)
    assert result.exit_code == 1
    assert f"key '{param.name}': a rule parameter: put it under [rules]" in result.stderr, result.stderr


def test_a_rules_dataclass_declares_each_rule_parameter_once() -> None:
    from dataclasses import dataclass

    from cardgen.sets import RuleParam, rule, rule_params

    @dataclass(frozen=True)
    class Rules:
        size: int = rule(3, "how big", 1, 5)
        note: str = "not a rule parameter"
        mode: str = rule("all", "which", choices=("all", "some"))
        strict: bool = rule(False, "whether strict")

    assert rule_params(Rules) == (RuleParam("size", "how big", 3, 1, 5),
                                  RuleParam("mode", "which", "all", choices=("all", "some")),
                                  RuleParam("strict", "whether strict", False))
    assert Rules() == Rules(3, "not a rule parameter", "all", False)
