"""Upload files for print services, from their published specifications.

The specifications are data (`templates/services.toml`), each with the page it was read from;
a service is added there, not here. Only the figures a service publishes are used: bleed, safe
zone, colour and ink limit, the file and page order it asks for and, for a service that sells
fixed products, each product's image size in pixels. The safe zone is not drawn: it goes into
the manifest so a designer changing the art knows the margin.

Two kinds of service:
- PDF services (`per = "size"` or `"component"`) take every card or tile of the kit in PDFs, at
  any size (`write_service` writes them);
- image services (`per = "face"`) sell products of fixed sizes and take one image per face at
  the product's pixel size. Each kit component is matched to a product it is meant for and that
  has its size (`plan_uploads`); a board goes onto the smallest board product it fits on, at its
  own size (fields keep their size), centred on white, when that leaves at most BOARD_BAND_MM of
  white on every side; otherwise it is named in a note with the board size that would fit.

The data speaks of sorts of piece only ("card", "tile", "chit", "board": what a product `fits`,
what a PDF service `covers`); each kit component says which sorts it is (`Piece.kinds`, from
the game's kit plan). A kit component a service sells nothing for (sticks, say) is named in a
note: the summary and the manifest say it is not covered, nothing is left out silently. A
component the service sells, but not at the kit's size, is an error naming the sizes it sells
(and, for a component that follows `--card-size`, the sizes to build).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.errors import DataError, LayoutError
from cardgen.print.faces import PIECE_KINDS, Face
from cardgen.print.files import atomic_path, write_bytes_atomic
from cardgen.print.pdf import FaceCache, define_form, ensure_font, form_name
from cardgen.sets import TEMPLATES
from cardgen.units import MM_PER_INCH, mm_to_pt

SERVICES_FILE = TEMPLATES / "services.toml"
FIT_MM = 0.5
"""How far a kit piece may differ from a product's trim size and still be printed on it (the art
scaled to the product). cardgen's choice, not a service's figure: half a millimetre is less than
any service's cutting tolerance, so a 32 mm chip prints on a 31.75 mm tile."""
BOARD_BAND_MM = 5.0
"""The most white a board product may leave beside the kit's board on any side, mm, for the board
to be printed on it. cardgen's choice: a board centred on a bigger product with wider white bands
is not the board the kit means, so it is left to the kit's PDFs with a note instead."""
KINDS = ("deck", "set", "board")
"""deck: one image per card face and one back for the whole deck; set: a front and a back image
for every piece; board: one image, the kit's board centred on it."""


@dataclass(frozen=True, slots=True)
class Product:
    """A product of an image service: what it is for and its image size with bleed, in pixels."""

    id: str
    title: str
    kind: str
    fits: tuple[str, ...]
    pixels: tuple[int, int]
    source: str
    read_from: str


@dataclass(frozen=True, slots=True)
class Service:
    """One print service's upload rules (see `templates/services.toml`)."""

    name: str
    title: str
    source: str
    bleed_mm: float
    safe_mm: float
    dpi: int
    colour: str
    cmyk: bool
    ink_limit: float | None
    per: str
    order: str
    name_pattern: str
    covers: tuple[str, ...] = ()
    products: tuple[Product, ...] = ()
    press: str | None = None
    """The printing condition the service states (a `--press` name), None when it states none."""

    def trim_mm(self, product: Product) -> tuple[float, float]:
        """The finished size of `product`: its image size less the bleed on both sides."""
        w, h = product.pixels
        return (w / self.dpi * MM_PER_INCH - 2 * self.bleed_mm, h / self.dpi * MM_PER_INCH - 2 * self.bleed_mm)


@dataclass(frozen=True, slots=True)
class Piece:
    """A kind of card or tile for a service: its deck (component), faces and count, the sorts
    of piece its component is (`kinds`, as the service data names them) and whether the
    component follows `--card-size`."""

    component: str
    front: Face
    back: Face | None
    count: int
    kinds: tuple[str, ...] = ()
    card_sized: bool = False


@dataclass(frozen=True, slots=True)
class Upload:
    """One image an image service gets: which face, on which product, how many copies."""

    product: Product
    file: str
    face: Face
    count: int
    board: bool  # True: the face sits at its own size on a bigger product; False: scaled to the trim


def _product(service: str, spec: Any) -> Product:
    pixels = tuple(int(p) for p in spec["pixels"])
    product = Product(str(spec["id"]), str(spec["title"]), str(spec["kind"]), tuple(str(f) for f in spec["fits"]),
                      (pixels[0], pixels[1]), str(spec["source"]), str(spec.get("read_from", spec["source"])))
    if product.kind not in KINDS or len(pixels) != 2 or min(pixels) <= 0:
        raise ValueError(f"product {product.id}: kind must be one of {', '.join(KINDS)}, pixels two numbers")
    return product


def services(path: Path = SERVICES_FILE) -> dict[str, Service]:
    """Every service in the data file, by name (DataError naming the entry that is wrong)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(str(path), f"cannot read the print services ({exc})") from None
    out = {}
    for name, spec in data.items():
        try:
            limit = spec.get("ink_limit")
            service = Service(name, str(spec["title"]), str(spec["source"]), float(spec["bleed_mm"]),
                              float(spec["safe_mm"]), int(spec["dpi"]), str(spec["colour"]), bool(spec["cmyk"]),
                              None if limit is None else float(limit), str(spec["per"]),
                              str(spec.get("order", "front-back")), str(spec["name"]),
                              tuple(str(c) for c in spec.get("covers", ())),
                              tuple(_product(name, p) for p in spec.get("product", ())),
                              None if spec.get("press") is None else str(spec["press"]))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise DataError(f"{path}: [{name}]", f"incomplete service entry ({exc})") from None
        if service.per not in ("size", "component", "face") or service.order not in ("front-back", "back-front"):
            raise DataError(f"{path}: [{name}]", "per must be size|component|face and order front-back|back-front")
        sorts = set(service.covers).union(*(p.fits for p in service.products))
        if not sorts <= set(PIECE_KINDS):
            raise DataError(f"{path}: [{name}]", f"unknown sort of piece {sorted(sorts - set(PIECE_KINDS))[0]!r} "
                                                  f"in covers or fits (known: {', '.join(PIECE_KINDS)})")
        if (service.per == "face") != bool(service.products):
            raise DataError(f"{path}: [{name}]", "an image service (per = \"face\") lists its products, "
                                                  "a PDF service none")
        out[name] = service
    return out


def service_spec(name: str) -> Service:
    """The service called `name` (DataError naming the known ones)."""
    known = services()
    if name not in known:
        raise DataError("--service", f"unknown print service {name!r} (known: {', '.join(sorted(known))})")
    return known[name]


def _sized(pieces: Sequence[Piece]) -> dict[str, list[Piece]]:
    """The pieces to print, by component, in kit order (pieces nobody needs left out)."""
    out: dict[str, list[Piece]] = {}
    for piece in pieces:
        if piece.count > 0:
            out.setdefault(piece.component, []).append(piece)
    return out


def _not_sold(spec: Service, component: str, group: Sequence[Piece]) -> str:
    n = sum(p.count for p in group)
    return (f"{component}: not printed by this service ({spec.title} sells nothing for "
            f"{'it' if n == 1 else f'these {n} pieces'}); print {'it' if n == 1 else 'them'} from the kit's PDFs")


def _sells(fits: Sequence[str], group: Sequence[Piece]) -> bool:
    """Whether a product for the sorts `fits` (or a PDF service covering them) takes `group`."""
    return bool(set(fits) & set(group[0].kinds))


def notes(spec: Service, pieces: Sequence[Piece]) -> list[str]:
    """One line for every kit component the service sells nothing for, or no board that
    matches it (`board_refusal`)."""
    sold = [f for p in spec.products for f in p.fits] if spec.per == "face" else spec.covers
    out = []
    for component, group in _sized(pieces).items():
        if not _sells(sold, group):
            out.append(_not_sold(spec, component, group))
        elif (refused := board_refusal(spec, component, group)) is not None:
            out.append(refused)
    return out


def _boards(spec: Service, group: Sequence[Piece]) -> list[Product]:
    return [p for p in spec.products if p.kind == "board" and _sells(p.fits, group)]


def board_refusal(spec: Service, component: str, group: Sequence[Piece]) -> str | None:
    """Why the service gets no image of a board component: no board product it fits on with at
    most BOARD_BAND_MM of white on every side. The line names the smallest product it fits on,
    the white that would leave, and the board size that would fill that product. None: the
    component is no board of this service, or a product matches it."""
    boards = _boards(spec, group)
    if not boards:
        return None
    w, h = group[0].front.width, group[0].front.height
    product = _choose(spec, component, group[:1])
    if product is None:
        big = max(boards, key=lambda p: spec.trim_mm(p)[0] * spec.trim_mm(p)[1])
        bw, bh = spec.trim_mm(big)
        return (f"{component}: not printed by this service: the {w:.1f} x {h:.1f} mm board is larger than every "
                f"{spec.title} board (the largest, {big.title}, is {bw:.1f} x {bh:.1f} mm); print it from the "
                "kit's PDFs")
    tw, th = spec.trim_mm(product)
    bands = ((tw - w) / 2, (th - h) / 2)
    if max(bands) <= BOARD_BAND_MM + 1e-6:
        return None
    return (f"{component}: not printed by this service: the {w:.1f} x {h:.1f} mm board would sit on the "
            f"{product.title} ({tw:.1f} x {th:.1f} mm) with {bands[0]:.1f} mm of white left and right and "
            f"{bands[1]:.1f} mm above and below; a board of {tw - 2 * BOARD_BAND_MM:.1f}-{tw:.1f} x "
            f"{th - 2 * BOARD_BAND_MM:.1f}-{th:.1f} mm would fit it; print this one from the kit's PDFs")


def _fits(spec: Service, product: Product, w: float, h: float) -> bool:
    tw, th = spec.trim_mm(product)
    if product.kind == "board":
        return w <= tw + 1e-6 and h <= th + 1e-6
    return abs(tw - w) <= FIT_MM and abs(th - h) <= FIT_MM


def _choose(spec: Service, component: str, group: Sequence[Piece]) -> Product | None:
    """The product `group` prints on: for cards and tiles the one nearest their size (within
    FIT_MM), for a board the smallest it fits on. A deck needs one back for all its cards."""
    w, h = group[0].front.width, group[0].front.height
    backs = {p.back.key if p.back else None for p in group}
    found = [p for p in spec.products if _sells(p.fits, group) and _fits(spec, p, w, h)
             and not (p.kind == "deck" and len(backs) > 1)]
    if not found:
        return None

    def key(p: Product) -> tuple[float, ...]:
        tw, th = spec.trim_mm(p)
        return (tw * th,) if p.kind == "board" else (abs(tw - w) + abs(th - h), tw * th)

    return min(found, key=key)


def _no_product(spec: Service, component: str, group: Sequence[Piece]) -> LayoutError:
    w, h = group[0].front.width, group[0].front.height
    sold = [p for p in spec.products if _sells(p.fits, group)]
    sizes = sorted({round(spec.trim_mm(p)[0], 2) for p in sold if p.kind != "board"})
    listed = ", ".join(f"{p.title} {spec.trim_mm(p)[0]:.4g} x {spec.trim_mm(p)[1]:.4g} mm" for p in sold)
    hint = ""
    if sizes and group[0].card_sized:
        *first, last = [f"{s:g}" for s in sizes]
        hint = f"; build with --card-size {', '.join(first) + ' or ' if first else ''}{last}"
    return LayoutError("--service", f"{spec.title} has nothing for {w:g} x {h:g} mm {component} "
                                    f"(it sells {listed}){hint}")


def plan_uploads(spec: Service, pieces: Sequence[Piece]) -> list[Upload]:
    """The images an image service gets for `pieces`: every face of every component it sells,
    named by the service's pattern, e.g. `<product>/<nnn>-<face>-x<count>.png` (a deck's common
    back `<product>/back.png`, a set's backs `…-back.png`, a board `<product>/<face>.png`). LayoutError when the service
    sells a component but at no size the kit has. Components it does not sell are left to
    `notes`."""
    uploads: list[Upload] = []
    numbers: dict[str, int] = {}
    for component, group in _sized(pieces).items():
        if not any(_sells(p.fits, group) for p in spec.products):
            continue
        if _boards(spec, group):
            group = group[:1]  # one board: the kit may show it twice (split and on one page)
            if board_refusal(spec, component, group) is not None:
                continue  # no product matches it: `notes` says why
        product = _choose(spec, component, group)
        if product is None:
            raise _no_product(spec, component, group)
        if product.kind == "board":
            face = group[0].front
            uploads.append(Upload(product, f"{product.id}/{face.key}.png", face, group[0].count, True))
            continue
        backs_done = False
        for piece in group:
            n = numbers[product.id] = numbers.get(product.id, 0) + 1
            file = spec.name_pattern.format(product=product.id, index=f"{n:03d}", face=piece.front.key,
                                            count=piece.count)
            uploads.append(Upload(product, file, piece.front, piece.count, False))
            if piece.back is None:
                continue
            if product.kind == "set":
                stem, dot, ext = file.rpartition(".")
                uploads.append(Upload(product, f"{stem}-back{dot}{ext}", piece.back, piece.count, False))
            elif not backs_done:  # a deck: one back for every card of it
                uploads.append(Upload(product, f"{product.id}/back.png", piece.back,
                                      sum(p.count for p in group), False))
                backs_done = True
    return uploads


def _root(svg: str, **attrs: str) -> str:
    """`svg` with the attributes of its root element replaced or added (the XML prolog dropped)."""
    svg = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg)
    found = re.match(r"\s*<svg\b([^>]*)>", svg)
    if found is None:
        raise LayoutError("--service", "a face is not an SVG document")
    head = found.group(1)
    for name, value in attrs.items():
        pattern = rf'\s{name}="[^"]*"'
        head = re.sub(pattern, "", head)
        head += f' {name}="{value}"'
    return f"<svg{head}>" + svg[found.end():]


def upload_svg(spec: Service, upload: Upload) -> str:
    """The SVG of one upload image: the face's trim scaled to the product's trim with the
    product's bleed around it (LayoutError when the face has less bleed than that needs), or a
    board at its own size, centred on a white product of the product's size."""
    face = upload.face
    tw, th = spec.trim_mm(upload.product)
    b = spec.bleed_mm
    if upload.board:
        W, H = tw + 2 * b, th + 2 * b  # noqa: N806 - the product with bleed, as in the page's figures
        inner = _root(face.svg, x=f"{(W - face.width) / 2:.4f}", y=f"{(H - face.height) / 2:.4f}",
                      width=f"{face.width:.4f}", height=f"{face.height:.4f}",
                      viewBox=f"0 0 {face.width:.4f} {face.height:.4f}")
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.4f}mm" height="{H:.4f}mm" '
                f'viewBox="0 0 {W:.4f} {H:.4f}"><rect width="{W:.4f}" height="{H:.4f}" fill="#ffffff"/>'
                f"{inner}</svg>")
    bx, by = b * face.width / tw, b * face.height / th  # the product's bleed in the face's units
    if max(bx, by) > face.bleed + 1e-6:
        need = max(bx, by)
        raise LayoutError("--bleed", f"{spec.title} {upload.product.title} needs {need:.2f} mm bleed on the "
                                     f"{face.key} face; build with --bleed {(int(need * 10) + 1) / 10:g}")
    return _root(face.svg, width=f"{tw + 2 * b:.4f}mm", height=f"{th + 2 * b:.4f}mm",
                 viewBox=f"{-bx:.4f} {-by:.4f} {face.width + 2 * bx:.4f} {face.height + 2 * by:.4f}",
                 preserveAspectRatio="none")


def render_upload(spec: Service, upload: Upload) -> bytes:
    """The PNG of one upload, exactly the product's pixel size, carrying the service's dpi."""
    import cairosvg  # type: ignore[import-untyped]  # loading cairo takes time: only when images are made

    from cardgen.print.png import with_dpi

    w, h = upload.product.pixels
    data = cairosvg.svg2png(bytestring=upload_svg(spec, upload).encode("utf-8"), output_width=w, output_height=h)
    return with_dpi(bytes(data), spec.dpi)


def write_images(folder: Path, spec: Service, pieces: Sequence[Piece]) -> list[dict[str, Any]]:
    """Write `folder/service/<name>/<product>/…png` for an image service; the manifest entries,
    one per image (its product, face, copies, pixel size and sources)."""
    uploads = plan_uploads(spec, pieces)
    for upload in uploads:  # the svgs first: a face with too little bleed fails before any file
        upload_svg(spec, upload)
    entries: list[dict[str, Any]] = []
    for upload in uploads:
        write_bytes_atomic(folder / "service" / spec.name / upload.file, render_upload(spec, upload))
        p = upload.product
        trim = spec.trim_mm(p)
        entry: dict[str, Any] = {
            "file": f"service/{spec.name}/{upload.file}", "type": "service", "service": spec.name,
            "product": p.title, "face": upload.face.key, "count": upload.count, "pixels": list(p.pixels),
            "dpi": spec.dpi, "trim_mm": [round(v, 2) for v in trim], "bleed_mm": spec.bleed_mm,
            "safe_mm": spec.safe_mm, "source": p.source, "read_from": p.read_from,
            "service_source": spec.source, "colour": "rgb", "asks": spec.colour}
        if upload.board:
            entry["placed"] = (f"{upload.face.width:g} x {upload.face.height:g} mm at its own size, centred, "
                               "white around it")
        elif abs(trim[0] - upload.face.width) > 1e-6 or abs(trim[1] - upload.face.height) > 1e-6:
            entry["scaled_from_mm"] = [round(upload.face.width, 2), round(upload.face.height, 2)]
        entries.append(entry)
    return entries


def write_notes(folder: Path, spec: Service, pieces: Sequence[Piece]) -> list[dict[str, Any]]:
    """`folder/service/<name>/not-covered.txt` naming the components of `pieces` the service
    does not print (`notes`), and its manifest entry (none when it prints everything)."""
    lines = notes(spec, pieces)
    if not lines:
        return []
    file = f"service/{spec.name}/not-covered.txt"
    write_bytes_atomic(folder / file, ("\n".join(lines) + "\n").encode("utf-8"))
    return [{"file": file, "type": "service-note", "service": spec.name, "notes": list(lines)}]


def write_pdfs(folder: Path, spec: Service, pieces: Sequence[Piece], game: str,
               cache: FaceCache | None = None, cmyk: bool = False) -> list[dict[str, Any]]:
    """Write `folder/service/<name>/` for a PDF service: the pieces it covers grouped as it
    asks (by size or by deck), every copy as two pages in its order (a blank page for a missing
    back), each page the trim size plus its bleed. `cmyk` converts the colours (through the
    cache's converter); a service that requires CMYK always gets it. The manifest entries, one
    per PDF."""
    name = spec.name
    pieces = [p for p in pieces if set(p.kinds) & set(spec.covers)]
    cache = cache if cache is not None else FaceCache()
    cmyk = cmyk or spec.cmyk
    groups: dict[tuple[Any, ...], list[Piece]] = {}
    for piece in pieces:
        if piece.count <= 0:
            continue
        for f in (piece.front, piece.back):
            if f is not None and f.bleed + 1e-9 < spec.bleed_mm:
                raise LayoutError("--bleed", f"{spec.title} asks for {spec.bleed_mm:g} mm bleed; "
                                  f"build with --bleed {spec.bleed_mm:g} or more")
        size = (piece.front.width, piece.front.height)
        key = size if spec.per == "size" else (piece.component, *size)
        groups.setdefault(key, []).append(piece)
    entries: list[dict[str, Any]] = []
    for group in groups.values():
        w, h = group[0].front.width, group[0].front.height
        file = spec.name_pattern.format(game=game, component=group[0].component, width=f"{w:g}", height=f"{h:g}")
        page = (mm_to_pt(w + 2 * spec.bleed_mm), mm_to_pt(h + 2 * spec.bleed_mm))
        pages = 0
        with atomic_path(folder / "service" / name / file) as tmp:
            b = mm_to_pt(spec.bleed_mm)  # every page: the trim size inside the bleed
            c = Canvas(str(tmp), pagesize=page, invariant=0, pageCompression=1, initialFontName=ensure_font(),
                       trimBox=(b, b, page[0] - b, page[1] - b), bleedBox=(0, 0, *page))
            c.setTitle(f"{game} {w:g} x {h:g} mm for {spec.title}")
            defined: set[str] = set()
            for piece in group:
                sides = (piece.front, piece.back) if spec.order == "front-back" else (piece.back, piece.front)
                for f in sides:
                    if f is not None and f.key not in defined:
                        define_form(c, f, cache.drawing(f, cmyk), spec.bleed_mm)
                        defined.add(f.key)
                for _ in range(piece.count):
                    for f in sides:
                        if f is not None:
                            c.doForm(form_name(f.key))
                        c.showPage()
                        pages += 1
            c.save()
        entries.append({"file": f"service/{name}/{file}", "type": "service", "service": name,
                        "source": spec.source, "trim_mm": [w, h], "bleed_mm": spec.bleed_mm,
                        "safe_mm": spec.safe_mm, "pages": pages, "pieces": pages // 2,
                        "order": f"{spec.order.replace('-', ', ')}, … (every copy)",
                        "colour": "cmyk" if cmyk else "rgb", "asks": spec.colour,
                        "size_checked": False})  # a PDF service publishes no list of sizes cardgen reads
    return entries
