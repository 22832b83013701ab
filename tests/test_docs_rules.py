"""docs/set-files.md lists every rule parameter a game declares, in that game's `[rules]` table,
with its default and its bounds or choices: the documentation follows the declarations."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.registry import GAMES
from cardgen.sets import RuleParam

DOC = (Path(__file__).resolve().parents[1] / "docs" / "set-files.md").read_text(encoding="utf-8")
PARAMS = [(game.name, game.title, p) for game in GAMES for p in game.rule_params]


def _section(title: str) -> str:
    head = f"### {title}'s `[rules]` table"
    assert head in DOC, head
    rest = DOC.split(head, 1)[1]
    return rest.split("\n## ", 1)[0].split("\n### ", 1)[0]


def _row(title: str, param: RuleParam) -> str:
    rows = [ln for ln in _section(title).splitlines() if ln.startswith(f"| `{param.name}` |")]
    assert len(rows) == 1, f"{title}: no table row for {param.name}"
    return rows[0]


@pytest.mark.parametrize(("name", "title", "param"), PARAMS or [pytest.param(None, None, None, marks=pytest.mark.skip(
    reason="no game declares rule parameters"))], ids=lambda v: v.name if isinstance(v, RuleParam) else None)
def test_every_rule_parameter_is_documented_with_its_default_and_bounds(name: str, title: str,
                                                                        param: RuleParam) -> None:
    cells = [c.strip() for c in _row(title.split(" (")[0], param).split("|")[1:-1]]  # "Schlangengrube (Snake Pit)"
    default, bounds = cells[2], cells[3]
    if param.kind == "bool":
        assert default.strip("`") == ("true" if param.default else "false")
    elif param.kind == "choice":
        assert default.strip("`") == f'"{param.default}"'
        assert all(f'"{c}"' in bounds for c in param.choices)
    else:
        assert default.strip("`") == str(param.default)
        assert bounds.startswith(f"{param.low}–{param.high}") or bounds.startswith(f"{param.low}-{param.high}")
