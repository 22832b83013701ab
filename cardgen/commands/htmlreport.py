"""`check --html FILE`: the check's report as one self-contained HTML page (no script from the
network, no front-end build, charts drawn with svgwrite as inline SVG).

The page is made from the `--json` report (`{game: report}`, docs/check.md), so it shows what
the JSON carries and nothing else: per game the verdict of every configuration with each
criterion, its interval and what its games could detect; the seat shares with their intervals;
the length and score histograms; the lead changes and the turn at which the winner was settled
(`"settled"`); where play happened (`"heatmap"`, a grid of the cells moves put something on);
the kinds' play shares and, when the report carries them, their worth (`"worth"`) and
kingmaking (`"kingmaking"`); the saved example games. What a report does not carry (an older
report's missing keys, a game that names no cells) is said in a sentence, never drawn from
guesses. With `refresh`, the page reloads itself every so many seconds (`check --watch`)."""

from __future__ import annotations

import html
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardgen.check.chart import widened
from cardgen.check.worth import DEAD, DOMINANT
from cardgen.commands.htmlheat import heatmap_svg
from cardgen.commands.htmlsvg import drawing, r1

SECTIONS = ("verdicts", "seats", "histograms", "leads", "heatmap", "kinds", "worth", "kingmaking", "games")
"""Every game's sections, in page order (each an element `id="<game>-<section>"`)."""

_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{margin-top:2em;border-bottom:2px solid #888}h3{font-size:1.05em;margin:1.2em 0 .3em}
table{border-collapse:collapse;margin:.3em 0}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top}
th{background:#f2f2f2;text-align:left}.pass{color:#176a2b}.fail{color:#b3121b;font-weight:bold}
.inconclusive,.finding{color:#a05a00}.unmeasured{color:#777}.note{color:#555;font-style:italic}
svg{background:#fafafa;border:1px solid #ddd;margin:.2em .5em .2em 0}code{background:#f2f2f2;padding:0 .2em}
"""


def _e(value: Any) -> str:
    """`value` as HTML text (quotes escaped too: it may stand in an attribute)."""
    return html.escape(str(value), quote=True)


def _pct(value: Any) -> str:
    return f"{float(value):.0%}"


def _interval(f: Mapping[str, Any]) -> str:
    return f"{_pct(f['share'])} [{_pct(f['low'])}–{_pct(f['high'])}]"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table of cells already in HTML."""
    top = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{top}</tr>{body}</table>"


def bars(title: str, items: Sequence[tuple[str, float]], unit: str = "",
         whiskers: Sequence[tuple[float, float]] = (), line: float | None = None,
         width: int = 520, height: int = 200) -> str:
    """A bar chart as inline SVG of `width` × `height`: one bar per (label, value), optional
    intervals (low, high) drawn as whiskers and a dashed reference `line` (the fair share);
    `title` labels it."""
    left, bottom = 44, 36
    top = max([v for _, v in items] + [h for _, h in whiskers] + [line or 0.0] + [1e-9])
    step = (width - left - 10) / max(len(items), 1)
    scale = (height - bottom - 24) / top

    def y(v: float) -> float:
        return r1(height - bottom - v * scale)

    dwg = drawing(width, height, title)
    # a long title (Irrläufer's configuration names) in a smaller type, so that it stays inside the
    # chart: about 0.6 em a character in the page's sans-serif
    size = min(13.0, (width - left - 4) / (0.6 * max(len(title), 1)))
    dwg.add(dwg.text(title, insert=(left, 15), font_size=f"{size:.1f}"))
    dwg.add(dwg.line((left, y(0)), (width - 5, y(0)), stroke="#444"))
    dwg.add(dwg.text(_fmt(top, unit), insert=(left - 4, r1(y(top) + 4)), font_size=10, text_anchor="end"))
    dwg.add(dwg.text("0", insert=(left - 4, y(0)), font_size=10, text_anchor="end"))
    every = max(1, -(-len(items) // 8))
    for i, (label, value) in enumerate(items):
        x = left + i * step
        bar = dwg.rect((r1(x + step * 0.1), y(value)), (r1(step * 0.8), r1(value * scale)), fill="#5b7fb4")
        bar.set_desc(title=f"{label}: {_fmt(value, unit)}")
        dwg.add(bar)
        if i < len(whiskers):
            low, high = whiskers[i]
            mid = r1(x + step / 2)
            dwg.add(dwg.line((mid, y(low)), (mid, y(high)), stroke="#111", stroke_width=2))
        if i % every == 0:
            dwg.add(dwg.text(label, insert=(r1(x + step / 2), height - bottom + 14), font_size=10,
                             text_anchor="middle"))
    if line is not None:
        dwg.add(dwg.line((left, y(line)), (width - 5, y(line)), stroke="#b3121b", stroke_dasharray="5,4"))
    svg: str = dwg.tostring()
    return svg


def _fmt(value: float, unit: str) -> str:
    return f"{value:.0%}" if unit == "%" else f"{value:g}"


def binned(histogram: Sequence[Sequence[float]], most: int = 20) -> list[tuple[str, float]]:
    """An exact value histogram (`[[value, count], …]`) in at most `most` bins of equal width,
    each labelled by its lower edge (whole values when the values are whole)."""
    if not histogram:
        return []
    low, high = float(histogram[0][0]), float(histogram[-1][0])
    if len(histogram) <= most:
        return [(f"{float(v):g}", float(n)) for v, n in histogram]
    width = (high - low) / most
    whole = all(float(v).is_integer() for v, _ in histogram)
    counts = [0.0] * most
    for v, n in histogram:
        counts[min(int((float(v) - low) / width), most - 1)] += float(n)
    edge = [low + i * width for i in range(most)]
    return [(f"{round(e):d}" if whole else f"{e:.3g}", c) for e, c in zip(edge, counts)]


def axis(histogram: Sequence[Sequence[float]]) -> list[list[float]]:
    """A histogram of whole values made ready to draw as the check's PNG chart draws it: every
    value between its least and largest (`dense`), widened as `cardgen.check.chart.widened`
    widens an axis (a constant is one narrow bar among empty neighbours); other values as they
    are."""
    if not histogram or not all(float(v).is_integer() for v, _ in histogram):
        return [list(map(float, pair)) for pair in histogram]
    counts = {int(v): float(n) for v, n in histogram}
    low, high = widened(min(counts), max(counts))
    return [[float(v), counts.get(v, 0.0)] for v in range(int(low), int(high) + 1)]


def dense(histogram: Sequence[Sequence[float]]) -> list[list[float]]:
    """A histogram of whole values (`[[value, count], …]`) with every value between its least and
    largest, a value nobody had counted 0 (so no gap hides on the axis)."""
    counts = {int(v): float(n) for v, n in histogram}
    return [[v, counts.get(v, 0.0)] for v in range(min(counts), max(counts) + 1)] if counts else []


def _verdicts(configs: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for c in configs:
        verdict = c["verdict"]
        outcome = verdict["outcome"]
        rows = []
        for name, crit in verdict["criteria"].items():
            rows.append([_e(name) + ("" if crit["hard"] else " <small>(soft)</small>"),
                         f'<span class="{_e(crit["status"])}">{_e(crit["status"])}</span>',
                         _e(crit.get("figure") or ""), _e(crit["text"])])
        out.append(f'<h3>{_e(c["config"])}: <span class="{_e(outcome)}">{_e(outcome)}</span> '
                   f'<small>({_e(verdict["games"])} games, {_e(verdict["player"])})</small></h3>'
                   + _table(("criterion", "status", "figure [95% interval]", "why, and what the games could "
                                                                              "detect"), rows))
    return "".join(out) or '<p class="note">No configuration was played.</p>'


def _seats(configs: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for c in configs:
        seats = c["verdict"]["criteria"].get("fair", {}).get("figures", {}).get("seats") or []
        if seats:
            fair = float(c["verdict"]["criteria"]["fair"]["figures"]["fair_share"])
            out.append(bars(f"{c['config']}: each seat's share of the games (fair {fair:.0%})",
                            [(f"seat {s['seat']}", float(s["share"])) for s in seats], "%",
                            [(float(s["low"]), float(s["high"])) for s in seats], fair))
            out.append(_table(("seat", "share [95% interval]"), [[_e(s["seat"]), _e(_interval(s))] for s in seats]))
        elif c.get("win_shares"):
            out.append(bars(f"{c['config']}: each seat's share of the games",
                            [(f"seat {i + 1}", float(v)) for i, v in enumerate(c["win_shares"])], "%"))
    return "".join(out) or '<p class="note">No seat shares: no games were played.</p>'


def _histograms(configs: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for c in configs:
        hist = c.get("histograms") or {}
        out.append(bars(f"{c['config']}: game length (moves), games per bin", binned(axis(hist.get("length", [])))))
        out.append(bars(f"{c['config']}: final scores, seats per score", binned(axis(hist.get("score", [])))))
    return "".join(out) or '<p class="note">No histograms: no games were played.</p>'


def _spread(s: Mapping[str, Any] | None, fmt: str) -> str:
    """A `Spread`'s mean and median, each with its 95 % interval, in `fmt` ("{:.1f}", "{:.0%}")."""
    if not s:
        return "—"
    f = fmt.format
    return (f"mean {f(s['mean'])} [{f(s['low'])}–{f(s['high'])}], median {f(s['median'])} "
            f"[{f(s['median_low'])}–{f(s['median_high'])}]")


SMALL = 340, 170
"""The width and height of the lead charts: three to a row."""


def _leads(configs: Sequence[Mapping[str, Any]]) -> str:
    rows, charts = [], []
    for c in configs:
        settled = c.get("settled") or {}
        rows.append([_e(c["config"]), _e(f"{float(c.get('lead_changes', 0)):.2f}"),
                     _e("—" if c.get("drama") is None else f"{float(c['drama']):.2f}"),
                     _e(_spread(settled.get("turn"), "{:.1f}")), _e(_spread(settled.get("share"), "{:.0%}")),
                     _e(settled.get("without", "—"))])
        if settled.get("games"):
            tenths = [(f"{float(edge):.0%}", float(n)) for edge, n in settled["histogram"]]
            charts.append(bars(f"{c['config']}: settled at % of the game", tenths, "", (), None, *SMALL))
        if (c.get("histograms") or {}).get("lead_changes"):
            charts.append(bars(f"{c['config']}: lead changes per game",
                               binned(dense(c["histograms"]["lead_changes"])), "", (), None, *SMALL))
    missing = [c["config"] for c in configs if "settled" not in c]
    return (_table(("configuration", "lead changes per game (mean)", "drama (how far the winners trailed)",
                    "settled turn [95% intervals]", "settled, share of the game's turns [95% intervals]",
                    "games without a settled turn (no sole winner)"), rows) + "".join(charts)
            + ("" if not missing else '<p class="note">This report carries no settled turns (an older report): '
               + _e(", ".join(missing)) + "</p>"))


def _heatmap(configs: Sequence[Mapping[str, Any]]) -> str:
    maps = [heatmap_svg(f"{c['config']}: plays per cell, {c.get('games', 0)} games", c["heatmap"])
            for c in configs if c.get("heatmap")]
    if maps:
        return "".join(maps)
    if any("heatmap" in c for c in configs):
        return ('<p class="note">No heatmap: this game names no cells for its moves (its states\' '
                "<code>move_cells</code> gives none), so where play happened is not counted.</p>")
    return ('<p class="note">No heatmap: this report carries no "heatmap" counts (an older report, or no '
            "games were played).</p>")


def _kinds(report: Mapping[str, Any]) -> str:
    use = report.get("kinds") or {}
    total = sum(use.values())
    if not total:
        return '<p class="note">No component kind was played (or the game names none).</p>'
    items = sorted(use.items(), key=lambda kv: -kv[1])
    table = _table(("kind", "plays", "share"), [[_e(k), _e(n), _e(_pct(n / total))] for k, n in items])
    if len(items) > 12:  # Schlangengrube's dozens of tiles: the table folded away
        table = f"<details><summary>every kind's plays ({len(items)} kinds)</summary>{table}</details>"
    return (bars("each kind's share of the plays", [(k, n / total) for k, n in items], "%") + table
            + "".join(f'<p class="finding">{_e(t)}</p>' for t in report.get("kind_findings", [])))


def _worth(configs: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for c in configs:
        worth = c.get("worth")
        if worth:
            out.append(f"<h3>{_e(c['config'])}</h3>" + _table(
                ("kind", "share of the plays", "barred seat's share, change [95% interval]", "games", "flag"),
                [[_e(w["kind"]), _e(f"{float(w['played']):.1%}"), _e(f"{float(w['diff']):+.0%} [{float(w['low']):+.0%} "
                                                                   f"to {float(w['high']):+.0%}]"), _e(w["games"]),
                  _flag(w.get("flag"))] for w in worth]))
    return "".join(out) or '<p class="note">No worth measured: this report carries no "worth" figures.</p>'


def _flag(flag: str | None) -> str:
    """A worth row's flag: dominant or dead marked as a finding, anything else plain."""
    return f'<span class="finding">{_e(flag)}</span>' if flag in (DOMINANT, DEAD) else _e(flag or "")


def _kingmaking(configs: Sequence[Mapping[str, Any]]) -> str:
    rows = [[_e(c["config"]), _e(_interval(k)), _e(k["games"])] for c in configs
            if isinstance(k := c.get("kingmaking"), Mapping)]
    return (_table(("configuration", "kingmaking share [95% interval]", "games"), rows) if rows
            else '<p class="note">No kingmaking measured: this report carries no "kingmaking" figures.</p>')


def _games(name: str, saved: Sequence[str], folder: Path) -> str:
    if not saved:
        return '<p class="note">No example games saved (check --save-games DIR saves them).</p>'
    items = []
    for record in saved:
        path = Path(record).resolve()
        try:
            href = os.path.relpath(path, folder)
        except ValueError:  # another drive
            href = path.as_uri()
        items.append(f'<li><a href="{_e(Path(href).as_posix())}">{_e(path.name)}</a>: '
                     f"<code>cardgen play {_e(name)} --replay {_e(path)}</code></li>")
    return f"<ul>{''.join(items)}</ul>"


def page(report: Mapping[str, Mapping[str, Any]], folder: Path, refresh: int | None = None) -> str:
    """The HTML page of a check's `--json` report; links relative to `folder` (where the page
    goes); with `refresh`, it reloads itself every `refresh` seconds."""
    head = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    body = []
    for name, r in report.items():
        configs = [c for c in r.get("configs", []) if "verdict" in c]
        parts = {"verdicts": _verdicts(configs), "seats": _seats(configs), "histograms": _histograms(configs),
                 "leads": _leads(configs), "heatmap": _heatmap(configs), "kinds": _kinds(r), "worth": _worth(configs),
                 "kingmaking": _kingmaking(configs), "games": _games(name, r.get("saved_games", []), folder)}
        titles = {"verdicts": "Verdicts", "seats": "Seat shares", "histograms": "Lengths and scores",
                  "leads": "Lead changes and the settled turn", "heatmap": "Where play happened",
                  "kinds": "Kinds played",
                  "worth": "What each kind is worth", "kingmaking": "Kingmaking", "games": "Example games"}
        body.append(f'<h2 id="{_e(name)}">{_e(name)}: <span class="{_e(r.get("outcome", ""))}">'
                    f'{_e(r.get("outcome", ""))}</span></h2><p>{_e(r.get("set", ""))}: {_e(r.get("summary", ""))}</p>'
                    + "".join(f'<p class="fail">{_e(f["text"])}</p>' for f in r.get("findings", []) if f.get("error"))
                    + "".join(f'<section id="{_e(name)}-{s}" data-section="{s}"><h3>{titles[s]}</h3>{parts[s]}'
                              "</section>" for s in SECTIONS))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">{head}<title>cardgen check: '
            f'{_e(", ".join(report))}</title><style>{_STYLE}</style></head><body><h1>cardgen check</h1>'
            + "".join(body) + "</body></html>\n")


def write_html(path: Path, report: Mapping[str, Mapping[str, Any]], refresh: int | None = None) -> Path:
    """Write the page of `report` to `path` whole (a browser reloading it never reads half a page)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(page(report, path.parent.resolve(), refresh), encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
