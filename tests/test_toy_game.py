"""Proof that a new game is one folder: the toy game of `tests/toy_game/` (a package of the shape
of `cardgen/games/`, see its docstring) runs through `list`, `check`, `replay` and a kit build of
the real command line, handed to the CLI in its own Registry (click's context object) as the
real games are, with its set file, booklet texts and example record read from
`tests/toy_game/templates/` instead of `templates/toy/`; and through the conformance harness
every game passes (`cardgen.engine.conformance`), which also catches a toy that breaks it. `tests/test_new_game_recipe.py` adds
it to a copy of the product instead."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from toy_game.components import ToySet
from toy_game.game import Toy
from toy_game.rules import ToyState

from cardgen.cli import main
from cardgen.engine.base import GameState
from cardgen.engine.conformance import random_sim_test
from cardgen.engine.invariants import InvariantError
from cardgen.game import Registry
from cardgen.kit.plan import KitPlan
from cardgen.kit.spec import KitSpec
from cardgen.registry import GAMES

TEMPLATES = Path(__file__).resolve().parent / "toy_game" / "templates"


class ToyInTests(Toy):
    """The toy with its templates where the tests keep them."""

    def default_set_path(self) -> Path:
        return TEMPLATES / "standard.toml"

    def kit(self, game_set: ToySet, spec: KitSpec) -> KitPlan:
        plan = super().kit(game_set, spec)
        assert plan.booklet is not None
        content = dataclasses.replace(plan.booklet.content, texts=TEMPLATES)
        return dataclasses.replace(plan, booklet=dataclasses.replace(plan.booklet, content=content))


REGISTRY = Registry((*(g for g in GAMES if g.name != Toy.info.name), ToyInTests()))
"""The real games and the toy (in place of the product's, once the recipe has added it)."""


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), obj=REGISTRY)


def test_list_names_the_toy_game() -> None:
    result = run("list")
    assert result.exit_code == 0 and "toy: Toy row (Zahlenreihe) (the cardgen tests)" in result.output


def test_check_plays_the_toy_game(tmp_path: Path) -> None:
    result = run("check", "toy", "--games", "20", "--json", "--chart", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)["toy"]
    (config,) = report["configs"]
    assert config["games"] == 20 and config["ended"] == 20
    assert report["complete"] is True
    assert (tmp_path / "checks" / "toy-toy-row.png").is_file()


def test_check_refuses_an_empty_row(tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text('game = "toy"\nname = "empty"\ntiles = []\n', encoding="utf-8")
    result = run("check", "--set", str(empty), "--no-chart", "--quiet")
    assert result.exit_code == 1 and "the row is empty" in result.stderr


def test_replay_judges_the_example_record_and_a_refused_move(tmp_path: Path) -> None:
    result = run("replay", str(TEMPLATES / "example.json"), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"legal": True, "applied": 8, "error": None, "finished": True,
                                         "ending": "by the rules", "winners": ["player 2"],
                                         "scores": {"player 1": 17, "player 2": 22}}
    record = tmp_path / "game.json"
    # row 3 9 1 7 4 2 8 5: the first player takes the 3, the second the 5, then a middle tile
    moves = [{"take": 1}, {"take": 7}, {"take": 3}]
    record.write_text(json.dumps({"game": "toy", "options": {}, "moves": moves}), encoding="utf-8")
    result = run("replay", str(record), "--json")
    out = json.loads(result.stdout)
    assert result.exit_code == 1 and out["applied"] == 2 and out["finished"] is False
    assert out["error"]["rule"] == "middle-tile" and out["error"]["move"] == 2
    assert out["scores"] == {"player 1": 3, "player 2": 5}


def test_build_writes_the_toy_kit(tmp_path: Path) -> None:
    result = run("build", "toy", "--out", str(tmp_path), "--format", "pdf,svg", "--quiet")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "toy"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in manifest["faces"].items() if k != "tile-back"} == {
        f"tile-{n}": 1 for n in (1, 2, 3, 4, 5, 7, 8, 9)}
    assert (folder / "tiles-a4.pdf").is_file() and (folder / "tiles-a4-duplex-long.pdf").is_file()
    assert {"rules-de-a5-read.pdf", "rules-en-a4-duplex-short.pdf"} <= {p.name for p in folder.iterdir()}
    assert (folder / "svg" / "tile-9.svg").is_file()


def test_the_real_games_do_not_know_the_toy() -> None:
    if Toy.info.name in GAMES.names:
        pytest.skip("the product has the toy: the recipe of cardgen/games/__init__.py was followed")
    result = CliRunner().invoke(main, ["check", "toy"])
    assert result.exit_code == 2 and "unknown game 'toy'" in result.output


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_toy_passes_the_conformance_harness_in_every_configuration(seed: int) -> None:
    toy = ToyInTests()
    lines = toy.check_lines(toy.load_set(), toy.default_players(toy.load_set()), 1, "random")
    assert lines
    for line in lines:
        result = random_sim_test(toy, line.options, line.game_set, seed)
        assert result.ended and result.moves == len(toy.load_set().tiles)


class ToyLosingItsLastMove(ToyInTests):
    """A toy whose records leave out the last move: they replay to an unfinished game."""

    def record(self, state: GameState[Any], options: Any, moves: Any) -> dict[str, Any]:
        return super().record(state, options, moves[:-1])


def test_the_conformance_harness_catches_a_broken_record() -> None:
    with pytest.raises(InvariantError, match="the record of a finished game replays to scores"):
        random_sim_test(ToyLosingItsLastMove(), {"players": 2}, None, 0)


def test_the_conformance_harness_catches_a_score_out_of_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "score_bounds", lambda self: (0.0, 5.0))
    with pytest.raises(InvariantError, match=r"after step \d+: scores .* outside 0.0..5.0"):
        random_sim_test(ToyInTests(), {"players": 2}, None, 0)


def test_a_record_gives_its_shuffled_row_and_a_wrong_row_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    for row, code in (([9, 3, 1, 7, 4, 2, 8, 5], 0), ([9, 9, 1, 7, 4, 2, 8, 5], 1)):
        moves = [{"take": 1}, {"take": 7}]  # the 9 first, then the right end: the 5
        record.write_text(json.dumps({"game": "toy", "options": {"row": row}, "moves": moves}), encoding="utf-8")
        result = run("replay", str(record), "--json")
        assert result.exit_code == code, result.output
        if code:
            assert "options: row" in result.output and "must be the set's tiles in some order" in result.output
        else:
            assert json.loads(result.stdout)["scores"] == {"player 1": 9, "player 2": 5}
