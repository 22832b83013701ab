"""Synthetic scans of the printed calibration sheet, for tests/print/test_calibrate.py: the sheet is
rendered, its back printed shifted by a known offset, and the paper laid on a dark scanner
ground turned, scaled, blurred and with noise, as a scanner or a printer would."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pypdfium2

from cardgen.print.calibration import calibration_pdf
from cardgen.print.impose import Flip, flips_across_x
from cardgen.print.paper import paper as paper_named

DPI = 150
PX = DPI / 25.4  # pixels per mm


@dataclass(frozen=True)
class Scanner:
    """How a picture is taken: the paper turned by `angle` degrees, scaled by `scale`, moved
    by `move` mm on a ground `margin` mm wider all round, seen at a slant (`tilt`: the picture's
    top this share narrower than its bottom, as a phone held below the sheet sees it); Gaussian
    `blur` (sigma, px) and `noise` (standard deviation, grey levels)."""

    angle: float = 0.0
    scale: float = 1.0
    move: tuple[float, float] = (0.0, 0.0)
    blur: float = 0.0
    noise: float = 0.0
    margin: float = 15.0
    seed: int = 0
    tilt: float = 0.0


def pages(folder: Path, paper: str, flip: str, landscape: bool = False) -> list[np.ndarray]:
    """The sheet's front and back page as grey images at DPI."""
    pdf = calibration_pdf(folder / f"cal-{paper}-{flip}-{landscape}.pdf", paper, flip, landscape)
    doc = pypdfium2.PdfDocument(pdf)
    try:
        return [np.array(doc[i].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")) for i in range(2)]
    finally:
        doc.close()


def printed(page: np.ndarray, shift: tuple[float, float], turn: float = 0.0) -> np.ndarray:
    """The page as a printer puts it on the paper, moved by `shift` mm (right, down) and turned
    by `turn` degrees about its middle."""
    h, w = page.shape
    m = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    m[:, 2] += (shift[0] * PX, shift[1] * PX)
    return cv2.warpAffine(page, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)


def through(front: np.ndarray, back: np.ndarray, paper: str, flip: str, landscape: bool = False) -> np.ndarray:
    """The front as seen against the light: the back's print showing through, mirrored, paler."""
    W, H = paper_named(paper).oriented(landscape)
    seen = back[:, ::-1] if flips_across_x(W, H, Flip(flip)) else back[::-1, :]
    pale = 255 - (255 - seen.astype(np.float64)) * 0.7
    return np.minimum(front.astype(np.float64), pale).astype(np.uint8)


def scan(paper_image: np.ndarray, s: Scanner, ground: int = 30) -> np.ndarray:
    """The printed paper as scanned by `s` on a dark `ground`."""
    h, w = paper_image.shape
    pad = s.margin * PX
    size = (int(w + 2 * pad), int(h + 2 * pad))
    m = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), s.angle, s.scale), [0, 0, 1]])
    m[:2, 2] += (pad + s.move[0] * PX, pad + s.move[1] * PX)
    cw, ch = size
    edge = s.tilt / 2 * cw
    keystone = cv2.getPerspectiveTransform(np.float32([(0, 0), (cw, 0), (cw, ch), (0, ch)]),
                                           np.float32([(edge, 0), (cw - edge, 0), (cw, ch), (0, ch)]))
    m = keystone @ m
    mask = cv2.warpPerspective(np.full_like(paper_image, 255), m, size, flags=cv2.INTER_LINEAR, borderValue=0)
    art = cv2.warpPerspective(paper_image, m, size, flags=cv2.INTER_LINEAR, borderValue=0)
    out = art.astype(np.float64) * mask / 255 + ground * (1 - mask / 255)
    if s.blur:
        out = cv2.GaussianBlur(out, (0, 0), s.blur)
    if s.noise:
        out += np.random.default_rng(s.seed).normal(0, s.noise, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def save(path: Path, image: np.ndarray) -> Path:
    cv2.imwrite(str(path), image)
    return path


def expected(back_shift: tuple[float, float], front_shift: tuple[float, float], paper: str, flip: str,
             landscape: bool = False) -> tuple[float, float]:
    """The --back-offset that puts the backs where they belong: the back print's shift undone,
    and the front's followed (a front moved right, seen on the back, is moved the mirrored way)."""
    W, H = paper_named(paper).oriented(landscape)
    fx, fy = front_shift
    behind = (-fx, fy) if flips_across_x(W, H, Flip(flip)) else (fx, -fy)
    return (behind[0] - back_shift[0], behind[1] - back_shift[1])


