"""The booklet's sentences about the cards, generated from the set: one line per card type with
its count and what its face shows, the caption of the cards picture, how many parts a card
carries, which cards carry a grey head, whether the numbers and faces are the original's, and
the agreed areas for every player count the set seats. The original's cards keep the original
booklet's sentences; any other card is described from its parts, so a variant set never gets a
sentence about cards it does not have."""

from __future__ import annotations

from cardgen.booklet.words import OR, join
from cardgen.games.schlangennest.check import ORIGINAL_COUNTS, original_face
from cardgen.games.schlangennest.components import NestCard, NestSet
from cardgen.geometry import Part, PartKind

ORIGINAL_COLOURS = 4

NOUNS = {"de": {"straight": ("Gerade", "Geraden"), "curve": ("Kurve", "Kurven"), "head": ("Kopf", "Köpfe"),
                "tail": ("Schwanz", "Schwänze")},
         "en": {"straight": ("straight", "straights"), "curve": ("curve", "curves"), "head": ("head", "heads"),
                "tail": ("tail", "tails")}}

ORIGINAL_LINES = {
    "de": {"straight": "das farbige Stück läuft gerade hindurch, das graue kreuzt es darunter.",
           "curve": "ein farbiger Bogen, in der gegenüberliegenden Ecke ein grauer.",
           "head": "der farbige Kopf, dazu ein grauer Bogen.",
           "tail": "das farbige Schwanzende, auf der anderen Seite ein grauer Kopf."},
    "en": {"straight": "the coloured piece runs straight across, the grey one crosses beneath it.",
           "curve": "a coloured bend, and a grey one in the opposite corner.",
           "head": "the coloured head, with a grey bend.",
           "tail": "the coloured tail end, with a grey head on the other side."},
}
"""What the original's cards show, as the booklet has always said it."""

OWN = {"de": {"straight": "das farbige Stück läuft gerade hindurch", "curve": "ein farbiger Bogen",
              "head": "der farbige Kopf", "tail": "das farbige Schwanzende"},
       "en": {"straight": "the coloured piece runs straight across", "curve": "a coloured bend",
              "head": "the coloured head", "tail": "the coloured tail end"}}
GREY = {"de": {"straight": "ein graues gerades Stück", "curve": "ein grauer Bogen", "head": "ein grauer Kopf",
               "tail": "ein grauer Schwanz"},
        "en": {"straight": "a grey straight piece", "curve": "a grey bend", "head": "a grey head",
               "tail": "a grey tail"}}
WITH = {"de": {"straight": "grauem geradem Stück", "curve": "grauem Bogen", "head": "grauem Kopf",
               "tail": "grauem Schwanz"},
        "en": GREY["en"]}
"""The grey parts as a card's name says them ("Kurve mit grauem Kopf", "curve with a grey head")."""
NUMBERS = {"de": ("kein", "ein", "zwei", "drei", "vier"), "en": ("no", "one", "two", "three", "four")}


def _part_kind(part: Part) -> str:
    if part.kind is PartKind.BODY:
        return "straight" if part.is_straight else "curve"
    return str(part.kind.value)


def greys(card: NestCard) -> list[Part]:
    """The card's grey (neutral) parts."""
    return [p for p in card.parts if p.colour == "neutral"]


def _above(card: NestCard, part: Part) -> bool:
    """Whether the grey `part` lies above the card's coloured part (parts are listed bottom to top)."""
    return card.parts.index(part) > card.parts.index(card.own)


def _crossing(card: NestCard, part: Part, lang: str) -> str:
    """A grey straight crossing a coloured straight: which of the two lies on top."""
    if not (part.is_straight and card.own.is_straight):
        return ""
    if lang == "de":
        return " darüber" if _above(card, part) else " darunter"
    return " crossing above it" if _above(card, part) else " crossing beneath it"


def original_words(card: NestCard) -> bool:
    """Whether the original booklet's line for the card's kind describes it: the original's face,
    a straight's grey part beneath the coloured one."""
    return original_face(card) and not any(_crossing(card, p, "en") == " crossing above it" for p in greys(card))


def _grey_words(card: NestCard, lang: str) -> str:
    parts = [GREY[lang][_part_kind(p)] + _crossing(card, p, lang) for p in greys(card)]
    if not parts:
        return "ohne graues Teil" if lang == "de" else "with no grey part"
    return ("dazu " if lang == "de" else "with ") + join(parts, lang)


def _quoted(names: list[str], lang: str) -> str:
    """Card names in the language's quotation marks, joined ("„A“ und „B“")."""
    return join([f"„{n}“" if lang == "de" else f"“{n}”" for n in names], lang)


def noun(kind: str, count: int, lang: str) -> str:
    """The kind's noun for `count` cards ("1 head", "9 curves")."""
    one, many = NOUNS[lang][kind]
    return one if count == 1 else many


def card_name(card: NestCard, lang: str) -> str:
    """A card type's name for the caption: its kind, and what its grey parts are when its face is
    not the original's ("curve with a grey head and a grey tail")."""
    name = NOUNS[lang][card.kind][0]
    if original_face(card):
        return name
    parts = [WITH[lang][_part_kind(p)] for p in greys(card)]
    if not parts:
        return f"{name} {'ohne graues Teil' if lang == 'de' else 'with no grey part'}"
    return f"{name} {'mit' if lang == 'de' else 'with'} {join(parts, lang)}"


def card_lines(nest: NestSet, lang: str) -> list[str]:
    """One bullet per card type, in the set's order: "9 curves: a coloured bend, and …"."""
    out = []
    for card in nest.cards:
        what = (ORIGINAL_LINES[lang][card.kind] if original_words(card)
                else f"{OWN[lang][card.kind]}, {_grey_words(card, lang)}.")
        out.append(f"{card.count} {noun(card.kind, card.count, lang)}: {what}")
    return out


def parts_sentence(nest: NestSet, lang: str) -> str:
    """How many snake parts a card shows: two on every card of the original."""
    counts = sorted({len(greys(c)) for c in nest.cards})
    if counts == [1]:
        return ("Jede Karte zeigt also zwei Schlangenteile: eines in der Farbe der Besitzerin oder des Besitzers, "
                "eines in neutralem Grau." if lang == "de" else
                "So every card shows two snake parts: one in its owner's colour and one in neutral grey.")
    words = join([NUMBERS[lang][n] if n < len(NUMBERS[lang]) else str(n) for n in counts], lang, OR)
    return (f"Jede Karte zeigt also ein Schlangenteil in der Farbe der Besitzerin oder des Besitzers und {words} "
            "in neutralem Grau." if lang == "de" else
            f"So every card shows one snake part in its owner's colour and {words} in neutral grey.")


def original_numbers(nest: NestSet) -> bool:
    """Whether the set has the original's colours and cards per kind and colour."""
    counts = {k: sum(c.count for c in nest.cards if c.kind == k) for k in ORIGINAL_COUNTS}
    return len(nest.colours) == ORIGINAL_COLOURS and counts == ORIGINAL_COUNTS


def faces_note(nest: NestSet, size: str, lang: str) -> str:
    """The note on the cards: our reconstruction of the faces, and whose the numbers are."""
    own = [card_name(c, lang) for c in nest.cards if not original_face(c)]
    if lang == "de":
        faces = (f"Wie die Karten genau aussehen (Lage der grauen Teile, Farben, Muster, Kartengröße {size}), ist "
                 "unsere Rekonstruktion")
        if own:
            faces += (f", bis auf {'die Karten' if len(own) > 1 else 'die Karte'} {_quoted(own, lang)}, die dieser "
                      "Satz selbst entworfen hat")
        numbers = ("die Anzahlen stammen aus dem Original." if original_numbers(nest) else
                   "die Anzahlen sind die dieses Satzes (das Original hat 4 Farben mit je 18 Karten: 7 Geraden, "
                   "9 Kurven, 1 Kopf und 1 Schwanz).")
        return f"Ergänzung: {faces}; {numbers}"
    faces = f"the card faces (where the grey parts lie, colours, patterns, the {size} size) are our reconstruction"
    if own:
        faces += f", except the {_quoted(own, lang)} cards, which are this set's own design"
    numbers = ("the numbers are the original's." if original_numbers(nest) else
               "the numbers are this set's own (the original has 4 colours of 18 cards each: 7 straights, "
               "9 curves, 1 head and 1 tail).")
    return f"Our ruling: {faces}; {numbers}"


def grey_heads(nest: NestSet, lang: str) -> str:
    """Which cards carry a grey head, and what that means (the original: the tail card)."""
    cards = [c for c in nest.cards if any(p.kind is PartKind.HEAD for p in greys(c))]
    tip = (" Tipp: erst den Schwanz, später den Kopf legen, dann bekommt die eigene Schlange kaum zwei Köpfe."
           if lang == "de" else
           " Tip: lay your tail first and your head later, and your snake will hardly ever get two heads.")
    if not cards:
        return ("Keine Karte dieses Satzes trägt einen grauen Kopf; den Kopf bekommt eine Schlange nur von ihrer "
                "eigenen Kopfkarte." if lang == "de" else
                "No card of this set carries a grey head; a snake gets its head only from its own head card.")
    others = [card_name(c, lang) for c in cards if c.kind != "tail"]
    tail = len(others) < len(cards)
    if lang == "de":
        subject = join((["die Schwanzkarte"] if tail else [])
                       + ([f"{'die Karten' if len(others) > 1 else 'die Karte'} {_quoted(others, lang)}"] if others
                          else []), lang)
        start = f"{subject[:1].upper()}{subject[1:]} {'trägt' if len(cards) == 1 else 'tragen'} einen grauen Kopf."
    else:
        subject = join((["the tail card"] if tail else []) + ([f"the {_quoted(others, lang)} cards"] if others else []),
                       lang)
        start = f"{subject[:1].upper()}{subject[1:]} {'carries' if len(cards) == 1 else 'carry'} a grey head,"
    return start + (" So kann eine Schlange auch durch den Zug einer anderen Person einen grauen Kopf bekommen."
                    if lang == "de" else " so another player's move can give your snake a grey head.") + tip


def three_parts(nest: NestSet, lang: str) -> str:
    """Whether three snakes can share a place with this set's cards: never with two-part cards."""
    many = [card_name(c, lang) for c in nest.cards if len(c.parts) > 2]
    if not many:
        return ("Mit den Karten dieses Spiels kann der Fall „drei Schlangen auf einem Platz“ nicht eintreten; die "
                "Regel gilt für Varianten mit Karten, die drei Teile tragen." if lang == "de" else
                "with this game's cards three snakes can never share a place; the rule is there for variant sets "
                "with three-part cards.")
    if lang == "de":
        return (f"{'Die Karten' if len(many) > 1 else 'Die Karte'} {_quoted(many, lang)} dieses Satzes "
                f"{'tragen' if len(many) > 1 else 'trägt'} mehr als zwei Teile, also können dort drei Schlangen "
                "zusammenkommen; mit den Karten des Originals kann das nicht geschehen.")
    return (f"this set's {_quoted(many, lang)} cards carry more than two parts, so three snakes could meet on "
            "one; the original's cards never allow it.")


NO_AREA = {"de": "keine in diesem Satz (einigt euch auf eine Größe oder spielt ohne Grenze)",
           "en": "none in this set (agree on a size, or play without a limit)"}
"""A player count the set seats but gives no agreed area for (the engine then plays without one)."""
