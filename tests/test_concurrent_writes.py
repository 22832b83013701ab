"""Files a command writes go to a temporary name beside them and are renamed: two commands
writing the same chart at once leave one whole file, and no temporary one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image


def test_two_checks_writing_the_same_chart_at_once_leave_one_whole_png(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "cardgen", "check", "schlangengrube", "--players", "2", "--games", "4",
            "--skill-games", "0", "--workers", "1", "--quiet", "--no-recommend", "--chart", str(tmp_path)]
    procs = [subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode in (0, 1), err
    charts = sorted((tmp_path / "checks").iterdir())
    assert [p.name for p in charts] == ["schlangengrube-schlangengrube.png"]  # one chart, no temporary file
    with Image.open(charts[0]) as image:
        image.load()  # the whole PNG decodes
        assert image.size[0] > 100
