"""Schlangennest sets: the card types and the set (colours, card size, play areas) and their
TOML loader. A card is written with the colours `own` (the owner's) and `neutral` (grey)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.geometry import Part, PartKind
from cardgen.inputs import shown
from cardgen.sets import (
    RULES_TABLE,
    SetSource,
    check_keys,
    colour_list,
    default_set_path,
    expect,
    length_mm,
    load_for,
    parse_rules,
    part_list,
    rule,
    rule_params,
    whole_count,
)

GAME = "schlangennest"

NEST_KINDS = ("straight", "curve", "head", "tail")

MIN_SIDE, MAX_SIDE = 1, 40
"""The sides of an agreed play area, in cards (with at least one cell per player): a one-card
strip still makes a game, if a lopsided one (the check finds it unfair), and a set of at most
6 colours × 99 cards never needs more than 40."""
MAX_CARDS = 200
"""The most cards one colour may have (the original: 18; variants: at most 99 + 99 + 2)."""
MAX_CARD_TYPES = 32
"""The most [[card]] tables a set may give (the original has 4)."""


SCORE_CHOICES = ("all", "coloured")
"""What a snake's score counts: every part (the original) or its coloured parts only."""

@dataclass(frozen=True, slots=True)
class NestRules:
    """The rule parameters a set plays by (its `[rules]` table; each field declares one, its name
    the key: `cardgen.sets.rule`, `RULE_PARAMS`):
    `diagonal_opening` whether a snake's first card touches a laid card (at an edge or a
    corner, the original) or must lie one place away from every laid card, touching none;
    `snake_score` "all" (every part of the snake scores) or "coloured" (only the owner's coloured
    parts: grey parts, and the parts of a pre-laid frame snake, score nothing)."""

    diagonal_opening: bool = rule(True, "true: a snake's first card touches a laid card, at a corner too (the "
                                  "original); false: it touches none, not even at a corner, one place away")
    snake_score: str = rule("all", "what a snake scores: all = every part, grey ones too (the original); "
                            "coloured = its coloured parts only", choices=SCORE_CHOICES)

    @property
    def coloured_score(self) -> bool:
        """Whether only coloured parts score."""
        return self.snake_score == "coloured"

    @property
    def is_default(self) -> bool:
        """Whether these are the original's rules."""
        return self == NestRules()


RULE_PARAMS = rule_params(NestRules)
"""The keys of a Schlangennest set file's `[rules]` table (docs/set-files.md), the original's
rules as their defaults."""


@dataclass(frozen=True, slots=True)
class NestCard:
    """One Schlangennest card type; every colour gets `count` of it.

    `parts` are listed bottom to top with colours "own" (the owner's) and "neutral" (grey).
    """

    id: str
    count: int
    parts: tuple[Part, ...]

    @property
    def own(self) -> Part:
        """The card's part in the owner's colour."""
        return next(p for p in self.parts if p.colour == "own")

    @property
    def kind(self) -> str:
        """straight, curve, head or tail: what the owner's part is."""
        own = self.own
        if own.kind is PartKind.BODY:
            return "straight" if own.is_straight else "curve"
        return str(own.kind.value)


@dataclass(frozen=True, slots=True)
class NestSet:
    """A Schlangennest set: colours, card size, card types and the play areas per player count."""

    path: Path
    name: str
    colours: tuple[str, ...]
    card_size: float
    cards: tuple[NestCard, ...]
    areas: dict[int, tuple[tuple[int, int], ...]]
    variant: bool = False
    rules: NestRules = NestRules()

    @property
    def game(self) -> str:
        """The registry name of the game this set is for."""
        return "schlangennest"

    def card(self, card_id: str) -> NestCard:
        """The card type called `card_id` (KeyError if none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def cards_per_colour(self) -> int:
        """How many cards one colour's set holds."""
        return sum(c.count for c in self.cards)


def parse_nest_set(src: SetSource, data: dict[str, Any]) -> NestSet:
    """Validate a parsed Schlangennest set file into a NestSet (DataError naming file:line/key)."""
    check_keys(src, data, {"game", "name", "colours", "card_size", "card", "areas", "variant", RULES_TABLE},
                {"game", "name", "colours", "card_size", "card"}, rules=RULE_PARAMS)
    name = expect(src, data["name"], str, "a text", "name")
    colours = colour_list(src, data)
    size = length_mm(src, data["card_size"], "card_size", 25.0, 300.0)  # paper fit is the layout's call
    tables = expect(src, data["card"], list, "[[card]] tables", "card")
    if len(tables) > MAX_CARD_TYPES:
        raise src.error(f"{len(tables)} card types; a set has at most {MAX_CARD_TYPES}", "card")
    cards: list[NestCard] = []
    for i, table in enumerate(tables):
        check_keys(src, table, {"id", "count", "parts"}, {"id", "count", "parts"}, "card", i)
        card_id = expect(src, table["id"], str, "a text", "id", "card", i)
        if not re.fullmatch(r"[a-z][a-z0-9-]*", card_id):
            raise src.error(f"id {card_id!r} must be lower-case letters, digits and '-'", "id", "card", i)
        if any(c.id == card_id for c in cards):
            raise src.error(f"id {card_id!r} is used twice", "id", "card", i)
        parts = part_list(src, table["parts"], {"own", "neutral"}, "card", i)
        owns = [p for p in parts if p.colour == "own"]
        if len(owns) != 1:
            raise src.error(f"a card needs exactly one 'own' part, this one has {len(owns)}", "parts", "card", i)
        cards.append(NestCard(card_id, whole_count(src, table["count"], "card", i), parts))
    per_colour = sum(c.count for c in cards)
    if per_colour > MAX_CARDS:
        raise src.error(f"{per_colour} cards per colour; a set has at most {MAX_CARDS}", "card")
    for kind in ("head", "tail"):
        n = sum(c.count for c in cards if c.kind == kind)
        if n != 1:
            raise src.error(f"every colour needs exactly one {kind} card, this set gives {n}", "card")
    areas: dict[int, tuple[tuple[int, int], ...]] = {}
    raw_areas = expect(src, data.get("areas", {}), dict, "a table of player counts", "areas")
    for players, sizes in raw_areas.items():
        # ASCII digits only: str.isdigit() also takes '²', which int() refuses
        if not re.fullmatch(r"[0-9]{1,2}", players) or not 2 <= int(players) <= len(colours):
            raise src.error(f"player count {shown(players)} must be 2-{len(colours)}", "areas")
        if not isinstance(sizes, list) or not sizes or not all(
            isinstance(s, list) and len(s) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                        and MIN_SIDE <= v <= MAX_SIDE for v in s) for s in sizes):
            raise src.error(f"areas for {players} players must be a list of one or more [width, height] "
                            f"pairs of {MIN_SIDE}-{MAX_SIDE}", "areas")
        for w, h in sizes:
            if w * h < int(players):
                raise src.error(f"a {w}×{h} area has fewer cells than the {players} players need to start "
                                "their snakes", "areas")
        areas[int(players)] = tuple((int(w), int(h)) for w, h in sizes)
    variant = expect(src, data.get("variant", False), bool, "true or false", "variant")
    values = parse_rules(src, data, RULE_PARAMS)
    rules = NestRules(**values)  # type: ignore[arg-type]  # parse_rules checked each value's type
    return NestSet(src.path, name, colours, size, tuple(cards), areas, variant, rules)


def load_nest_set(path: str | Path | None = None) -> NestSet:
    """Load a Schlangennest set file (the built-in standard set when `path` is None)."""
    return load_for(default_set_path(GAME) if path is None else path, GAME, parse_nest_set)
