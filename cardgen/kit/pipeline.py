"""The one kit pipeline: a game's plan written in every format the build asks for.

`build_game` builds a game's kit into a temporary folder beside `<out>/<game>` and swaps it in
at the end, so an interrupted or failed build leaves the previous complete folder (or none),
and the new folder holds exactly what this build wrote, which `manifest.json` lists. In the
folder, `write_kit`: the booklets are started in other processes first (they take longest),
then the plan is drawn and imposed (an impossible layout fails before a file is written), and
every writer the build wants writes its files (see `cardgen.kit.writer` for the order).
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.booklet.build import start_booklets
from cardgen.errors import DataError, LayoutError
from cardgen.kit.plan import KitPlan
from cardgen.kit.spec import KitSpec, check
from cardgen.print.files import real_folder, staged_folder
from cardgen.workers import stop_children

if TYPE_CHECKING:
    from cardgen.kit.writer import Writer


class KitGame(Protocol):
    """What the pipeline needs of a game (`cardgen.game.Game` has it)."""

    @property
    def name(self) -> str:
        """The game's registry name: its folder in the output."""

    @property
    def kit_parts(self) -> tuple[str, ...]:
        """The parts of its kit `--only` may name."""

    def has_kit(self) -> bool:
        """Whether it has a print kit at all."""

    def load_set(self, path: str | Path | None = None) -> Any:
        """Its set at `path` (the default set when None)."""

    def with_card_size(self, game_set: Any, size: float) -> Any:
        """The set with its card-sized components `size` mm square."""

    def kit(self, game_set: Any, spec: KitSpec) -> KitPlan | None:
        """Its kit plan for the set."""


@contextmanager
def _bar(total: int, label: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr while files are written (none with --quiet or no terminal)."""
    if quiet or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True, console=None) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


@contextmanager
def _frozen_heap() -> Iterator[None]:
    """While a kit is written, what exists before it (the loaded modules, the set: a few hundred
    thousand objects) is left out of the garbage collections, which would walk it again and
    again; the worker processes forked meanwhile (the booklets') never walk it at all (their
    collections took ~0.1 s of a booklet worker's CPU). Given back to them at the end."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def write_kit(game: str, plan: KitPlan, spec: KitSpec, quiet: bool = False,
              writers: Sequence[Writer[Any]] | None = None) -> list[str]:
    """Write `plan` under `spec.out/game` with every writer of `writers` (default: every format,
    `cardgen.kit.formats.WRITERS`) the build wants; one summary line per file group."""
    check(spec)
    folder = spec.out / game
    with ExitStack() as stack:
        from cardgen.kit import prepress

        stack.enter_context(_frozen_heap())
        stack.enter_context(prepress.streams(spec))
        booklets = None
        if plan.booklet is not None:
            # Started first: the booklets are the longest part of a build, typeset in other
            # processes while the faces and sheets are drawn here.
            drawing = any(spec.wants(part) for part in plan.parts if part != "booklets")
            booklets = stack.enter_context(start_booklets(plan.booklet.content, spec, plan.booklet.source,
                                                          sheets=drawing))
        # Loaded once the booklets' processes run: they need none of it, and what this process
        # does before they start delays the end of the build.
        from cardgen.kit.draw import draw
        from cardgen.kit.formats import WRITERS
        from cardgen.kit.forms import draw_forms, worker_pool, worker_wanted
        from cardgen.kit.writer import Job
        from cardgen.print.pdf import FaceCache

        kit = draw(game, plan, spec)
        wanted = [w for w in (WRITERS if writers is None else writers) if w.wanted(spec)]
        advance = stack.enter_context(_bar(sum(w.units(kit, spec) for w in wanted), f"{plan.title}: building",
                                           quiet))
        cache = FaceCache(adjust=kit.ink, convert=spec.converter().colour if spec.cmyk else None)
        job = Job(kit, spec, folder, (spec.final_out or spec.out) / game, cache, booklets, advance, stack,
                  worker_wanted(len(kit.sheets), booklets.workers if booklets else 0))
        started = [(writer, writer.start(job)) for writer in wanted]
        # Every face a sheet shows is parsed and drawn as a form once, here and by the worker.
        needed = list(dict.fromkeys((face, s.imposition.bleed) for s in kit.sheets for face in s.imposition.faces))
        worker = stack.enter_context(worker_pool(cache, needed, spec.colour == "cmyk", job.has_worker))
        job.worker_ready(worker, draw_forms(cache, worker))
        lines: list[str] = []
        for writer, begun in started:
            done = writer.write(job, begun)
            job.entries += done.entries
            lines += done.lines
        job.join()
        prepress.finish(job)  # the CMYK PDFs made PDF/X-4, once every file is written
    return lines + (booklets.summary() if booklets is not None else [])


def _skipped(game: KitGame, spec: KitSpec) -> str | None:
    """Why a build with `spec` leaves `game`'s folder alone (None: it builds it)."""
    if not game.has_kit():
        return f"{game.name}: no print kit (skipped)"
    if spec.only and not any(spec.wants(part) for part in game.kit_parts):
        return f"{game.name}: none of --only {','.join(spec.only)} (skipped)"
    return None


def check_inputs(spec: KitSpec, games: Sequence[KitGame]) -> None:
    """Refuse, before any work, what `check` refuses (a profile that cannot be read, …), a
    `<out>/<game>` that is a file (OSError naming it, from `real_folder`), and every file the
    build reads (`--set`, `--icc`) inside a folder it replaces (`<out>/<game>`, through a
    symbolic link too, or the staged folders beside it), which the swap would throw away with
    the old folder (DataError naming the option). Games the build skips do not count."""
    check(spec)
    folders = [spec.out / game.name for game in games if _skipped(game, spec) is None]
    real = [real_folder(folder).resolve() for folder in folders]
    for option, path in (("--set", spec.set_path), ("--icc", spec.icc)):
        if path is None:
            continue
        try:
            where = path.resolve()
        except (OSError, RuntimeError):  # a loop of links: reading it fails, with its own line
            continue
        for folder, target in zip(folders, real):
            inside = where.relative_to(target.parent).parts if where.is_relative_to(target.parent) else ()
            if len(inside) > 1 and (inside[0] == target.name or
                                    inside[0].startswith((f".{target.name}.new-", f".{target.name}.old-"))):
                raise DataError(option, f"{path} lies inside {folder}, which the build replaces as a whole: "
                                        "move the file out of that folder first")


def build_game(game: KitGame, spec: KitSpec, quiet: bool = False,
               writers: Sequence[Writer[Any]] | None = None, game_set: Any = None) -> list[str]:
    """Build `game`'s kit into `spec.out/<game>` through a staged folder (see the module
    docstring); the summary lines name the files where they end up. What `check_inputs`
    refuses is refused first."""
    check_inputs(spec, [game])
    skipped = _skipped(game, spec)
    if skipped is not None:
        return [skipped]
    if game_set is None:  # else the set the caller read already (once per command)
        game_set = game.load_set(spec.set_path)
    plan = game.kit(game_set, spec)
    if plan is not None and spec.card_size is not None and any(c.card_sized for c in plan.components):
        # --card-size, once, for the components the plan says follow it: the game redraws them
        # (and its booklet states the size) from its set at that size.
        plan = game.kit(game.with_card_size(game_set, spec.card_size), spec)
    if plan is None:
        return [f"{game.name}: no print kit (skipped)"]
    target = spec.out / game.name
    with staged_folder(target) as stage:
        try:
            lines = write_kit(game.name, plan, spec.staged(stage), quiet, writers)
        except BaseException:
            stop_children()  # no process of the build may write on into the folder being removed
            raise
        _check_manifest(stage / game.name)
    return [line.replace(str(stage / game.name), str(target)) for line in lines]


def build_calibration(spec: KitSpec) -> Path:
    """The one-page duplex calibration sheet for the chosen paper and flip edge, `<out>/…`."""
    from cardgen.kit.calibration import calibration_name
    from cardgen.print.calibration import calibration_pdf

    path = spec.out / calibration_name(spec.paper, spec.flip)
    return calibration_pdf(path, spec.paper, spec.flip)


def _check_manifest(folder: Path) -> None:
    """LayoutError unless manifest.json lists exactly the files in `folder` (besides itself)."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    listed = {entry["file"] for entry in manifest["files"]}
    held = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} - {"manifest.json"}
    if listed != held:
        extra, missing = sorted(held - listed), sorted(listed - held)
        raise LayoutError(str(folder / "manifest.json"),
                          f"does not match the folder (unlisted: {extra[:3]}, absent: {missing[:3]})")
