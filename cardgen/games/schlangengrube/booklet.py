"""The Schlangengrube booklet: numbers read from the set file (tile groups, markers), the
sentences its `[rules]` table changes (`rule_sentences`, German and English) and the diagrams, built with the engine (`PitGame.setup` for hand-built positions, seeded games for the
placement example) and drawn with the game's tile art.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Drawing  # type: ignore[import-untyped]

from cardgen.booklet.build import BookletContent
from cardgen.booklet.markup import Document
from cardgen.booklet.pages import Figure, Shown
from cardgen.booklet.tiles import BAD, OK, Grid, beside, tile_group
from cardgen.booklet.words import colour_name, join, mm
from cardgen.colours import PALETTE
from cardgen.errors import IllegalMove
from cardgen.games.schlangengrube.components import load_pit_set
from cardgen.words import count

GAME = "schlangengrube"
GROUPS = ("crossing", "double-curve", "straight-end", "curve-end", "end-end", "other")


def rule_ids() -> set[str]:
    """Every rule id the Schlangengrube engine can refuse a move with."""
    from cardgen.games.schlangengrube.moves import RULES

    return set(RULES)


def values(pit: Any, lang: str) -> dict[str, object]:
    """The numbers and names the text prints, read from the set file."""
    groups = Counter({g: 0 for g in GROUPS})
    for tile in pit.tiles:
        groups[tile.kind] += tile.count
    out: dict[str, object] = {
        "total": pit.total,
        "colours": len(pit.colours),
        "colour_names": join([colour_name(c, lang) for c in pit.colours], lang),
        "head_markers": pit.head_markers,
        "double_markers": pit.double_markers,
        "tile_size": mm(pit.tile_size, lang),
        **rule_sentences(pit.rules, lang),
    }
    for g, n in groups.items():
        key = g.replace('-', '_')
        out[f"n.{key}"] = n
        out[f"kinds.{key}"] = kind_count(g, n, lang)
    out["pieces"] = _pieces(pit, lang)
    out["balance"] = _balance(pit, lang)
    return out


def kind_count(group: str, n: int, lang: str) -> str:
    """"12 crossings", "1 crossing": a tile group with its count."""
    one, many = KIND_NOUNS[lang][group.replace("-", "_")]
    return f"{n} {one if n == 1 else many}"


PIECES = {"de": {"straight": "gerade Körper", "curve": "Kurven", "head": "Köpfe", "tail": "Schwänze"},
          "en": {"straight": "straight bodies", "curve": "bends", "head": "heads", "tail": "tails"}}


def _pieces(pit: Any, lang: str) -> str:
    """What pieces the set's tiles carry, and that crossing bodies are drawing only, if any cross."""
    from cardgen.geometry import PartKind

    kinds = {("straight" if p.is_straight else "curve") if p.kind is PartKind.BODY else p.kind.value
             for tile in pit.tiles for p in tile.parts}
    names = join([PIECES[lang][k] for k in PIECES[lang] if k in kinds], lang)
    crossing = any(tile.kind == "crossing" for tile in pit.tiles)
    if lang == "de":
        return (f"Die Stücke sind {names}." + (" Kreuzen sich zwei Körper, läuft einer über den anderen; das ist nur "
                                                "Zeichnung und hat keine Regelwirkung." if crossing else ""))
    return (f"The pieces are {names}." + (" Where two bodies cross, one passes over the other; that is drawing only "
                                          "and has no effect on the rules." if crossing else ""))


def _balance(pit: Any, lang: str) -> str:
    """Whether every colour is on as many tiles as the others, with as many heads as tails (our
    standard set's design), or how this set's colours stand."""
    from cardgen.geometry import PartKind

    heads, tails = pit.end_counts(PartKind.HEAD), pit.end_counts(PartKind.TAIL)
    on = {c: pit.tiles_with(c) for c in pit.colours}
    if len(set(on.values())) == 1 and all(heads[c] == tails[c] for c in pit.colours):
        return ("Unser Satz ist so gebaut, dass jede Farbe gleich oft vorkommt und gleich viele Köpfe wie Schwänze hat"
                if lang == "de" else
                "Our set gives every colour the same number of tiles and as many heads as tails")
    balanced = all(heads[c] == tails[c] for c in pit.colours)
    if lang == "de":
        ends = ("hat jede Farbe gleich viele Köpfe wie Schwänze" if balanced else "haben die Farben "
                + join([f"{colour_name(c, lang)} {count(heads[c], 'Kopf', 'Köpfe')} und "
                        f"{count(tails[c], 'Schwanz', 'Schwänze')}" for c in pit.colours], lang))
        tiles = (f"jede Farbe ist auf {on[pit.colours[0]]} Plättchen" if len(set(on.values())) == 1 else
                 "die Farben sind auf verschieden vielen Plättchen: "
                 + join([f"{colour_name(c, lang)} auf {on[c]}" for c in pit.colours], lang))
        return f"In diesem Satz {ends}; {tiles}"
    ends = ("every colour has as many heads as tails" if balanced else "the colours have "
            + join([f"{colour_name(c, lang)} {count(heads[c], 'head')} and {count(tails[c], 'tail')}"
                    for c in pit.colours], lang))
    tiles = (f"every colour is on {count(on[pit.colours[0]], 'tile')}" if len(set(on.values())) == 1 else
             "the colours are on different numbers of tiles: "
             + join([f"{colour_name(c, lang)} on {on[c]}" for c in pit.colours], lang))
    return f"In this set {ends}; {tiles}"


KIND_NOUNS = {
    "de": {"crossing": ("Kreuzung", "Kreuzungen"), "double_curve": ("Doppelkurve", "Doppelkurven"),
           "straight_end": ("Gerade mit Ende", "Geraden mit Ende"),
           "curve_end": ("Kurve mit Ende", "Kurven mit Ende"), "end_end": ("mit zwei Enden", "mit zwei Enden"),
           "other": ("anderes Plättchen", "andere Plättchen")},
    "en": {"crossing": ("crossing", "crossings"), "double_curve": ("double bend", "double bends"),
           "straight_end": ("straight with an end", "straights with an end"),
           "curve_end": ("bend with an end", "bends with an end"), "end_end": ("with two ends", "with two ends"),
           "other": ("other tile", "other tiles")},
}
"""Singular and plural of each tile kind, so a count of 1 or 12 reads right ("{kinds.curve_end}")."""



NUMBER_WORDS = {
    "de": ("keine", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"),
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight"),
}
TIMES_WORDS = {
    "de": {2: "verdoppelt", 3: "verdreifacht", 4: "vervierfacht"},
    "en": {2: "doubled", 3: "tripled", 4: "multiplied by four"},
}


def _score_example(rules: Any, lang: str) -> str:
    """How a snake of n tiles scores, with the 2- and 4-tile snakes as examples."""
    from cardgen.games.schlangengrube.scoring import SNAKE_SCORE

    score = SNAKE_SCORE[rules.snake_score]
    two, four = score(2), score(4)
    if lang == "de":
        how = {"triangular": "1 + 2 + … + n Punkte", "linear": "n Punkte, einen je Plättchen",
               "square": "n × n Punkte"}[rules.snake_score]
        return (f"Eine Schlange aus n Plättchen bringt {how}: die kürzeste (Kopf direkt am Schwanz, "
                f"2 Plättchen) also {two} Punkte, eine aus 4 Plättchen {four} Punkte.")
    how = {"triangular": "1 + 2 + … + n points", "linear": "n points, one per tile",
           "square": "n × n points"}[rules.snake_score]
    return (f"A snake of n tiles scores {how}: the shortest one (head right next to tail, 2 tiles) "
            f"{two} points, one of 4 tiles {four} points.")


def snake_sum(rules: Any, n: int, lang: str) -> str:
    """One snake's points written out for the scoring caption: "1 + … + 8 = 36", "8 × 8 = 64"."""
    if rules.snake_score == "triangular":
        return f"1 + … + {n} = {n * (n + 1) // 2}"
    if rules.snake_score == "square":
        return f"{n} × {n} = {n * n}"
    return f"{n} {'Punkte' if lang == 'de' else 'points'}"


def rule_sentences(rules: Any, lang: str) -> dict[str, str]:
    """The booklet's sentences the set's rules decide (components.PitRules), in `lang`: the
    original's wording for its rules, the changed sentences themselves for a variant's."""
    de = lang == "de"
    words = NUMBER_WORDS[lang]
    per, hand, f = rules.tiles_per_turn, rules.hand_size, rules.double_factor
    out: dict[str, str] = {"hand_size": str(hand), "per_turn": str(per),
                           "double_threshold": str(rules.double_threshold),
                           "score_rule": _score_example(rules, lang)}
    if de:
        out["turn"] = ("Wer am Zug ist, legt **ein** Plättchen aus der eigenen Hand an." if per == 1 else
                       f"Wer am Zug ist, legt **{words[per]}** Plättchen aus der eigenen Hand an, "
                       "eines nach dem anderen.")
        out["must_next"] = {1: "Man legt nur ein Plättchen je Zug, auch wenn mehr passen würden.",
                            2: "Passt nach dem ersten Plättchen noch ein zweites, **muss** man es legen.",
                            3: "Solange noch ein Plättchen passt und man keine drei gelegt hat, **muss** man "
                               "weiterlegen."}[per]
        out["only_fewer"] = {1: "Hat man sein Plättchen gelegt, füllt man auf und beendet den Zug.",
                             2: "Passt nur ein einziges Plättchen, legt man es, füllt auf und beendet den Zug. "
                                "Das ist kein Passen.",
                             3: "Passen nur ein oder zwei Plättchen, legt man sie, füllt auf und beendet den "
                                "Zug. Das ist kein Passen."}[per]
        out["turn_most"] = "einem Plättchen" if per == 1 else f"{words[per]} Plättchen"
        out["double_rule"] = ("werden alle ihre Punkte einfach zusammengezählt (nicht vervielfacht)." if f == 1
                              else f"werden alle ihre Punkte zusammengezählt und die Summe **{TIMES_WORDS[lang][f]}**.")
        out["double_note"] = ("Auch bei drei Schlangen auf einmal wird nur verdoppelt (nicht verdreifacht)." if f == 2
                              else "Der Faktor ist derselbe, wie viele Schlangen ein Plättchen auch vollendet.")
        out["marker_with_double"] = ("Trifft das mit einer Doppelwertung zusammen, zählt es vierfach." if f == 2
                                     else f"Trifft das mit mehreren Schlangen zugleich zusammen, zählt es "
                                          f"{2 * f}-fach.")
        n = rules.double_markers
        who = ("Wer als erste Person" if n == 1 else "Wer als eine der ersten beiden Personen" if n == 2
               else f"Wer als eine der ersten {words[n]} Personen")
        out["marker_rule"] = ("Dieser Satz hat keine „2x“-Marker; niemand bekommt einen." if n == 0 else
                              f"{who} eine Schlange aus {rules.double_threshold} oder mehr Plättchen vollendet, "
                              "nimmt einen „2x“-Marker (jede Person höchstens einen).")
        out["three_players"] = ("Zu dritt zieht die erste Person am Ende die letzten Plättchen aus dem Beutel und "
                                "legt dadurch zwei Plättchen mehr als die anderen." if (hand, per) == (5, 2) else
                                "Wer am Ende die letzten Plättchen aus dem Beutel zieht, legt dadurch oft mehr "
                                "Plättchen als die anderen.")
    else:
        out["turn"] = ("On your turn, lay **one** tile from your hand." if per == 1 else
                       f"On your turn, lay **{words[per]}** tiles from your hand, one after the other.")
        out["must_next"] = {1: "You lay only one tile a turn, even if more would fit.",
                            2: "If a second tile fits after the first, you **must** lay it.",
                            3: "As long as another tile fits and you have not laid three, you **must** lay it."}[per]
        out["only_fewer"] = {1: "Once your tile is laid, refill and end your turn.",
                             2: "If only one tile fits, lay it, refill and end your turn. That is not a pass.",
                             3: "If only one or two tiles fit, lay them, refill and end your turn. "
                                "That is not a pass."}[per]
        out["turn_most"] = "one tile" if per == 1 else f"{words[per]} tiles"
        out["double_rule"] = ("all their points are simply added (not multiplied)." if f == 1
                              else f"all their points are added and the sum is **{TIMES_WORDS[lang][f]}**.")
        out["double_note"] = ("three snakes at once are doubled too (not tripled)." if f == 2
                              else "the factor is the same however many snakes one tile completes.")
        out["marker_with_double"] = ("Together with a double completion it counts four times." if f == 2
                                     else f"Together with a completion of several snakes at once it counts "
                                          f"{2 * f} times.")
        n = rules.double_markers
        who = "the first player" if n == 1 else f"the first {words[n]} players"
        out["marker_rule"] = ("this set has no “2x” markers, so nobody takes one." if n == 0 else
                              f"{who} to complete a snake of {rules.double_threshold} or more tiles take a "
                              "“2x” marker (one per player at most).")
        out["three_players"] = ("With three players the first player draws the last tiles from the bag and so "
                                "lays two tiles more than the others." if (hand, per) == (5, 2) else
                                "Whoever draws the last tiles from the bag often lays more tiles than the others.")
    out["example_note"] = _example_note(rules, lang)
    return out


EXAMPLE_NOTE = {
    "de": ("Ergänzung: Im Beispiel der Originalregel steht „6 Plättchen“, gerechnet wird aber mit 1 + … + 8; die "
           "Schlange hat also 8 Plättchen, wie hier abgebildet.",
           " Das Original zählt sie nach seiner Wertung, (36 + 6) × 2 = 84; hier zählt das Beispiel nach den Regeln "
           "dieses Satzes."),
    "en": ("Our ruling: the original's example says “6 tiles” but counts 1 + … + 8, so the snake has 8 tiles, as "
           "shown here.",
           " The original scores it by its own rules, (36 + 6) × 2 = 84; here the example scores by this set's rules."),
}
"""The note under the scoring example: the original's slip, and what a set scoring otherwise adds."""


def _example_note(rules: Any, lang: str) -> str:
    """The note under the scoring example: the original's slip ("6 tiles", counted 1 + … + 8),
    and, for a set that scores otherwise, that the picture scores by the set's rules instead."""
    slip, other = EXAMPLE_NOTE[lang]
    return slip if rules.snake_score == "triangular" and rules.double_factor == 2 else slip + other


def _tile_art(pit: Any, place: Any) -> Any:
    return tile_group(pit.tile(place.tile).parts, PALETTE, place.rot, place.flip, size_mm=pit.tile_size)


def _board(pit: Any, state: Any) -> Grid:
    grid = Grid(pit.tile_size)
    for cell, place in _placed(state).items():
        grid.card(cell, _tile_art(pit, place))
    return grid


def _placed(state: Any) -> dict[tuple[int, int], Any]:
    """Every laid tile as a Place, by cell, read off the engine's board."""
    from cardgen.games.schlangengrube.moves import Place

    cat = state.game.cat
    out = {}
    for cell, info in state.board.cells.items():
        t, oi = info[0], info[1]
        rot, flip = _orientation(cat, t, oi)
        out[cell] = Place(state.game.set.tiles[t].id, cell, rot, flip)
    return out


def _orientation(cat: Any, t: int, oi: int) -> tuple[int, bool]:
    for (tt, rot, flip), o in cat.orient_of.items():
        if tt == t and o == oi:
            return rot, flip
    raise LookupError((t, oi))  # pragma: no cover


def tiles_figure(pit: Any, lang: str, doc: Document) -> Figure:
    """One tile of every group the set holds, with the number of tiles in that group."""
    grid = Grid(pit.tile_size)
    seen: dict[str, Any] = {}
    counts: Counter[str] = Counter()
    for tile in pit.tiles:
        counts[tile.kind] += tile.count
        seen.setdefault(tile.kind, tile)
    for i, (kind, tile) in enumerate(seen.items()):
        grid.card((i * 2, 0), tile_group(tile.parts, PALETTE, size_mm=pit.tile_size))
        grid.mark("label", (i * 2, 1), text=f"{counts[kind]}×", at=(0.5, 0.25), size=13)
    kinds = join([kind_count(kind, counts[kind], lang) for kind in seen], lang)
    return Figure(grid.drawing(), doc.caption("tiles", kinds=kinds), max_height=40, catalogue=True)


SCORING = (
    # (tile, cell, rot) in the order laid: a purple bridge row first (so every tile touches a
    # laid one), then the red snake's 6 straights and its tail, the green straight and head.
    ("SH-PG", (0, 1), 90), ("ST-PR", (-1, 1), 90), ("SH-PY", (1, 1), 90),
    ("ST-RG", (-1, 0), 270), ("SH-GP", (1, 0), 270), ("HT-GY", (2, 0), 270),
    ("SH-RY", (-2, 0), 270), ("SH-RP", (-3, 0), 270), ("X-RG", (-4, 0), 270),
    ("X-RY", (-5, 0), 270), ("X-RP", (-6, 0), 270), ("CT-GR", (-7, 0), 270),
)
COMPLETING = ("HT-RG", (0, 0), 270)
"""The scoring example (docs/rulings.md, corrected): one tile completes a red snake of 8 tiles and a
green one of 3: (36 + 6) x 2 = 84. Only for sets holding these tiles (the standard set)."""


def scoring_state(pit: Any) -> tuple[Any, Any, Any]:
    """The position just before and just after the completing tile is laid (engine states),
    and that tile's move."""
    from cardgen.games.schlangengrube.moves import Place
    from cardgen.games.schlangengrube.rules import PitGame

    game = PitGame(pit)
    # every other tile still in the bag: a position of a real game, tiles conserved
    used = Counter([t for t, _, _ in SCORING] + [COMPLETING[0]])
    bag = [tile.id for tile in pit.tiles for _ in range(tile.count - used[tile.id])]
    before = game.setup([Place(t, c, r) for t, c, r in SCORING], hands=[[COMPLETING[0]]], bag=bag)
    after = before.clone()
    move = Place(*COMPLETING)
    after.apply(move)
    return before, after, move


def scoring_figure(pit: Any, lang: str, doc: Document) -> Figure:
    """The corrected scoring example, numbers along both snakes, score from the engine."""
    from cardgen.errors import CardgenError

    try:
        before, after, move = scoring_state(pit)
    except (CardgenError, KeyError):  # a variant set without these tiles: the standard set shows it,
        # drawn at the kit's tile size (--card-size or the variant's own)
        pit = dataclasses.replace(load_pit_set(None), tile_size=pit.tile_size, rules=pit.rules)
        before, after, move = scoring_state(pit)
    grid = _board(pit, after)
    cell = COMPLETING[1]
    grid.mark("frame", cell, colour=OK)
    red = [COMPLETING[1]] + [(-i, 0) for i in range(1, 8)]
    green = [COMPLETING[1], (1, 0), (2, 0)]
    for i, c in enumerate(reversed(red), 1):
        grid.mark("number", c, text=str(i), at=(0.5, 0.22) if c != cell else (0.22, 0.22), size=8)
    for i, c in enumerate(green, 1):
        grid.mark("number", c, text=str(i), at=(0.5, 0.78) if c != cell else (0.78, 0.78), size=8,
                  colour=PALETTE["green"].outline)
    comps = after.completions
    sizes = {c.colour: c.tiles for c in comps}
    score = after.game.snake_score
    base = {c.colour: score(c.tiles) for c in comps}
    return Figure(grid.drawing(), doc.caption(
        "scoring", red=sizes["red"], green=sizes["green"], red_points=base["red"],
        green_points=base["green"], red_sum=snake_sum(pit.rules, sizes["red"], lang),
        green_sum=snake_sum(pit.rules, sizes["green"], lang), factor=pit.rules.double_factor,
        total=after.points[0]), max_height=60,
        shows=(Shown(before, move), Shown(after)))


def _placement_position(pit: Any) -> tuple[Any, Any, Any, str]:
    """A position of a seeded game with a legal tile and one the engine refuses (two heads or
    two tails preferred, else a mismatched edge)."""
    from cardgen.engine.players import make_player
    from cardgen.engine.simulate import seat_rng
    from cardgen.games.schlangengrube.moves import Place
    from cardgen.games.schlangengrube.rules import PitGame

    best = None
    for seed in range(30):
        state = PitGame(pit).new_initial_state(seed)
        player = make_player("random")
        rngs = [seat_rng(seed, s) for s in range(state.num_players)]
        for _ in range(12):
            if state.is_terminal():
                break
            if state.placed == 0 and len(state.board.cells) >= 5:
                found = _refused(state, Place)
                if found is not None:
                    if found[3] in ("two-heads", "two-tails"):
                        return found
                    best = best or found
            state.apply(player.choose(state, rngs[state.current_player]))
    if best is None:  # pragma: no cover
        raise LookupError("no seeded game shows a refused tile")
    return best


def _refused(state: Any, Place: Any) -> tuple[Any, Any, Any, str] | None:
    legal = [m for m in state.legal_moves() if isinstance(m, Place)]
    if not legal:
        return None
    cells = {m.at for m in legal}
    bad = None
    for t in sorted(set(state.hands[state.player])):
        tid = state.game.set.tiles[t].id
        for cell in sorted(cells):
            for rot in (0, 90, 180, 270):
                for flip in (False, True):
                    move = Place(tid, cell, rot, flip)
                    try:
                        state.check(move)
                    except IllegalMove as exc:
                        if exc.rule in ("two-heads", "two-tails"):
                            return state, legal[0], move, exc.rule
                        if exc.rule == "edge-mismatch" and bad is None:
                            bad = (move, exc.rule)
    return (state, legal[0], bad[0], bad[1]) if bad else None


def placement_figure(pit: Any, lang: str, doc: Document) -> Figure:
    """The same position twice: a legal tile (green) and a refused one (red, with its reason)."""
    state, legal, bad, rule = _placement_position(pit)
    panels = []
    for move, ok in ((legal, True), (bad, False)):
        grid = _board(pit, state)
        grid.card(move.at, _tile_art(pit, move))
        grid.mark("frame", move.at, colour=OK if ok else BAD)
        grid.mark("tick" if ok else "cross", move.at)
        panels.append(grid)
    cells = set(state.board.cells) | {legal.at, bad.at}
    for grid in panels:
        grid.extra |= cells
    fig: Drawing = beside(panels[0].drawing(), panels[1].drawing(),
                          (doc.caption("allowed"), doc.caption("refused")), cell_mm=pit.tile_size)
    return Figure(fig, doc.caption("placement", reason=doc.reason(rule)), max_height=72,
                  shows=(Shown(state, legal), Shown(state, bad, rule)))


def figures(pit: Any, lang: str, doc: Document) -> dict[str, Callable[[], Figure]]:
    """The diagrams the text may place, by name."""
    return {
        "tiles": lambda: tiles_figure(pit, lang, doc),
        "scoring": lambda: scoring_figure(pit, lang, doc),
        "placement": lambda: placement_figure(pit, lang, doc),
    }


NAMES = ("Schlangengrube", "Snake Pit", "Tom Scutt", "papierspiele.net")
"""The names the booklet never hyphenates (besides colours and the program)."""

CONTENT = BookletContent(GAME, values, figures, NAMES)
"""What the shared booklet builder needs of this game."""
