"""Command-line conventions: -V and -q, choices in any case, usage mistakes exit 2, `--only`,
`build --set FILE` alone, the player range of `check`, counted nouns, seat names from 1 and
move numbers in errors that match the listing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from cardgen import __version__
from cardgen.cli import main
from cardgen.sets import default_set_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_short_version_option() -> None:
    code, out, _ = _run("-V")
    assert code == 0 and __version__ in out


def test_choices_and_game_names_in_any_case(tmp_path: Path) -> None:
    code, _, err = _run("build", "Schlangennest", "--paper", "A4", "--flip", "Short", "--format", "SVG",
                        "--only", "Cards", "--out", str(tmp_path), "-q")
    assert code == 0, err
    assert (tmp_path / "schlangennest" / "manifest.json").is_file()


def test_only_builds_the_named_parts_and_skips_games_without_them(tmp_path: Path) -> None:
    code, out, err = _run("build", "--only", "cards", "--format", "svg", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["schlangennest"]
    assert "schlangengrube: none of --only cards (skipped)" in out
    manifest = json.loads((tmp_path / "schlangennest" / "manifest.json").read_text(encoding="utf-8"))
    # no booklets: the faces and the proof sheet every build writes
    assert manifest["files"] and all(e["type"] in ("svg", "proof", "text") for e in manifest["files"])


def test_usage_mistakes_exit_2(tmp_path: Path) -> None:
    for args in (["build", "--only", "dice"], ["build", "chess"], ["variant", "chess", "--out", "x.toml"],
                 ["check", "chess"], ["build", "--bleed", "12"]):
        code, _, err = _run(*args, *(["--out", str(tmp_path)] if args[0] == "build" else []))
        assert code == 2, (args, err)
        assert "Traceback" not in err
    assert not any(tmp_path.iterdir())


def test_build_with_a_set_file_alone_builds_the_game_it_names(tmp_path: Path) -> None:
    code, out, err = _run("build", "--set", str(default_set_path("schlangengrube")), "--format", "svg",
                          "--only", "tiles", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["schlangengrube"]
    assert "schlangengrube" in out


def test_check_with_more_players_than_the_set_seats_names_the_range() -> None:
    code, out, err = _run("check", "schlangennest", "--players", "5,6", "--no-chart", "-q")
    assert code == 1 and out == ""
    assert err.strip() == "cardgen: --players: schlangennest with this set seats 2-4 players, not 5, 6"


def test_one_move_is_counted_as_one(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "nest-base-2p.json").read_text(encoding="utf-8"))
    record["moves"] = record["moves"][:1]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = _run("replay", str(path))
    assert code == 0, err
    assert "after 1 move " in out and "1 moves" not in out


def test_a_refused_move_is_named_by_its_number_in_the_listing() -> None:
    code, out, err = _run("replay", str(EXAMPLES / "nest-illegal-joins-snakes.json"))
    assert code == 1
    listed = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\. ", out, re.MULTILINE)]
    index, number = map(int, re.search(r"moves\[(\d+)\] \(move (\d+)\)", err).groups())  # type: ignore[union-attr]
    assert listed == list(range(1, number)) and index == number - 1


def test_numbered_seats_count_from_one_in_every_output() -> None:
    code, out, err = _run("replay", str(EXAMPLES / "pit-base-2p.json"))
    assert code == 0, err
    assert "player 0" not in out and "player 1 " in out and "player 2 " in out
    code, out, _ = _run("replay", "--json", str(EXAMPLES / "pit-base-2p.json"))
    assert set(json.loads(out)["scores"]) == {"player 1", "player 2"}


def test_help_states_the_games_defaults_the_commands_use() -> None:
    """`check --help` and `variant --help` name the ceiling of games per configuration."""
    from cardgen.registry import GAMES

    irr = GAMES.get("irrlaeufer").default_games
    base = GAMES.get("schlangennest").default_games
    assert GAMES.get("schlangengrube").default_games == base
    check = " ".join(CliRunner().invoke(main, ["check", "--help"]).output.split())
    variant = " ".join(CliRunner().invoke(main, ["variant", "--help"]).output.split())
    assert f"[default: {base}; Irrläufer {irr}]" in check
    assert f"[default: {base}; Irrläufer {irr}]" in variant


def test_the_command_line_loads_no_check_machinery_until_a_command_needs_it(
        modules_loaded_by: Callable[..., set[str]]) -> None:
    """`cardgen --help`, `list` or `build` start without the check's process pool, its sequential
    tests and the baselines: those load when a check runs, also for a game whose check module
    builds its lines at import (make bench times the start)."""
    heavy = {"cardgen.check.batch", "cardgen.check.rounds", "cardgen.check.baseline", "cardgen.check.criteria",
             "cardgen.check.metrics", "concurrent.futures.process"}
    loaded = modules_loaded_by("cardgen.cli")
    assert "cardgen.registry" in loaded  # the games are loaded, only their check machinery is not
    assert sorted(heavy & loaded) == []


def test_every_command_and_option_is_in_the_users_docs() -> None:
    """docs/cli.md names every command (as `cardgen NAME`) and every long option it has, so the
    docs stay true as options are added."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    named = [(f"cardgen {name}", f"cardgen {name}") for name in main.commands]
    named += [(f"cardgen {name} {opt}", opt) for name, command in main.commands.items() for param in command.params
              for opt in param.opts if opt.startswith("--")]
    assert len(named) > 60  # every command and its options were found
    assert [what for what, text in named if text not in doc] == []


def test_the_command_line_names_no_game_and_stays_thin() -> None:
    """cli.py and its click parts name no game (the help texts come from the registry), and
    cli.py stays a thin layer over `cardgen.commands` (#39)."""
    import cardgen.cli
    import cardgen.clickparts
    from cardgen.registry import GAMES

    cli = Path(cardgen.cli.__file__).read_text(encoding="utf-8")
    source = (cli + Path(cardgen.clickparts.__file__).read_text(encoding="utf-8")).lower()
    words = {w.lower() for g in GAMES for w in (g.name, g.title.split()[0])}
    assert len(words) >= 3 and sorted(w for w in words if w in source) == []
    assert len(cli.splitlines()) <= 450
    helped = CliRunner().invoke(main, ["check", "--help"]).output
    assert all(g.title.split()[0] in helped for g in GAMES)  # … yet the help names each, from the registry
