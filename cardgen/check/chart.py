"""The PNG chart of a check report: small multiples of histograms, drawn with svgwrite and
rasterised with cairosvg (no plotting library).

One row of panels per configuration: the final scores of every seat on the left, the game
lengths (engine steps) on the right. Every lineup that played the configuration is one outline
in the same panel (the main lineup filled), as a share of its games so lineups with different
numbers of games compare. The axes carry counts: the values at the ends and the middle of the
x axis, and the main lineup's count of its highest bar on the y axis. A configuration whose
verdict fails (or is inconclusive) is marked in its titles and framed in red (or amber); values
that are all the same are drawn as one narrow bar in a range around them, labelled so.
"""

from __future__ import annotations

import math
import os
import struct
import tempfile
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import svgwrite  # type: ignore[import-untyped]

from cardgen.print.files import names_target

WIDTH = 960
PANEL_H = 86
ROW_H = 118
TOP = 64
LEFT = 30
GAP = 36
BINS = 24
INKS = ("#f07f13", "#6a2e94", "#2354b8", "#d7263d", "#1b7f5a", "#8c564b")
"""Outline colours of the skill trace's lineups, in the order they first appear (for each rung
pair: the strong player first, then last); the main lineup is drawn filled in grey."""
MAIN_FILL, MAIN_INK = "#c9c9c2", "#55554f"
FONT = "DejaVu Sans, Verdana, sans-serif"
MIN_SPAN = 11
"""The fewest values an x axis spans: a constant (every game 53 steps) is one narrow bar."""
MARKS = {"fail": ("#d7263d", "FAILS"), "inconclusive": ("#c98a00", "inconclusive")}
"""How a configuration's verdict outcome is marked: frame colour and word."""


def _expand(hist: Sequence[Sequence[float]]) -> list[tuple[float, int]]:
    return [(float(v), int(n)) for v, n in hist]


def widened(low: float, high: float) -> tuple[float, float]:
    """The least and largest values an axis shows for values from `low` to `high`: at least
    `MIN_SPAN` whole values around them (never below 0 when none is), so that a few values (or
    one) stand in a wider range, not as a solid block."""
    if high - low + 1 < MIN_SPAN:
        pad = (MIN_SPAN - (high - low + 1)) // 2
        low = max(0.0, low - pad) if low >= 0 else low - pad
        high = max(high, low + MIN_SPAN - 1)
    return low, high


def _bins(lists: Sequence[list[tuple[float, int]]]) -> tuple[float, float, int]:
    """Start, width and count of the bins that cover every value (whole numbers stay whole)."""
    values = [v for hist in lists for v, _ in hist]
    if not values:
        return 0.0, 1.0, 1
    low, high = widened(min(values), max(values))
    span = high - low + 1
    width = max(1.0, math.ceil(span / BINS))
    return low, width, max(1, math.ceil(span / width))


def _shares(hist: list[tuple[float, int]], start: float, width: float, count: int) -> list[float]:
    total = sum(n for _, n in hist) or 1
    out = [0.0] * count
    for v, n in hist:
        out[min(count - 1, int((v - start) // width))] += n / total
    return out


def _panel(dwg: Any, x: float, y: float, w: float, title: str,
           series: Sequence[tuple[str, bool, list[tuple[float, int]]]], inks: dict[str, str],
           mark: str | None = None) -> None:
    """One histogram panel at (x, y), width w: `series` are (lineup, filled, value counts);
    `mark` a verdict outcome to mark (MARKS)."""
    frame, word = MARKS.get(mark or "", ("#999999", ""))
    dwg.add(dwg.rect((x, y), (w, PANEL_H), fill="#ffffff", stroke=frame, stroke_width=1.6 if word else 0.6))
    dwg.add(dwg.text(title + (f" — {word}" if word else ""), insert=(x, y - 5), font_size=11, font_family=FONT,
                     fill=frame if word else "#222222", font_weight="bold" if word else "normal"))
    start, width, count = _bins([s for _, _, s in series])
    shares = [_shares(s, start, width, count) for _, _, s in series]
    top = max((max(s) for s in shares if s), default=1.0) or 1.0
    bar = w / count
    for (lineup, filled, _), values in zip(series, shares):
        if filled:
            for i, share in enumerate(values):
                h = share / top * (PANEL_H - 6)
                if h > 0:
                    dwg.add(dwg.rect((x + i * bar, y + PANEL_H - h), (bar, h), fill=MAIN_FILL,
                                     stroke=MAIN_INK, stroke_width=0.4))
        else:
            points = [(x, y + PANEL_H)]
            for i, share in enumerate(values):
                h = y + PANEL_H - share / top * (PANEL_H - 6)
                points += [(x + i * bar, h), (x + (i + 1) * bar, h)]
            points.append((x + w, y + PANEL_H))
            dwg.add(dwg.polyline(points, fill="none", stroke=inks.get(lineup, "#000000"), stroke_width=1.4))
    last = start + width * count - 1
    middle = start + width * (count // 2)
    for value, anchor, px in ((start, "start", x), (middle, "middle", x + (count // 2 + 0.5) * bar),
                              (last, "end", x + w)):
        dwg.add(dwg.text(f"{value:g}", insert=(px, y + PANEL_H + 12), font_size=9, font_family=FONT,
                         fill="#444444", text_anchor=anchor))
    main = next((hist for _, filled, hist in series if filled), None)
    if main:
        counts = [0] * count
        for v, n in main:
            counts[min(count - 1, int((v - start) // width))] += n
        peak = max(counts)
        height = peak / (sum(counts) or 1) / top * (PANEL_H - 6)  # the main lineup's highest bar
        for value, py in ((peak, y + PANEL_H - height + 8), (0, y + PANEL_H)):
            dwg.add(dwg.text(f"{value}", insert=(x - 3, py), font_size=9, font_family=FONT, fill="#444444",
                             text_anchor="end"))
        alone = {v for v, n in main if n}
        if len(alone) == 1:
            dwg.add(dwg.text(f"every one {next(iter(alone)):g}", insert=(x + w - 4, y + 14), font_size=10,
                             font_family=FONT, fill="#444444", text_anchor="end"))


def chart_svg(title: str, rows: Sequence[Mapping[str, Any]], outcomes: Mapping[str, str] | None = None) -> str:
    """The chart of a game's report rows as SVG text (see the module docstring); `outcomes`
    gives a configuration's verdict outcome ("fail", "inconclusive", "pass") to mark."""
    configs: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        if row.get("games"):
            configs.setdefault(str(row["config"]), []).append(row)
    height = TOP + ROW_H * max(1, len(configs)) + 10
    dwg = svgwrite.Drawing(size=(WIDTH, height), profile="full")
    dwg.add(dwg.rect((0, 0), (WIDTH, height), fill="#fafaf7"))
    dwg.add(dwg.text(title, insert=(LEFT, 22), font_size=15, font_family=FONT, font_weight="bold", fill="#111111"))
    legend_x = LEFT
    keys = list(dict.fromkeys((str(r["lineup"]), r.get("section") != "skill") for rs in configs.values() for r in rs))
    inks = {lineup: INKS[i % len(INKS)] for i, lineup in enumerate(k for k, main in keys if not main)}
    for lineup, main in keys:
        ink = MAIN_INK if main else inks.get(lineup, "#000000")
        text = lineup + (" (all configurations)" if main else "")
        dwg.add(dwg.rect((legend_x, 33), (14, 9), fill=MAIN_FILL if main else "none", stroke=ink, stroke_width=1.4))
        dwg.add(dwg.text(text, insert=(legend_x + 18, 42), font_size=10, font_family=FONT, fill="#222222"))
        legend_x += 30 + 6 * len(text)
    w = (WIDTH - 2 * LEFT - GAP) / 2
    for i, (config, group) in enumerate(configs.items()):
        y = TOP + 14 + i * ROW_H
        score = [(str(r["lineup"]), r.get("section") != "skill", _expand(r["histograms"]["score"])) for r in group]
        length = [(str(r["lineup"]), r.get("section") != "skill", _expand(r["histograms"]["length"])) for r in group]
        games = next((int(r["games"]) for r in group if r.get("section") != "skill"), 0)
        mark = (outcomes or {}).get(config)
        _panel(dwg, LEFT, y, w, f"{config}: final scores of {games} games", score, inks, mark)
        _panel(dwg, LEFT + w + GAP, y, w, f"{config}: game length (steps)", length, inks, mark)
    return str(dwg.tostring())


SOURCE_KEY = b"cardgen-set"
"""The PNG text chunk that names the set file a chart is of (`chart_source`)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _with_source(png: bytes, source: str) -> bytes:
    """`png` with a tEXt chunk naming `source` right after its header chunk (IHDR, 33 bytes)."""
    text = SOURCE_KEY + b"\0" + source.encode("latin-1", "backslashreplace")
    return png[:33] + _chunk(b"tEXt", text) + png[33:]


def chart_source(path: Path) -> str | None:
    """The set file the chart at `path` is of (its `SOURCE_KEY` chunk); None when it is no
    chart of cardgen's or cannot be read."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(64 << 10)
    except OSError:
        return None
    pos = 8
    while pos + 8 <= len(head):
        (size,) = struct.unpack_from(">I", head, pos)
        kind = head[pos + 4:pos + 8]
        if kind == b"tEXt":
            key, _, value = head[pos + 8:pos + 8 + size].partition(b"\0")
            if key == SOURCE_KEY:
                return value.decode("latin-1")
        if kind == b"IDAT":
            return None
        pos += 12 + size
    return None


def write_chart(path: Path, title: str, rows: Sequence[Mapping[str, Any]], source: str = "",
                outcomes: Mapping[str, str] | None = None) -> Path:
    """Rasterise the chart to the PNG file `path` (its folder is made; written to a temporary
    name and renamed, so a failure leaves no half-written file), naming the set file `source`
    in it (`chart_source`); `outcomes` as for `chart_svg`."""
    with names_target(path):
        return _write_chart(path, title, rows, source, outcomes)


def _write_chart(path: Path, title: str, rows: Sequence[Mapping[str, Any]], source: str,
                 outcomes: Mapping[str, str] | None = None) -> Path:
    import cairosvg  # type: ignore[import-untyped]

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".check-", suffix=".png", dir=path.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; the chart is an ordinary file
    try:
        png = cairosvg.svg2png(bytestring=chart_svg(title, rows, outcomes).encode("utf-8"))
        Path(tmp).write_bytes(_with_source(png, source) if source else png)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
