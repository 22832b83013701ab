"""Proof that a new game is one folder: a toy fourth game, defined here in a few dozen lines on the
shared layers only, runs through `check`, `replay` and a kit build of the real command line.

Toy row: numbered tiles lie in a row; two players take turns taking the tile at the left or the
right end; the sum of the tiles taken is the score. Nothing below touches a shared module: the
toy is handed to the CLI in its own Registry (click's context object), as the real games are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine.base import Finding, GameState
from cardgen.engine.plan import MAIN, Line
from cardgen.errors import DataError, IllegalMove
from cardgen.game import Game, Registry
from cardgen.kit.plan import Component, KitPlan
from cardgen.kit.spec import KitSpec
from cardgen.print import Face, Item
from cardgen.registry import GAMES
from cardgen.sets import SetSource, check_keys, expect

SET = Path(__file__).resolve().parent / "toy" / "standard.toml"


@dataclass(frozen=True, slots=True)
class RowSet:
    path: Path | None
    name: str
    tiles: tuple[int, ...]


class RowState(GameState[str]):
    def __init__(self, row: tuple[int, ...], taken: tuple[int, int] = (0, 0), turn: int = 0) -> None:
        self.row, self.taken, self.turn = row, taken, turn

    current_player = property(lambda self: self.turn % 2)
    num_players = property(lambda self: 2)

    def legal_moves(self) -> list[str]:
        return ["left", "right"] if self.row else []

    def check(self, move: str) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"move {self.turn + 1}", "no-tile" if not self.row else "bad-end",
                              f"cannot take {move!r}")

    def apply_trusted(self, move: str) -> None:
        tile, self.row = (self.row[0], self.row[1:]) if move == "left" else (self.row[-1], self.row[:-1])
        gains = [0, 0]
        gains[self.current_player] = tile
        self.taken = (self.taken[0] + gains[0], self.taken[1] + gains[1])
        self.turn += 1

    def is_terminal(self) -> bool:
        return not self.row

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.taken)

    def clone(self) -> RowState:
        return RowState(self.row, self.taken, self.turn)

    def to_json(self) -> dict[str, Any]:
        return {"row": list(self.row), "taken": list(self.taken), "turn": self.turn}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RowState:
        return cls(tuple(data["row"]), tuple(data["taken"]), data["turn"])  # type: ignore[arg-type]

    def move_to_json(self, move: str) -> dict[str, Any]:
        return {"take": move}

    def move_from_json(self, data: dict[str, Any]) -> str:
        if not isinstance(data, dict) or data.get("take") not in ("left", "right"):
            raise DataError("move", f"expected {{\"take\": \"left\" | \"right\"}}, got {data!r}")
        return str(data["take"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RowState) and self.to_json() == other.to_json()


class ToyRow(Game[RowSet]):
    name, title, credit, components = "toyrow", "Toy row", "the tests", "a row of numbered tiles"

    def default_set_path(self) -> Path:
        return SET

    def parse_set(self, src: SetSource, data: dict[str, Any]) -> RowSet:
        check_keys(src, data, {"game", "name", "tiles"}, {"game", "name", "tiles"})
        return RowSet(src.path, expect(src, data["name"], str, "a text", "name"),
                      tuple(expect(src, data["tiles"], list, "a list of numbers", "tiles")))

    def new_state(self, options: Any, set_path: str | Path | None = None, seed: int | None = None) -> RowState:
        return RowState(self.load_set(set_path).tiles)

    def completeness(self, game_set: RowSet) -> list[Finding]:
        return [Finding(True, "the row is empty")] if not game_set.tiles else []

    def check_lines(self, game_set: RowSet, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        return [Line(self, 0, "2p", player, MAIN, 2, {}, str(game_set.path), games)]

    def kit(self, game_set: RowSet, spec: KitSpec) -> KitPlan:
        faces = [Face(f"tile-{n}", f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 26 26" width="26mm" '
                                   f'height="26mm"><rect width="26" height="26" fill="#eed"/><circle cx="13" '
                                   f'cy="13" r="{n}" fill="#335"/></svg>', 20.0, 20.0, 3.0)
                 for n in set(game_set.tiles)]
        items = tuple(Item(f, None, game_set.tiles.count(int(f.key[5:]))) for f in faces)
        return KitPlan(game_set.name, (Component("tiles", "tiles", lambda: items, "cut them out", layouts=("single",)),))


REGISTRY = Registry((*GAMES.games, ToyRow()))


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), obj=REGISTRY)


def test_list_names_the_toy_game() -> None:
    result = run("list")
    assert result.exit_code == 0 and "toyrow: Toy row (the tests)" in result.output


def test_check_plays_the_toy_game(tmp_path: Path) -> None:
    result = run("check", "toyrow", "--games", "20", "--json", "--chart", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)["toyrow"]
    (config,) = report["configs"]
    assert config["games"] == 20 and config["ended"] == 20
    assert report["complete"] is True
    assert (tmp_path / "checks" / "toyrow-toy-row.png").is_file()


def test_check_refuses_an_empty_row(tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text('game = "toyrow"\nname = "empty"\ntiles = []\n', encoding="utf-8")
    result = run("check", "--set", str(empty), "--no-chart", "--quiet")
    assert result.exit_code == 1 and "the row is empty" in result.stderr


def test_replay_judges_a_toy_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = [{"take": "left"}, {"take": "right"}, {"take": "right"}]
    record.write_text(json.dumps({"game": "toyrow", "options": {}, "moves": moves}), encoding="utf-8")
    result = run("replay", str(record), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # red takes 3, blue 4, red 7: scores 10 and 4
    assert out == {"legal": True, "applied": 3, "error": None, "finished": False, "ending": None, "winners": [],
                   "scores": {"player 1": 10, "player 2": 4}}
    moves += [{"take": "left"}, {"take": "left"}, {"take": "left"}, {"take": "left"}]
    record.write_text(json.dumps({"game": "toyrow", "options": {}, "moves": moves}), encoding="utf-8")
    result = run("replay", str(record), "--json")
    out = json.loads(result.stdout)
    assert result.exit_code == 1 and out["applied"] == 6 and out["finished"] is True
    assert out["error"]["rule"] == "no-tile" and out["error"]["move"] == 6
    assert out["ending"] == "by the rules" and out["winners"] == [max(out["scores"], key=out["scores"].get)]


def test_build_writes_the_toy_kit(tmp_path: Path) -> None:
    result = run("build", "toyrow", "--out", str(tmp_path), "--format", "pdf,svg", "--quiet")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "toyrow" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["faces"] == {"tile-1": 1, "tile-2": 1, "tile-3": 1, "tile-4": 1, "tile-7": 1, "tile-9": 1}
    assert (tmp_path / "toyrow" / "tiles-a4.pdf").is_file()
    assert sorted(p.name for p in (tmp_path / "toyrow" / "svg").iterdir()) == sorted(
        f"tile-{n}.svg" for n in (1, 2, 3, 4, 7, 9))


def test_the_real_games_do_not_know_the_toy() -> None:
    result = CliRunner().invoke(main, ["check", "toyrow"])
    assert result.exit_code == 2 and "unknown game 'toyrow'" in result.output
