"""What lies on an Irrläufer board: sticks, pieces and castles, with fast occupancy lookups.

`Position` is the mutable store the rules modules read and change; it knows no rules beyond
keeping its lookups consistent. Sticks keep a stable id (the order they were laid in) so the
slide-back rule can follow a stick across slides; ids never matter for equality.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.errors import DataError
from cardgen.games.irrlaeufer.components import Dir, Field, IrrBoard, Side, Stick, castle_fields
from cardgen.games.irrlaeufer.grid import Grid, grid_for
from cardgen.games.irrlaeufer.moves import stick_from_json


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle chip as seen from outside: top-left field, colour showing, and what stands on it
    (`piece`: a piece of the owner's; `on`: the index of the castle this one stands on)."""

    pos: Field
    owner: Side
    piece: bool
    on: int | None


class Position:
    """Sticks, pieces and castles on one board, with occupancy lists indexed by `Grid`."""

    __slots__ = ("board", "grid", "sticks", "seg", "cross", "pieces",
                 "s_start", "s_seg0", "s_x0", "s_len", "s_stride",
                 "c_pos", "c_owner", "c_piece", "c_on", "castle_block", "castle_at", "runs", "zob",
                 "capture_own")

    def __init__(self, board: IrrBoard) -> None:
        self.board = board
        self.grid: Grid = grid_for(board.rows)
        self.sticks: list[Stick] = []
        self.seg: list[int] = [-1] * self.grid.n_seg
        self.cross: list[int] = [-1] * self.grid.n_cross
        self.pieces: dict[Field, Side] = {}
        # per stick id, for the slide search: first field along its line, index of its first
        # segment and of its first covered crossing, line length, crossing index step
        self.s_start: list[int] = []
        self.s_seg0: list[int] = []
        self.s_x0: list[int] = []
        self.s_len: list[int] = []
        self.s_stride: list[int] = []
        self.c_pos: list[Field] = []
        self.c_owner: list[Side] = []
        self.c_piece: list[bool] = []
        self.c_on: list[int] = []
        self.castle_block: frozenset[int] = frozenset()
        self.castle_at: dict[Field, int] = {}
        # kept by the fast slide search (runs.py) once phase 2 asks, None until then: each
        # stick's free runs (2·id forward, 2·id + 1 backward) and the sticks' Zobrist code
        self.runs: list[int] | None = None
        self.zob: int | None = None
        self.capture_own: bool = board.rules.capture_own  # the set's rule, read once

    @classmethod
    def initial(cls, board: IrrBoard) -> Position:
        """The set-up of docs/rulings.md (Irrläufer): no sticks, pieces on their home rows, four castles."""
        pos = cls(board)
        for side in (Side.RED, Side.BLUE):
            for f in board.piece_fields(side):
                pos.pieces[f] = side
            for place in board.castle_places(side):
                pos.c_pos.append(place)
                pos.c_owner.append(side)
                pos.c_piece.append(False)
                pos.c_on.append(-1)
        pos.refresh_castles()
        return pos

    def clone(self) -> Position:
        """An independent copy."""
        new = Position.__new__(Position)
        new.board, new.grid = self.board, self.grid
        new.sticks, new.seg, new.cross = list(self.sticks), list(self.seg), list(self.cross)
        new.pieces = dict(self.pieces)
        new.s_start, new.s_seg0, new.s_x0 = list(self.s_start), list(self.s_seg0), list(self.s_x0)
        new.s_len, new.s_stride = list(self.s_len), list(self.s_stride)
        new.c_pos, new.c_owner = list(self.c_pos), list(self.c_owner)
        new.c_piece, new.c_on = list(self.c_piece), list(self.c_on)
        new.castle_block, new.castle_at = self.castle_block, self.castle_at
        new.runs = None if self.runs is None else list(self.runs)
        new.zob = self.zob
        new.capture_own = self.capture_own
        return new

    # ------------------------------------------------------------------ sticks

    def add_stick(self, s: Stick) -> int:
        """Put a stick down (unchecked) and return its id."""
        grid = self.grid
        self.runs = self.zob = None  # measured again when next asked
        sid = len(self.sticks)
        self.sticks.append(s)
        a, _, _ = grid.stick_segs(s)
        x, y = grid.stick_crosses(s)
        self.s_start.append(s.start)
        self.s_seg0.append(a)
        self.s_x0.append(x)
        self.s_len.append(grid.line_length(s.dir))
        self.s_stride.append(y - x)
        self._mark(sid, sid)
        return sid

    def _mark(self, sid: int, value: int) -> None:
        a, x, stride = self.s_seg0[sid], self.s_x0[sid], self.s_stride[sid]
        seg, cross = self.seg, self.cross
        seg[a] = seg[a + 1] = seg[a + 2] = value
        cross[x] = cross[x + stride] = value

    def shift(self, sid: int, by: int) -> None:
        """Slide stick `sid` by `by` fields in the occupancy lists only (unchecked); `sticks`
        keeps the old place. The slide search uses it in pairs (there and back)."""
        self._mark(sid, -1)
        self.s_start[sid] += by
        self.s_seg0[sid] += by
        self.s_x0[sid] += by * self.s_stride[sid]
        self._mark(sid, sid)

    def move_stick(self, sid: int, by: int) -> None:
        """Slide stick `sid` by `by` fields along its line (unchecked). The fast search's
        tables are not updated: slide with `runs.slid` where they are kept."""
        self.shift(sid, by)
        self.sticks[sid] = self.sticks[sid].moved(by)

    def stick_id(self, s: Stick) -> int:
        """The id of the stick lying exactly at `s`, or -1 (by index arithmetic: hashing a
        stick costs more)."""
        grid = self.grid
        d = s.dir
        if not (1 <= s.line <= grid.line_count(d) and 1 <= s.start <= grid.line_length(d) - 2):
            return -1
        a = grid.seg(d, s.line, s.start)
        sid = self.seg[a]
        return sid if sid >= 0 and self.s_seg0[sid] == a else -1

    # ------------------------------------------------------------------ castles

    def refresh_castles(self) -> None:
        """Recompute the castle lookups after a castle moved or was stacked (the fast
        search's run table is brought up to date by `runs.castles_moved`)."""
        block: set[int] = set()
        at: dict[Field, int] = {}
        for i, p in enumerate(self.c_pos):
            block.update(self.grid.castle_segs(p))
            if self.c_on[i] < 0:
                for f in castle_fields(p):
                    at[f] = i
        self.castle_block = frozenset(block)
        self.castle_at = at

    def occupied(self, i: int) -> bool:
        """Whether castle `i` has a piece or another castle standing on it."""
        return self.c_piece[i] or i in self.c_on

    def top(self, i: int) -> int:
        """The castle standing on castle `i`, or -1."""
        for j, on in enumerate(self.c_on):
            if on == i:
                return j
        return -1

    @property
    def castles(self) -> tuple[Castle, ...]:
        """The castles as values."""
        return tuple(Castle(p, o, pc, on if on >= 0 else None)
                     for p, o, pc, on in zip(self.c_pos, self.c_owner, self.c_piece, self.c_on))

    def castles_of(self, side: Side) -> int:
        """How many castles show `side`'s colour."""
        return self.c_owner.count(side)

    def pieces_of(self, side: Side) -> int:
        """How many of `side`'s pieces are left (on fields and on castles)."""
        on_board = sum(1 for s in self.pieces.values() if s is side)
        return on_board + sum(1 for o, p in zip(self.c_owner, self.c_piece) if p and o is side)

    def verify(self) -> None:
        """Assert the position is sound: the occupancy lists match the sticks, no two sticks
        share a segment or crossing, no stick lies in a castle or fills its line, castles and
        pieces are on the board and apart (a stacked castle exactly on its base)."""
        grid = self.grid
        seg, cross = [-1] * grid.n_seg, [-1] * grid.n_cross
        for sid, s in enumerate(self.sticks):
            assert grid.on_board(s), f"stick {s} is off the board"
            for i in grid.stick_segs(s):
                assert seg[i] < 0, f"stick {s} shares a segment"
                seg[i] = sid
            for i in grid.stick_crosses(s):
                assert cross[i] < 0, f"stick {s} shares a crossing"
                cross[i] = sid
            assert self.s_start[sid] == s.start and self.s_seg0[sid] == grid.stick_segs(s)[0]
        assert seg == self.seg and cross == self.cross, "occupancy lists out of step"
        assert not any(seg[i] >= 0 for i in self.castle_block), "a stick lies in a castle"
        for d in (Dir.V, Dir.H):
            for line in range(1, grid.line_count(d) + 1):
                assert any(seg[i] < 0 for i in grid.line_segs(d, line)), f"line {d.value}{line} is full"
        fields: dict[Field, int] = {}
        for i, (p, o, on) in enumerate(zip(self.c_pos, self.c_owner, self.c_on)):
            assert grid.castle_inside(p), f"castle {p} is off the board"
            if on >= 0:
                assert self.c_pos[on] == p and self.c_on[on] < 0 and self.c_owner[on] is o
                assert not self.c_piece[i] and not self.c_piece[on], "a stack carries a piece"
                continue
            for f in castle_fields(p):
                assert f not in fields, f"castles overlap on {f}"
                fields[f] = i
        assert fields == self.castle_at, "castle lookup out of step"
        for f in self.pieces:
            assert grid.inside(f) and f not in fields, f"piece on {f} is off the board or on a castle"
        for side in (Side.RED, Side.BLUE):
            assert self.pieces_of(side) <= 6, f"{side.label} has more than 6 pieces"

    # ------------------------------------------------------------------ identity

    def key(self, to_move: Side) -> str:
        """A canonical text of the position for the repetition rule: sticks, pieces, castles
        (colour, place, what stands on them) and the player to move; stick ids play no part."""
        sticks = ";".join(sorted(f"{s.dir.value}{s.line},{s.start}" for s in self.sticks))
        pieces = ";".join(sorted(f"{c},{r}{s.label[0]}" for (c, r), s in self.pieces.items()))
        castles = ";".join(sorted(
            f"{p[0]},{p[1]}{o.label[0]}{'p' if pc else ''}{'c' if i in self.c_on else ''}"
            for i, (p, o, pc) in enumerate(zip(self.c_pos, self.c_owner, self.c_piece))))
        return f"{to_move.label[0]}|{sticks}|{pieces}|{castles}"

    def same_as(self, other: Position) -> bool:
        """Whether both hold the same sticks, pieces and castles (stick ids aside)."""
        return (self.board.rows == other.board.rows and set(self.sticks) == set(other.sticks)
                and self.pieces == other.pieces and self.castles == other.castles)

    def to_json(self) -> dict[str, Any]:
        """Sticks (in id order), pieces and castles as JSON-able data."""
        return {
            "sticks": [s.to_json() for s in self.sticks],
            "pieces": [[c, r, s.label] for (c, r), s in sorted(self.pieces.items())],
            "castles": [{"at": [p[0], p[1]], "owner": o.label, "piece": pc, "on": on if on >= 0 else None}
                        for p, o, pc, on in zip(self.c_pos, self.c_owner, self.c_piece, self.c_on)],
        }

    @classmethod
    def from_json(cls, board: IrrBoard, data: dict[str, Any]) -> Position:
        """The inverse of `to_json` (DataError if malformed; positions are trusted otherwise)."""
        pos = cls(board)
        try:
            for item in data["sticks"]:
                s = stick_from_json(item)
                if not pos.grid.on_board(s):
                    raise DataError("state.sticks", f"stick {s} is not on the board")
                pos.add_stick(s)
            for c, r, side in data["pieces"]:
                pos.pieces[(int(c), int(r))] = Side.parse(side)
            for item in data["castles"]:
                pos.c_pos.append((int(item["at"][0]), int(item["at"][1])))
                pos.c_owner.append(Side.parse(item["owner"]))
                pos.c_piece.append(bool(item["piece"]))
                pos.c_on.append(-1 if item["on"] is None else int(item["on"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("state", f"malformed Irrläufer position ({exc})") from None
        pos.refresh_castles()
        return pos
