"""The Irrläufer booklet: numbers from the board settings (`IrrBoard`) and the diagrams, built
as engine positions (`IrrState`, moves applied through the engine) and drawn on the game's own
board art (`cardgen.games.irrlaeufer.board_art` via `games/irrlaeufer/render.board_spec`); pieces, castle chips
and sticks are drawn on top in the board art's colours.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, Line, Path, Polygon, Rect, String  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]

from cardgen.booklet.build import BookletContent
from cardgen.booklet.markup import Document
from cardgen.booklet.pages import Figure, Shown
from cardgen.booklet.words import colour_name, mm
from cardgen.print.drawings import svg_drawing

GAME = "irrlaeufer"
PT = 72.0 / 25.4
FIELD = 10.0
"""Field size (mm) the diagrams are drawn at before the page scales them."""
STICK = colors.HexColor("#d9a95e")
"""Sticks in the diagrams: light wood, clearly apart from the dark groove floor."""
STICK_LIGHT = colors.HexColor("#f3dcae")
STICK_EDGE = colors.HexColor("#3e2611")

ARROW = colors.HexColor("#111111")
SLIDE = colors.HexColor("#0a7d6e")
"""The arrows of slid sticks: teal, apart from the light wood of the sticks and the red and blue sides."""



def rule_ids() -> set[str]:
    """Every rule id the Irrläufer engine can refuse a move with."""
    from cardgen.games.irrlaeufer.moves import RULES

    return set(RULES)


def values(board: Any, lang: str) -> dict[str, object]:
    """The numbers the text prints, read from the board settings."""
    from cardgen.games.irrlaeufer.components import PIECE_COLUMNS, Side

    rows = board.rows
    red = board.castle_places(Side.RED)
    blue = board.castle_places(Side.BLUE)
    return {
        "rows": rows, "columns": board.columns, "sticks": board.sticks,
        "pieces": len(PIECE_COLUMNS), "castles": len(red) + len(blue),
        "field_size": mm(board.field_size, lang),
        "piece_fields": ", ".join(str(c) for c in PIECE_COLUMNS[:-1]) + (" und " if lang == "de" else " and ")
        + str(PIECE_COLUMNS[-1]),
        "last_row": rows, "red_castle_rows": f"{red[0][1]}/{red[0][1] + 1}",
        "blue_castle_rows": f"{blue[0][1]}/{blue[0][1] + 1}",
        "blue_castle_lines": f"{blue[0][1]}/{blue[0][1] + 1}",
        # red lays the first stick and the turn alternates, so after an even count red is next
        "phase_two_starter": colour_name("red" if board.sticks % 2 == 0 else "blue", lang),
        **rule_sentences(board.rules, lang),
    }


NUMBER_WORDS = {"en": ("one", "two", "three", "four", "five", "six"),
                "de": ("ein", "zwei", "drei", "vier", "fünf", "sechs")}
SPLITS = {1: "1", 2: "2 or 1+1", 3: "3, 2+1 or 1+1+1", 4: "4, 3+1, 2+2 or 2+1+1", 5: "5, 4+1, 3+2, 3+1+1 or 2+2+1",
          6: "6, 5+1, 4+2, 3+3, 4+1+1, 3+2+1 or 2+2+2"}
"""The ways a slide budget splits over at most 3 sticks (English; German swaps "or" for "oder")."""


def rule_sentences(rules: Any, lang: str) -> dict[str, object]:
    """The sentences the set's rule parameters change (`IrrRules`; docs/rulings.md): the
    original's own words for its rules, the set's rules stated plainly otherwise."""
    budget, own = rules.slide_budget, rules.capture_own
    words = NUMBER_WORDS[lang][budget - 1]
    de = lang == "de"
    if budget == 3:
        slide = ("Man verschiebt ein bis drei verschiedene Stäbchen in ihrer Rille, zusammen um genau drei "
                 "Felder: ein Stäbchen um 3, zwei um 2 und 1 oder drei um je 1." if de else
                 "Slide one to three different sticks along their grooves, by exactly three fields in total: "
                 "one stick by 3, two by 2 and 1, or three by 1 each.")
    elif budget == 1:
        slide = ("Schiebe Stäbchen um insgesamt 1 Feld: Man verschiebt genau ein Stäbchen in seiner Rille um "
                 "ein Feld." if de else
                 "Slide sticks by 1 field in all: slide exactly one stick along its groove by one field.")
    else:
        most = NUMBER_WORDS[lang][min(3, budget) - 1]
        split = SPLITS[budget].replace(" or ", " oder ") if de else SPLITS[budget]
        slide = (f"Schiebe Stäbchen um insgesamt {budget} Felder: Man verschiebt ein bis {most} verschiedene "
                 f"Stäbchen in ihrer Rille, zusammen um genau {words} Felder ({split})." if de else
                 f"Slide sticks by {budget} fields in all: slide one to {most} different sticks along their "
                 f"grooves, by exactly {words} fields in total ({split}).")
    unit = ("Feld" if de else "field") if budget == 1 else ("Felder" if de else "fields")
    if de:
        words = "ein" if budget == 1 else words
        out: dict[str, object] = {
            "slide_rule": slide, "slide_words": f"{words} {unit}" if budget != 1 else "ein Feld",
            "own_landing": ("Landet man auf einer eigenen Figur, ist sie geschlagen." if own
                            else "Auf einer eigenen Figur darf man nicht landen."),
            "own_capture": ("Bei diesem Satz kann man auch eigene Figuren schlagen: Wer auf einer eigenen Figur "
                            "landet, nimmt sie aus dem Spiel wie eine gegnerische." if own
                            else "Eine eigene Figur kann man nicht schlagen; sie versperrt das Feld."),
            "castle_own": ("eigene Figuren dort werden ebenso geschlagen." if own
                           else "steht dort eine eigene Figur, darf sie nicht hin."),
            "castle_reach": "eine Figur, gleich welcher Farbe," if own else "eine gegnerische Figur",
            "own_ruling": ("Regel dieses Satzes: Auch eigene Figuren werden geschlagen (das Original nennt die "
                           "Farbe der anderen Figur nicht)." if own else
                           "Ergänzung: Dass nur gegnerische Figuren geschlagen werden, ist unsere Lesart: Das "
                           "Original nennt die Farbe der anderen Figur nicht."),
        }
    else:
        out = {
            "slide_rule": slide, "slide_words": f"{words} {unit}",
            "own_landing": ("Ending on one of your own pieces captures it." if own
                            else "You may not end on one of your own pieces."),
            "own_capture": ("In this set your own pieces can be captured too: landing on one of your own pieces "
                            "removes it from the game like an enemy piece." if own
                            else "Your own pieces cannot be captured; they block the field."),
            "castle_own": ("your own pieces there are captured too." if own
                           else "it may not go where one of your own pieces stands."),
            "castle_reach": "a piece of either colour" if own else "an enemy piece",
            "own_ruling": ("Rule of this set: own-colour capture, pieces of your own colour are captured too "
                           "(the original does not name the other piece's colour)." if own else
                           "Our ruling: that only enemy pieces are captured is our reading: the original does "
                           "not name the other piece's colour."),
        }
    out["round_limit"] = rules.round_limit
    return out



# ------------------------------------------------------------------ drawing


class _View:
    """A window onto the board: fields `cols` x `rows` (inclusive ranges, from 1)."""

    def __init__(self, board: Any, cols: tuple[int, int] | None = None, rows: tuple[int, int] | None = None):
        from cardgen.games.irrlaeufer.board_art import board_svg
        from cardgen.games.irrlaeufer.render import board_spec

        self.spec = board_spec(board, FIELD)
        s = self.spec
        art = svg_drawing(board_svg(s, 0.0))  # the same board for most diagrams: parsed once
        assert art is not None, "the board art could not be read"
        self.board_group = Group(*art.contents)
        self.board_group.scale(s.width * PT / art.width, s.height * PT / art.height)
        c0, c1 = cols or (1, board.columns)
        r0, r1 = rows or (1, board.rows)
        # window in mm (y down), with the frame band where the window meets the board's edge
        self.x0 = 0.0 if c0 == 1 else s.line_x(c0 - 1) - s.groove
        self.x1 = s.width if c1 == board.columns else s.line_x(c1) + s.groove
        self.y0 = 0.0 if r0 == 1 else s.line_y(r0 - 1) - s.groove
        self.y1 = s.height if r1 == board.rows else s.line_y(r1) + s.groove
        w, h = (self.x1 - self.x0) * PT, (self.y1 - self.y0) * PT
        self.drawing = Drawing(w, h)
        clip = Path(isClipPath=1, strokeColor=None, fillColor=None)  # a window shows only itself
        clip.moveTo(0, 0)
        clip.lineTo(w, 0)
        clip.lineTo(w, h)
        clip.lineTo(0, h)
        clip.closePath()
        self.d = Group(clip)
        self.drawing.add(self.d)
        g = Group(self.board_group)
        g.translate(-self.x0 * PT, -(s.height - self.y1) * PT)
        self.d.add(g)

    def p(self, x: float, y: float) -> tuple[float, float]:
        """A board point (mm, y down) in drawing coordinates (points, y up)."""
        return (x - self.x0) * PT, (self.y1 - y) * PT

    def stick(self, stick: Any, colour: Any = STICK) -> None:
        # wider than the groove, lighter than its floor and outlined dark: a stick lying in a
        # groove must not read as more groove
        s = self.spec
        g = s.groove * 1.5
        if stick.dir.value == "v":
            x = s.line_x(stick.line)
            xa, ya = self.p(x - g / 2, s.line_y(stick.start + 2) - g * 0.3)
            w, h = g * PT, (3 * s.field - g * 0.4) * PT
        else:
            y = s.line_y(stick.line)
            xa, ya = self.p(s.line_x(stick.start - 1) + g * 0.2, y + g / 2)
            w, h = (3 * s.field - g * 0.4) * PT, g * PT
        self.d.add(Rect(xa, ya, w, h, rx=g * PT / 3, ry=g * PT / 3, fillColor=colour,
                        strokeColor=STICK_EDGE, strokeWidth=0.9))
        # the light stripe along its middle, as on the printed stick strips
        if stick.dir.value == "v":
            self.d.add(Line(xa + w / 2, ya + g * PT * 0.4, xa + w / 2, ya + h - g * PT * 0.4,
                            strokeColor=STICK_LIGHT, strokeWidth=g * PT * 0.22, strokeLineCap=1))
        else:
            self.d.add(Line(xa + g * PT * 0.4, ya + h / 2, xa + w - g * PT * 0.4, ya + h / 2,
                            strokeColor=STICK_LIGHT, strokeWidth=g * PT * 0.22, strokeLineCap=1))

    def piece(self, field: tuple[int, int], side: Any, outline: Any = None) -> None:
        """A piece as the parts sheet prints it: the standee's front panel, upright in its field."""
        self.piece_at(self.spec.centre(*field), side, outline)

    def piece_at(self, at: tuple[float, float], side: Any, outline: Any = None) -> None:
        """The standee's front panel centred on the board point `at` (mm)."""
        cx, cy = self.p(*at)
        art = _panel(side.value)
        height = 0.84 * FIELD * PT
        width = height * art.width / art.height
        g = Group(*art.contents)
        g.scale(width / art.width, height / art.height)
        placed = Group(g)
        placed.translate(cx - width / 2, cy - height / 2)
        self.d.add(placed)
        self.d.add(Rect(cx - width / 2, cy - height / 2, width, height, fillColor=None,
                        strokeColor=outline or colors.HexColor("#1a1a1a"), strokeWidth=0.7))

    def castle(self, castle: Any) -> None:
        """A castle chip as the kit prints it (its side up), centred on its 2x2 fields."""
        from cardgen.games.irrlaeufer.parts_art import castle_size

        s = self.spec
        c, r = castle.pos
        size = castle_size(s.field, s.groove)
        cx, cy = s.line_x(c), s.line_y(r)
        art = _chip(castle.owner.value, size)
        g = Group(*art.contents)
        g.scale(size * PT / art.width, size * PT / art.height)
        placed = Group(g)
        xa, ya = self.p(cx - size / 2, cy + size / 2)
        placed.translate(xa, ya)
        self.d.add(placed)
        self.d.add(Rect(xa, ya, size * PT, size * PT, fillColor=None,
                        strokeColor=colors.HexColor("#1a1a1a"), strokeWidth=0.8))
        light = colors.HexColor("#fbf4e2")
        if castle.piece:

            # the piece standing on the castle, at its middle, outlined light to stand out
            self.piece_at((s.line_x(c), s.line_y(r)), castle.owner, light)


    def arrow(self, a: tuple[float, float], b: tuple[float, float], colour: Any = ARROW, width: float = 2.2) -> None:
        """An arrow between two board points (mm)."""
        (x0, y0), (x1, y1) = self.p(*a), self.p(*b)
        dx, dy = x1 - x0, y1 - y0
        n = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        ux, uy = dx / n, dy / n
        head = 7.0
        bx, by = x1 - ux * head, y1 - uy * head
        self.d.add(Line(x0, y0, bx, by, strokeColor=colour, strokeWidth=width, strokeLineCap=1))
        self.d.add(Polygon([x1, y1, bx - uy * head * 0.55, by + ux * head * 0.55,
                            bx + uy * head * 0.55, by - ux * head * 0.55], fillColor=colour, strokeColor=None))

    def label(self, at: tuple[float, float], text: str, colour: Any = ARROW, size: float = 9) -> None:
        x, y = self.p(*at)
        self.d.add(String(x, y, text, fontName="DejaVuSans-Bold", fontSize=size, fillColor=colour,
                          textAnchor="middle"))

    def state(self, state: Any) -> _View:
        """Draw every stick, castle and piece of an engine state."""
        for stick in state.sticks:
            self.stick(stick)
        for castle in state.castles:
            self.castle(castle)
        for field, side in sorted(state.pos.pieces.items(), key=lambda kv: kv[0]):
            self.piece(field, side)
        return self


def stick_mid(spec: Any, stick: Any) -> tuple[float, float]:
    """The middle of a stick on the board (mm)."""
    if stick.dir.value == "v":
        return spec.line_x(stick.line), spec.line_y(stick.start + 0.5)
    return spec.line_x(stick.start + 0.5), spec.line_y(stick.line)


def setup_figure(board: Any, lang: str, doc: Document) -> Figure:
    """The opening position: the engine's initial state on the whole board."""
    from cardgen.games.irrlaeufer.rules import IrrState

    state = IrrState(board)
    view = _View(board).state(state)
    return Figure(view.drawing, doc.caption("setup", rows=board.rows), max_height=150, shows=(Shown(state),))


def maze_figure(board: Any, lang: str, doc: Document) -> Figure:
    """The board after phase 1 of a seeded game (random lays by the engine)."""
    import random

    from cardgen.games.irrlaeufer.rules import IrrState

    state = IrrState(board)
    rng = random.Random(3)
    while state.phase == 1:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    view = _View(board).state(state)
    return Figure(view.drawing, doc.caption("maze", sticks=len(state.sticks)), max_height=150,
                  shows=(Shown(state),))


def _slide_states(board: Any) -> tuple[Any, Any, Any, list[tuple[Any, int]], tuple[Any, Any]]:
    from cardgen.games.irrlaeufer.components import Dir, Side, Stick
    from cardgen.games.irrlaeufer.moves import Go, Slide
    from cardgen.games.irrlaeufer.rules import IrrState

    # no two sticks share a crossing (position.verify): the one slid by 1 lies in groove 5/6
    # over rows 1-3, its lower end meeting the one slid by 2, whose way it then follows
    budget = board.rules.slide_budget
    # another slide budget (docs/rulings.md): the blocking stick lies one field further east, so
    # that 1, 2 or 3 fields clear column 5; the stick in groove 5/6 slides the rest (up to 3)
    across = Stick(Dir.H, 3, 4 if budget == 3 else 5)
    sticks = [across, Stick(Dir.H, 6, 4), Stick(Dir.V, 5, 1), Stick(Dir.H, 2, 6),
              Stick(Dir.V, 3, 4), Stick(Dir.V, 7, 4)]
    pieces = {(5, 1): Side.RED, (9, 1): Side.RED}
    start = IrrState.custom(board, sticks=sticks, pieces=pieces, to_move=Side.RED)
    if budget == 3:
        slides = [(across, 2), (Stick(Dir.V, 5, 1), 1)]
    elif budget == 2:
        slides = [(across, 1), (Stick(Dir.V, 5, 1), 1)]
    else:
        first = min(budget, 3)
        slides = [(across, first)] + ([(Stick(Dir.V, 5, 1), budget - first)] if budget > first else [])
    mid = start.clone()
    for stick, by in slides:
        mid.apply(Slide(Side.RED, stick, by))
    go = ((5, 1), (5, 6))
    end = mid.clone()
    end.apply(Go(Side.RED, *go))
    return start, mid, end, slides, go


def slide_figure(board: Any, lang: str, doc: Document) -> Figure:
    """A phase-2 turn: two sticks slid (2 + 1 fields), then a piece through the opened way."""
    from cardgen.booklet.tiles import beside
    from cardgen.games.irrlaeufer.moves import Turn

    start, mid, end, slides, go = _slide_states(board)
    window = {"cols": (1, 10), "rows": (1, 7)}
    left = _View(board, **window).state(start)
    for stick, by in slides:
        a = stick_mid(left.spec, stick)
        b = stick_mid(left.spec, stick.moved(by))
        left.arrow(a, b, colour=SLIDE, width=2.6)
    right = _View(board, **window).state(end)
    right.arrow(right.spec.centre(*go[0]), right.spec.centre(*go[1]), width=2.4)
    fig = beside(left.drawing, right.drawing, (doc.caption("before"), doc.caption("after")), gap=14)
    _neutral_heads(fig)
    turn = Turn(start.to_move, tuple(slides), go)
    total, de = sum(abs(b) for _, b in slides), lang == "de"
    count = (("ein Stäbchen" if de else "one stick") if len(slides) == 1
             else ("zwei Stäbchen" if de else "two sticks"))
    fields = f"{total} " + (("Feld" if de else "field") if total == 1 else ("Felder" if de else "fields"))
    return Figure(fig, doc.caption("slide", count=count, total=fields), max_height=72,
                  shows=(Shown(start, turn), Shown(mid), Shown(end)))


def _neutral_heads(d: Drawing) -> None:
    for item in d.contents:
        if isinstance(item, String):
            item.fillColor = colors.HexColor("#222222")


def _conquest_states(board: Any) -> tuple[Any, Any, tuple[Any, Any], list[tuple[Any, int]]]:
    from cardgen.games.irrlaeufer.components import Dir, Side, Stick
    from cardgen.games.irrlaeufer.moves import Go, Slide
    from cardgen.games.irrlaeufer.rules import IrrState

    rows = board.rows
    # no two sticks share a crossing: the upright one in groove 6/7 meets the end of the
    # lying one across columns 4-6
    sticks = [Stick(Dir.H, rows - 5, 2), Stick(Dir.V, 3, rows - 7), Stick(Dir.H, rows - 3, 4),
              Stick(Dir.V, 6, rows - 3)]
    base = IrrState(board)
    pieces: dict[tuple[int, int], Side] = {f: s for f, s in base.pos.pieces.items()
                                           if s is Side.BLUE and f[0] != 3}
    pieces[(2, rows - 7)] = Side.RED
    start = IrrState.custom(board, sticks=sticks, pieces=pieces, to_move=Side.RED)
    budget = board.rules.slide_budget  # 1 field clears column 2; a stick in groove 3/4 slides the rest
    first = min(budget, 3)
    slides = [(Stick(Dir.H, rows - 5, 2), first)]
    if budget > first:
        slides.append((Stick(Dir.V, 3, rows - 7), budget - first))
    end = start.clone()
    for stick, by in slides:
        end.apply(Slide(Side.RED, stick, by))
    go = ((2, rows - 7), (2, rows - 2))
    end.apply(Go(Side.RED, *go))
    return start, end, go, slides


def conquest_figure(board: Any, lang: str, doc: Document) -> Figure:
    """A red piece slides a stick out of its way and conquers a blue castle."""
    from cardgen.booklet.tiles import beside
    from cardgen.games.irrlaeufer.moves import Turn

    start, end, go, slides = _conquest_states(board)
    rows = board.rows
    window = {"cols": (1, 8), "rows": (rows - 8, rows)}
    left = _View(board, **window).state(start)
    for stick, by in slides:
        left.arrow(stick_mid(left.spec, stick), stick_mid(left.spec, stick.moved(by)),
                   colour=SLIDE, width=2.6)
    left.arrow(left.spec.centre(*go[0]), left.spec.centre(*go[1]), width=2.4)
    right = _View(board, **window).state(end)
    fig = beside(left.drawing, right.drawing, (doc.caption("before"), doc.caption("after")), gap=14)
    _neutral_heads(fig)
    owner = [c for c in end.castles if c.piece]
    assert owner and owner[0].owner.label == "red", "the diagram must show a conquest"
    return Figure(fig, doc.caption("conquest"), max_height=72,
                  shows=(Shown(start, Turn(start.to_move, tuple(slides), go)), Shown(end)))


def figures(board: Any, lang: str, doc: Document) -> dict[str, Callable[[], Figure]]:
    """The diagrams the text may place, by name."""
    return {
        "setup": lambda: setup_figure(board, lang, doc),
        "maze": lambda: maze_figure(board, lang, doc),
        "slide": lambda: slide_figure(board, lang, doc),
        "conquest": lambda: conquest_figure(board, lang, doc),
    }


NAMES = ("Irrläufer", "Georg Rönnau")
"""The names the booklet never hyphenates (besides colours and the program)."""

def layout(board: Any, paper: str, bleed: float) -> dict[str, str]:
    """The printing text's caption for the castles: on the parts sheet where they fit there
    for the kit's paper and bleed, else on their own sheets (`kit.castles_fit`)."""
    from cardgen.games.irrlaeufer.kit_layout import castles_fit

    return {"castles_print": "castles-parts" if castles_fit(board, paper, bleed) else "castles-own"}


CONTENT = BookletContent(GAME, values, figures, NAMES, layout=layout)
"""What the shared booklet builder needs of this game."""


_PANELS: dict[int, Drawing] = {}


def _panel(side: int) -> Drawing:
    """The standee front panel of side 0 (red) or 1 (blue) as a reportlab drawing (cached)."""
    found = _PANELS.get(side)
    if found is None:
        from cardgen.games.irrlaeufer.board_art import BLUE, RED
        from cardgen.games.irrlaeufer.parts_art import piece_panel_svg

        found = svg_drawing(piece_panel_svg(RED if side == 0 else BLUE))
        assert found is not None, "the piece art could not be read"
        _PANELS[side] = found
    return found


_CHIPS: dict[tuple[int, float], Drawing] = {}


def _chip(side: int, size: float) -> Drawing:
    """The castle chip's side 0 (red) or 1 (blue), `size` mm, as a reportlab drawing (cached)."""
    found = _CHIPS.get((side, size))
    if found is None:
        from cardgen.games.irrlaeufer.board_art import BLUE, RED
        from cardgen.games.irrlaeufer.parts_art import castle_svg

        found = svg_drawing(castle_svg(size, RED if side == 0 else BLUE, 0.0))
        assert found is not None, "the castle art could not be read"
        _CHIPS[(side, size)] = found
    return found
