"""Rebuild cardgen's shipped press profiles (cardgen/profiles/*.icc) from published data.

Each profile is made by ArgyllCMS's `colprof` from a characterization data set of the CGATS
technical reports, as Debian ships them in the package icc-profiles-free
(/usr/share/color/icc/TR00x.ti3). The reports say: "Profiles, or other derivative work, based on
these data may be distributed with no further permissions from CGATS. However, this Technical
Report must be identified as the source of the characterization data." Each profile names its
report in its description and copyright tags, and docs/printing.md names them too.

Needs the Debian packages argyll, argyll-ref and icc-profiles-free. Run from the repository:
    python tools/make_press_profiles.py
It takes a few minutes per profile (colprof -qm with gamut mapping for the perceptual tables).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path("/usr/share/color/icc")
SRGB = Path("/usr/share/color/argyll/ref/sRGB.icm")
OUT = Path(__file__).resolve().parent.parent / "cardgen" / "profiles"
PROFILES = {
    # file: (data set, description, report, black generation: -kx maximum, -kr a ramp)
    "cgats-tr003-swop3.icc": ("TR003", "SWOP Coated #3 (CGATS TR 003), cardgen", "ANSI CGATS/SWOP TR 003-2007", "-kr"),
    "cgats-tr005-swop5.icc": ("TR005", "SWOP Coated #5 (CGATS TR 005), cardgen", "ANSI CGATS/SWOP TR 005-2007", "-kx"),
    "cgats-tr006-gracol.icc": ("TR006", "GRACoL Coated #1 (CGATS TR 006), cardgen", "ANSI CGATS/GRACoL TR 006-2007",
                               "-kx"),
}
INK = "300"
"""Total ink limit (%) the separation tables keep to: SWOP's, and within GRACoL's 320 %."""


def main() -> int:
    only = set(sys.argv[1:])
    for name, (data, desc, report, black) in PROFILES.items():
        if only and data not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(DATA / f"{data}.ti3", Path(tmp) / f"{data}.ti3")
            notice = (f"Made by cardgen with ArgyllCMS colprof from the characterization data of {report} "
                      "(Copyright 2007 NPES), which permits distributing profiles based on it.")
            subprocess.run(["colprof", "-qm", black, f"-l{INK}", "-cmt", "-dpp", "-S", str(SRGB), "-D", desc,
                            "-C", notice, "-O", str(OUT / name), data], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
        print(OUT / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
