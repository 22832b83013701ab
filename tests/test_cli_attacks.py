"""Attacks on the command line (issue 24): text from files shown escaped, names written as TOML
that reads back, costly inputs refused before any work, a closed or full standard output, and
the rule of exit codes (a value wrong on its own: 2; wrong given a file: 1)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.registry import GAMES
from cardgen.sets import default_set_path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "records" / "nest-2p-5x7-sensible-seed5.json"
QUICK = ("--players", "2", "--variants", "base", "--games", "1", "--skill-games", "0", "--workers", "1")
"""The cheapest check: Schlangennest's base game for two players, one game per area."""
NASTY = "\x1b]0;pwned\x07 \u202eevil\u200d \x9b2J [bold]x"
"""A window retitle, a right-to-left override, a zero-width joiner, a C1 control, rich markup."""


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if not c.isprintable() and c != "\n"]


def _set_named(path: Path, name: str, game: str = "schlangennest") -> Path:
    from cardgen.sets import toml_string

    text = default_set_path(game).read_text(encoding="utf-8")
    lines = [f"name = {toml_string(name)}" if ln.startswith("name =") else ln for ln in text.splitlines()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ---- item 3: controls from files are shown escaped ------------------------------------------


def test_a_set_name_with_terminal_controls_is_shown_escaped(tmp_path: Path) -> None:
    evil = _set_named(tmp_path / "evil.toml", NASTY)
    code, out, err = _run("check", "--set", str(evil), *QUICK, "--no-chart", "-q")
    assert "schlangennest: " in out, err
    assert _raw_controls(out + err) == []
    assert "\\x1b]0;pwned\\x07 \\u202eevil\\u200d \\x9b2J [bold]x" in out  # shown, markup not obeyed


def test_a_path_from_a_record_with_controls_is_shown_escaped(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    record.write_text('{"game": "schlangennest", "options": {"players": ["red", "yellow"]}, "moves": [], '
                      '"set": "x\\u001b[2J\\u202e.toml"}', encoding="utf-8")
    code, out, err = _run("replay", str(record))
    assert code == 1 and err.startswith("cardgen: ") and len(err.splitlines()) == 1
    assert _raw_controls(err) == [] and "x\\x1b[2J\\u202e.toml" in err


# ---- item 4: variant --name written with TOML escapes ----------------------------------------


AWKWARD = ['a "quoted" name', "back\\slash", "C:\\new\\table", "'''", '"""', "tab\there", "line\nbreak",
           "del\x7f and esc\x1b", "emoji 🐍 and ü", "trailing \\", "#not a comment", "[not a table]"]


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_awkward_variant_names_read_back_as_given(game: str, tmp_path: Path) -> None:
    chosen = GAMES.get(game)
    for i, name in enumerate(AWKWARD):
        path = tmp_path / f"v{i}.toml"
        path.write_text(chosen.set_text({"name": name}), encoding="utf-8")
        assert chosen.load_set(path).name == name


def test_variant_writes_a_name_with_quotes_and_backslashes_its_loader_reads(tmp_path: Path) -> None:
    out = tmp_path / "nest.toml"
    name = 'Bob\'s "best" \\ set'
    code, stdout, err = _run("variant", "schlangennest", "--name", name, "--out", str(out), "--games", "1",
                             "--skill-games", "0", "--allow-inconclusive", "--workers", "1")
    assert code == 0, err
    assert GAMES.get("schlangennest").load_set(out).name == name
    assert f"wrote {out}: {name}" in stdout


# ---- item 5: a set file's raw text is pre-scanned before parsing -----------------------------


@pytest.mark.parametrize(("body", "needle"), [
    ("a" + ".a" * 200_000 + " = 1\n", ":2: a dotted key of more than 12 parts"),
    ("[" + "a." * 200_000 + "a]\n", ":2: a dotted key of more than 12 parts"),
    ("x = 1\n1" + ".1" * 200_000 + " = 1\n", ":3: a dotted key of more than 12 parts"),
    ("x = " + "[" * 50_000 + "]" * 50_000 + "\n", ":2: nested more than 12 levels deep"),
    ("x = " + "{a = " * 20_000 + "1" + "}" * 20_000 + "\n", ":2: nested more than 12 levels deep"),
    ("".join(f"[t{i}]\n" for i in range(30_000)), "30,001 keys and tables; the limit is 20,000"),
    ("".join(f"k{i} = 1\n" for i in range(30_000)), "30,001 keys and tables; the limit is 20,000"),
], ids=["dotted-key", "table-header", "digit-key", "arrays", "inline-tables", "headers", "keys"])
def test_a_set_file_too_costly_to_parse_is_refused_before_parsing(body: str, needle: str, tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text('game = "schlangengrube"\n' + body, encoding="utf-8")
    for command in (["check", "--set", str(path), "--no-chart"], ["build", "--set", str(path), "-q"]):
        code, _, err = _run(*command)
        assert code == 1 and (f"cardgen: {path}{needle}" if needle.startswith(":") else needle) in err, err
        assert len(err.splitlines()) == 1


def test_the_pre_scan_ignores_what_strings_and_comments_hold(tmp_path: Path) -> None:
    text = default_set_path("irrlaeufer").read_text(encoding="utf-8")
    text += '# a.b.c.d.e.f.g.h.i.j.k.l.m.n [[[[[[[[[[[[[[[\n'
    path = tmp_path / "ok.toml"
    path.write_text(text.replace('name = "', 'name = "[[[[[[[[[[[[[[ a.b.c.d.e.f.g.h.i.j.k.l.m.n ', 1),
                    encoding="utf-8")
    assert GAMES.get("irrlaeufer").load_set(path).name.startswith("[[[[")


# ---- item 6: a closed or full standard output ------------------------------------------------


def _cardgen(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "cardgen", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)


def test_a_closed_pipe_ends_replay_quietly() -> None:
    for args in (["replay", str(RECORD)], ["build", "--help"]):
        proc = _cardgen(*args)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # `| head -0`: the reader is gone before the first line
        err = proc.stderr.read().decode()
        assert proc.wait() in (0, 1, 141) and err == "", (args, err)  # 141 = 128 + SIGPIPE; click's help: 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_help_or_output_into_a_full_device_is_one_line() -> None:
    for args in (["build", "--help"], ["replay", str(RECORD)]):
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([sys.executable, "-m", "cardgen", *args], stdout=full, stderr=subprocess.PIPE,
                                  cwd=ROOT, check=False)
        err = proc.stderr.decode()
        assert proc.returncode == 1 and err == "cardgen: standard output: No space left on device\n", (args, err)


# ---- item 7: wrong on its own (2) or wrong given a file (1) ----------------------------------


@pytest.mark.parametrize(("args", "needle"), [
    (["check", "--player", "nosuch"], "--player: unknown player 'nosuch'"),
    (["check", "schlangennest", "--variants", "nosuch"], "--variants: unknown variant 'nosuch'"),
    (["check", "--players", "2,,3"], "'2,,3': a list like 2,3,4"),
    (["check", "--chart", ""], "--chart: an empty name"),
    (["build", "--out", ""], "--out: an empty name"),
    (["build", "--set", " "], "--set: an empty name"),
    (["variant", "irrlaeufer", "--out", ""], "--out: an empty name"),
    (["variant", "irrlaeufer", "--out", "board.txt"], "board.txt: a set file's name ends in .toml"),
], ids=["player", "variants", "players", "chart", "build-out", "set", "variant-out", "suffix"])
def test_a_value_wrong_on_its_own_is_a_usage_error(args: list[str], needle: str, tmp_path: Path) -> None:
    code, out, err = _run(*args)
    assert code == 2 and err.strip().splitlines()[-1].startswith("Error: ") and needle in err, err
    assert out == ""


def test_a_value_wrong_given_a_file_exits_1() -> None:
    code, _, err = _run("check", "schlangennest", "--players", "5", "--no-chart")
    assert code == 1 and err == "cardgen: --players: schlangennest with this set seats 2-4 players, not 5\n"


# ---- item 8: every game's replay says how it ended and who won -------------------------------


@pytest.mark.parametrize(("record", "ending", "won", "winners"), [
    ("tests/records/irr-17rows-conquest.json", "conquest: one side owns all four castles", "red won", ["red"]),
    ("examples/irr-full-21rows.json", "the round limit: 100 rounds of phase 2 without capture or conquest",
     "a draw", []),
    ("examples/nest-base-3p.json", "every snake is finished", "yellow won", ["yellow"]),
    ("examples/pit-base-2p.json", "every tile is laid", "player 2 won", ["player 2"]),
], ids=["irr-conquest", "irr-round-limit", "nest", "pit"])
def test_replay_says_how_a_finished_game_ended_and_who_won(record: str, ending: str, won: str,
                                                          winners: list[str]) -> None:
    code, out, err = _run("replay", str(ROOT / record))
    assert code == 0, err
    final = out.splitlines()[-1]
    assert final.startswith("finished after ") and f": {ending}; {won}; scores: " in final, final
    code, out, err = _run("replay", str(ROOT / record), "--json")
    result = json.loads(out)
    assert result["finished"] is True and result["ending"] == ending and result["winners"] == winners


def test_replay_of_an_unfinished_game_names_no_ending_and_no_winner() -> None:
    code, out, _ = _run("replay", str(ROOT / "examples" / "irr-short-17rows.json"), "--json")
    result = json.loads(out)
    assert code == 0 and result["finished"] is False and result["ending"] is None and result["winners"] == []


# ---- item 12: the built-in set files from the command line -----------------------------------


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_sets_prints_the_built_in_set_file_and_writes_a_copy(game: str, tmp_path: Path) -> None:
    code, out, err = _run("sets", game)
    assert code == 0 and out == default_set_path(game).read_text(encoding="utf-8"), err
    copy = tmp_path / "sub" / "mine.toml"
    code, out, err = _run("sets", game.title(), "--out", str(copy))
    assert code == 0 and out.startswith(f"wrote {copy}: "), err
    assert GAMES.get(game).load_set(copy).name == GAMES.get(game).load_set().name


def test_sets_never_overwrites_a_file_and_refuses_bad_names(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("my edits", encoding="utf-8")
    code, _, err = _run("sets", "irrlaeufer", "--out", str(mine))
    assert code == 1 and err == f"cardgen: {mine}: already exists; cardgen sets writes only a new file " \
                                "(remove it or name another)\n"
    assert mine.read_text(encoding="utf-8") == "my edits"
    for args in (["sets", "nosuch"], ["sets", "irrlaeufer", "--out", ""], ["sets", "irrlaeufer", "--out", "x.txt"]):
        code, _, err = _run(*args)
        assert code == 2 and "Error: " in err, (args, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


# ---- item 17: small texts ---------------------------------------------------------------------


def test_build_help_names_the_output_folder_and_every_print_service() -> None:
    import tomllib

    code, out, _ = _run("build", "--help")
    flat = " ".join(out.split())
    assert code == 0 and "Folder for DIR/<game>/." in flat
    services = tomllib.loads((ROOT / "templates" / "services.toml").read_text(encoding="utf-8"))
    assert all(name in flat for name in services), flat


def test_a_generated_nest_set_says_its_counts_differ_on_purpose_and_names_the_original() -> None:
    text = GAMES.get("schlangennest").set_text({"colours": "5", "straights": 5})
    original = GAMES.get("schlangennest").load_set()
    assert "Counts differ from the original on purpose (the original: 4 colours, 7 straights and 9 curves" in text
    assert len(original.colours) == 4 and {c.id: c.count for c in original.cards}.items() >= {
        "straight": 7, "curve": 9}.items()


# ---- a deleted current folder ----------------------------------------------------------------


def test_a_deleted_current_folder_is_one_line(tmp_path: Path) -> None:
    command = ["check", "irrlaeufer", "--games", "1"]  # the same line for every command (the group checks)
    gone = tmp_path / "gone"
    gone.mkdir()
    script = Path(sys.executable).with_name("cardgen")  # the installed script: `python -m` needs the folder
    proc = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh", str(gone), str(script),
                           *command], capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == (f"cardgen: {gone}: the current folder no longer exists (deleted?); change into a folder "
                           "that exists and run cardgen again\n")


# ---- item 10: a chart per set, never another set's overwritten -------------------------------


def _chart_of(*args: str) -> Path:
    code, out, err = _run("check", *args, *QUICK, "--quiet", "--json")
    assert code == 0, err
    return Path(json.loads(out)["schlangennest"]["chart"])


def test_check_names_its_chart_by_game_and_set_and_keeps_other_sets_charts(tmp_path: Path) -> None:
    charts = tmp_path / "out"
    default = _chart_of("schlangennest", "--chart", str(charts))
    assert default == charts / "checks" / "schlangennest-schlangennest.png"
    mine = _set_named(tmp_path / "mine.toml", "Mein Brett: 17 Reihen!")
    assert _chart_of("--set", str(mine), "--chart", str(charts)) == charts / "checks" / "schlangennest-mein-brett-17-reihen.png"
    # another file of the same name gets a chart of its own; checking the first again replaces its own
    same = _set_named(tmp_path / "same.toml", "Mein Brett: 17 Reihen!")
    first = (charts / "checks" / "schlangennest-mein-brett-17-reihen.png").read_bytes()
    assert _chart_of("--set", str(same), "--chart", str(charts)) == charts / "checks" / "schlangennest-mein-brett-17-reihen-2.png"
    assert (charts / "checks" / "schlangennest-mein-brett-17-reihen.png").read_bytes() == first
    assert _chart_of("--set", str(mine), "--chart", str(charts)) == charts / "checks" / "schlangennest-mein-brett-17-reihen.png"
    assert sorted(p.name for p in (charts / "checks").iterdir()) == [
        "schlangennest-mein-brett-17-reihen-2.png", "schlangennest-mein-brett-17-reihen.png",
        "schlangennest-schlangennest.png"]


def test_a_set_name_with_controls_gives_a_chart_and_a_plain_file_name(tmp_path: Path) -> None:
    evil = _set_named(tmp_path / "evil.toml", NASTY)
    chart = _chart_of("--set", str(evil), "--chart", str(tmp_path))
    assert chart.name == "schlangennest-0-pwned-evil-2j-bold-x.png" and chart.read_bytes()[:4] == b"\x89PNG"


# ---- item 9: variant --force writes a refused set, saying why at its top ---------------------


def test_variant_force_writes_a_refused_set_with_the_reasons_at_its_top(tmp_path: Path) -> None:
    out = tmp_path / "crowded.toml"
    args = ["variant", "irrlaeufer", "--rows", "17", "--sticks", "150", "--out", str(out), "--games", "2", "-q"]
    code, _, err = _run(*args)
    assert code == 1 and not out.exists()
    code, stdout, err = _run(*args, "--force")
    assert code == 0 and stdout == ""
    assert err == (f"cardgen: warning: {out}: written with --force although refused: sticks: 150 sticks not proven "
                   "to fit: the construction has only 90 places on 17 rows, 150 sticks are set\n")
    text = out.read_text(encoding="utf-8")
    head = text.split("\n\n")[0].splitlines()
    assert head[0].startswith("# NOT A CHECKED SET: `cardgen variant` refused this set") and "--force" in head[0]
    assert all(line.startswith("#") and len(line) <= 100 for line in head)
    assert "150 sticks not proven to fit" in " ".join(line.strip("# ") for line in head)
    assert GAMES.get("irrlaeufer").load_set(out).sticks == 150  # the set itself is as asked
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crowded.toml"]


def test_variant_force_names_every_undecided_configuration_with_its_criteria(tmp_path: Path) -> None:
    out = tmp_path / "nest.toml"
    code, _, err = _run("variant", "schlangennest", "--out", str(out), "--games", "1", "--skill-games", "0",
                        "--workers", "1", "--force", "-q")
    assert code == 0 and err.startswith(f"cardgen: warning: {out}: written with --force although refused: ")
    head = " ".join(ln.strip("# ") for ln in out.read_text(encoding="utf-8").split("\n\n")[0].splitlines())
    assert "schlangennest: 22 of 22 configurations inconclusive: 2p 6×6 (ends, decisive, fair, degenerate)" in head
    assert "2p 5×7 frame (ends, decisive, fair, degenerate)" in head and "--allow-inconclusive" not in head


# ---- item 11: 80 columns, word boundaries, short paths ---------------------------------------


def test_the_check_report_wraps_at_80_columns_between_words_and_list_items(tmp_path: Path) -> None:
    deep = tmp_path / "a rather long folder name" / "with more" / "nested" / "folders" / "to" / "make" / "it"
    deep.mkdir(parents=True)
    board = _set_named(deep / "my-own-schlangennest-variant-set.toml", "Mein Brett")
    result = CliRunner().invoke(main, ["check", "--set", str(board), *QUICK, "-q", "--chart", str(tmp_path / "charts")],
                                env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    text = [ln for ln in result.stdout.splitlines() if ln and ln.lstrip()[0] not in "┏┃┡│└"]  # the tables aside
    assert all(len(ln) <= 80 for ln in text), [ln for ln in text if len(ln) > 80]
    # the path shortened, whole on one line; every list item of the verdict line on one line
    assert any("(/.../it/my-own-schlangennest-variant-set.toml)" in ln for ln in text), text
    verdict = [i for i, ln in enumerate(text) if ln.startswith("verdict, ")]
    assert verdict and text[verdict[0] + 1].startswith("  ")  # continuation lines are indented
    joined = "\n".join(text)
    for name, mark in (("ends", "inconclusive"), ("decisive", "inconclusive"), ("fair", "inconclusive"),
                       ("degenerate", "inconclusive"), ("kinds", "ok"), ("length", "ok")):
        # an item ("fair seat 1 75% [30%-95%] inconclusive") on one line
        assert re.search(rf"\b{name} [^,\n]*?\b{mark}\b", joined), name
