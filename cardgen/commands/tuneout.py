"""What `cardgen tune` writes: the chosen set with a comment block saying how it was found, the
trials table beside it (FILE.trials.csv) and the chart of the trade-off (FILE.trials.png): the
first seat's share against the length of the games, one point per trial, the chosen one marked.
Every file is written to a temporary name and renamed, so nothing is left half-written."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

import svgwrite  # type: ignore[import-untyped]

from cardgen.commands.checkrun import GameCheck
from cardgen.commands.objective import WEIGHTS, Figures
from cardgen.commands.tunesearch import Knob, Search, Trial, ranked, value_text
from cardgen.errors import DataError
from cardgen.print.files import atomic_path
from cardgen.words import count

FONT = "DejaVu Sans, Verdana, sans-serif"
INKS = {"pass": "#1b7f5a", "inconclusive": "#f07f13", "fail": "#d7263d", "not played": "#888888"}


def side_paths(out: Path) -> tuple[Path, Path]:
    """The trials table and the chart beside the set file `out`."""
    return out.with_suffix(".trials.csv"), out.with_suffix(".trials.png")


def _same(a: Path, b: Path) -> bool:
    """Whether `a` and `b` name one file (one path, a link to it, a hard link)."""
    try:
        if a.exists() and b.exists():
            return a.samefile(b)
    except OSError:
        pass
    return a.resolve() == b.resolve()


def refuse_overwriting(out: Path, inputs: Sequence[tuple[str, Path]]) -> None:
    """DataError (naming the option) when a file `tune --out out` writes would replace one of
    its `inputs` (option, path): the set, its trials table or chart, or the booklets' folder,
    which a build replaces whole. Asked before any trial, so the user's file is never lost."""
    booklets = out.with_suffix(".booklets")
    for option, given in inputs:
        for target in (out, *side_paths(out)):
            if _same(target, given):
                raise DataError("--out", f"{out} would write {target}, which is the {option} file {given}: "
                                         "name another --out (the search reads the file it starts from)")
        if given.resolve().is_relative_to(booklets.resolve()):
            raise DataError("--out", f"{out} would replace the folder {booklets}, which holds the {option} file "
                                     f"{given}: name another --out")


def _atomic(path: Path, data: bytes) -> None:
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)


def _ci(interval: tuple[float, float] | None) -> str:
    return "" if interval is None else f" [{interval[0] * 100:.0f}-{interval[1]:.0%}]"


def figures_line(figures: Sequence[Figures]) -> str:
    """"3p: first seat 34% [29-39%] (fair 33%), draws 5% [3-8%], 9.1 turns per player, 300 games;
    …" (95% intervals)."""
    parts = []
    for f in figures:
        bits = []
        if f.first is not None and f.fair is not None:
            bits.append(f"first seat {f.first:.0%}{_ci(f.first_ci)} (fair {f.fair:.0%})")
        if f.draws is not None:
            bits.append(f"draws {f.draws:.0%}{_ci(f.draws_ci)}")
        if f.turns is not None:
            bits.append(f"{f.turns:.1f} turns per player")
        if f.games is not None:
            bits.append(count(f.games, "game"))
        parts.append(f"{f.config}: " + ", ".join(bits))
    return "; ".join(parts)


def _overlap(a: tuple[float, float] | None, b: tuple[float, float] | None) -> bool:
    return a is None or b is None or (a[0] <= b[1] and b[0] <= a[1])


def told_apart(a: Trial, b: Trial) -> bool:
    """Whether the games tell trials `a` and `b` apart: in some configuration both played, the
    95% intervals of the first seat's share or of the draws do not overlap (or the outcomes
    differ). Turns per player carry no interval and do not count."""
    if a.score.outcome != b.score.outcome:
        return True
    theirs = {f.config: f for f in b.score.figures}
    return any(not (_overlap(f.first_ci, theirs[f.config].first_ci) and _overlap(f.draws_ci, theirs[f.config].draws_ci))
               for f in a.score.figures if f.config in theirs)


def alike(trials: Sequence[Trial], reference: Trial) -> list[Trial]:
    """The trials other than `reference` that the games cannot tell apart from it."""
    return [t for t in trials if t.number != reference.number and t.repeats is None and t.score.figures
            and not told_apart(t, reference)]


def header(search: Search, command: str, chosen: Trial, verified: GameCheck | None, trials: int,
           stopped: bool) -> str:
    """The comment block at the top of the written set."""
    lines = [f"Found by: {command}",
             f"Searched: {', '.join(k.text() for k in search.knobs)}; {count(trials, 'trial')}"
             + (" (stopped early)" if stopped else "")
             + f", sampler seed {search.seed}; games played with the seeds of `cardgen check` (seed 0).",
             f"Chosen: trial {chosen.number}: "
             + ", ".join(f"{k} = {value_text(v)}" for k, v in chosen.values.items()),
             f"Its check: {chosen.score.outcome}; objective {chosen.score.value:.3f}; "
             + figures_line(chosen.score.figures)]
    if verified is not None and verified is not chosen.check:
        lines.append(f"Checked again at every player count: {verified.summary()}")
    lines.append("The trials: the .trials.csv and .trials.png files beside this one (docs/tune.md).")
    out = []
    for line in lines:
        while len(line) > 96:
            cut = line.rfind(" ", 0, 96)
            cut = cut if cut > 20 else 96
            out.append("# " + line[:cut])
            line = "  " + line[cut:].lstrip()
        out.append("# " + line)
    return "\n".join(out) + "\n"


def write_set(out: Path, text: str) -> None:
    """The chosen set (its header already in `text`) at `out`."""
    _atomic(out, text.encode("utf-8"))


def trials_csv(knobs: Sequence[Knob], trials: Sequence[Trial], chosen: Trial | None) -> str:
    """The trials table: one row per trial, its values, outcome, objective and its parts, the
    first configuration's figures with their 95% intervals, which one was chosen, and
    (`not_told_from`) the chosen (else best) trial a trial's games cannot tell it apart from."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["trial", *(k.name for k in knobs), "outcome", "objective", *WEIGHTS, "first_seat",
                     "first_seat_low", "first_seat_high", "fair_share", "draw_share", "draw_low", "draw_high",
                     "turns", "games", "seconds", "repeats", "chosen", "not_told_from", "note"])
    ranking = ranked([t for t in trials if t.repeats is None])
    reference = chosen if chosen is not None else (ranking[0] if ranking else None)
    like = {t.number for t in alike(trials, reference)} if reference is not None else set()
    for t in trials:
        f = t.score.figures[0] if t.score.figures else None
        first_ci, draws_ci = (f.first_ci, f.draws_ci) if f else (None, None)
        writer.writerow([t.number, *(value_text(t.values[k.name]) for k in knobs), t.score.outcome,
                         f"{t.score.value:.4f}", *(f"{t.score.terms.get(k, 0.0):.4f}" for k in WEIGHTS),
                         _num(f.first if f else None), _num(first_ci[0] if first_ci else None),
                         _num(first_ci[1] if first_ci else None), _num(f.fair if f else None),
                         _num(f.draws if f else None), _num(draws_ci[0] if draws_ci else None),
                         _num(draws_ci[1] if draws_ci else None), _num(f.turns if f else None),
                         f.games if f and f.games is not None else "", f"{t.seconds:.2f}", t.repeats or "",
                         "yes" if chosen is not None and t.number == chosen.number else "",
                         reference.number if reference is not None and t.number in like else "",
                         t.error or (t.check.summary() if t.check is not None else "")])
    return buffer.getvalue()


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def write_csv(path: Path, knobs: Sequence[Knob], trials: Sequence[Trial], chosen: Trial | None) -> None:
    _atomic(path, trials_csv(knobs, trials, chosen).encode("utf-8"))


W, H, LEFT, RIGHT, TOP, BOTTOM = 760, 460, 70, 24, 56, 58


def chart_svg(title: str, trials: Sequence[Trial], chosen: Trial | None) -> str:
    """The trade-off chart: x the turns per player, y the first seat's share minus its fair
    share (0 is fair), averaged over the configurations; one point per trial coloured by its
    outcome, the chosen one ringed and named."""
    points = [(t, _xy(t)) for t in trials if t.repeats is None]
    shown = [(t, xy) for t, xy in points if xy is not None]
    dwg = svgwrite.Drawing(size=(W, H))
    dwg.add(dwg.rect((0, 0), (W, H), fill="white"))
    dwg.add(dwg.text(title, insert=(LEFT, 28), font_family=FONT, font_size=16, font_weight="bold"))
    xs = [xy[0] for _, xy in shown] or [0.0, 1.0]
    ys = [xy[1] for _, xy in shown] + [0.0, 0.1, -0.1] + [y for t, _ in shown for y in (_bar(t) or ())]
    x0, x1 = min(xs), max(xs)
    x0, x1 = (x0 - 1, x1 + 1) if x1 - x0 < 2 else (x0 - (x1 - x0) * 0.08, x1 + (x1 - x0) * 0.08)
    y0, y1 = min(ys) - 0.02, max(ys) + 0.02

    def px(x: float, y: float) -> tuple[float, float]:
        return (LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT), TOP + (y1 - y) / (y1 - y0) * (H - TOP - BOTTOM))

    dwg.add(dwg.rect(px(x0, y1), (W - LEFT - RIGHT, H - TOP - BOTTOM), fill="none", stroke="#999"))
    for i in range(6):
        x = x0 + (x1 - x0) * i / 5
        a = px(x, y0)
        dwg.add(dwg.text(f"{x:.1f}", insert=(a[0], a[1] + 16), font_family=FONT, font_size=11, text_anchor="middle"))
        y = y0 + (y1 - y0) * i / 5
        b = px(x0, y)
        dwg.add(dwg.text(f"{y:+.1%}", insert=(b[0] - 6, b[1] + 4), font_family=FONT, font_size=11,
                         text_anchor="end"))
    a, b = px(x0, 0.0), px(x1, 0.0)
    dwg.add(dwg.line(a, b, stroke="#1b7f5a", stroke_dasharray="5,4"))
    dwg.add(dwg.text("fair", insert=(b[0] - 4, b[1] - 5), font_family=FONT, font_size=11, text_anchor="end",
                     fill="#1b7f5a"))
    dwg.add(dwg.text("turns per player", insert=((LEFT + W - RIGHT) / 2, H - 16), font_family=FONT, font_size=12,
                     text_anchor="middle"))
    label = dwg.text("first seat's share − fair share", insert=(18, (TOP + H - BOTTOM) / 2), font_family=FONT,
                     font_size=12, text_anchor="middle")
    label.rotate(-90, center=(18, (TOP + H - BOTTOM) / 2))
    dwg.add(label)
    ranking = ranked([t for t, _ in shown])
    reference = chosen if chosen is not None else (ranking[0] if ranking else None)
    like = {t.number for t in alike([t for t, _ in shown], reference)} if reference is not None else set()
    nudge = _nudges([px(*xy)[0] for _, xy in shown])
    for (t, (x, y)), dx in zip(shown, nudge):
        c = (px(x, y)[0] + dx, px(x, y)[1])
        bar = _bar(t)
        if bar is not None:  # the 95% interval of the first seat's share
            top, bottom = (c[0], px(x, bar[1])[1]), (c[0], px(x, bar[0])[1])
            dwg.add(dwg.line(top, bottom, stroke=INKS.get(t.score.outcome, "#888"), stroke_width=1.5, class_="error-bar"))
            for end in (top, bottom):
                dwg.add(dwg.line((end[0] - 4, end[1]), (end[0] + 4, end[1]), stroke=INKS.get(t.score.outcome, "#888"),
                                 stroke_width=1.5))
        dwg.add(dwg.circle(c, r=5, fill=INKS.get(t.score.outcome, "#888"), fill_opacity=0.75, stroke="white"))
        dwg.add(dwg.text(_label(t) + (" ≈" if t.number in like else ""), insert=(c[0] + 7, c[1] + 13),
                         font_family=FONT, font_size=9, fill="#555"))
    if chosen is not None and (xy := _xy(chosen)) is not None:
        c = (px(*xy)[0] + dict(zip((t.number for t, _ in shown), nudge)).get(chosen.number, 0.0), px(*xy)[1])
        dwg.add(dwg.circle(c, r=10, fill="none", stroke="black", stroke_width=2))
        right = c[0] > W - RIGHT - 140
        dwg.add(dwg.text(f"chosen: {_label(chosen)}", insert=(c[0] + (-13 if right else 13), c[1] - 9),
                         font_family=FONT, font_size=12, font_weight="bold", text_anchor="end" if right else "start"))
    dwg.add(dwg.text("bars: 95% interval of the first seat's share; points labelled by their values"
                     + (f"; ≈: the games cannot tell it from {_label(reference)}" if like and reference else ""),
                     insert=(LEFT, H - 2), font_family=FONT, font_size=10, fill="#555"))
    x = LEFT
    for outcome, ink in INKS.items():
        dwg.add(dwg.circle((x + 5, TOP - 14), r=5, fill=ink))
        dwg.add(dwg.text(outcome, insert=(x + 14, TOP - 10), font_family=FONT, font_size=11))
        x += 24 + 7 * len(outcome)
    missing = len(points) - len(shown)
    if missing:
        dwg.add(dwg.text(f"{count(missing, 'trial')} not played (their sets could not be made): not shown",
                         insert=(W - RIGHT, TOP - 10), font_family=FONT, font_size=11, text_anchor="end"))
    return str(dwg.tostring())


def _nudges(xs: Sequence[float], step: float = 16.0) -> list[float]:
    """Sideways offsets (px) that spread points of the same x apart, so that their bars show."""
    groups: dict[int, list[int]] = {}
    for i, x in enumerate(xs):
        groups.setdefault(round(x / step), []).append(i)
    out = [0.0] * len(xs)
    for members in groups.values():
        for k, i in enumerate(members):
            out[i] = (k - (len(members) - 1) / 2) * step
    return out


def _label(trial: Trial) -> str:
    """A point's label: its values ("hand_size=5, tiles_per_turn=2")."""
    return ", ".join(f"{k}={value_text(v)}" for k, v in trial.values.items())


def _bar(trial: Trial) -> tuple[float, float] | None:
    """The error bar of a point: its first seat's share's interval minus the fair share,
    averaged over the configurations as the point is."""
    figs = [f for f in trial.score.figures if f.first_ci is not None and f.fair is not None and f.turns is not None]
    if not figs:
        return None
    return (sum(f.first_ci[0] - (f.fair or 0.0) for f in figs if f.first_ci) / len(figs),
            sum(f.first_ci[1] - (f.fair or 0.0) for f in figs if f.first_ci) / len(figs))


def _xy(trial: Trial) -> tuple[float, float] | None:
    figs = [f for f in trial.score.figures if f.turns is not None and f.first is not None and f.fair is not None]
    if not figs:
        return None
    return (sum(f.turns or 0.0 for f in figs) / len(figs),
            sum((f.first or 0.0) - (f.fair or 0.0) for f in figs) / len(figs))


def write_chart(path: Path, title: str, trials: Sequence[Trial], chosen: Trial | None) -> None:
    import cairosvg  # type: ignore[import-untyped]

    _atomic(path, cairosvg.svg2png(bytestring=chart_svg(title, trials, chosen).encode("utf-8")))


def write_all(search: Search, out: Path, command: str, trials: Sequence[Trial], chosen: Trial | None,
              verified: GameCheck | None, stopped: bool) -> list[Path]:
    """Write the trials table, the chart and (when a trial was chosen) the set; the paths written."""
    table, chart = side_paths(out)
    write_csv(table, search.knobs, trials, chosen)
    title = f"cardgen tune {search.game.name}: {count(len(trials), 'trial')}, first seat against length"
    write_chart(chart, title, trials, chosen)
    written = [table, chart]
    if chosen is not None:
        write_set(out, header(search, command, chosen, verified, len(trials), stopped) + chosen.text)
        written.insert(0, out)
    return written


def summary_lines(found: Sequence[Trial], chosen: Trial | None, verified: GameCheck | None,
                  written: Sequence[Path]) -> list[str]:
    """`cardgen tune`'s summary: the best five trials (the chosen one marked *, those the games
    cannot tell from it ≈), which was chosen and what was written."""
    best = ranked(found)[:5]
    reference = chosen if chosen is not None else (best[0] if best else None)
    like = {t.number for t in alike(found, reference)} if reference is not None else set()
    lines = [f"tried {len(found)} sets; the best (95% intervals; ≈: the games cannot tell it from trial "
             f"{reference.number if reference is not None else '-'}):"]
    for t in best:
        values = ", ".join(f"{k}={value_text(v)}" for k, v in t.values.items())
        mark = "*" if chosen is not None and t.number == chosen.number else "≈" if t.number in like else " "
        lines.append(f" {mark} trial {t.number}: {values}: {t.score.outcome}, objective {t.score.value:.3f}"
                     + (f"; {figures_line(t.score.figures)}" if t.score.figures else f"; {t.error}" if t.error else ""))
    if like and reference is not None:
        lines.append(f"{count(len(like), 'trial')} ({', '.join(str(n) for n in sorted(like))}) cannot be told apart "
                     f"from trial {reference.number} by these games: their intervals overlap in every configuration "
                     "(more --games would tell)")
    if chosen is not None:
        lines.append(f"chose trial {chosen.number}" + (f"; checked at every player count: {verified.summary()}"
                                                         if verified is not None else ""))
    lines.append("wrote " + ", ".join(str(p) for p in written))
    return lines
