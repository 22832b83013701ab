"""The kit pipeline through its public interfaces: a plan is plain data a test can write by
hand, the build's options are resolved once into a `KitSpec`, and every output format is a
`Writer` of a list, so a new format is one writer added to that list."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardgen.errors import DataError, LayoutError
from cardgen.kit.formats import WRITERS
from cardgen.kit.pipeline import build_game
from cardgen.kit.plan import Component, KitPlan
from cardgen.kit.spec import KitSpec, check, resolve
from cardgen.kit.writer import Job, Writer, Written
from cardgen.options import BuildOptions
from cardgen.print import Face, Item
from cardgen.print.colour import INK_LIMIT
from cardgen.print.files import write_bytes_atomic


def _face(key: str, size: float = 20.0, bleed: float = 3.0) -> Face:
    full = size + 2 * bleed
    return Face(key, f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full}" width="{full}mm" '
                     f'height="{full}mm"><rect width="{full}" height="{full}" fill="#cde"/></svg>', size, size, bleed)


@dataclass(frozen=True, slots=True)
class Chips:
    """The toy game's set: how many chips of each number, and their size."""

    name: str = "chips"
    counts: tuple[int, ...] = (3, 1)
    size: float = 20.0


class ChipGame:
    """A game as the pipeline sees it (`KitGame`): chips with a common back, in its own test
    plan; it counts how often the pipeline asks it for the card size and for the items."""

    name = "chips"
    kit_parts = ("chips",)

    def __init__(self, sized: bool = True, layouts: tuple[str, ...] = ("single", "duplex"),
                 counts: tuple[int, ...] = (3, 1)):
        self.sized, self.layouts, self.counts = sized, layouts, counts
        self.resized: list[float] = []
        self.drawn = 0

    def has_kit(self) -> bool:
        return True

    def load_set(self, path: str | Path | None = None) -> Chips:
        return Chips(counts=self.counts)

    def with_card_size(self, game_set: Chips, size: float) -> Chips:
        self.resized.append(size)
        return Chips(game_set.name, game_set.counts, size)

    def kit(self, game_set: Chips, spec: KitSpec) -> KitPlan:
        def items() -> list[Item]:
            self.drawn += 1
            back = _face("back", game_set.size, spec.bleed)
            return [Item(_face(f"chip-{n}", game_set.size, spec.bleed), back, count)
                    for n, count in enumerate(game_set.counts, 1)]

        chips = Component("chips", "Chips", items, "cut them out", layouts=self.layouts,
                          card_sized=self.sized, kinds=("tile",))
        return KitPlan(game_set.name, (chips,))


def _spec(tmp_path: Path, **options: Any) -> KitSpec:
    return resolve(BuildOptions(out=tmp_path, langs=(), **options))


def _manifest(tmp_path: Path) -> dict[str, Any]:
    return json.loads((tmp_path / "chips" / "manifest.json").read_text(encoding="utf-8"))


# ---- the options, resolved once --------------------------------------------------------------


def test_resolve_looks_up_the_service_and_decides_cmyk_once() -> None:
    plain = resolve(BuildOptions())
    assert plain.service is None and not plain.cmyk and plain.ink_limit() == INK_LIMIT
    assert resolve(BuildOptions(colour="cmyk")).cmyk
    dtc = resolve(BuildOptions(service="drivethrucards"))
    assert dtc.service is not None and dtc.service.name == "drivethrucards"
    # a service that requires CMYK converts its files, within its own ink limit, whatever --colour says
    assert dtc.colour == "rgb" and dtc.cmyk and dtc.ink_limit() == dtc.service.ink_limit < INK_LIMIT
    with pytest.raises(DataError, match="unknown print service 'nosuch'"):
        resolve(BuildOptions(service="nosuch"))


def test_check_refuses_less_bleed_than_the_service_asks_for() -> None:
    spec = resolve(BuildOptions(service="drivethrucards", bleed=3.0))
    with pytest.raises(LayoutError, match="--bleed"):
        check(spec)
    check(resolve(BuildOptions(service="drivethrucards", bleed=3.2)))


@pytest.mark.parametrize(("service", "bleed"), [("drivethrucards", 3.175), ("thegamecrafter", 3.175),
                                                ("mbprint", 3.0), (None, 3.0)])
def test_without_bleed_a_service_sets_the_bleed_it_asks_for(service: str | None, bleed: float) -> None:
    spec = resolve(BuildOptions(service=service))
    assert spec.bleed == bleed
    check(spec)


def test_a_service_build_needs_no_flags_and_its_pages_carry_the_service_bleed(tmp_path: Path) -> None:
    import pypdf

    lines = build_game(ChipGame(), _spec(tmp_path, formats=("pdf",), service="drivethrucards", layouts=("single",)),
                       quiet=True)
    assert "--service drivethrucards: 3.175 mm bleed and 3.175 mm safe zone, as the service asks" in lines
    (entry,) = [e for e in _manifest(tmp_path)["files"] if e["type"] == "service"]
    assert entry["bleed_mm"] == 3.175 and entry["safe_mm"] == 3.175 and entry["size_checked"] is False
    page = pypdf.PdfReader(tmp_path / "chips" / entry["file"]).pages[0]
    side = float(page.mediabox.width) / 72 * 25.4
    assert side == pytest.approx(20.0 + 2 * 3.175, abs=0.01)  # the chip's trim and the service's bleed
    sheet = next(e for e in _manifest(tmp_path)["files"] if e["file"] == "chips-a4.pdf")
    assert sheet["bleed_mm"] == 3.175  # the kit's own sheets are drawn with the same bleed


# ---- a plan as data ----------------------------------------------------------------------------


def test_a_hand_written_plan_is_built_in_every_layout_it_takes(tmp_path: Path) -> None:
    game = ChipGame()
    lines = build_game(game, _spec(tmp_path, formats=("pdf", "svg")), quiet=True)
    files = {e["file"]: e for e in _manifest(tmp_path)["files"]}
    assert {"chips-a4.pdf", "chips-a4-duplex-long.pdf", "calibration-a4-long.pdf", "proof.png"} <= set(files)
    assert not any("gutterfold" in f or "glue" in f for f in files)  # layouts the component does not take
    assert sorted(f for f in files if f.startswith("svg/")) == ["svg/back.svg", "svg/chip-1.svg", "svg/chip-2.svg"]
    assert files["svg/back.svg"]["count"] == 4 and files["chips-a4.pdf"]["fronts"] == 4
    assert game.drawn == 1  # the items are drawn once for every format
    assert lines[-1] == f"{tmp_path / 'chips' / 'manifest.json'}: {len(files)} files described"


@pytest.mark.parametrize(("bleed", "words"), [(0.0, "edge to edge: one cut parts two neighbours"),
                                              (2.0, "4 mm apart (their bleeds): every gap takes two cuts")])
def test_the_cutting_order_says_how_many_cuts_a_gap_takes(tmp_path: Path, bleed: float, words: str) -> None:
    build_game(ChipGame(), _spec(tmp_path, formats=("pdf",), bleed=bleed), quiet=True)
    sheets = [e for e in _manifest(tmp_path)["files"] if e.get("component") == "chips"]
    assert sheets and all(e["bleed_mm"] == bleed and words in e["cutting_order"] for e in sheets)


def test_a_layout_a_component_does_not_take_is_refused_not_skipped(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match=r"--layout: single does not apply to the chips of chips, which are made "
                                          r"duplex; choose one of those"):
        build_game(ChipGame(layouts=("duplex",)), _spec(tmp_path, layouts=("single",), formats=("pdf",)), quiet=True)
    assert not (tmp_path / "chips").exists()
    build_game(ChipGame(layouts=("duplex",)), _spec(tmp_path, layouts=("duplex",), formats=("pdf",)), quiet=True)
    assert "chips-a4-duplex-long.pdf" in {e["file"] for e in _manifest(tmp_path)["files"]}


@pytest.mark.parametrize("sized", [True, False])
def test_card_size_is_applied_once_where_the_components_declare_it(tmp_path: Path,
                                                                                sized: bool) -> None:
    game = ChipGame(sized=sized)
    lines = build_game(game, _spec(tmp_path, formats=("svg",), card_size=30.0), quiet=True)
    assert game.resized == ([30.0] if sized else [])  # only for a plan with card-sized components
    widths = {e["trim_mm"][0] for e in _manifest(tmp_path)["files"] if e["type"] == "svg"}
    assert widths == ({30.0} if sized else {20.0})
    assert _manifest(tmp_path)["card_size_mm"] == (30.0 if sized else None)
    assert any(line.startswith("--card-size 30: no cards or tiles") for line in lines) is not sized


# ---- formats as writers ------------------------------------------------------------------------


class Listing(Writer[str]):
    """A new output format, written here only: one text file per face, listed in the manifest."""

    name = "listing"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def start(self, job: Job) -> str:
        self.calls.append("start")
        return f"{len(job.kit.faces)} faces"

    def write(self, job: Job, started: str | None) -> Written:
        self.calls.append("write")
        out = Written(lines=[f"{job.folder / 'listing'}/: {started}"])
        for key, (face, count) in job.kit.faces.items():
            write_bytes_atomic(job.folder / "listing" / f"{key}.txt", f"{count} x {face.width:g} mm\n".encode())
            out.entries.append({"file": f"listing/{key}.txt", "type": "listing", "face": key})
        return out


def test_a_new_format_is_one_writer_in_the_list(tmp_path: Path) -> None:
    listing = Listing()
    writers = (*WRITERS[:-1], listing, WRITERS[-1])  # before the manifest, which lists every file
    lines = build_game(ChipGame(), _spec(tmp_path, formats=("svg",)), quiet=True, writers=writers)
    # build_game checks that the manifest lists exactly the folder: the writer's files are in it
    listed = [e["file"] for e in _manifest(tmp_path)["files"] if e["type"] == "listing"]
    assert listed == ["listing/chip-1.txt", "listing/back.txt", "listing/chip-2.txt"]
    assert (tmp_path / "chips" / "listing" / "back.txt").read_text(encoding="utf-8") == "4 x 20 mm\n"
    assert f"{tmp_path / 'chips' / 'listing'}/: 3 faces" in lines
    assert listing.calls == ["start", "write"]


class Recording(Writer[None]):
    """Notes when it is started and when it writes, in a log shared by the writers of a test."""

    def __init__(self, name: str, log: list[str], option: str | None = None) -> None:
        self.name, self.log, self.option = name, log, option

    def start(self, job: Job) -> None:
        self.log.append(f"start {self.name}")

    def write(self, job: Job, started: None) -> Written:
        self.log.append(f"write {self.name}")
        return Written()


def test_writers_start_before_any_writes_and_write_in_list_order_when_wanted(tmp_path: Path) -> None:
    log: list[str] = []
    writers = [Recording("a", log), Recording("b", log, option="tts"), Recording("c", log, option="svg"),
               WRITERS[-1]]
    build_game(ChipGame(), _spec(tmp_path, formats=("svg",)), quiet=True, writers=writers)
    assert log == ["start a", "start c", "write a", "write c"]  # b wants --format tts


def test_the_writer_list_ends_with_the_manifest_and_names_each_format_once() -> None:
    names = [w.name for w in WRITERS]
    assert names[-1] == "manifest" and len(set(names)) == len(names)
    spec = resolve(BuildOptions(formats=("svg",)))
    assert {w.name for w in WRITERS if w.wanted(spec)} == {"svg", "proof", "booklets", "how-to-print", "manifest"}


def test_a_card_size_that_fits_more_on_the_printable_area_or_turned_gets_it(tmp_path: Path) -> None:
    """40 chips of 65 mm on A4: 2 x 3 upright within 10 mm margins (7 sheets), 4 x 2 on the turned
    sheet within the printable area (5 sheets); the calibration sheet turns with it."""
    import pypdf

    build_game(ChipGame(counts=(20, 20)), _spec(tmp_path, formats=("pdf",), card_size=65.0, layouts=("duplex",)), quiet=True)
    files = {e["file"]: e for e in _manifest(tmp_path)["files"]}
    sheet = files["chips-a4-duplex-long.pdf"]
    assert sheet["landscape"] and sheet["per_sheet"] == 8
    assert sheet["calibration"] == "calibration-a4-long-landscape.pdf"
    assert files["calibration-a4-long-landscape.pdf"]["landscape"] is True
    assert "calibration-a4-long.pdf" not in files  # no portrait duplex sheet to calibrate
    for name in ("chips-a4-duplex-long.pdf", "calibration-a4-long-landscape.pdf"):
        for page in pypdf.PdfReader(tmp_path / "chips" / name).pages:
            assert float(page.mediabox.width) > float(page.mediabox.height)  # both pages turned
