"""docs/rulings.md's rule-id tables are the games' `Rule` enums (cardgen/games/<game>/ruleids.py),
so they cannot drift: for every game of the registry its table lists exactly the enum's ids in
the enum's order, the retired ids beside it exactly the module's `RETIRED`, and a rule id the
game's prose names in parentheses ("refused (`jumps`)") is one of the game's ids. A game
without a section in docs/rulings.md (the toy of the tests, once added) is skipped, visibly:
its booklet texts explain its rule ids (tests/booklet/test_booklet_text.py)."""

from __future__ import annotations

import importlib
import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from cardgen.registry import GAMES

RULINGS = Path(__file__).resolve().parents[1] / "docs" / "rulings.md"


def sections(text: str, level: str) -> dict[str, str]:
    """The text under each heading of `level` ("##", "###"), by heading."""
    parts = re.split(rf"^{level} (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def table_ids(text: str, header: str) -> list[str]:
    """The first column of the table whose header row starts with `| header |`, in order."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    out = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        out.append(re.fullmatch(r"\| `([a-z0-9-]+)` \|.*", line).group(1))  # type: ignore[union-attr]
    return out


def ruleids(game: Any) -> Any:
    """The game's `ruleids` module (the package shape: cardgen/games/__init__.py)."""
    return importlib.import_module(type(game).__module__.rpartition(".")[0] + ".ruleids")


def rule_table(game: Any) -> str:
    tables = sections(sections(RULINGS.read_text(encoding="utf-8"), "##")["Rule ids"], "###")
    if game.title not in tables:
        pytest.skip(f"docs/rulings.md has no rule-id table of {game.title}")
    return tables[game.title]


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_the_table_lists_the_enum(game: Any) -> None:
    rule: type[Enum] = ruleids(game).Rule
    assert table_ids(rule_table(game), "rule id") == [r.value for r in rule]
    assert game.rule_ids() == {r.value for r in rule}  # what the booklet and replay rely on


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_the_retired_ids_are_listed_with_their_successors(game: Any) -> None:
    retired: dict[str, Enum] = getattr(ruleids(game), "RETIRED", {})
    text = rule_table(game)
    if not retired:
        assert "| retired id |" not in text
        return
    assert table_ids(text, "retired id") == list(retired)
    rule: Any = ruleids(game).Rule
    for old, new in retired.items():
        assert rule(old) is new and old not in {r.value for r in rule}
        assert re.search(rf"^\| `{old}` \| `{new.value}` \|", text, re.M), old


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_the_prose_names_only_the_games_own_rule_ids(game: Any) -> None:
    rule_table(game)  # a game docs/rulings.md knows
    prose = next(body for head, body in sections(RULINGS.read_text(encoding="utf-8"), "##").items()
                 if head.startswith(game.title.split(" (")[0]))
    ids = {r.value for r in ruleids(game).Rule}
    named = {token for group in re.findall(r"\((`[^)]*)\)", prose)
             for token in re.findall(r"`([a-z0-9-]+)`", group)}
    assert named, game.name  # the prose names its rules in parentheses
    assert named <= ids, sorted(named - ids)
