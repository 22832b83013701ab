"""`cardgen check schlangennest`: is the set complete, and does it play?

Completeness is judged against the original (docs/rulings.md (Schlangennest)): per colour 1 head, 1 tail,
7 straight and 9 curve cards, every card one coloured and one neutral part with valid,
non-overlapping ports. A set with *fewer* cards of a kind than the original is incomplete
(exit 1, naming the kind and the numbers) unless the file says `variant = true`; a set with
*more* is a variant and gets a note only,
as does a card whose face differs from the original's (up to rotation): such sets are then
judged by their playability, where every seeded game must end properly.

Playability: `games` seeded games with one kind of simulated player for the base game on every
area of the set's table for every player count asked for, and for every variant on the
recommended (second) area of each player count it is for (open-area without an area). Given
`combos` (`cardgen check --variants`), exactly those configurations are played instead: each a
set of variants played together (the empty set is the base game, on every area of the table),
on every player count asked for that all its variants allow. Each player count's *main*
configuration is the base game on its recommended area; the skill trace plays it with each
cheap rung of the ladder against the one below, in both seat orders.

Legal moves are counted (for branching and decisions) in every MEASURE_EVERY-th game only: the
random and sensible players sample candidate moves and check only a few, and listing every
legal move triples the cost of a Schlangennest game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.check.plan import MAIN, Line, rules_label, skill_lines
from cardgen.engine.base import Finding
from cardgen.engine.degenerate import DEAD_SEAT_KIND, DEADLOCK, STALEMATE, Degenerate, dead_seat
from cardgen.errors import DataError
from cardgen.game import CheckFacts, Game
from cardgen.games.schlangennest.components import NestCard, NestSet
from cardgen.games.schlangennest.config import (
    FRAME_VARIANTS,
    VARIANTS,
    check_variants,
    players_allowed,
    recommended_area,
    variant_label,
)
from cardgen.games.schlangennest.moves import MoveKind
from cardgen.geometry import EDGES, Part, PartKind, parse_part

ORIGINAL_COUNTS = {"head": 1, "tail": 1, "straight": 7, "curve": 9}
"""Cards of each kind per colour in the original game."""

ORIGINAL_FACES = {
    "straight": ("own:N-S", "neutral:E-W"), "curve": ("own:N-E", "neutral:S-W"),
    "head": ("own:head@N", "neutral:E-S"), "tail": ("own:tail@N", "neutral:head@S"),
}
"""The faces of the original's cards at rotation 0 (docs/rulings.md (Schlangennest))."""

LABELS = ("straight", "curve", "head", "tail", "turn", "swap", "pass")

KIND_NOUN = "card kind"
"""What the report calls the kinds whose use it counts."""
DEFAULT_GAMES = 400
"""The ceiling of the check (games per configuration) when `check` is not told."""
DEFAULT_SKILL_GAMES = 50
"""Games per line of the skill trace when `check` is not told (100 per rung pair with both seat
orders: the sensible player wins some 90% against the random one, far above the fair share)."""
MEASURE_EVERY = 8
"""Legal moves are counted in every this many-th game (see the module docstring)."""
MAX_PLAYERS = 6


FACTS = CheckFacts(LABELS, KIND_NOUN, DEFAULT_GAMES, DEFAULT_SKILL_GAMES,
                   players="2 up to its colours")
"""The check's facts of this game (`GameInfo.check`)."""


def default_players(nest_set: NestSet) -> tuple[int, ...]:
    """The player counts `check` plays unless told: 2 up to the set's colours (at most 6)."""
    return tuple(range(2, min(len(nest_set.colours), MAX_PLAYERS) + 1))


def kinds(nest_set: NestSet) -> list[str]:
    """The card kinds whose use the report counts: the set's card ids."""
    return [card.id for card in nest_set.cards]


def move_kind(state: Any, move: Any) -> str | None:
    """The card id a move lays (None for turns, swaps and passes)."""
    return str(move.card) if move.kind is MoveKind.PLACE else None


def turn_of(state: Any) -> int:
    """The number of the turn being played (finished seats are skipped, so one seat may take
    several turns in a row)."""
    return int(state.turns)


def kind_supply(nest_set: NestSet, options: dict[str, Any]) -> dict[str, int]:
    """How many cards of each id one game brings into play: the set's count for every colour a
    seat plays (the frame variants' colours are laid by the rules, not played)."""
    colours = sum(len(p) if isinstance(p, list) else 1 for p in options["players"])
    return {card.id: card.count * colours for card in nest_set.cards}


OPENING_TURNS = 2
"""A seat whose snake was finished within this many turns of its own never got going."""


def degenerate(state: Any, active: tuple[int, ...]) -> Degenerate | None:
    """Schlangennest's degenerate games: a *deadlock* when the game ended by a full round of
    passes while a snake was not finished (an end still open into an empty cell, its owner still
    holding cards: the cards left unused are named); a *stalemate* at the engine's move bound; a
    *dead seat* when a seat played at most `OPENING_TURNS` turns, less than half of the others'
    mean: its snake was finished in the opening while the others played on. (A snake finished
    later, blocked or capped, is the game's own way of ending a seat's play, not a dead seat.)"""
    if not state.is_terminal():
        return Degenerate(STALEMATE)
    rules = state.rules
    stuck = [c for c in range(len(rules.colours)) if not state.finished(c)]
    if stuck:
        unused = sorted({rules.card_ids[k] for c in stuck for k, n in enumerate(state.hands[c]) if n})
        return Degenerate(DEADLOCK, tuple(unused))
    seat = dead_seat(active)
    if seat is not None and active[seat] <= OPENING_TURNS:
        return Degenerate(DEAD_SEAT_KIND)
    return None


def _face(parts: tuple[Part, ...]) -> frozenset[tuple[str, str, frozenset[str]]]:
    return frozenset((p.colour, p.kind.value, frozenset(p.ports)) for p in parts)


def original_face(card: NestCard) -> bool:
    """Whether `card` shows the original's face of its kind (up to rotation)."""
    original = ORIGINAL_FACES.get(card.kind)
    return original is not None and any(
        _face(card.parts) == _face(tuple(parse_part(t).transformed(r) for t in original)) for r in (0, 90, 180, 270))


def completeness(nest_set: NestSet) -> list[Finding]:
    """Every way the set differs from the original; errors make it incomplete."""
    out: list[Finding] = []
    for kind, want in ORIGINAL_COUNTS.items():
        have = sum(c.count for c in nest_set.cards if c.kind == kind)
        if have < want:
            # A set file that says `variant = true` chose its counts; otherwise a card is missing.
            out.append(Finding(not nest_set.variant,
                               f"each colour has {have} {kind} card(s); the original has {want}"))
        elif have > want:
            out.append(Finding(False, f"each colour has {have} {kind} cards; the original has {want}"))
    for card in nest_set.cards:
        owns = [p for p in card.parts if p.colour == "own"]
        neutrals = [p for p in card.parts if p.colour == "neutral"]
        if len(owns) != 1:
            out.append(Finding(True, f"card '{card.id}' has {len(owns)} coloured parts; it needs exactly one"))
        if not neutrals:
            out.append(Finding(True, f"card '{card.id}' has no neutral part; it needs one"))
        elif len(neutrals) > 1:
            # The original: every card carries at least two parts, and none may lead three snakes
            # through its field; a card with more grey parts is a variant's choice (docs/rulings.md).
            out.append(Finding(not nest_set.variant, f"card '{card.id}' has {len(neutrals)} neutral parts; "
                                                     "the original's cards have one"))
        ports: list[str] = []
        for part in card.parts:
            need = 2 if part.kind is PartKind.BODY else 1
            if len(part.ports) != need or len(set(part.ports)) != need or not set(part.ports) <= set(EDGES):
                out.append(Finding(True, f"card '{card.id}': part {part} has invalid ports"))
            ports.extend(part.ports)
        if len(ports) != len(set(ports)):
            out.append(Finding(True, f"card '{card.id}': two parts share a port"))
        if card.kind in ORIGINAL_FACES and not original_face(card):
            out.append(Finding(False, f"card '{card.id}' differs from the original {card.kind} card "
                                      f"({', '.join(map(str, card.parts))})"))
    if len(nest_set.colours) < 4:
        out.append(Finding(False, f"{len(nest_set.colours)} colours: games for up to "
                                  f"{len(nest_set.colours)} players only"))
    return out


@dataclass(frozen=True, slots=True)
class Config:
    """One playability configuration: player count, area (None: open) and the variants played
    together (empty: the base game)."""

    players: int
    area: tuple[int, int] | None
    variants: frozenset[str] = frozenset()

    @property
    def variant(self) -> str | None:
        """The variants joined by '+' (e.g. "open-area+tail-first"), None for the base game."""
        return variant_label(self.variants) or None

    @property
    def label(self) -> str:
        """A short name, e.g. "3p 6×8 tail-first" or "2p frame-snake+tail-first"."""
        area = f" {self.area[0]}×{self.area[1]}" if self.area else ""
        return f"{self.players}p{area}" + (f" {self.variant}" if self.variant else "")

    def options(self, nest_set: NestSet) -> dict[str, Any]:
        """Record options for this configuration (colours in set order)."""
        out: dict[str, Any] = {"players": list(nest_set.colours[: self.players]),
                               "area": list(self.area) if self.area else None}
        if self.variants:
            out["variants"] = [v for v in VARIANTS if v in self.variants]
        return out


def parse_combos(text: str) -> list[frozenset[str]]:
    """`--variants`: configurations separated by commas, the variants of one joined by '+'
    ("base" for the base game), e.g. "tail-first+open-area,frame". DataError (one line) for an
    unknown name or a contradictory combination, naming both variants."""
    out: list[frozenset[str]] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        names = [n.strip() for n in item.split("+") if n.strip()]
        combo = frozenset() if names == ["base"] else check_variants(names, "--variants")
        if combo not in out:
            out.append(combo)
    if not out:
        raise DataError("--variants", f"{text!r} names no configuration (e.g. tail-first+open-area,frame)")
    return out


def _playable(nest_set: NestSet, p: int, combo: frozenset[str]) -> bool:
    """Whether `p` players can play `combo` with this set (counts, colours for two snakes each
    and for the frame)."""
    colours = len(nest_set.colours)
    if p not in players_allowed(combo, colours):
        return False
    used = 2 * p if combo & {"two-snakes", "two-snakes-single"} else p
    if used > colours or (combo & set(FRAME_VARIANTS) and used >= colours):
        return False
    return "open-area" in combo or recommended_area(nest_set, p) is not None


def configs(nest_set: NestSet, players: tuple[int, ...],
            combos: list[frozenset[str]] | None = None) -> list[Config]:
    """The configurations `check` plays (see the module docstring). DataError if one of
    `combos` can be played by none of `players`."""
    out: list[Config] = []
    counts = [p for p in players if p <= len(nest_set.colours)]
    chosen = combos if combos is not None else [frozenset()] + [frozenset({v}) for v in VARIANTS]
    for combo in chosen:
        playable = [p for p in counts if _playable(nest_set, p, combo)]
        if combos is not None and not playable:
            raise DataError("--variants", f"{variant_label(combo) or 'base'} cannot be played by "
                                          f"{', '.join(map(str, players))} players with this set")
        for p in playable:
            if not combo:
                out.extend(Config(p, area) for area in nest_set.areas.get(p, ()))
            else:
                out.append(Config(p, None if "open-area" in combo else recommended_area(nest_set, p), combo))
    return out


def _cost(conf: Config, lineup: str) -> float:
    """Rough milliseconds per game, so the pool starts the longest tasks first."""
    return conf.players * (1.5 if "greedy" in lineup else 1.0) * (2.0 if conf.area is None else 1.0)


def lines(game: Game[Any], nest_set: NestSet, players: tuple[int, ...], games: int, player: str,
          skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
    """The report's lines: every configuration with `player` (those of `combos` if given), then
    the skill trace (on the base game's configurations among them)."""
    main: list[Line] = []
    confs = configs(nest_set, players, combos)
    for key, conf in enumerate(confs):
        info = {"area": list(conf.area) if conf.area else None, "variant": conf.variant,
                "main": conf.variant is None and conf.area == recommended_area(nest_set, conf.players)}
        main.append(Line(game, key, conf.label + rules_label(game, nest_set), player, MAIN, conf.players,
                         conf.options(nest_set),
                         nest_set, games, info, MEASURE_EVERY, _cost(conf, player)))
    return main + [s for line in main if line.info["main"] for s in skill_lines(game, line, skill_games)]
