"""`cardgen build` through click's CliRunner: exit codes, one-line errors, nothing half-written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.sets import default_set_path

STANDARD = default_set_path("schlangennest").read_text(encoding="utf-8")


def _set(tmp_path: Path, old: str = "", new: str = "") -> Path:
    path = tmp_path / "set.toml"
    path.write_text(STANDARD.replace(old, new, 1) if old else STANDARD, encoding="utf-8")
    return path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ('name = "Schlangennest"', 'name = "Schlangennest', "not valid TOML"),
        ('name = "Schlangennest"', 'name = "x"\nflavour = 1', "key 'flavour': unknown key"),
        ('"blue"]', '"mauve"]', "unknown colour 'mauve'"),
        ('card_size = "45mm"', 'card_size = "-10mm"', "-10 mm is outside 25-300 mm"),
        ("count = 9", "count = -1", "count -1 is outside 1-99"),
        ('id = "head"\ncount = 1', 'id = "head"\ncount = 3', "exactly one head card"),
    ],
)
def test_bad_set_file_gives_one_line_exit_1_and_no_output(tmp_path: Path, old: str, new: str,
                                                         fragment: str) -> None:
    path = _set(tmp_path, old, new)
    out = tmp_path / "out"
    code, _, err = _run("build", "schlangennest", "--set", str(path), "--out", str(out), "--quiet")
    assert code == 1
    assert err.count("\n") == 1 and fragment in err and str(path) in err
    assert "Traceback" not in err
    assert _files(out) == []


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["build", "chess"], 2, "unknown game 'chess'"),
        (["build", "schlangenest"], 2, "unknown game 'schlangenest'; did you mean 'schlangennest'?"),
        (["build", "Irrläufer"], 2, "unknown game 'Irrläufer'; did you mean 'irrlaeufer'?"),
        (["build", "--paper", "a5"], 2, "Invalid value for '--paper'"),
        (["build", "--layout", "fanfold"], 2, "Invalid value for '--layout'"),
        (["build", "--format", "pdf,gif"], 2, "--format: unknown value 'gif'"),
        (["build", "--back-offset", "1"], 2, "--back-offset: expected X,Y"),
        (["build", "--back-offset", "30,0"], 2, "--back-offset"),
        (["build", "--bleed", "-1"], 2, "--bleed: -1 mm is outside 0-10 mm"),
        (["build", "--dpi", "10"], 2, "--dpi: 10 is outside 72-1200"),
        (["build", "--set", "nowhere.toml", "schlangennest"], 1, "nowhere.toml: no such file"),
    ],
)
def test_bad_options(tmp_path: Path, args: list[str], code: int, fragment: str) -> None:
    got, _, err = _run(*args, "--out", str(tmp_path / "out"), "--quiet")
    assert got == code, err
    assert fragment in err
    assert "Traceback" not in err
    assert _files(tmp_path / "out") == []


@pytest.mark.parametrize(("paper", "name"), [("a4", "A4"), ("letter", "Letter")])
def test_card_too_big_for_the_paper_names_both_sizes(tmp_path: Path, paper: str, name: str) -> None:
    path = _set(tmp_path, 'card_size = "45mm"', 'card_size = "250mm"')
    code, _, err = _run("build", "schlangennest", "--set", str(path), "--paper", paper,
                        "--out", str(tmp_path / "out"), "--quiet")
    assert code == 1
    assert "250" in err and name in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert _files(tmp_path / "out") == []


def test_list_names_every_game_with_its_variants() -> None:
    code, out, _ = _run("list")
    assert code == 0
    for name in ("schlangennest", "schlangengrube", "irrlaeufer"):
        assert out.count(f"{name}:") == 1
    assert "two-snakes-single" in out and "secret-colour" in out and "double-markers" in out


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_sheet_through_the_cli(tmp_path: Path, flip: str) -> None:
    import pypdf

    code, _, err = _run("build", "--calibration", "--paper", "letter", "--flip", flip,
                        "--out", str(tmp_path), "--quiet")
    assert code == 0, err
    reader = pypdf.PdfReader(tmp_path / f"calibration-letter-{flip}.pdf")
    assert len(reader.pages) == 2  # a front and the back behind it
    assert [round(float(v), 1) for v in reader.pages[0].mediabox] == [0, 0, 612.0, 792.0]
    assert "back-offset" in reader.pages[1].extract_text()
