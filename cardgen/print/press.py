"""The printing conditions `--colour cmyk` separates for (`--press NAME`), and their profiles.

Each condition is a published, characterised printing condition of the ICC's characterization
data registry, named in a PDF/X output intent by its registered identifier. cardgen ships a
profile for the three CGATS conditions (cardgen/profiles/, made by tools/make_press_profiles.py
from the reports' characterization data, whose notice allows distributing profiles based on
it). For FOGRA39 (ISO Coated v2) no profile may be shipped here; the user's own copy is looked
for where macOS, Windows and Linux keep colour profiles (`SYSTEM_DIRS`), and without one the
build falls back to a shipped condition of the same paper class and says so.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import DataError

PROFILES = Path(__file__).resolve().parent.parent / "profiles"
REGISTRY = "http://www.color.org"


@dataclass(frozen=True, slots=True)
class Press:
    """One printing condition: its `--press` name, registered identifier, description, total
    ink limit (%), the profile cardgen ships for it (a file in cardgen/profiles/, or None), the
    file names its profile has on a user's system, and the condition used when neither is there."""

    name: str
    identifier: str
    condition: str
    limit: float
    shipped: str | None = None
    system: tuple[str, ...] = ()
    fallback: str | None = None
    kin: tuple[str, ...] = ()
    """The other conditions of its class (SWOP coated #5 and #3): software that shows plain CMYK
    as "SWOP" may take any of them, so the separation is made to print near the art under each
    (`cardgen.print.colour.nearest`)."""


PRESSES: dict[str, Press] = {p.name: p for p in (
    Press("swop", "CGATS TR 005", "SWOP coated #5: web offset on grade 5 coated paper (ANSI CGATS/SWOP TR 005-2007)",
          300.0, "cgats-tr005-swop5.icc", kin=("swop3",)),
    Press("swop3", "CGATS TR 003", "SWOP coated #3: web offset on grade 3 coated paper (ANSI CGATS/SWOP TR 003-2007)",
          300.0, "cgats-tr003-swop3.icc", kin=("swop",)),
    Press("gracol", "CGATS TR 006", "GRACoL coated #1: sheet-fed offset on grade 1 coated paper, ISO 12647-2 paper "
          "type 1 (ANSI CGATS/GRACoL TR 006-2007)", 320.0, "cgats-tr006-gracol.icc"),
    Press("fogra39", "FOGRA39", "Offset commercial printing according to ISO 12647-2:2004/Amd 1, paper type 1 or 2 "
          "(coated art), FOGRA39L data", 330.0, None,
          ("ISOcoated_v2_300_eci.icc", "ISOcoated_v2_eci.icc", "CoatedFOGRA39.icc", "Coated_Fogra39L_VIGC_300.icc"),
          "gracol"),
)}
DEFAULT = "swop"
"""The condition of `--colour cmyk` without `--press`: SWOP coated #5, the successor of the SWOP
condition that most software not reading a PDF/X output intent shows plain CMYK for."""


def system_dirs() -> tuple[Path, ...]:
    """Where this system keeps colour profiles (the user's folders first)."""
    home = Path.home()
    if sys.platform == "darwin":
        return (home / "Library/ColorSync/Profiles", Path("/Library/ColorSync/Profiles"),
                Path("/Library/Application Support/Adobe/Color/Profiles/Recommended"),
                Path("/Library/Application Support/Adobe/Color/Profiles"))
    if sys.platform == "win32":
        root = Path(os.environ.get("SystemRoot", r"C:\Windows"))
        return (root / "System32" / "spool" / "drivers" / "color",)
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return (data / "color" / "icc", home / ".color" / "icc", Path("/usr/local/share/color/icc"),
            Path("/usr/share/color/icc"))


def _find(names: tuple[str, ...]) -> Path | None:
    wanted = {n.lower(): i for i, n in enumerate(names)}
    for folder in system_dirs():
        found: list[tuple[int, Path]] = []
        for parent, _dirs, files in os.walk(folder):
            if Path(parent).relative_to(folder).parts.__len__() > 2:
                continue
            found += [(wanted[f.lower()], Path(parent) / f) for f in files if f.lower() in wanted]
        if found:
            return min(found)[1]
    return None


def press(name: str) -> Press:
    """The condition called `name` (DataError naming the known ones)."""
    found = PRESSES.get(name.lower())
    if found is None:
        raise DataError("--press", f"unknown printing condition {name!r} (known: {', '.join(PRESSES)})")
    return found


@dataclass(frozen=True, slots=True)
class Profile:
    """The profile a build separates with: the file, the condition it characterises and, when
    the asked condition had no profile here, the one asked for."""

    path: Path
    press: Press
    asked: Press | None = None


def profile(name: str) -> Profile:
    """The profile of condition `name`: the shipped one, else the system's, else the fallback's."""
    chosen = press(name)
    if chosen.shipped is not None:
        return Profile(PROFILES / chosen.shipped, chosen)
    found = _find(chosen.system)
    if found is not None:
        return Profile(found, chosen)
    assert chosen.fallback is not None
    return Profile(profile(chosen.fallback).path, press(chosen.fallback), chosen)
