"""Every number typed on the command line goes through one checked parser (cardgen.numbers):
ASCII digits, finite, in range; anything else is a usage error (exit 2) naming the option, never
a traceback and never a value taken silently (`--delay nan` passed every range check before).
And `match` takes player names in any case and checks a `--cluster` address by its form."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli import main


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (("play", "schlangennest", "--no-open", "--delay", "nan"), "--delay"),
    (("play", "schlangennest", "--no-open", "--delay", "1e999"), "--delay"),
    (("play", "schlangennest", "--no-open", "--port", "８７６５"), "--port"),
    (("play", "schlangennest", "--no-open", "--seats", "human,mcts@²"), "budget"),
    (("check", "schlangennest", "--games", "٣"), "--games"),
    (("check", "schlangennest", "--games", "1_000"), "--games"),
    (("check", "schlangennest", "--games", " 10"), "--games"),
    (("check", "schlangennest", "--budget", "²"), "--budget"),
    (("check", "schlangennest", "--seed", "0x10"), "--seed"),
    (("check", "schlangennest", "--players", "²,3"), "--players"),
    (("check", "schlangennest", "--player", "mcts@١٠"), "budget"),
    (("match", "schlangennest", "--players", "mcts@²,random"), "budget"),
    (("match", "schlangennest", "--players", "sensible,random", "--games", "inf"), "--games"),
    (("build", "schlangennest", "--bleed", "nan"), "--bleed"),
    (("build", "schlangennest", "--card-size", "-inf"), "--card-size"),
    (("build", "schlangennest", "--dpi", "３００"), "--dpi"),
    (("build", "schlangennest", "--back-offset", "nan,0"), "--back-offset"),
    (("tune", "schlangengrube", "--out", "x.toml", "--vary", "hand_size=²..5"), "--vary"),
    (("tune", "schlangengrube", "--out", "x.toml", "--trials", "NaN"), "--trials"),
    (("variant", "schlangengrube", "--out", "x.toml", "--heads", "٣"), "--heads"),
    (("variant", "schlangennest", "--out", "x.toml", "--colours", "²"), "--colours: '²': expected a whole number"),
    (("variant", "schlangennest", "--out", "x.toml", "--colours", "٣"), "in the digits 0-9"),
])
@pytest.mark.usefixtures("no_serving")
def test_a_number_that_is_not_ascii_digits_finite_and_in_range_is_a_usage_error(
        args: tuple[str, ...], words: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(str(tmp_path))
    code, err = _run(*args)
    assert code == 2 and words in err and "Traceback" not in err, (code, err)
    assert not any(p for p in __import__("pathlib").Path(str(tmp_path)).iterdir())  # nothing written


def test_match_takes_player_names_in_any_case() -> None:
    code, err = _run("match", "schlangennest", "--players", "Sensible,RANDOM", "--games", "2", "--quiet")
    assert code == 0, err


def test_match_checks_the_cluster_address_by_its_form() -> None:
    code, err = _run("match", "schlangennest", "--players", "sensible,random", "--cluster", "tcp://host")
    assert code == 2 and "no port" in err
