"""The duplex back offset measured from scans of the printed calibration sheet.

OpenCV's ArUco detector (the optional `cardgen[scan]` extra: `pip install 'cardgen[scan]'`)
finds the sheet's markers (`cardgen.print.calibration.fiducials`); their ids name the paper,
flip edge, orientation and side. Two ways to look at the sheet:

- two scans, the front and the back, each on a dark background so that the paper's edges show:
  the markers place the print in the scan, the paper's outline places the paper, and the paper,
  which is the same on both sides, carries the front's crosses over to the back;
- one picture of the sheet held against the light, where the back's markers show through
  mirrored: the markers of both sides place both prints in the one picture.

Either way the result is where the front's middle cross lands on the back, measured from where
the back means it to be, in mm as seen looking at the back page: exactly the `--back-offset X,Y`
that moves the backs onto it (the sheet's rulers show the same numbers); and how far the other
cross's result differs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError
from cardgen.print.calibration import Fiducial, fiducials, targets
from cardgen.print.impose import Flip, flips_across_x
from cardgen.print.paper import PAPERS, Paper

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Array = NDArray[np.floating[Any]]

#: At least this many of a side's six markers must be found in its scan.
MIN_MARKERS = 4
#: The markers' corners may lie this far from where the fitted view puts them, mm: beyond it the
#: sheet was not flat (or a marker was misread), and no offset read from it can be trusted.
MAX_FIT = 1.0
#: How far a corner of the paper may lie from where the print puts it, mm (a printer shifts a side by
#: up to a few mm; --back-offset goes to 10).
PAPER_SLACK = 12.0


@dataclass(frozen=True, slots=True)
class SheetKind:
    """Which calibration sheet a marker id belongs to: paper, flip edge, orientation, side."""

    paper: Paper
    flip: Flip
    landscape: bool
    back: bool

    @property
    def name(self) -> str:
        """As in the sheet's file name: `a4-long`, `letter-short-landscape`."""
        return f"{self.paper.name}-{self.flip.value}{'-landscape' if self.landscape else ''}"


@dataclass(frozen=True, slots=True)
class Measured:
    """The back offset read from a scan: `x`, `y` in mm as `--back-offset` takes them (at the
    middle cross), the sheet it was read from (`sheet.back` False), the markers' fit in mm (the
    largest distance of a marker corner from where the fitted view puts it), and `spread_mm`,
    how far the offset at the other cross differs (the back printed turned or stretched)."""

    x: float
    y: float
    sheet: SheetKind
    fit_mm: float
    spread_mm: float = 0.0


def _cv2() -> Any:
    try:
        import cv2
    except ImportError:
        raise CardgenError("calibrate", "reading a scan needs OpenCV: pip install 'cardgen[scan]'") from None
    return cv2


def sheet_kind(marker_id: int) -> SheetKind | None:
    """The sheet and side whose marker has `marker_id` (None: no calibration sheet's)."""
    group, index = divmod(marker_id, 12)
    paper_index, kind = divmod(group, 4)
    if paper_index >= len(PAPERS):
        return None
    return SheetKind(list(PAPERS.values())[paper_index], Flip.SHORT if kind % 2 else Flip.LONG,
                     kind >= 2, index >= 6)


def read_scan(path: str | os.PathLike[str]) -> Any:
    """The scan at `path` in grey (CardgenError naming the file when it is not an image)."""
    cv2 = _cv2()
    if not os.path.isfile(path):
        raise CardgenError(os.fspath(path), "no such file")
    image = cv2.imread(os.fspath(path), cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise CardgenError(os.fspath(path), "not an image that can be read (PNG, JPEG, TIFF, …)")
    return image


def detect(image: Any) -> dict[int, Array]:
    """The markers of the calibration sheets found in `image`: id → its 4 corners in pixels."""
    cv2 = _cv2()
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250), params)
    corners, ids, _ = detector.detectMarkers(image)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2).astype(float) for i, c in zip(ids.ravel(), corners)
            if sheet_kind(int(i)) is not None}


@dataclass(frozen=True, slots=True)
class View:
    """One side of the sheet found in a picture: which side, and `page_to_image` (a 3 × 3
    homography from that page's mm to the picture's pixels), with the fit in mm."""

    kind: SheetKind
    page_to_image: Array
    fit_mm: float


def _apply(h: Array, points: Any) -> Array:
    import numpy as np

    p = np.asarray(points, dtype=float).reshape(-1, 2)
    q = np.c_[p, np.ones(len(p))] @ h.T
    return q[:, :2] / q[:, 2:]  # type: ignore[no-any-return]


def view(found: dict[int, Array], place: str, back: bool | None = None) -> View:
    """The side of the sheet whose markers `found` holds (only the back's, or the front's, when
    `back` says which), placed by its markers; CardgenError at `place` when there are too few."""
    import numpy as np

    kinds = [k for k in map(sheet_kind, found) if k is not None and (back is None or k.back == back)]
    if not kinds and back:
        raise CardgenError(place, "the back's markers do not show through: hold the sheet's front against a "
                                  "bright light, or give a scan of each side")
    if not kinds:
        raise CardgenError(place, "no marker of cardgen's calibration sheet found: scan the printed sheet "
                                  "(`cardgen build --calibration`), the whole page, at 150 dpi or more")
    kind = max(set(kinds), key=kinds.count)
    front, rear = fiducials(kind.paper, kind.flip, kind.landscape)
    markers: tuple[Fiducial, ...] = rear if kind.back else front
    seen = [m for m in markers if m.id in found]
    if len(seen) < MIN_MARKERS:
        side = "back" if kind.back else "front"
        raise CardgenError(place, f"only {len(seen)} of the {side}'s {len(markers)} markers found (at least "
                                  f"{MIN_MARKERS} needed): scan the whole page, flat and in focus")
    page = np.array([c for m in seen for c in m.corners()], dtype=float)
    pixels = np.concatenate([found[m.id] for m in seen])
    h, _ = _cv2().findHomography(page, pixels, 0)
    if h is None:
        raise CardgenError(place, "the markers found do not lie as on the calibration sheet")
    scale = np.sqrt(abs(np.linalg.det(h[:2, :2]))) / h[2, 2]  # pixels per mm, near enough
    fit = float(np.max(np.linalg.norm(_apply(h, page) - pixels, axis=1)) / scale)
    if fit > MAX_FIT:
        raise CardgenError(place, f"the markers lie up to {fit:.1f} mm from where the sheet puts them (at most "
                                  f"{MAX_FIT:g}): the sheet was not flat; scan it again, flat on the glass")
    return View(kind, h, fit)


def paper_outline(image: Any, v: View, place: str) -> Array:
    """A homography from the picture's pixels to the paper's own mm (as the side `v` sees it,
    origin at the paper's top left corner), from the paper's outline against a dark ground."""
    import numpy as np

    cv2 = _cv2()
    _, mask = cv2.threshold(cv2.GaussianBlur(image, (5, 5), 0), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    W, H = v.kind.paper.oriented(v.kind.landscape)
    ideal = np.array([(0, 0), (W, 0), (W, H), (0, H)], dtype=float)
    if contours:
        box = cv2.boxPoints(cv2.minAreaRect(max(contours, key=cv2.contourArea)))
        on_page = _apply(np.linalg.inv(v.page_to_image), box)
        order = [int(np.argmin(np.linalg.norm(on_page - c, axis=1))) for c in ideal]
        if len(set(order)) == 4 and np.all(np.abs(on_page[order] - ideal) < PAPER_SLACK):
            g, _ = cv2.findHomography(box[order].astype(float), ideal, 0)
            if g is not None:
                return g  # type: ignore[no-any-return]
    raise CardgenError(place, "the paper's edges cannot be told from the background: scan the sheet on a dark "
                              "ground (a black sheet behind it, or the lid open), its whole outline in the scan")


def _targets(kind: SheetKind) -> tuple[Array, tuple[float, float], bool]:
    """The front's crosses (the middle first), the sheet's size, and whether it flips across x."""
    import numpy as np

    W, H = kind.paper.oriented(kind.landscape)
    return np.array(targets(W, H), dtype=float), (W, H), flips_across_x(W, H, kind.flip)


def _mirror(points: Array, size: tuple[float, float], across_x: bool) -> Array:
    """Points on one side of the paper at the same places seen from the other side."""
    import numpy as np

    p = np.asarray(points, dtype=float).reshape(-1, 2)
    W, H = size
    out: Array = np.c_[W - p[:, 0], p[:, 1]] if across_x else np.c_[p[:, 0], H - p[:, 1]]
    return out


def _measured(landed: Array, front: View, back: View, size: tuple[float, float], across_x: bool,
              crosses: Array) -> Measured:
    """The offset at the middle cross from where the crosses `landed` on the back page."""
    import numpy as np

    off = landed - _mirror(crosses, size, across_x)
    x, y = off[0].tolist()
    spread = float(np.max(np.linalg.norm(off - off[0], axis=1)))
    return Measured(round(x, 2) + 0.0, round(y, 2) + 0.0, front.kind, max(front.fit_mm, back.fit_mm),
                    round(spread, 2))


def _same_sheet(front: View, back: View, place: str) -> None:
    a, b = front.kind, back.kind
    if (a.paper, a.flip, a.landscape) != (b.paper, b.flip, b.landscape):
        raise CardgenError(place, f"is the back of a {b.name} calibration sheet, the front is of a {a.name} one")


def measure_two(front_path: str | os.PathLike[str], back_path: str | os.PathLike[str]) -> Measured:
    """The back offset from a scan of each side (in either order), both on a dark ground."""
    import numpy as np

    places = (os.fspath(front_path), os.fspath(back_path))
    images = [read_scan(p) for p in places]
    views = [view(detect(image), p) for image, p in zip(images, places)]
    if views[0].kind.back == views[1].kind.back:
        side = "back" if views[0].kind.back else "front"
        raise CardgenError(places[1], f"shows the {side} again: give a scan of each side")
    if views[0].kind.back:
        views.reverse()
        images.reverse()
        places = places[::-1]
    front, back = views
    _same_sheet(front, back, places[1])
    crosses, size, across_x = _targets(front.kind)
    on_paper = _apply(paper_outline(images[0], front, places[0]), _apply(front.page_to_image, crosses))
    behind = _mirror(on_paper, size, across_x)
    to_back_pixels = np.linalg.inv(paper_outline(images[1], back, places[1]))
    landed = _apply(np.linalg.inv(back.page_to_image), _apply(to_back_pixels, behind))
    return _measured(landed, front, back, size, across_x, crosses)


def measure_through(path: str | os.PathLike[str]) -> Measured:
    """The back offset from one picture of the sheet's front held against the light, the back's
    markers showing through (mirrored)."""
    import numpy as np

    place = os.fspath(path)
    image = read_scan(path)
    front = view(detect(image), place, back=False)
    flipped = view(detect(image[:, ::-1].copy()), place, back=True)
    unflip = np.array([[-1.0, 0, image.shape[1] - 1], [0, 1, 0], [0, 0, 1]])
    back = View(flipped.kind, unflip @ flipped.page_to_image, flipped.fit_mm)
    _same_sheet(front, back, place)
    crosses, size, across_x = _targets(front.kind)
    landed = _apply(np.linalg.inv(back.page_to_image), _apply(front.page_to_image, crosses))
    return _measured(landed, front, back, size, across_x, crosses)
