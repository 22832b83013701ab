"""Small shared vocabulary of the booklets: colour names and number formatting per language."""

from __future__ import annotations

from collections.abc import Sequence

COLOURS = {
    "de": {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau", "purple": "Lila",
           "orange": "Orange", "teal": "Türkis", "pink": "Rosa", "neutral": "Grau"},
    "en": {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue", "purple": "purple",
           "orange": "orange", "teal": "teal", "pink": "pink", "neutral": "grey"},
}
AND = {"de": "und", "en": "and"}
OR = {"de": "oder", "en": "or"}


def colour_name(name: str, lang: str) -> str:
    """The colour's name in `lang` (the palette name itself if unknown)."""
    return COLOURS[lang].get(name, name)


def join(items: Sequence[str], lang: str, word: dict[str, str] = AND) -> str:
    """"a, b and c" in `lang`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word[lang]} " + items[-1]


def mm(value: float, lang: str) -> str:
    """A length in mm, with a decimal comma in German."""
    text = f"{value:g}"
    return (text.replace(".", ",") if lang == "de" else text) + " mm"
