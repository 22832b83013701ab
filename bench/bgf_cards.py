"""72 cards drawn with board-game-factory and laid out on A4 sheets as 300 dpi PNGs: the
reference for `bench_vs_bgf.py`. Run as a script: `python bench/bgf_cards.py OUTDIR`.

Each card is comparable to a Schlangennest card: 45 mm square with 3 mm bleed, a coloured
ground, a snake band (straight, or a ring for the curves) in one of four colours with a dot
pattern, a grey band, a thin frame and a small label, so board-game-factory draws about as
many shapes per card as cardgen's art does.
"""

from __future__ import annotations

import sys
from pathlib import Path

import bgfactory.ff as ff

DPI = 300
COLOURS = ["#c0392b", "#e1b12c", "#44bd32", "#0097e6"]


def px(mm: float) -> int:
    """Millimetres at DPI, in whole pixels."""
    return round(mm / 25.4 * DPI)


def card(colour: str, curve: bool, index: int) -> ff.Component:
    """One card face with bleed: ground, grey band, snake band with dots, frame, label."""
    side = px(51)
    face = ff.Rectangle(0, 0, side, side, stroke_width=0, fill_src=ff.hex_color_to_rgba("#f4ecd8"))
    face.add(ff.Rectangle(0, px(33), side, px(10), stroke_width=0, fill_src=ff.hex_color_to_rgba("#9a9a90")))
    if curve:
        # a ring through the card (board-game-factory clips shapes that start off the card)
        face.add(ff.Circle(px(8), px(8), px(17.5), stroke_width=px(12),
                           stroke_src=ff.hex_color_to_rgba(colour), fill_src=(0, 0, 0, 0)))
    else:
        face.add(ff.Rectangle(px(19.5), 0, px(12), side, stroke_width=0, fill_src=ff.hex_color_to_rgba(colour)))
    for k in range(8):
        x, y = (px(22 + (k % 2) * 6), px(4 + k * 6)) if not curve else (px(4 + k * 3), px(22 - k * 2 + 6))
        face.add(ff.Circle(x, y, px(1.6), stroke_width=0, fill_src=ff.hex_color_to_rgba("#ffffff")))
    face.add(ff.RoundedRectangle(px(3), px(3), px(45), px(45), radius=px(3), stroke_width=2,
                                 stroke_src=ff.hex_color_to_rgba("#333333"), fill_src=(0, 0, 0, 0)))
    face.add(ff.TextUniform(px(5), px(44), ff.INFER, ff.INFER, f"{index + 1}", ff.FontDescription(size=px(2.5))))
    return face


def main(out: str) -> None:
    """Draw the 72 cards and write their A4 sheets as PNG files into `out`."""
    cards = [card(COLOURS[i % 4], (i // 4) % 2 == 1, i) for i in range(72)]
    ff.make_printable_sheets(cards, dpi=DPI, out_dir_path=Path(out), page_numbers=True)


if __name__ == "__main__":
    main(sys.argv[1])
