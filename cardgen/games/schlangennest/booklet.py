"""The Schlangennest booklet: the numbers read from the set file and the diagrams, each drawn
from a real engine position (seeded games played by the engine's own simulated players) with the
game's card art.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Drawing, Group  # type: ignore[import-untyped]

from cardgen.booklet.build import BookletContent
from cardgen.booklet.markup import Document
from cardgen.booklet.pages import Figure, Shown
from cardgen.booklet.tiles import BAD, MARK, OK, Grid, beside, tile_group
from cardgen.booklet.words import OR, colour_name, join, mm
from cardgen.colours import NEUTRAL, colour as palette_colour
from cardgen.errors import IllegalMove
from cardgen.games.schlangennest import card_words
from cardgen.games.schlangennest.components import NestSet

GAME = "schlangennest"
KIND_ORDER = ("straight", "curve", "head", "tail")
PORT_AT = {0: (0.5, 0.0), 1: (1.0, 0.5), 2: (0.5, 1.0), 3: (0.0, 0.5)}


AREA_LABEL = {"de": "{} Personen", "en": "{} players"}
GRADE = {"de": ("leicht", "empfohlen", "schwer"), "en": ("easy", "recommended", "hard")}


def _area_list(sizes: tuple[tuple[int, int], ...], lang: str) -> str:
    """The agreed sizes for one player count, easy to hard as the set lists them, graded: the
    first is the easy one, the last the hard one, those between are the recommended ones (the
    original's table has this shape)."""
    names = [f"{w}×{h}" for w, h in sizes]
    if len(names) < 3:
        return join(names, lang, OR)
    easy, hard = GRADE[lang][0], GRADE[lang][2]
    middle = join(names[1:-1], lang, OR)
    return f"{names[0]} ({easy}), {middle} ({GRADE[lang][1]}), {names[-1]} ({hard})"


def grey_parts(count: int, lang: str) -> str:
    """'1 graues' / '3 graue' (the German adjective follows the number; English needs nothing)."""
    if lang == "de":
        return f"{count} graues" if count == 1 else f"{count} graue"
    return str(count)


def rule_ids() -> set[str]:

    """Every rule id the Schlangennest engine can refuse a move with."""
    from cardgen.games.schlangennest.ruleids import Rule

    return {r.value for r in Rule}


RULE_TEXTS: dict[str, dict[str, dict[object, str]]] = {
    "opening_place": {
        "de": {True: "auf einen freien Platz, der eine schon liegende Karte waagerecht, senkrecht oder schräg berührt.",
               False: "auf einen freien Platz genau einen Platz entfernt von einer liegenden Karte: Eine erste "
                      "Karte darf keine andere Karte berühren, auch nicht schräg an einer Ecke; zwischen ihr und "
                      "der nächsten liegenden Karte bleibt ein Platz frei (eine Regel dieses Sets: Im Original "
                      "berühren die ersten Karten eine liegende)."},
        "en": {True: "on a free place touching a laid card across an edge or at a corner.",
               False: "on a free place one place away from a laid card: an opening card must not touch another "
                      "card, not even at a corner; one free place lies between it and the nearest laid card (this set's rule: in the original "
                      "first cards touch a laid card)."},
    },
    "setup_touch": {
        "de": {True: "jede berührt eine liegende Karte, auch schräg",
               False: "keine berührt eine andere Karte, auch nicht an einer Ecke"},
        "en": {True: "each touches a laid card, corners count",
               False: "none touches another card, not even at a corner"},
    },
    "two_snakes_apart": {
        "de": {True: "",
               False: " Nach den Regeln dieses Satzes liegt dabei jeder Schwanz einen Platz entfernt von den "
                      "liegenden Karten und berührt keine, auch nicht an einer Ecke: auch der zweite Schwanz "
                      "einer Person hält so Abstand zu ihrem ersten."},
        "en": {True: "",
               False: " Under this set's rules each of these tails lies one place away from the laid cards and "
                      "touches none, not even at a corner: a player's second tail keeps that distance from their "
                      "first one too."},
    },
    "win_intro": {
        "de": {"all": "Gewonnen hat, wessen Schlange am Ende aus den meisten Teilen besteht.",
               "coloured": "Gewonnen hat, wessen Schlange am Ende die meisten farbigen Teile hat; graue Teile "
                           "zählen nicht."},
        "en": {"all": "Whoever ends with the snake of the most parts wins.",
               "coloured": "Whoever ends with the snake of the most coloured parts wins; grey parts do not score."},
    },
    "swap_score": {
        "de": {"all": "Das bringt einen Punkt mehr, weil die Karte nun zwei zählende Teile trägt.",
               "coloured": "Einen Punkt bringt das nach diesen Regeln nicht: Es zählen nur farbige Teile, und die "
                           "Schwanzkarte trägt eines, wie die Gerade."},
        "en": {"all": "This scores one more point, since the card now carries two counting parts.",
               "coloured": "Under these rules this scores no extra point: only coloured parts count, and the tail "
                           "card carries one, as the straight did."},
    },
    "score_rule": {
        "de": {"all": "Jede Person zählt die Teile ihrer Schlange: farbige und graue, Kopf und Schwanz "
                      "eingeschlossen. Die meisten Teile gewinnen; bei Gleichstand gibt es mehrere Sieger.",
               "coloured": "Eine Schlange bekommt einen Punkt pro farbigem Teil: Farbiger Kopf und Schwanz zählen "
                           "mit, graue Teile nicht (auch nicht der graue Kopf einer Schwanzkarte). Die meisten "
                           "Punkte gewinnen; bei Gleichstand gibt es mehrere Sieger. (Eine Regel dieses Sets: Im "
                           "Original zählt jedes Teil.)"},
        "en": {"all": "Everyone counts the parts of their snake: coloured and grey, head and tail included. The "
                      "most parts win; ties share the win.",
               "coloured": "A snake scores one point per coloured part: the coloured head and tail count, grey "
                           "parts do not (nor the grey head of a tail card). The most points win; ties share the "
                           "win. (This set's rule: in the original every part counts.)"},
    },
    "tip_grey": {
        "de": {"all": "Baut möglichst viele graue Teile ein, aber behaltet Platz für spätere Züge.",
               "coloured": "Graue Teile zählen nach diesen Regeln nicht, lenken aber die Schlangen; behaltet Platz "
                           "für spätere Züge."},
        "en": {"all": "Build in as many grey parts as you can, but keep room for later turns.",
               "coloured": "Grey parts score nothing under these rules, but they still steer the snakes; keep room "
                           "for later turns."},
    },
}
"""The sentences that follow the set's `[rules]` (docs/set-files.md), by placeholder, language
and rule value: those of OPENING_TEXTS by diagonal_opening, the others by snake_score
(`two_snakes_apart` is empty under the original's rule and follows a sentence without a space)."""

OPENING_TEXTS = ("opening_place", "setup_touch", "two_snakes_apart")


def rule_sentences(nest: NestSet, lang: str) -> dict[str, str]:
    """The placeholders of RULE_TEXTS filled for the set's rules in `lang`."""
    rules = nest.rules
    return {name: texts[lang][rules.diagonal_opening if name in OPENING_TEXTS else rules.snake_score]
            for name, texts in RULE_TEXTS.items()}


def values(nest: NestSet, lang: str) -> dict[str, object]:
    """The numbers and names the text prints, read from the set file."""
    by_kind = {k: sum(c.count for c in nest.cards if c.kind == k) for k in KIND_ORDER}
    players = range(2, len(nest.colours) + 1)
    areas = [f"{AREA_LABEL[lang].format(p)}: "
             f"{_area_list(nest.areas[p], lang) if p in nest.areas else card_words.NO_AREA[lang]}" for p in players]

    out: dict[str, object] = {
        "colours": len(nest.colours),
        "colour_names": join([colour_name(c, lang) for c in nest.colours], lang),
        "per_colour": nest.cards_per_colour,
        "total": nest.cards_per_colour * len(nest.colours),
        "card_size": mm(nest.card_size, lang),
        "max_players": len(nest.colours),
        "areas": "; ".join(areas) if areas else ("nach Absprache" if lang == "de" else "as agreed"),
        "card_lines": card_words.card_lines(nest, lang),
        "parts_sentence": card_words.parts_sentence(nest, lang),
        "faces_note": card_words.faces_note(nest, mm(nest.card_size, lang), lang),
        "grey_heads": card_words.grey_heads(nest, lang),
        "three_parts": card_words.three_parts(nest, lang),
    }
    for k, n in by_kind.items():
        out[f"n.{k}"] = n
    out.update(rule_sentences(nest, lang))
    return out


# ------------------------------------------------------------------ engine positions


def _options(nest: NestSet, players: int) -> dict[str, Any]:
    colours = list(nest.colours[:players])
    areas = nest.areas.get(players)
    area = list(areas[min(1, len(areas) - 1)]) if areas else [5 + players, 5 + players]
    return {"players": colours, "area": area}


def _game(nest: NestSet, players: int) -> Any:
    from cardgen.games.schlangennest.rules import new_game

    return new_game(_options(nest, players), nest.path)


def _play(state: Any, seed: int, stop: Callable[[Any], bool] | None = None, limit: int = 10_000) -> list[Any]:
    """Play `state` on with the engine's `sensible` players (seeded); return the moves played.
    Stops early when `stop(state)` is true before a move."""
    from cardgen.engine.players import make_player
    from cardgen.engine.simulate import seat_rng

    player = make_player("sensible")
    rngs = [seat_rng(seed, s) for s in range(state.num_players)]
    played: list[Any] = []
    while not state.is_terminal() and len(played) < limit:
        if stop is not None and stop(state):
            break
        move = player.choose(state, rngs[state.current_player])
        state.apply(move)  # the public, checked path: every diagram position is a legal one
        played.append(move)
    return played


def _card_art(nest: NestSet, state: Any, card_id: str, colour_index: int, rot: int) -> Group:
    card = nest.card(card_id)
    palette = {"own": palette_colour(state.rules.colours[colour_index]), "neutral": NEUTRAL}
    return tile_group(card.parts, palette, rot * 90, size_mm=nest.card_size)


def _board(nest: NestSet, state: Any) -> Grid:
    grid = Grid(nest.card_size)
    for cell, (k, col, rot, _) in sorted(state.cells.items()):
        colour = col if col >= 0 else 0
        card = state.rules.card_ids[k]
        if col < 0:  # a pre-laid neutral card (frame variants): all its parts grey
            grid.card(cell, tile_group(nest.card(card).parts, {"own": NEUTRAL, "neutral": NEUTRAL}, rot * 90,
                                        size_mm=nest.card_size))
        else:
            grid.card(cell, _card_art(nest, state, card, colour, rot))
    return grid


def setup_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """Round 1 and the start of round 2 of a seeded game, cards numbered in the order laid."""
    players = min(3, len(nest.colours))
    state = _game(nest, players)
    moves = _play(state, seed=4, limit=2 * players)
    grid = _board(nest, state)
    for i, m in enumerate(moves, 1):
        grid.mark("number", m.at, text=str(i), at=(0.18, 0.18), size=8.5)
    names = [colour_name(m.colour, lang) for m in moves[:players]]
    fig = grid.drawing()
    return Figure(fig, doc.caption("setup", players=players, order=join(names, lang),
                                   next=players + 1), max_height=62, shows=(Shown(state),))


def _placement_position(nest: NestSet, want: str = "joins-snakes") -> tuple[Any, Any, Any, str]:
    """A position of a seeded game where the player to move has a legal body card and a card
    the engine refuses with `want` (any other refusal if no game offers that)."""
    fallback = None
    for seed in range(40):
        state = _game(nest, 2)
        found: list[Any] = []

        def stop(s: Any) -> bool:
            if len(s.cells) < 7:
                return False
            legal, bad = None, None
            for m in s.candidate_moves():
                if m.kind.value != "card" or s.rules.kinds[s.rules.card_ids.index(m.card)] not in ("straight", "curve"):
                    continue
                try:
                    s.check(m)
                    legal = legal or m
                except IllegalMove as exc:
                    if bad is None or (exc.rule == want and bad[1] != want):
                        bad = (m, exc.rule)
            if legal and bad:
                found.append((legal, bad))  # noqa: B023 - called within this iteration
                return bad[1] == want
            return False

        _play(state, seed, stop, limit=40)
        if found and found[-1][1][1] == want:
            legal, (bad, rule) = found[-1]
            return state, legal, bad, rule
        if found and fallback is None:
            fallback = (seed, len(state.cells))
    raise LookupError("no seeded game shows a refused placement")  # pragma: no cover


def _two_panels(nest: NestSet, state: Any, legal: Any, bad: Any, doc: Document) -> Drawing:
    colour = state.rules.colours.index(legal.colour)
    panels = []
    for move, ok in ((legal, True), (bad, False)):
        grid = _board(nest, state)
        grid.card(move.at, _card_art(nest, state, move.card, colour, move.rot // 90))
        grid.mark("frame", move.at, colour=OK if ok else BAD)
        grid.mark("tick" if ok else "cross", move.at)
        panels.append(grid)
    cells = set(state.cells) | {legal.at, bad.at}  # both panels over the same cells: they line up
    for grid in panels:
        grid.extra |= cells
    return beside(panels[0].drawing(), panels[1].drawing(), (doc.caption("allowed"), doc.caption("refused")),
                  cell_mm=nest.card_size)


def edge_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """A seeded position at the edge of the nest: left a legal card, right a body card the
    engine refuses with `outside-area`."""
    state, legal, bad, rule = _placement_position(nest, "outside-area")
    if rule != "outside-area":  # pragma: no cover - the seeds above always find one
        raise LookupError("no seeded game shows a card refused at the edge of the nest")
    w, h = _options(nest, 2)["area"]
    return Figure(_two_panels(nest, state, legal, bad, doc),
                  doc.caption("edge", player=colour_name(legal.colour, lang), area=f"{w}×{h}",
                              reason=doc.reason(rule)),
                  max_height=54, shows=(Shown(state, legal), Shown(state, bad, rule)))


def reopen_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """A seeded game in which a snake has closed into a ring: before and after its owner turns
    one of their curves, the turned card framed. The turn shown leaves an end open."""
    from cardgen.games.schlangennest.config import DX, DY
    from cardgen.games.schlangennest.moves import MoveKind

    # the standard set's best pictures first; then any seed, for a variant set
    tries = [(2, 39), (2, 35), (3, 30), (2, 5)] + [(p, seed) for p in (2, 3) for seed in range(80)]
    for players, seed in tries:
        if players > len(nest.colours):
            continue
        state = _game(nest, players)
        _play(state, seed, lambda s: any(m.kind is MoveKind.TURN for m in s.candidate_moves()), limit=200)
        for move in state.legal_moves():
            if move.kind is not MoveKind.TURN:
                continue
            after = state.clone()
            after.apply(move)
            c = state.rules.colours.index(move.colour)
            chain = after.chains[after.snake[c]]
            if any((x + DX[e], y + DY[e]) not in after.cells for x, y, e in chain.free):
                break
        else:
            continue
        panels = []
        for position in (state, after):
            grid = _board(nest, position)
            grid.mark("frame", move.at, colour=OK)
            panels.append(grid)
        fig = beside(panels[0].drawing(), panels[1].drawing(), (doc.caption("before"), doc.caption("after")),
                     colours=(MARK, MARK), cell_mm=nest.card_size)
        return Figure(fig, doc.caption("reopen", player=colour_name(move.colour, lang)), max_height=62,
                      shows=(Shown(state, move), Shown(after)))
    raise LookupError("no seeded game closes a snake into a ring")  # pragma: no cover


def placement_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """The same position twice: left a legal card (green), right a refused one (red, with the
    engine's rule id and its reason)."""
    state, legal, bad, rule = _placement_position(nest)
    fig = _two_panels(nest, state, legal, bad, doc)
    return Figure(fig, doc.caption("placement", player=colour_name(legal.colour, lang),
                                   reason=doc.reason(rule)), max_height=70,
                  shows=(Shown(state, legal), Shown(state, bad, rule)))


def _label_spot(state: Any, pid: int) -> tuple[float, float]:
    ports = state.part_ports[pid]
    pts = [PORT_AT[e] for e in ports]
    if len(pts) == 1:  # a head or tail: towards the middle from its port
        x, y = pts[0]
        return x + (0.5 - x) * 0.62, y + (0.5 - y) * 0.62
    x = sum(p[0] for p in pts) / len(pts)
    y = sum(p[1] for p in pts) / len(pts)
    if abs(x - 0.5) < 0.01 and abs(y - 0.5) < 0.01:  # a straight: beside the centre, along it
        horizontal = ports[0] % 2 == 1
        return (0.3, 0.5) if horizontal else (0.5, 0.3)
    return x, y


def finished_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """The end of a seeded two-player game: every part of the winner's snake numbered; the
    count is the engine's score."""
    state = _game(nest, 2)
    _play(state, seed=0)
    scores = state.scores()
    seat = max(range(len(scores)), key=lambda s: scores[s])
    c = state.rules.seats[seat][0]
    grid = _board(nest, state)
    chain = state.chains[state.snake[c]]
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    order = _snake_order(state, chain.parts)
    for i, pid in enumerate(order, 1):
        cell = state.part_cell[pid]
        spot = _label_spot(state, pid)
        used = cells.setdefault(cell, [])
        if any(abs(spot[0] - u[0]) < 0.2 and abs(spot[1] - u[1]) < 0.2 for u in used):
            spot = (1 - spot[0], 1 - spot[1])
        used.append(spot)
        grid.mark("number", cell, text=str(i), at=spot, size=7.5 if i < 10 else 7.0)
    grey = sum(1 for p in chain.parts if state.part_colour[p] < 0)
    caption = "finished-coloured" if nest.rules.coloured_score else "finished"
    return Figure(grid.drawing(), doc.caption(caption, player=colour_name(state.rules.colours[c], lang),
                                              score=int(scores[seat]), grey=grey_parts(grey, lang),
                                              parts=len(chain.parts), other=int(scores[1 - seat])),
                  max_height=95, shows=(Shown(state),))


def _snake_order(state: Any, parts: list[int]) -> list[int]:
    """The parts of a snake from one end to the other (numbering follows the snake)."""
    from cardgen.games.schlangennest.config import DX, DY

    members = set(parts)

    def neighbours(pid: int) -> list[int]:
        x, y = state.part_cell[pid]
        out = []
        for e in state.part_ports[pid]:
            other = state.port_at.get((x + DX[e], y + DY[e], e ^ 2))
            if other is not None and other in members:
                out.append(other)
        return out

    ends = [p for p in parts if len(neighbours(p)) < 2]
    start = min(ends or parts, key=lambda p: (state.part_kind[p] != 2, p))  # the tail first
    order, seen = [start], {start}
    while True:
        nxt = [n for n in neighbours(order[-1]) if n not in seen]
        if not nxt:
            break
        order.append(nxt[0])
        seen.add(nxt[0])
    order += [p for p in parts if p not in seen]
    return order


def cards_figure(nest: NestSet, lang: str, doc: Document) -> Figure:
    """One colour's card kinds side by side, each with its count from the set file."""
    grid = Grid(nest.card_size)
    colour = nest.colours[0]
    palette = {"own": palette_colour(colour), "neutral": NEUTRAL}
    for i, card in enumerate(nest.cards):
        grid.card((i * 2, 0), tile_group(card.parts, palette, size_mm=nest.card_size))
        grid.mark("label", (i * 2, 1), text=f"{card.count}×", at=(0.5, 0.25), size=13)
    kinds = join([card_words.card_name(card, lang) for card in nest.cards], lang)
    return Figure(grid.drawing(), doc.caption("cards", colour=colour_name(colour, lang), kinds=kinds),
                  max_height=40, catalogue=True)


def figures(nest: NestSet, lang: str, doc: Document) -> dict[str, Callable[[], Figure]]:
    """The diagrams the text may place, by name."""
    return {
        "cards": lambda: cards_figure(nest, lang, doc),
        "setup": lambda: setup_figure(nest, lang, doc),
        "placement": lambda: placement_figure(nest, lang, doc),
        "finished": lambda: finished_figure(nest, lang, doc),
        "edge": lambda: edge_figure(nest, lang, doc),
        "reopen": lambda: reopen_figure(nest, lang, doc),
    }





NAMES = ("Schlangennest", "Günter Cornett", "Bambus Spieleverlag")
"""The names the booklet never hyphenates (besides colours and the program)."""

CONTENT = BookletContent(GAME, values, figures, NAMES)
"""What the shared booklet builder needs of this game."""
