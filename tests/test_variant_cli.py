"""`cardgen variant`: variant sets generated, checked and printed; impossible requests refused
with no file: a usage error (exit 2) when wrong on their own, one line and exit 1 when the check
refuses the set."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.games.schlangengrube.generator import PitVariant, tile_counts
from cardgen.games.schlangennest.components import NestSet
from cardgen.games.schlangennest.generator import areas
from cardgen.geometry import PartKind
from cardgen.registry import load_set
from cardgen.sets import default_set_path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _build(game: str, set_file: Path, out: Path) -> Path:
    code, _, err = _run("build", game, "--set", str(set_file), "--format", "pdf", "--layout", "single",
                        "--lang", "en", "--out", str(out), "--quiet")
    assert code == 0, err
    return out / game


def test_five_player_schlangennest_is_generated_checked_and_printed(tmp_path: Path) -> None:
    path = tmp_path / "nest5.toml"
    code, out, err = _run("variant", "schlangennest", "--colours", "5", "--out", str(path), "--games", "8",
                          "--skill-games", "0", "--allow-inconclusive", "--quiet")
    assert code == 0, err
    nest = load_set(path, "schlangennest")
    assert isinstance(nest, NestSet)
    assert nest.colours == ("red", "yellow", "green", "blue", "purple")
    assert nest.areas[5] == ((9, 9), (8, 10), (7, 11), (6, 12))
    code, out, err = _run("check", "schlangennest", "--set", str(path), "--games", "3", "--skill-games", "0",
                          "--players", "5", "--json", "--quiet", "--no-chart")
    assert code == 0, err
    configs = {r["config"] for r in json.loads(out)["schlangennest"]["configs"]}
    assert {"5p 9×9", "5p 8×10", "5p open-area", "5p 8×10 tail-first"} <= configs
    kit = _build("schlangennest", path, tmp_path / "out")
    assert (kit / "cards-a4.pdf").stat().st_size > 10_000


def test_three_colour_schlangengrube_is_generated_checked_and_printed(tmp_path: Path) -> None:
    path = tmp_path / "pit3.toml"
    code, out, err = _run("variant", "schlangengrube", "--colours", "3", "--out", str(path), "--games", "8",
                          "--skill-games", "0", "--allow-inconclusive")
    assert code == 0, err
    # eight games decide nothing: written only because inconclusive is allowed, and said so
    assert "wrote" in out and "inconclusive: schlangengrube 2p" in out and "configurations fail" not in out
    pit = load_pit_set(path)
    assert pit.colours == ("red", "green", "yellow") and pit.total == 27 and not pit.problems()
    assert pit.end_counts(PartKind.HEAD) == pit.end_counts(PartKind.TAIL) == Counter(red=4, green=4, yellow=4)
    kit = _build("schlangengrube", path, tmp_path / "out")
    assert (kit / "tiles-a4.pdf").stat().st_size > 10_000


@pytest.mark.parametrize("args,fragment", [
    (["schlangengrube", "--heads", "7", "--tails", "5"], "7 heads but 5 tails per colour"),
    (["schlangengrube", "--colours", "7"], "3-6 colours, not 7"),
    (["schlangennest", "--colours", "red,red"], "a colour is listed twice"),
    (["schlangennest", "--straights", "0"], "--straights: 0 is outside 1-99 for schlangennest"),
    (["schlangengrube", "--tiles", "40", "--heads", "9"], "cannot carry 9 heads and 9 tails per colour"),
    (["schlangennest", "--sticks", "20"], "--sticks: is not an option of schlangennest sets (it is one of irrlaeufer)"),
    (["schlangengrube", "--heads", "1000000000"], "--heads: 1000000000 is outside 1-400 for schlangengrube"),
    (["schlangengrube", "--colours", "3", "--heads", "134"], "outside 1-133"),
    (["schlangengrube", "--tiles", "1000000000"], "--tiles: 1000000000 is outside 3-400"),
    (["irrlaeufer", "--sticks", "1000000000"], "--sticks: 1000000000 is outside 1-200"),
    (["irrlaeufer", "--rows", "1000000000"], "--rows: 1000000000 is outside 17-31"),
], ids=["heads-tails", "seven-colours", "twice", "no-straights", "too-few-tiles", "wrong-game", "a-billion-heads",
        "heads-for-3", "a-billion-tiles", "a-billion-sticks", "a-billion-rows"])
def test_requests_wrong_on_their_own_are_usage_errors_before_any_work(tmp_path: Path, args: list[str],
                                                                      fragment: str) -> None:
    # Wrong whatever any file says (docs/cli.md, exit codes): exit 2 at once, nothing written.
    out = tmp_path / "variant.toml"
    code, _, err = _run("variant", *args, "--out", str(out), "--games", "4")
    assert code == 2, err
    error = err.strip().splitlines()[-1]
    assert error.startswith("Error: ") and fragment in error and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_request_refused_by_its_check_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "variant.toml"
    code, _, err = _run("variant", "irrlaeufer", "--rows", "17", "--sticks", "150", "--out", str(out), "--games", "4")
    assert code == 1
    assert "150 sticks not proven to fit" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # no file, no temporary left behind


def test_the_generator_gives_the_default_set_back_for_its_four_colours() -> None:
    std = load_pit_set()
    want = Counter({(t.id, str(t.parts[0]), str(t.parts[1])): t.count for t in std.tiles})
    assert tile_counts(PitVariant(("red", "green", "yellow", "purple"))) == want


@pytest.mark.parametrize("colours,tiles,heads", [(3, None, None), (5, None, None), (6, 60, None), (4, 31, None),
                                                 (4, None, 3), (3, 50, 5)])
def test_generated_tile_sets_keep_heads_equal_to_tails(colours: int, tiles: int | None, heads: int | None) -> None:
    names = ("red", "green", "yellow", "purple", "blue", "orange")[:colours]
    counts = tile_counts(PitVariant(names, tiles, heads))
    if tiles is not None:
        assert sum(counts.values()) == tiles
    ends: Counter[tuple[str, str]] = Counter()
    for (_, *parts), n in counts.items():
        for part in parts:
            colour, face = part.split(":")
            if "@" in face:
                ends[(colour, face.split("@")[0])] += n
    for c in names:
        assert ends[(c, "head")] == ends[(c, "tail")] > 0
        if heads is not None:
            assert ends[(c, "head")] == heads


def test_area_table_extends_the_original() -> None:
    nest = load_set(default_set_path("schlangennest"))
    assert isinstance(nest, NestSet)
    for players in (2, 3, 4):
        assert tuple(areas(players, 16)) == nest.areas[players]
    assert areas(6, 16)[0] == (10, 10)
    assert areas(4, 25)[0] == (10, 10)  # more body cards, more room: side 8 * sqrt(25/16)


def test_fewer_straights_is_a_variant_when_the_file_says_so(tmp_path: Path) -> None:
    out = tmp_path / "nest-5-straights.toml"
    result = CliRunner().invoke(main, ["variant", "schlangennest", "--straights", "5", "--out", str(out), "--games", "8",
                                       "--skill-games", "0", "--allow-inconclusive"])
    assert result.exit_code == 0, result.stderr
    assert "variant = true" in out.read_text(encoding="utf-8")
    # the same counts without the flag: a card is missing, and check says which
    plain = tmp_path / "missing.toml"
    plain.write_text(out.read_text(encoding="utf-8").replace("variant = true", ""), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "schlangennest", "--set", str(plain), "--games", "2",
                                       "--quiet", "--no-chart"])
    assert result.exit_code == 1
    assert "5 straight card(s); the original has 7" in result.stderr
