"""Square-cell geometry shared by all three games (docs/rulings.md, "Geometry").

A cell is (x, y) with x growing east and y growing south. Edges are N E S W. A rotation is
clockwise in degrees (90 maps N->E->S->W->N). A flip mirrors east-west and comes before the
rotation. Snake parts enter and leave a square only at the midpoints of its edges ("ports").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

Edge = Literal["N", "E", "S", "W"]
EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
OPPOSITE: dict[Edge, Edge] = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP: dict[Edge, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_FLIP: dict[Edge, Edge] = {"N": "N", "E": "W", "S": "S", "W": "E"}


def rotate_edge(edge: Edge, rot: int) -> Edge:
    """The edge that `edge` becomes after turning the square clockwise by `rot` degrees."""
    return EDGES[(EDGES.index(edge) + rot // 90) % 4]


def flip_edge(edge: Edge) -> Edge:
    """The edge that `edge` becomes after mirroring the square east-west."""
    return _FLIP[edge]


def neighbour(cell: tuple[int, int], edge: Edge) -> tuple[int, int]:
    """The cell across `edge` from `cell`."""
    dx, dy = STEP[edge]
    return (cell[0] + dx, cell[1] + dy)


class PartKind(Enum):
    """What a snake part is: a body through two ports, or an end at one port."""

    BODY = "body"
    HEAD = "head"
    TAIL = "tail"


@dataclass(frozen=True, slots=True)
class Part:
    """One snake part on a square: its colour name, its kind and its ports at rotation 0."""

    colour: str
    kind: PartKind
    ports: tuple[Edge, ...]

    def transformed(self, rot: int = 0, flip: bool = False) -> Part:
        """This part after an optional east-west flip followed by a clockwise rotation."""
        ports = tuple(rotate_edge(flip_edge(p) if flip else p, rot) for p in self.ports)
        return Part(self.colour, self.kind, ports)

    @property
    def is_straight(self) -> bool:
        """A body whose two ports face each other."""
        return self.kind is PartKind.BODY and OPPOSITE[self.ports[0]] == self.ports[1]

    @property
    def is_curve(self) -> bool:
        """A body whose two ports are on neighbouring edges."""
        return self.kind is PartKind.BODY and not self.is_straight

    def __str__(self) -> str:
        if self.kind is PartKind.BODY:
            return f"{self.colour}:{self.ports[0]}-{self.ports[1]}"
        return f"{self.colour}:{self.kind.value}@{self.ports[0]}"


def parse_part(text: str) -> Part:
    """Parse "<colour>:<E1>-<E2>", "<colour>:head@<E>" or "<colour>:tail@<E>".

    ValueError names what is wrong; the colour name is not checked here.
    """
    colour, sep, rest = text.partition(":")
    if not sep or not colour:
        raise ValueError(f"part {text!r} must look like 'red:N-S', 'red:head@N' or 'red:tail@S'")
    if "@" in rest:
        kind_text, _, edge = rest.partition("@")
        if kind_text not in ("head", "tail"):
            raise ValueError(f"part {text!r}: an end is 'head@E' or 'tail@E', not {kind_text!r}")
        if edge not in EDGES:
            raise ValueError(f"part {text!r}: {edge!r} is not an edge (N, E, S or W)")
        return Part(colour, PartKind(kind_text), (edge,))
    a, sep, b = rest.partition("-")
    if not sep or a not in EDGES or b not in EDGES:
        raise ValueError(f"part {text!r}: a body runs between two edges, like 'N-S' or 'N-E'")
    if a == b:
        raise ValueError(f"part {text!r}: a body needs two different edges")
    return Part(colour, PartKind.BODY, (a, b))
