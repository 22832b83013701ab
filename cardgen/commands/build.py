"""`cardgen build` without the command line: the print kits of some games (or only the duplex
calibration sheet) from the options as given, checked first, written by `cardgen.kit.pipeline`;
and the rule booklets alone of one set (what `cardgen tune` writes beside its set)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.commands.outcome import Say, out
from cardgen.errors import CardgenError, UsageMistake, as_usage, named

if TYPE_CHECKING:
    from cardgen.game import Game, Registry
    from cardgen.options import BuildOptions


@dataclass(frozen=True, slots=True)
class BuildRequest:
    """`cardgen build`'s options as given (docs/cli.md): the `games` by name (all when none),
    texts as typed (`back_offset` "X,Y", None: none here, and in `run` the offset saved for
    the paper and flip by `cardgen calibrate --save`; `formats`, `langs` and `only` comma lists); `colour`
    None when not given (rgb, or cmyk when `icc` or `press` is)."""

    games: tuple[str, ...] = ()
    set_path: str | None = None
    paper: str = "a4"
    out: str = "output"
    layout: str | None = None
    flip: str = "long"
    back_offset: str | None = None
    bleed: float | None = None
    marks: str | None = None
    formats: str = "pdf,svg,png"
    tts_url: str | None = None
    dpi: int = 300
    colour: str | None = None
    icc: str | None = None
    press: str | None = None
    card_size: float | None = None
    ink: str = "normal"
    service: str | None = None
    langs: str = "de,en"
    only: str | None = None
    calibration: bool = False
    cutter: str | None = None
    seed: int = 0
    quiet: bool = False


def build_options(request: BuildRequest) -> BuildOptions:
    """The request's options checked into BuildOptions (LayoutError naming the bad option)."""
    from cardgen.options import FORMATS, LANGS, LAYOUTS, BuildOptions, parse_list, parse_offset

    r = request
    return BuildOptions(
        paper=r.paper, layouts=(r.layout,) if r.layout else LAYOUTS, flip=r.flip,
        back_offset=parse_offset(r.back_offset or "0,0"), bleed=r.bleed, marks=r.marks,
        formats=parse_list(r.formats, FORMATS, "--format"), dpi=r.dpi,
        colour="cmyk" if r.colour == "cmyk" else "rgb", langs=parse_list(r.langs, LANGS, "--lang"),
        set_path=Path(r.set_path) if r.set_path else None, out=Path(r.out), card_size=r.card_size,
        ink="low" if r.ink.lower() == "low" else "normal", icc=Path(r.icc) if r.icc else None, service=r.service,
        tts_url=r.tts_url, cutter=r.cutter.lower() if r.cutter else None, press=r.press.lower() if r.press else None,
    )


def chosen_games(registry: Registry, names: Sequence[str], set_path: str | None = None
                 ) -> tuple[list[Game[Any]], tuple[Any, Any, Any] | None]:
    """The games named (all when none); with a set file and no name, the game the file is for
    and what reading it gave (`Game.read_set`: the file is read once), else None."""
    if set_path and not names:
        game, read = registry.read_set(set_path)
        return [game], read
    with as_usage():
        games = registry.select(names)
        if set_path and len(games) != 1:
            raise CardgenError("--set", "a set file belongs to one game: name that game too")
    return games, None


def run(request: BuildRequest, registry: Registry, say: Say) -> int:
    """Write the kits of the request's games into OUT/<game>/ (or only the calibration sheet):
    every option is checked before anything is written; the lines say what was written."""
    from cardgen.kit.draw import check_layouts
    from cardgen.kit.pipeline import build_calibration, build_game, check_inputs
    from cardgen.kit.spec import resolve
    from cardgen.options import LAYOUTS, parse_list
    from cardgen.print.settings import saved_offset, settings_path

    r = request
    saved = saved_offset(r.paper, r.flip) if r.back_offset is None else None  # a bad file: exit 1
    if saved is not None:
        r = dataclasses.replace(r, back_offset=f"{saved[0]},{saved[1]}")
    named("--out", r.out)
    named("--set", r.set_path)
    named("--icc", r.icc)
    with as_usage():
        if (r.icc is not None or r.press is not None) and (r.colour or "rgb").lower() != "cmyk":
            if r.colour is not None:
                raise UsageMistake("--icc" if r.icc is not None else "--press",
                                   "a CMYK profile cannot be used with --colour rgb")
            r = dataclasses.replace(r, colour="cmyk")  # --icc and --press mean CMYK
        options = build_options(r)
        if r.only is not None:
            options = dataclasses.replace(options, only=parse_list(r.only, registry.kit_parts, "--only"))
        spec = resolve(options)  # once for every game; an unknown service fails before anything is built
    if r.calibration:
        path = build_calibration(spec)
        if not r.quiet:
            say(out(f"wrote {path}"))
        return 0
    chosen, read = chosen_games(registry, r.games, r.set_path)
    sets: dict[str, Any] = {} if read is None else {chosen[0].name: read[0]}  # each game's set, read once
    if spec.layouts != LAYOUTS:  # --layout: refused before anything is written where it does not apply
        for game in chosen:
            if not game.has_kit():
                continue
            if game.name not in sets:
                sets[game.name] = game.load_set(spec.set_path)
            plan = game.kit(sets[game.name], spec)
            if plan is not None:
                with as_usage():
                    check_layouts(plan, spec)
    check_inputs(spec, chosen)  # before any game is built
    if saved is not None and "duplex" in spec.layouts and not r.quiet:
        say(out(f"--back-offset {spec.back_offset[0]:g},{spec.back_offset[1]:g} for the duplex backs, as saved in "
                f"{settings_path()} (cardgen calibrate --save)"))
    for game in chosen:
        for line in build_game(game, spec, quiet=r.quiet, game_set=sets.get(game.name)):
            if not r.quiet:
                say(out(line))
    return 0


def booklets(game: Game[Any], set_file: Path) -> Path:
    """The rule booklets of the set at `set_file` (the kit pipeline's `--only booklets` build), in
    SET.booklets/GAME/; the folder written."""
    from cardgen.kit.pipeline import build_game, check_inputs
    from cardgen.kit.spec import resolve

    folder = set_file.with_suffix(".booklets")
    options = build_options(BuildRequest(out=str(folder), formats="pdf", set_path=str(set_file)))
    spec = resolve(dataclasses.replace(options, only=("booklets",)))
    check_inputs(spec, [game])
    for _ in build_game(game, spec, quiet=True):
        pass
    return folder / game.name
