"""The conformance harness (`cardgen.engine.conformance.random_sim_test`) run on every registered
game, and the games' playthroughs.

For each game of `cardgen.registry.GAMES`: one seeded game per configuration the game's check
plays (every player count and variant), with its built-in set and with every set file a golden
record names (variant sets: five colours, cards of three parts), through the harness (the
shared invariants after every step, the record's round trip); and the golden records
(`examples/`, `tests/records/`) replayed to the results stored in `tests/engine/golden.json`.
A game's own example records (`templates/<game>/*.json`) count too: each must replay legal to
the end (and to its stored result when golden.json lists it). Together they must cover every
game and every variant it offers. Every rule parameter a game declares (its set files'
`[rules]` table) is played at each end of its range with the same invariants.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardgen.commands.replay import replay
from cardgen.engine.conformance import random_sim_test
from cardgen.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "examples").glob("*.json")) + sorted((ROOT / "tests" / "records").glob("*.json"))
OWN = sorted((ROOT / "templates").glob("*/*.json"))
"""The games' own example records, beside their set files and booklet texts."""
EXPECTED: dict[str, Any] = json.loads((Path(__file__).parent / "golden.json").read_text(encoding="utf-8"))
STEPS = 400
"""Steps per harness game with invariants after each (Irrläufer's full games are run elsewhere)."""


def record_sets() -> list[Path]:
    """The set files the golden records name (each once), in their folders' order."""
    found: list[Path] = []
    for path in RECORDS + OWN:
        name = json.loads(path.read_text(encoding="utf-8")).get("set")
        if name and (path.parent / name).resolve() not in found:
            found.append((path.parent / name).resolve())
    return found


def configurations() -> list[tuple[str, str, dict[str, Any], Any]]:
    out = []
    sets: list[tuple[Any, Any]] = [(game, game.load_set()) for game in GAMES]
    sets += [(GAMES.game_of_set(path), GAMES.load_set(path)) for path in record_sets()]
    for game, game_set in sets:
        for line in game.check_lines(game_set, game.default_players(game_set), 1, "random"):
            out.append((game.name, line.config, line.options, line.game_set))
    return out


@pytest.mark.parametrize(("name", "config", "options", "game_set"), configurations(),
                         ids=lambda v: v if isinstance(v, str) else None)
def test_seeded_game_keeps_the_invariants_after_every_step(name: str, config: str, options: dict[str, Any],
                                                           game_set: Any) -> None:
    game = GAMES.get(name)
    random_sim_test(game, options, game_set, 7, max_steps=STEPS)


def test_every_game_offers_configurations() -> None:
    assert {name for name, *_ in configurations()} == set(GAMES.names)


def _key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _variants(record: dict[str, Any]) -> frozenset[str]:
    return GAMES.get(record["game"]).record_variants(record.get("options") or {})


def test_golden_records_cover_every_game_and_variant() -> None:
    assert {_key(p) for p in RECORDS} <= set(EXPECTED) <= {_key(p) for p in RECORDS + OWN}
    covered: dict[str, set[str]] = {}
    for path in RECORDS + OWN:
        record = json.loads(path.read_text(encoding="utf-8"))
        covered.setdefault(record["game"], set()).update(_variants(record) | {"(base)"})
    for game in GAMES:
        assert covered.get(game.name, set()) >= {"(base)", *game.variants}, game.name


@pytest.mark.parametrize("path", RECORDS, ids=_key)
def test_golden_record_replays_to_its_stored_result(path: Path) -> None:
    result = replay(path, GAMES)
    assert {"legal": result.legal, "applied": result.applied, "finished": result.finished,
            "scores": result.scores, "rule": result.error["rule"] if result.error else None,
            "ending": result.ending, "winners": list(result.winners)} == EXPECTED[_key(path)]


@pytest.mark.parametrize("path", OWN or [pytest.param(None, marks=pytest.mark.skip(
    reason="no game keeps an example record in templates/<game>/"))], ids=lambda p: _key(p) if p else "none")
def test_a_games_own_example_record_replays_legal_to_the_end(path: Path) -> None:
    result = replay(path, GAMES)
    assert result.legal and result.finished, (result.applied, result.error)
    if _key(path) in EXPECTED:
        assert {"legal": result.legal, "applied": result.applied, "finished": result.finished,
                "scores": result.scores, "rule": None, "ending": result.ending,
                "winners": list(result.winners)} == EXPECTED[_key(path)]


def rule_extremes() -> list[Any]:
    """Every game's rule parameters at each end of their range (every choice, both truth
    values): one seeded game each, in the game's main configuration."""
    out = []
    for game in GAMES:
        for param in game.rule_params:
            values = param.values()
            ends = values if param.kind != "int" else tuple(dict.fromkeys((values[0], values[-1])))
            out.extend(pytest.param(game.name, param.name, v, id=f"{game.name}-{param.name}={v}") for v in ends
                       if v != param.default)
    return out or [pytest.param(None, None, None, marks=pytest.mark.skip(reason="no game declares rule parameters"))]


@pytest.mark.parametrize(("name", "key", "value"), rule_extremes())
def test_every_rule_parameter_plays_by_the_rules_at_its_extremes(name: str, key: str, value: Any,
                                                                 tmp_path: Path) -> None:
    from cardgen.sets import with_rules

    game = GAMES.get(name)
    base = game.default_set_path().read_text(encoding="utf-8")
    path = tmp_path / "variant.toml"
    path.write_text(with_rules(base, game.rule_params, {key: value}), encoding="utf-8")
    game_set = game.load_set(path)
    assert game.rule_values(game_set)[key] == value
    assert not any(f.error for f in game.completeness(game_set))
    (line, *_) = game.check_lines(game_set, game.default_players(game_set)[:1], 1, "random")
    random_sim_test(game, line.options, path, 11, max_steps=STEPS)
