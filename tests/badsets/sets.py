"""The bad sets of the bench, each made from a game's default set (or its variant generator) by
one change, with the criterion that must catch it. A *kind* of bad set (too short, far too long,
unfair, degenerate, useless kind, dull, never ends, walled in) is named for what is wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardgen.registry import GAMES
from cardgen.sets import default_set_path


@dataclass(frozen=True, slots=True)
class BadSet:
    """One bad set: its game, kind, set-file text, the check options it is played with, and
    the criterion (`catches`) that must fail (hard) or be a finding (soft) in `config`."""

    game: str
    kind: str
    text: str
    config: str
    catches: str
    options: tuple[str, ...] = field(default=())

    @property
    def id(self) -> str:
        """The test id: game and kind."""
        return f"{self.game}-{self.kind}"


def _default(game: str) -> str:
    return default_set_path(game).read_text(encoding="utf-8")


def head_tail_pit(name: str = "Head-tail snakes") -> str:
    """The default pit's text with its twelve end tiles (head + tail) alone: every snake is the
    2-tile head-tail one, and the first seat wins most 2-player games (`fair` fails)."""
    top, _, tiles = _default("schlangengrube").partition("[[tile]]")
    tiles, _, rules = ("[[tile]]" + tiles).partition("# ---- the rules")
    ends = ["[[tile]]" + t for t in tiles.split("[[tile]]") if t.strip().startswith(('id = "HT-', 'id = "TH-'))]
    assert len(ends) == 12
    return top.replace('name = "Schlangengrube"', f'name = "{name}"') + "".join(ends) + "# ---- the rules" + rules


def _nest(areas: str | None = None, cards: dict[str, int] | None = None, variant: bool = False) -> str:
    text = _default("schlangennest")
    if areas is not None:
        text = re.sub(r"\[areas\]\n(?:\d = .*\n)+", f"[areas]\n{areas}\n", text)
    for card, n in (cards or {}).items():
        text = re.sub(rf'(id = "{card}"\ncount = )\d+', rf"\g<1>{n}", text)
        if f'id = "{card}"\ncount' not in text:  # a card without a count line has one
            text = text.replace(f'id = "{card}"\n', f'id = "{card}"\ncount = {n}\n')
    if variant:
        text = text.replace('card_size = "45mm"', 'card_size = "45mm"\nvariant = true')
    return text


def _pit(**options: object) -> str:
    return GAMES.get("schlangengrube").set_text({"colours": None, "tiles": None, "heads": None, "tails": None,
                                                     "name": None, **options})


def _irr(rows: int, sticks: int) -> str:
    return GAMES.get("irrlaeufer").set_text({"rows": rows, "sticks": sticks, "name": None})


USELESS_TILE = '''
[[tile]]
id = "X-BO"
count = 3
parts = ["blue:N-S", "orange:E-W"]
'''
"""A crossing of two colours no other tile has: it can never be laid next to another tile."""


def _pit_useless() -> str:
    text = _default("schlangengrube").replace('colours = ["red", "green", "yellow", "purple"]',
                                              'colours = ["red", "green", "yellow", "purple", "blue", "orange"]')
    return text + USELESS_TILE


def _pit_bodies() -> str:
    """The default set's crossings and double curves only: no snake can ever be completed."""
    text = _default("schlangengrube")
    head, _, tiles = text.partition("[[tile]]")
    blocks = ["[[tile]]" + b for b in tiles.split("[[tile]]")]
    return head + "".join(b for b in blocks if 'id = "X-' in b or 'id = "CC-' in b)


NEST = ("--variants", "base", "--skill-games", "0")
"""Schlangennest bad sets are played in the base game (their areas say the player count)."""

SENSIBLE = ("--player", "sensible")
"""Three bad sets are bad only under plain play, the play they were made for, and are played by
`sensible`: the pit of bodies only (under `careful` its winner leads by 93 % of the score; under
`sensible` 93 % of the games end with the same scores); the 2×2 nest (under `room`, the report
player, 14 % [10–18 %] of 300 games have no sole winner; under `sensible` 35 % [31–40 %]); and the
99 curves (laid for their share under `room`, 8 % of them under `sensible`). The bench shows the
criteria catch them where the fault happens."""

BENCH: tuple[BadSet, ...] = (
    # Schlangennest: one straight and one curve per colour; a huge area with 70 body cards; one
    # row that hands one seat the game; 99 curves of which a game lays some 8; a strip of
    # two cells where every game ends alike; an area of four cells where a third of the games
    # are drawn
    BadSet("schlangennest", "too-short", _nest(cards={"straight": 1, "curve": 1}, variant=True), "2p 5×7", "length",
           ("--players", "2", *NEST)),
    BadSet("schlangennest", "far-too-long", _nest(areas="2 = [[14, 14]]", cards={"straight": 30, "curve": 40}),
           "2p 14×14", "length", ("--players", "2", *NEST)),
    BadSet("schlangennest", "unfair", _nest(areas="2 = [[1, 9]]"), "2p 1×9", "fair",
           ("--players", "2", "--variants", "base", "--skill-games", "0")),
    BadSet("schlangennest", "useless-kind", _nest(cards={"curve": 99}), "2p 5×7", "kinds",
           ("--players", "2", *NEST, *SENSIBLE)),
    BadSet("schlangennest", "dull", _nest(areas="2 = [[1, 2]]"), "2p 1×2", "dull", ("--players", "2", *NEST)),
    BadSet("schlangennest", "drawn", _nest(areas="2 = [[2, 2]]"), "2p 2×2", "decisive",
           ("--players", "2", *NEST, *SENSIBLE)),
    # Schlangengrube: 12 tiles; 160 tiles; 12 tiles dealt to three (the third seat gets one);
    # a crossing of two colours no other tile has (it never fits); crossings and double curves
    # only (no snake is ever completed)
    BadSet("schlangengrube", "too-short", _pit(tiles=12), "2p", "length", ("--players", "2", "--skill-games", "0")),
    BadSet("schlangengrube", "far-too-long", _pit(tiles=160), "2p", "length", ("--players", "2", "--skill-games", "0")),
    BadSet("schlangengrube", "degenerate-deal", _pit(tiles=12), "3p", "degenerate",
           ("--players", "3", "--skill-games", "0")),
    BadSet("schlangengrube", "useless-kind", _pit_useless(), "2p", "kinds", ("--players", "2", "--skill-games", "0")),
    BadSet("schlangengrube", "dull", _pit_bodies(), "2p", "dull",
           ("--players", "2", "--skill-games", "0", *SENSIBLE)),
    # Irrläufer: one stick on the shortest board (a race: short, little to decide); two sticks
    # there (a race the first seat wins); today's maze that walls the castles in
    BadSet("irrlaeufer", "too-short", _irr(17, 1), "2p 15x17, 1 sticks", "length", ("--skill-games", "0")),
    BadSet("irrlaeufer", "unfair", _irr(17, 2), "2p 15x17, 2 sticks", "fair", ("--skill-games", "0")),
    BadSet("irrlaeufer", "dull", _irr(17, 1), "2p 15x17, 1 sticks", "dull", ("--skill-games", "0")),
    BadSet("irrlaeufer", "walled-in", _irr(21, 110), "2p 15x21, 110 sticks", "degenerate", ("--skill-games", "0")),
)
"""The bench: Schlangennest six kinds of bad set, Schlangengrube five (its seats stay even
whatever the tiles: no unfair set was found), Irrläufer three besides today's walled-in maze:
its board has only a length and a stick count, its 100-round rule caps every game (so a far too
long board cannot be made), and every board tried plays every kind of step in some game."""

QUICK = ("schlangennest-unfair", "schlangengrube-degenerate-deal", "irrlaeufer-too-short")
"""One case per game for the default test run (each takes a few seconds)."""
