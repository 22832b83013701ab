"""`check --worth` (restricted play) and `check --kingmaking`: a planted overpowered kind and a
planted useless one of the toy row flagged through the command line with the `--json` keys the
HTML report reads; the worth formula on given shares; a barred player never plays its kind unless
nothing else is legal; kingmaking found where a synthetic game plants it and not where it does
not, nor where the seat's move changes the winner only together with chance it cannot see, and
null for two seats; on a real set planted with it (a cramped Schlangennest area) above the
original's."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kingmaker import HiddenKingGame, KingGame
from toy_game.game import Toy

from cardgen.check.kingmaking import of_flags
from cardgen.check.stats import wilson
from cardgen.check.verdict import FINDING, PASS, Thresholds
from cardgen.check.worth import DEAD, DOMINANT, OK, worth_of
from cardgen.cli import main
from cardgen.commands.checkrun import CheckRun, run_check
from cardgen.engine.players import make_player
from cardgen.engine.policies import BarredPlayer, RandomPlayer
from cardgen.engine.simulate import seat_rng
from cardgen.game import Registry
from cardgen.games.schlangengrube.components import PartKind
from cardgen.registry import GAMES

WORTH_KEYS = {"kind", "played", "diff", "low", "high", "games", "flag"}
PLANTED_PIT = Path(__file__).with_name("planted_pit.toml")
PLANTED_NEST = Path(__file__).with_name("planted_nest.toml")


def _toy_json(tmp_path: Path, tiles: list[int], *extra: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "planted.toml"
    path.write_text(f'game = "toy"\nname = "Planted"\ntiles = {tiles}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "toy", "--set", str(path), "--json", "--no-chart", "--skill-games",
                                       "0", "--workers", "1", "--no-recommend", *extra], obj=Registry((Toy(),)))
    report, _ = json.JSONDecoder().raw_decode(result.output)  # a failing check adds its line after the JSON
    return result.exit_code, report["toy"]


def test_a_planted_overpowered_and_a_planted_useless_tile_are_flagged(tmp_path: Path) -> None:
    # one 9 among six 5s: whoever may not take the 9 loses it to the other; one 1: barring it
    # costs nothing, and it is an eighth of the plays (less than half of a third)
    _, report = _toy_json(tmp_path, [9, 1, 5, 5, 5, 5, 5, 5], "--worth", "200")
    (config,) = report["configs"]
    worth = {w["kind"]: w for w in config["worth"]}
    assert all(set(w) == WORTH_KEYS for w in worth.values()) and set(worth) == {"1", "5", "9"}
    assert [worth[k]["flag"] for k in ("9", "1", "5")] == [DOMINANT, DEAD, OK]
    assert worth["9"]["high"] < 0 and worth["9"]["diff"] < -0.1 and worth["1"]["low"] > -0.1
    assert worth["1"]["played"] == pytest.approx(1 / 8) and worth["5"]["played"] == pytest.approx(6 / 8)
    assert all(w["games"] == 200 for w in worth.values())
    assert config["kingmaking"] is None  # two seats: nothing to measure
    criterion = config["verdict"]["criteria"]["worth"]
    assert criterion["status"] == FINDING and "'9' dominant" in criterion["text"] and "'1' dead" in criterion["text"]


def test_a_row_of_one_number_has_no_flag_and_without_the_option_nothing_is_measured(tmp_path: Path) -> None:
    # barring the only number leaves every move (nothing else is legal): it costs nothing, and
    # it is every play, so it is not dead either
    _, report = _toy_json(tmp_path, [5] * 8, "--worth", "100")
    assert [(w["kind"], w["flag"], w["diff"]) for w in report["configs"][0]["worth"]] == [("5", OK, 0.0)]
    assert report["configs"][0]["verdict"]["criteria"]["worth"]["status"] == PASS
    _, plain = _toy_json(tmp_path, [5] * 8)
    assert plain["configs"][0]["worth"] is None and "worth" not in plain["configs"][0]["verdict"]["criteria"]


def test_the_planted_pit_brings_every_tail_on_one_kind_and_never_lets_its_useless_tile_be_laid() -> None:
    # the cheap half of the planted Schlangengrube set's test (the slow half measures the worth)
    game = GAMES.get("schlangengrube")
    pit = game.load_set(PLANTED_PIT)
    assert [t.id for t in pit.tiles if t.ends(PartKind.TAIL)] == ["TT"]
    assert len([t for t in pit.tiles if t.ends(PartKind.HEAD)]) == 4
    player = make_player(game.ladder().report, None, game.players())
    kinds: Counter[str | None] = Counter()
    for seed in range(4):
        state = game.new_state({"players": 2, "variants": []}, pit, seed)
        rngs = [seat_rng(seed, s) for s in range(2)]
        while not state.is_terminal():
            kinds.update({game.move_kind(state, m) for m in state.legal_moves()})
            state.apply_trusted(player.choose(state, rngs[state.current_player]))
    assert kinds["DUD"] == 0 and kinds["TT"] > 0 and kinds["X"] > 0


@pytest.mark.slow
def test_a_planted_overpowered_and_a_planted_useless_tile_kind_of_a_real_set_are_flagged() -> None:
    # Schlangengrube, 2 players (the base game and double-markers), 400 restricted games per
    # kind: about 90 CPU seconds
    result = CliRunner().invoke(main, ["check", "schlangengrube", "--set", str(PLANTED_PIT), "--players", "2",
                                       "--games", "20", "--skill-games", "0", "--no-chart", "--no-recommend",
                                       "--worth", "400", "--json"])
    report, _ = json.JSONDecoder().raw_decode(result.output)
    configs = report["schlangengrube"]["configs"]
    assert [c["config"] for c in configs] == ["2p", "2p double-markers"]
    for config in configs:
        worth = {w["kind"]: w for w in config["worth"]}
        assert {k: w["flag"] for k, w in worth.items() if w["flag"] != OK} == {"TT": DOMINANT, "DUD": DEAD}
        assert worth["TT"]["high"] < 0 and worth["DUD"]["played"] == 0 and worth["DUD"]["low"] > -0.1
        assert all(w["games"] == 400 for w in worth.values())


def test_the_worth_formula() -> None:
    limits = Thresholds()
    shares = [0.0] * 30 + [1.0] * 10  # the barred seat of two wins a quarter of 40 games
    low, high = wilson(10, 40)
    w = worth_of("x", 0.2, shares, 2, 4, limits)
    assert (w.diff, w.low, w.high, w.games) == pytest.approx((-0.25, low - 0.5, high - 0.5, 40))
    assert w.flag == DOMINANT
    assert worth_of("x", 0.3, shares, 2, 4, limits).flag == OK  # a staple (over 1/4 of the plays)
    even = [0.0, 1.0] * 100
    assert worth_of("x", 0.3, even, 2, 4, limits).flag == OK  # played 30 %: not rare among 4 kinds
    assert worth_of("x", 0.1, even, 2, 4, limits).flag == DEAD  # under half of 25 %
    assert worth_of("x", 0.1, even[:8], 2, 4, limits).flag == OK  # 8 games cannot rule out a cost


def test_a_barred_player_plays_its_kind_only_when_nothing_else_is_legal() -> None:
    game = Toy()
    toy = game.load_set(Path(__file__).resolve().parents[1] / "toy_game" / "templates" / "standard.toml")
    rng = random.Random(1)
    for seed in range(30):
        state = game.new_state({}, toy, seed)
        barred = str(state.row[0])  # type: ignore[attr-defined]
        player = BarredPlayer(RandomPlayer(), lambda s, moves, kind=barred: game.barred(s, moves, kind))
        while not state.is_terminal():
            legal = state.legal_moves()
            move = player.choose(state, rng)
            if any(game.move_kind(state, m) != barred for m in legal):
                assert game.move_kind(state, move) != barred
            state.apply_trusted(move)


def _kingmaking(planted: float | KingGame, games: int) -> dict[str, Any]:
    game = planted if isinstance(planted, KingGame) else KingGame(planted)
    (check,) = run_check(CheckRun((game,), None, 10, 0, None, "random", 0, workers=1, kingmaking=games))
    (verdict,) = check.verdicts
    criterion = verdict.criterion("kingmaking")
    assert criterion is not None
    return {"status": criterion.status, **criterion.figures["kingmaking"]}


def test_kingmaking_is_found_where_it_is_planted_and_only_there() -> None:
    planted, half, none = _kingmaking(1.0, 40), _kingmaking(0.5, 200), _kingmaking(0.0, 40)
    assert (planted["share"], planted["games"], planted["status"]) == (1.0, 40, FINDING)
    assert (none["share"], none["status"]) == (0.0, PASS)
    assert abs(half["share"] - 0.5) < 0.1 and half["status"] == FINDING  # its interval above 25 %
    assert (half["low"], half["high"]) == pytest.approx(wilson(half["share"] * 200, 200))


def test_a_move_that_changes_the_winner_only_with_chance_the_seat_cannot_see_is_no_kingmaking() -> None:
    # seat 2's move and a hidden coin decide together: with the coin fixed its two moves give
    # two winners, but as seat 2 sees it (the coin tossed again) each move is a toss-up
    hidden = _kingmaking(HiddenKingGame(), 200)
    assert (hidden["share"], hidden["games"], hidden["status"]) == (0.0, 200, PASS)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schlangengrube", "schlangennest"])
def test_the_original_sets_are_not_found_kingmade(game: str) -> None:
    # 20 games per configuration at 3 and 4 players (Schlangengrube about 30 CPU seconds,
    # Schlangennest about 6): the definition that let chance make kingmakers read 45-50 % at
    # four Schlangengrube players, a finding for the original itself
    result = CliRunner().invoke(main, ["check", game, "--players", "3,4", "--games", "10", "--skill-games", "0",
                                       "--no-chart", "--no-recommend", "--kingmaking", "20", "--json"])
    report, _ = json.JSONDecoder().raw_decode(result.output)
    configs = report[game]["configs"]
    assert {c["players"] for c in configs} == {3, 4}
    for config in configs:
        assert config["kingmaking"]["games"] == 20
        assert config["verdict"]["criteria"]["kingmaking"]["status"] == PASS, config["config"]


def _nest_kingmaking(players: int, *set_args: str) -> dict[str, dict[str, Any]]:
    """Each `players`-player base configuration's kingmaking entry, 100 probed games (seed 0)."""
    result = CliRunner().invoke(main, ["check", "schlangennest", *set_args, "--players", str(players),
                                       "--variants", "base",
                                       "--games", "10", "--skill-games", "0", "--no-chart", "--no-recommend",
                                       "--kingmaking", "100", "--json"])
    report, _ = json.JSONDecoder().raw_decode(result.output)
    return {c["config"]: c["kingmaking"] for c in report["schlangennest"]["configs"]}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_kingmaking_rises_on_a_real_set_planted_with_it(players: int) -> None:
    # the standard cards on one cramped 5 x 5 area at 3 and at 4 players (about 25 CPU seconds
    # each): seats that fall behind still lay cards, each taking a place a leader needed.
    # Seed 0, 100 games: 3 players 16 % [10-24 %] against the original's four areas at 1-3 %
    # (at most 8.5 %); 4 players 23 % [16-32 %] against 2-4 % (at most 10 %)
    planted = _nest_kingmaking(players, "--set", str(PLANTED_NEST))
    original = _nest_kingmaking(players)
    assert list(planted) == [f"{players}p 5×5"] and len(original) == 4
    assert all(k["games"] == 100 for k in [*planted.values(), *original.values()])
    (crowded,) = planted.values()
    assert crowded["share"] > 0.15 and all(crowded["low"] > k["high"] for k in original.values()), (planted, original)


def test_kingmaking_share_and_interval() -> None:
    found = of_flags([True] * 3 + [False] * 7)
    assert (found.share, found.games) == (0.3, 10) and (found.low, found.high) == pytest.approx(wilson(3, 10))
