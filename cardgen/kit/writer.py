"""The protocol of the kit's output formats: a `Writer` writes one format of a `Job` (one
game's kit being built) and returns what it wrote (`Written`: manifest entries, summary lines).

The pipeline calls, for every writer the build wants and in the order of its list, first
`start` (before the faces are drawn as PDF forms: the place to hand work to other processes
that needs no form, as the PNG rasterising does), then, once every form is drawn, `write`
with what `start` returned. A writer reads the kit and the spec and writes under
`job.folder`, atomically; it may hand work that needs the forms to the build's forked worker
(`Job.beside`). The manifest entries are listed in the writers' order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardgen.kit.draw import Kit
from cardgen.kit.forms import Forms, on_worker
from cardgen.kit.spec import KitSpec
from cardgen.print.pdf import FaceCache

if TYPE_CHECKING:
    from cardgen.booklet.build import Booklets

T = TypeVar("T")
Entry = dict[str, Any]
"""One file's manifest entry: "file" (its path in the game folder), "type" and what to know."""


@dataclass(slots=True)
class Written:
    """What a writer wrote: the files' manifest entries and the build summary's lines."""

    entries: list[Entry] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


class Beside(Generic[T]):
    """A job handed to the build's forked worker; `result` waits for it (and raises what it
    raised)."""

    def __init__(self, job: Callable[..., T], args: tuple[Any, ...], units: int) -> None:
        self.job, self.args, self.units = job, args, units
        self.future: Future[T] | None = None

    def result(self) -> T:
        """What the job returned, once it is done."""
        assert self.future is not None, "a worker job is handed over once the forms are drawn"
        return self.future.result()


class Job:
    """One game's kit being written: the kit, the spec, the folder the files go to (`folder`,
    a temporary one; `final` is where it ends up), the build's face cache (every face parsed
    once, its forms drawn for the sheets), the booklets being typeset, and the progress bar."""

    def __init__(self, kit: Kit, spec: KitSpec, folder: Path, final: Path, cache: FaceCache,
                 booklets: Booklets | None, advance: Callable[[int], None], stack: ExitStack,
                 has_worker: bool) -> None:
        self.kit, self.spec, self.folder, self.final, self.cache = kit, spec, folder, final, cache
        self.booklets, self.advance = booklets, advance
        self.entries: list[Entry] = []
        """The entries of the writers done so far (the manifest writer lists them)."""
        self.has_worker = has_worker
        """Whether the build has a forked worker for `beside` (two sheet PDFs or more, and a
        free core)."""
        self._stack = stack
        self._worker: ProcessPoolExecutor | None = None
        self._forms: Forms = ()
        self._jobs: list[Beside[Any]] = []

    def enter(self, context: AbstractContextManager[T]) -> T:
        """Enter `context` (a process pool, say) until the kit is written or has failed."""
        return self._stack.enter_context(context)

    def beside(self, job: Callable[..., T], *args: Any, units: int = 0) -> Beside[T] | None:
        """Hand `job(cache, *args)` to the forked worker, where `cache` is its face cache with
        every form; None when the build has none (`has_worker`): do the work here. Jobs handed
        over in `start` go to the worker as soon as the forms are drawn, in their order.
        `units` advance the progress bar when the job is done."""
        if not self.has_worker:
            return None
        handle = Beside(job, args, units)
        self._jobs.append(handle)
        if self._worker is not None:
            self._submit(handle)
        return handle

    def _submit(self, handle: Beside[Any]) -> None:
        assert self._worker is not None
        forms, self._forms = self._forms, ()  # the first job brings this process's forms along
        handle.future = on_worker(self._worker, handle.job, forms, *handle.args)

    def worker_ready(self, worker: ProcessPoolExecutor | None, forms: Forms) -> None:
        """The pipeline's call once the forms are drawn: the worker (None: there is none) and
        this process's forms, which it still lacks. Hands over the jobs given so far."""
        assert (worker is not None) == self.has_worker
        self._worker, self._forms = worker, forms
        for handle in self._jobs:
            self._submit(handle)

    def join(self) -> None:
        """Wait for every job handed to the worker (raising what one raised)."""
        for handle in self._jobs:
            handle.result()
            self.advance(handle.units)


class Writer(ABC, Generic[T]):
    """One output format of a kit (see the module docstring for when each method is called)."""

    name: str = ""
    """What the format is called (in tests and messages)."""
    option: str | None = None
    """The `--format` value that asks for it (None: not chosen by `--format`)."""

    def wanted(self, spec: KitSpec) -> bool:
        """Whether a build with `spec` writes this format (default: with its `--format`, or in
        every build)."""
        return self.option is None or spec.writes(self.option)

    def units(self, kit: Kit, spec: KitSpec) -> int:
        """How many steps of the progress bar this writer advances (default: none)."""
        return 0

    def start(self, job: Job) -> T | None:
        """Start work that runs beside this process (default: none); what it returns is handed
        to `write`."""
        return None

    @abstractmethod
    def write(self, job: Job, started: T | None) -> Written:
        """Write this format's files for `job`; their manifest entries and summary lines."""
