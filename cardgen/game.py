"""What the command line knows of a game: the `Game` base every game package fills in, and the
`Registry` of games handed down from `cardgen.registry` (an explicit list, python-chess style).

A game is one package under `cardgen/games/` (see its docstring for the shape). Its `game.py`
holds its static facts as one frozen value (`GameInfo`, the module's `_GAME_INFO`: name, title,
credit, components, rule variants, kit parts, the set-file generator's options, the check's
facts) and subclasses `Game`, naming its check module (`checks`), its set-file generator
(`generator`) and its rule ids (`rule_enum`) as values; the base class reads them, so a game
overrides only what it does its own way (its set parser, its rules' entry, its kit plan, its
own players and ladder). Behaviour a game may leave out has a default here (python-chess's
`is_variant_end()` style); what it must give is abstract. Heavy modules (the art, the booklets'
diagrams) are imported by the game's own methods when they are called, so `cardgen list` and
the rules load neither reportlab nor the art.

In the code "variant" means a rule variant (`GameInfo.variants`: their names, the one way every
game keeps them); the set files `cardgen variant` writes come from the game's generator
(`set_text`, `SetOption`).

This module knows no game: the shared layers below the games (engine, print, booklet) take a
`Game` or a `Registry` as an argument and never import a game package.
"""

from __future__ import annotations

import difflib
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from cardgen.engine.base import Finding, GameState
from cardgen.engine.degenerate import Degenerate, generic
from cardgen.engine.ladder import DEFAULT_LADDER, Ladder
from cardgen.errors import DataError
from cardgen.inputs import PARSE_ERRORS, shown
from cardgen.sets import (
    RuleParam,
    RuleValue,
    SetOption,
    SetPart,
    SetSource,
    default_set_path,
    read_set,
    set_game,
    wrong_game,
)

if TYPE_CHECKING:
    from cardgen.check.baseline import Baseline
    from cardgen.check.plan import Line
    from cardgen.engine.players import PlayerFactory
    from cardgen.kit.plan import KitPlan
    from cardgen.kit.spec import KitSpec
    from cardgen.table.model import Table

class GameSet(Protocol):
    """What every game's set (its cards, tiles or board settings, from a set file) has."""

    @property
    def name(self) -> str:
        """The name the set gives itself (printed on the kit and in reports)."""

    @property
    def path(self) -> Path | None:
        """The file it was loaded from (None for settings made in code)."""


S = TypeVar("S", bound=GameSet)


@dataclass(frozen=True, slots=True)
class CheckFacts:
    """What `cardgen check` needs to know of a game besides its sets: the move `labels` the
    report counts per game (GameState.move_label, in column order), what it calls the component
    kinds it counts (`kind_noun`, "card kind"), the ceiling of games a configuration plays
    (`games`; it stops earlier once every hard criterion is decided), the skill trace's games
    per line (`skill_games`), when the sequential tests look (`looks`: after so many games, then
    every so many more), the labels of steps that do nothing (`pass_labels`: a turn of only these
    is not an active turn), whether the scores are points (`points`; False: they only say who
    won, as Irrläufer's castles, and the `dull` criterion judges no score margins) and the player
    counts it plays unless told, in words for the help (`players`, "2,3,4")."""

    labels: tuple[str, ...] = ("move",)
    kind_noun: str = "kind"
    games: int = 400
    skill_games: int = 30
    looks: tuple[int, int] = (50, 25)
    pass_labels: frozenset[str] = frozenset({"pass"})
    points: bool = True
    players: str = "2"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's static facts as one value (OpenSpiel's `_GAME_INFO`): its registry `name` (the
    command line, set files and records use it), `title`, `credit`, a line naming its
    `components` (`cardgen list`), its rule `variants` (what a record's options may name), the
    `kit_parts` `build --only` may name, the options of its set-file generator (`cardgen
    variant`, built from these), its `check` facts and its `rules`: the parameters a set file's
    `[rules]` table may set (docs/set-files.md), the original's rules as their defaults, read
    from the game's rules dataclass (`cardgen.sets.rule_params`), where each is declared once."""

    name: str
    title: str
    credit: str
    components: str
    variants: tuple[str, ...] = ()
    kit_parts: tuple[str, ...] = ()
    set_options: tuple[SetOption, ...] = ()
    check: CheckFacts = CheckFacts()
    rules: tuple[RuleParam, ...] = ()
    parts: tuple[SetPart, ...] = ()
    """The component counts `cardgen tune` searches in a set's data (`cardgen.sets.SetPart`)."""


class GameChecks(Protocol):
    """A game's check module, as `Game.checks` names it: completeness, the player counts and
    report lines, the component kinds and their supply, degenerate games (see each `Game`
    method of the same purpose)."""

    def completeness(self, game_set: Any, /) -> list[Finding]: ...

    def default_players(self, game_set: Any, /) -> tuple[int, ...]: ...

    def lines(self, game: Game[Any], game_set: Any, players: tuple[int, ...], games: int, player: str,
              skill_games: int = 0, combos: list[frozenset[str]] | None = None, /) -> list[Line]: ...

    def kinds(self, game_set: Any, /) -> list[str]: ...

    def kind_supply(self, game_set: Any, options: Any, /) -> Mapping[str, int]: ...

    def move_kind(self, state: GameState[Any], move: Any, /) -> str | None: ...

    def degenerate(self, state: GameState[Any], active: tuple[int, ...], /) -> Degenerate | None: ...


class SetGenerator(Protocol):
    """A game's set-file generator module, as `Game.generator` names it: the set file text
    `cardgen variant` writes for its options (None: not given)."""

    def text_from_options(self, options: dict[str, Any], /) -> str: ...


class Game(ABC, Generic[S]):
    """One game of the registry. A subclass gives its facts (`info`), its check module
    (`checks`), set-file generator (`generator`) and rule ids (`rule_enum`) as values, and
    overrides only what it does its own way; the abstract methods it must give."""

    info: ClassVar[GameInfo]
    checks: GameChecks | None = None
    """The game's check module (None: the defaults below, and `check_lines` overridden)."""
    generator: SetGenerator | None = None
    """The game's set-file generator (None: `cardgen variant` makes no sets of it)."""
    rule_enum: ClassVar[type[Enum] | None] = None
    """The enum of the rule ids the game's engine refuses a move with."""

    @property
    def name(self) -> str:
        """The registry name, used on the command line, in set files and records."""
        return self.info.name

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def credit(self) -> str:
        return self.info.credit

    @property
    def components(self) -> str:
        return self.info.components

    @property
    def variants(self) -> tuple[str, ...]:
        return self.info.variants

    @property
    def kit_parts(self) -> tuple[str, ...]:
        return self.info.kit_parts

    @property
    def set_options(self) -> tuple[SetOption, ...]:
        return self.info.set_options

    @property
    def set_parts(self) -> tuple[SetPart, ...]:
        return self.info.parts

    @property
    def rule_params(self) -> tuple[RuleParam, ...]:
        """The parameters a set file's `[rules]` table may set (none by default)."""
        return self.info.rules

    def rule_values(self, game_set: S) -> dict[str, RuleValue]:
        """The rule parameters' values `game_set` plays by, every parameter named. Default: the
        set's `rules` value (a frozen dataclass whose fields are the parameters' names), or
        every default for a set without one."""
        rules = getattr(game_set, "rules", None)
        found = {} if rules is None else {p.name: getattr(rules, p.name) for p in self.rule_params}
        return {p.name: found.get(p.name, p.default) for p in self.rule_params}

    @property
    def labels(self) -> tuple[str, ...]:
        return self.info.check.labels

    @property
    def kind_noun(self) -> str:
        return self.info.check.kind_noun

    @property
    def default_games(self) -> int:
        return self.info.check.games

    @property
    def default_skill_games(self) -> int:
        return self.info.check.skill_games

    @property
    def check_looks(self) -> tuple[int, int]:
        return self.info.check.looks

    @property
    def pass_labels(self) -> frozenset[str]:
        return self.info.check.pass_labels

    @property
    def points(self) -> bool:
        return self.info.check.points

    # ---- set files --------------------------------------------------------------------------

    def default_set_path(self) -> Path:
        """The built-in default set of this game."""
        return default_set_path(self.name)

    @abstractmethod
    def parse_set(self, src: SetSource, data: dict[str, Any]) -> S:
        """Validate a parsed set file of this game (DataError naming file, line and key)."""

    def load_set(self, path: str | Path | None = None) -> S:
        """The set at `path` (the default set when None), checked to be one of this game."""
        return self.read_set(path)[0]

    def read_set(self, path: str | Path | None = None) -> tuple[S, Any, SetSource]:
        """`load_set` and, from the same read, the file's `[check]` table (None when it has
        none; for `cardgen.check.verdict.thresholds_from`) and its source."""
        return self.parse_read(*read_set(path if path is not None else self.default_set_path()))

    def parse_read(self, name: object, data: dict[str, Any], src: SetSource, table: Any) -> tuple[S, Any, SetSource]:
        """What `read_set` gives, from what `cardgen.sets.read_set` read (checked to be a set of
        this game)."""
        if name != self.name:
            raise wrong_game(src, name, self.name)
        try:
            return self.parse_set(src, data), table, src
        except PARSE_ERRORS as exc:
            # Every value is checked before use; this only catches a shape a check overlooked,
            # so that it still reaches the user as one line naming the file.
            raise src.error(f"a value of an unexpected kind ({type(exc).__name__}: {exc})") from None

    def set_value(self, given: S | str | Path | None) -> S:
        """The set `given`: a set value as it is, else the set file it names read (None: the
        default set)."""
        if given is None or isinstance(given, (str, Path)):
            return self.load_set(given)
        return given

    # ---- rules --------------------------------------------------------------------------------

    @abstractmethod
    def new_state(self, options: Any, game_set: S | str | Path | None = None,
                  seed: int | None = None) -> GameState[Any]:
        """The opening for record `options` (untrusted JSON: validated here) with the set
        `game_set`: the value `load_set` gave, read once where the command starts (a file name
        is read here; None: the default set).
        `seed` deals the chance of games that have some; None gives a record's replay opening.
        DataError if the options or the set are wrong."""

    # ---- print kit -------------------------------------------------------------------------------

    def kit(self, game_set: S, spec: KitSpec) -> KitPlan | None:
        """What this game's print kit holds for `game_set` (`cardgen.kit.plan`): components,
        sheet files, booklet, as data; the kit pipeline writes it. With `--card-size`, the
        pipeline asks again for the set `with_card_size` gives when the plan has components
        that follow it. Default: no kit (None). A game gives its plan from its own `kit.py`,
        imported inside this method so that the art it draws with loads for a build, not for
        `cardgen list` or the rules."""
        return None

    def play_form(self, game_set: S) -> object:
        """The set as play sees it: two sets whose forms are equal play the same game (how the
        check recognises a copy of the original). Default: the set itself; a game that shuffles
        a list of components before play gives it in one fixed order, since the order a file
        lists them in changes which components a seed deals, not the game."""
        return game_set

    def with_card_size(self, game_set: S, size: float) -> S:
        """`game_set` with the components that follow `--card-size` (those its kit plan marks
        `card_sized`) made `size` mm square, their art and the booklet's figures with them.
        Default: the set unchanged (for a game whose plan marks none)."""
        return game_set

    def has_kit(self) -> bool:
        """Whether the game has a print kit (its own `kit`)."""
        return type(self).kit is not Game.kit

    # ---- play in the browser ---------------------------------------------------------------------

    def table(self, game_set: S) -> Table[S] | None:
        """The game's table page for `cardgen play` (`cardgen.table.model`): its drawing and
        click handling for `game_set`. Default: none (the game cannot be played in the
        browser). A game gives the table of its own `table_page.py`, imported inside this
        method, only to play."""
        return None

    def rule_ids(self) -> frozenset[str]:
        """Every rule id this game's engine can refuse a move with (the values of `rule_enum`)."""
        return frozenset() if self.rule_enum is None else frozenset(str(r.value) for r in self.rule_enum)

    # ---- check ----------------------------------------------------------------------------------

    def completeness(self, game_set: S) -> list[Finding]:
        """Every way the set differs from the original; errors make it incomplete (none by
        default)."""
        return [] if self.checks is None else self.checks.completeness(game_set)

    def default_players(self, game_set: S) -> tuple[int, ...]:
        """The player counts `check` plays unless told (two by default)."""
        return (2,) if self.checks is None else self.checks.default_players(game_set)

    def player_range(self, game_set: S) -> tuple[int, int]:
        """The fewest and most players the set can seat."""
        counts = self.default_players(game_set)
        return min(counts), max(counts)

    def check_lines(self, game_set: S, players: tuple[int, ...], games: int, player: str,
                    skill_games: int = 0, combos: list[frozenset[str]] | None = None) -> list[Line]:
        """The report's lines: every configuration played by `player` (only the variant
        combinations `combos` when given, see `variant_combos`), then the skill trace."""
        if self.checks is None:
            raise NotImplementedError(f"{self.name} gives no check module and no check_lines")
        return self.checks.lines(self, game_set, players, games, player, skill_games, combos)

    def variant_combos(self, text: str) -> list[frozenset[str]]:
        """`check --variants` for this game: the variant combinations to play. By default a
        game's variants do not combine (DataError)."""
        raise DataError("--variants", f"{self.name} has no variants to combine")

    def players(self) -> Mapping[str, PlayerFactory]:
        """Simulated players of this game only, by name, offered besides the shared ones of
        `cardgen.engine.players.PLAYERS` (none by default)."""
        return {}

    def ladder(self) -> Ladder:
        """This game's players from the weakest to the strongest, with the report player, the
        cheap rungs of the check's skill criterion and the search player (see
        `cardgen.engine.ladder`). Default: the shared players, `DEFAULT_LADDER`."""
        return DEFAULT_LADDER

    def degenerate(self, state: GameState[Any], active: tuple[int, ...]) -> Degenerate | None:
        """Whether the finished game `state` is degenerate, and how (cardgen.engine.degenerate);
        `active` are each seat's turns that played something. Default: the generic part (the
        move bound, dead seats); a game adds its deadlocks and round limits in its check module."""
        return generic(state, active) if self.checks is None else self.checks.degenerate(state, active)

    def turn_of(self, state: GameState[Any]) -> object:
        """What tells apart the turns of `state` that one seat takes in a row (the others being
        skipped), for the check's turns per player; None (the default): a turn is every run of
        steps by one seat."""
        return None

    def kind_supply(self, game_set: S, options: Any) -> Mapping[str, int]:
        """How many of each component kind (`kinds`) one game of the configuration `options`
        brings into play, for the check's `kinds` criterion (its plays as a share of its supply).
        Default: none (a kind then has to be played at all)."""
        return {} if self.checks is None else self.checks.kind_supply(game_set, options)

    baseline_module: ModuleType | None = None
    """The game's baseline module (its `PLAYER`, `TURNS` and `FAILS`, written by `make
    baselines`), None for a game without one."""

    def baseline(self) -> Baseline:
        """The original set's own figures (cardgen.check.baseline): turns per player, the hard
        criteria it fails and those it leaves undecided between fine and failing, with how badly,
        by player count and variant, from `baseline_module`."""
        from cardgen.check.baseline import Baseline  # the check's layer, loaded by the check alone

        module = self.baseline_module
        if module is None:
            return Baseline()
        turns: dict[str, float] = module.TURNS
        fails: dict[str, tuple[str, ...]] = module.FAILS
        player: str = module.PLAYER
        figures: dict[str, dict[str, tuple[float, float, float]]] = getattr(module, "FIGURES", {})
        undecided: dict[str, tuple[str, ...]] = getattr(module, "UNDECIDED", {})
        return Baseline(turns, fails, player, figures, undecided)

    def baseline_file(self) -> Path | None:
        """Where `make baselines` writes this game's baseline module (None: the game has none)."""
        module = self.baseline_module
        return Path(module.__file__) if module is not None and module.__file__ else None

    def kinds(self, game_set: S) -> list[str]:
        """The component kinds whose use the report counts (none by default)."""
        return [] if self.checks is None else self.checks.kinds(game_set)

    def move_kind(self, state: GameState[Any], move: Any) -> str | None:
        """The component kind `move` plays (None: none, or a turn, swap or pass)."""
        return None if self.checks is None else self.checks.move_kind(state, move)

    optional_actions: tuple[str, ...] = ()
    """The move labels (`GameState.move_label`) of the optional actions a player may always
    leave out (Schlangennest's turn and swap), whose worth `check --worth` measures beside the
    kinds'. None by default."""

    def worth_kinds(self, game_set: S) -> list[str]:
        """What `check --worth` bars one at a time (cardgen.check.worth): every component kind
        (`kinds`), then every optional action."""
        return [*self.kinds(game_set), *self.optional_actions]

    def barred(self, state: GameState[Any], moves: list[Any], kind: str) -> list[Any]:
        """The moves of `moves` (the legal moves of `state`) a player barred from `kind` (one
        of `worth_kinds`) may play: those that play no component of that kind and are no
        optional action of that name; all of them when that leaves none (a barred player is
        never left without a move: it plays the kind only when nothing else is legal)."""
        left = [m for m in moves if self.move_kind(state, m) != kind
                and not (kind in self.optional_actions and state.move_label(m) == kind)]
        return left or moves

    # ---- rule variants and generated sets --------------------------------------------------------

    def record(self, state: GameState[Any], options: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]
               ) -> dict[str, Any]:
        """A game record (docs/records.md) of the game that reached `state` from the record
        `options` by `moves` (each step's `move_to_json`). Default: those as they are; a game
        whose records group steps (Schlangengrube's whole turns) says so itself."""
        return {"game": self.name, "options": dict(options), "moves": [dict(m) for m in moves]}

    def record_variants(self, options: Mapping[str, Any]) -> frozenset[str]:
        """The rule variants a game record's `options` play (of `variants`), for the golden
        records' coverage. Default: the names under `variants` and `variant`."""
        found = set(options.get("variants") or ())
        if options.get("variant"):
            found.add(options["variant"])
        return frozenset(str(v) for v in found)

    def set_text(self, options: Mapping[str, Any]) -> str:
        """The set file text `cardgen variant` writes for its `options` (None = not given)."""
        if self.generator is None:
            raise DataError("GAME", f"cardgen makes no sets of {self.name!r}")
        return self.generator.text_from_options(dict(options))

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Games are stateless: a worker process rebuilds the same object from its class.
        return (type(self), ())


@dataclass(frozen=True, slots=True)
class Registry:
    """The games cardgen knows, in the order `list` shows them."""

    games: tuple[Game[Any], ...]

    def __iter__(self) -> Iterator[Game[Any]]:
        return iter(self.games)

    @property
    def names(self) -> tuple[str, ...]:
        """The games' registry names."""
        return tuple(g.name for g in self.games)

    @property
    def kit_parts(self) -> tuple[str, ...]:
        """Every kit part any game has, in order (what `build --only` accepts)."""
        return tuple(dict.fromkeys(part for g in self.games for part in g.kit_parts))

    def get(self, name: object, place: str = "GAME") -> Game[Any]:
        """The game called `name` (case does not matter); DataError naming the known games."""
        if isinstance(name, str):
            for game in self.games:
                if game.name == name.lower():
                    return game
        guess = ""
        if isinstance(name, str):
            spelt = name.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
            close = difflib.get_close_matches(spelt, self.names, n=1, cutoff=0.6)
            guess = f"; did you mean {close[0]!r}?" if close else ""
        raise DataError(place, f"unknown game {shown(name)}{guess} (known: {', '.join(self.names)})")

    def select(self, names: Sequence[str]) -> list[Game[Any]]:
        """The games `names` (all when empty), each checked to exist."""
        return [self.get(n) for n in names] if names else list(self.games)

    def game_of_set(self, path: str | Path) -> Game[Any]:
        """The game a set file is for (its `game` key)."""
        name, _, src = set_game(path)
        return self._named(name, src)

    def _named(self, name: object, src: SetSource) -> Game[Any]:
        if not isinstance(name, str) or name.lower() not in self.names:
            raise src.error(f"unknown game {shown(name)} (known: {', '.join(self.names)})", "game")
        return self.get(name)

    def read_set(self, path: str | Path) -> tuple[Game[Any], tuple[Any, Any, SetSource]]:
        """The game a set file is for and what its `read_set` gives, from one read of the file."""
        name, data, src, table = read_set(path)
        game = self._named(name, src)
        return game, game.parse_read(name, data, src, table)

    def load_set(self, path: str | Path, game: str | None = None) -> Any:
        """Load the set file at `path` for the game it names (which must be `game` when given),
        reading it once."""
        name, data, src, table = read_set(path)
        found = self._named(name, src)
        if game is not None and found.name != game:
            found = self.get(game)  # its parse_read raises "this is a … set, not a … set"
        return found.parse_read(name, data, src, table)[0]
