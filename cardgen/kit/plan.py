"""What a game's print kit is, as data: the `KitPlan` a game's `kit` method returns.

A plan says what to print and nothing about how the files are written: the components laid
out on grid sheets (cards, tiles, chips: their faces and counts, the layouts they take, whether
they follow `--card-size`), the sheet files the game lays out itself (a board split over
pages, a parts sheet), and the booklet. `cardgen.kit.pipeline` writes it in every format the
build asks for. Making a plan touches no file and calls nothing of the build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.options import LAYOUTS

if TYPE_CHECKING:
    from cardgen.booklet.build import BookletContent
    from cardgen.print.faces import Face, Item, PieceKind
    from cardgen.print.sheets import Sheet


@dataclass(frozen=True, slots=True)
class Component:
    """One group of like pieces laid out on grid sheets (cards, tiles, markers, chips).

    `draw` gives its items (each face with how many the kit makes of it); the pipeline calls
    it once, after it has started the booklets, which take longest. `layouts` are the grid
    layouts it takes (a `--layout` it does not take is refused: `check_layouts`); none when one
    of the plan's sheet files prints its pieces (Irrläufer's castles on the parts sheet), which
    then have no grid sheets but still their faces, images and print-service files. `marks`: its
    cut marks unless `--marks` says otherwise.
    `card_sized`: its pieces follow `--card-size` (the pipeline then plans the kit again from
    the set at that size, `Game.with_card_size`). `kinds`: the sorts of piece it is (`PieceKind`: what a print
    service may make it as); none for pieces only the kit's own PDFs print. `secret`: its pieces
    are drawn blindly and kept hidden, so no export may show what a piece is on its hidden side
    (the Tabletop Simulator export puts them in a bag with a neutral back).
    """

    stem: str
    title: str
    draw: Callable[[], Sequence[Item]]
    cutting: str
    layouts: tuple[str, ...] = LAYOUTS
    marks: str = "corners"
    card_sized: bool = False
    kinds: tuple[PieceKind, ...] = ()
    secret: bool = False


@dataclass(frozen=True, slots=True)
class SheetFile:
    """A PDF the game lays out itself, page by page (a board over several pages, a parts sheet).

    `part` names it for `--only` and in print services' notes; `sheets` are its pages,
    `shows` the faces placed on them, `faces` the faces it adds to the kit's SVGs, PNGs and
    proof with how many of each the game needs (none for a face another file counts already).
    `entry` is its manifest entry without "file", "type" and "component"; `summary` its line in
    the build summary; `kinds` as for a `Component` (a "board" file's first face is the board
    of the Tabletop Simulator export).
    """

    file: str
    part: str
    title: str
    sheets: tuple[Sheet, ...]
    shows: tuple[Face, ...]
    faces: tuple[tuple[Face, int], ...]
    entry: Mapping[str, Any]
    summary: str = ""
    kinds: tuple[PieceKind, ...] = ()
    figures: tuple[tuple[str, Face], ...] = ()
    """Faces a table shows standing instead of flat (Tabletop Simulator): (the key of a face of
    this file, the figure as it stands), e.g. a fold-over standee's front panel."""


@dataclass(frozen=True, slots=True)
class CutPiece:
    """Pieces one of the plan's sheet files prints that a cutting machine may cut as well
    (`--cutter`): `part` names that file's part (for `--only`), `stem` and `title` the pieces,
    `items` their faces and counts (counted by the sheet file already), `folds` the fold lines
    across each piece, mm from its top edge (score lines in the cut files)."""

    part: str
    stem: str
    title: str
    items: tuple[Item, ...]
    cutting: str
    folds: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Booklet:
    """The rule booklets of a kit: the game's booklet content and the set its numbers and
    diagrams come from (the set as printed: at the kit's card size, the board's field size)."""

    content: BookletContent
    source: Any


@dataclass(frozen=True, slots=True)
class KitPlan:
    """Everything a game's print kit holds: `title` (the set's name, on every sheet and the
    proof), its grid components, its own sheet files and its booklet. An empty plan gives a kit
    of a proof sheet and a manifest. `notes`: one line each on what the kit leaves out and why
    (in the build summary and the manifest's "notes")."""

    title: str
    components: tuple[Component, ...] = ()
    files: tuple[SheetFile, ...] = ()
    booklet: Booklet | None = None
    notes: tuple[str, ...] = ()
    cut_pieces: tuple[CutPiece, ...] = ()
    """What of the sheet files a cutting machine may cut too (`--cutter`)."""

    @property
    def parts(self) -> tuple[str, ...]:
        """The parts of this kit `--only` may name, in order."""
        names = [c.stem for c in self.components] + [f.part for f in self.files]
        return tuple(dict.fromkeys(names + (["booklets"] if self.booklet else [])))
