"""The printer settings cardgen keeps between runs: the duplex back offset that
`cardgen calibrate --save` measured, one for each paper and flip edge, which `cardgen build` uses
when no `--back-offset` is given. They are kept in `printer.toml` in cardgen's folder of the
user's configuration: `$XDG_CONFIG_HOME/cardgen/printer.toml`, or `~/.config/cardgen/printer.toml`
when XDG_CONFIG_HOME is not set:

    [back_offset]
    a4-long = [0.8, -0.5]
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.print.files import atomic_path
from cardgen.tomlout import dumps

#: The largest back offset build accepts, mm (`cardgen.options`).
MAX_OFFSET = 10.0


def settings_path() -> Path:
    """Where the printer settings are kept (the file need not exist)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "cardgen" / "printer.toml"


def _key(paper: str, flip: str) -> str:
    return f"{paper.lower()}-{flip.lower()}"


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise CardgenError(str(path), f"cannot be read as TOML ({e})") from None


def saved_offset(paper: str, flip: str) -> tuple[float, float] | None:
    """The back offset saved for `paper` and `flip` (None: none saved); CardgenError naming the
    file and key when what is saved is not an offset."""
    path = settings_path()
    table = _read(path).get("back_offset", {})
    value = table.get(_key(paper, flip)) if isinstance(table, dict) else table
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and abs(v) <= MAX_OFFSET
                       for v in value)):
        raise CardgenError(str(path), f"back_offset.{_key(paper, flip)}: expected [X, Y] in mm, each within "
                                      f"±{MAX_OFFSET:g}, got {value!r}")
    return float(value[0]), float(value[1])


def save_offset(paper: str, flip: str, offset: tuple[float, float]) -> Path:
    """Save `offset` as the back offset for `paper` and `flip` (the other settings kept); the file."""
    path = settings_path()
    data = _read(path)
    table = data.get("back_offset")
    data["back_offset"] = {**(table if isinstance(table, dict) else {}), _key(paper, flip): list(offset)}
    with atomic_path(path) as tmp:
        tmp.write_text(dumps(data), encoding="utf-8")
    return path
