"""The `check` report fits the terminal: at 80 and at 120 columns no line is longer and no cell
is cut short ("…"); with more room the tables are wider and fewer."""

from __future__ import annotations

import io
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardgen.cli import main
from cardgen.commands.checkrun import CheckRun, print_report, run_check
from cardgen.registry import GAMES


def _tables(lines: list[str]) -> int:
    return sum(line.startswith("┏") for line in lines)


@pytest.fixture(scope="module")
def checks() -> list[Any]:
    """Schlangengrube has the longest "per game" header, Irrläufer the longest configuration
    names (in its skill rows); a few games each are enough for the layout."""
    out = run_check(CheckRun((GAMES.get("schlangengrube"),), None, 2, 2, None, "sensible", workers=1))
    out += run_check(CheckRun((GAMES.get("irrlaeufer"),), None, 1, 1, None, "sensible", workers=1))
    return out


def _printed(checks: list[Any], width: int) -> list[str]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None)
    for check in checks:
        print_report(check, "sensible", console)
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize("width", [80, 120])
def test_no_line_is_wider_than_the_terminal_and_no_cell_is_cut(checks: list[Any], width: int) -> None:
    lines = _printed(checks, width)
    assert max(len(line) for line in lines) <= width
    assert not [line for line in lines if "…" in line]
    assert any("1st seat wins" in line for line in lines)  # the report is really there


def test_a_wider_terminal_gets_wider_and_fewer_tables(checks: list[Any]) -> None:
    narrow, wide = _printed(checks, 80), _printed(checks, 120)
    assert max(len(line) for line in wide) > 80
    assert _tables(wide) < _tables(narrow)


def test_the_command_line_report_takes_the_terminal_width() -> None:
    """`cardgen check` prints at the width the terminal reports (COLUMNS), not a fixed one."""
    result = CliRunner(env={"COLUMNS": "80"}).invoke(
        main, ["check", "schlangengrube", "--games", "2", "--skill-games", "0", "--no-chart", "-q",
               "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and not [line for line in lines if "…" in line]
