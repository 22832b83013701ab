"""Set files (TOML) read and validated, for any game: this module knows no game.

Each game's `components` module turns the parsed table into its own frozen dataclasses with the
helpers here (`check_keys`, `expect`, `length_mm`, `colour_list`, `part_list`, `whole_count`).
Every error is a DataError naming the file, the line (or key) and the reason. Unknown keys
are errors, never warnings.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from cardgen import inputs, tomlout
from cardgen.colours import PALETTE
from cardgen.errors import DataError
from cardgen.geometry import Part, parse_part
from cardgen.tomlout import toml_string as toml_string  # the set generators write with it
from cardgen.units import parse_length

S = TypeVar("S")

TEMPLATES = Path(str(resources.files("cardgen.templates")))
"""Where the built-in set files and booklet texts live: the top-level `templates/` folder of the
source tree, installed as the package `cardgen.templates` (pip always unpacks a wheel, so this
is a real folder; an editable install points it at the source folder)."""


# --------------------------------------------------------------------------- locating keys


class SetSource:
    """The raw text of a set file, to turn a key path into "file:line" for error messages."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text
        self.lines = text.splitlines()

    def line_of(self, key: str, table: str | None = None, index: int = 0) -> int | None:
        """The 1-based line of `key = ...` in the `index`-th `[[table]]` (or at top level); a
        `table` written in single brackets ("[rules]") is a plain table."""
        start, end = 0, len(self.lines)
        if table is not None:
            head = table if table.startswith("[") else f"[[{table}]]"
            heads = [i for i, ln in enumerate(self.lines) if ln.split("#")[0].strip() == head]
            if index >= len(heads):
                return None
            start = heads[index]
            later = [i for i, ln in enumerate(self.lines) if i > start and ln.lstrip().startswith("[")]
            end = later[0] if later else len(self.lines)
            if not key:
                return start + 1
        else:
            firsts = [i for i, ln in enumerate(self.lines) if ln.lstrip().startswith("[")]
            end = firsts[0] if firsts else len(self.lines)
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i + 1
        return start + 1 if table is not None else None

    def error(self, reason: str, key: str = "", table: str | None = None, index: int = 0) -> DataError:
        """A DataError placed at the key's line when it can be found."""
        line = self.line_of(key, table, index) if (key or table) else None
        where = str(self.path) + (f":{line}" if line else "")
        if table is not None and table.startswith("["):
            what = table + (f" key '{key}'" if key else "")
        elif table is not None:
            what = f"[[{table}]] #{index + 1}" + (f" key '{key}'" if key else "")
        else:
            what = f"key '{key}'" if key else ""
        return DataError(where, f"{what}: {reason}" if what else reason)


def read_toml(path: Path) -> tuple[dict[str, Any], SetSource]:
    """The table of the set file at `path` and its source, read through the untrusted-input
    boundary (`cardgen.inputs`: a regular file of at most 1 MiB, limited nesting and numbers)."""
    data, text = inputs.read_toml(path)
    return data, SetSource(path, text)


def check_keys(src: SetSource, data: dict[str, Any], allowed: set[str], required: set[str],
                table: str | None = None, index: int = 0, rules: tuple[RuleParam, ...] = ()) -> None:
    """Every key of `data` allowed and every required one there (DataError naming file, line and
    key); a key that is one of the game's `rules` parameters is told to go under `[rules]`."""
    if not isinstance(data, dict):
        raise src.error(f"expected a table, got {inputs.shown(data)}", "", table, index)
    for key in data:
        if key not in allowed and key in {p.name for p in rules}:
            raise src.error(f"a rule parameter: put it under [{RULES_TABLE}] (a line `[{RULES_TABLE}]` "
                            f"above `{key} = …`, or in the set's [{RULES_TABLE}] table if it has one)", key, table, index)
        if key not in allowed:
            raise src.error(f"unknown key (allowed: {', '.join(sorted(allowed))})", key, table, index)
    for key in sorted(required - data.keys()):
        raise src.error(f"missing required key '{key}'", "", table, index) if table else \
            src.error("missing required key", key)


def expect(src: SetSource, value: Any, kind: type | tuple[type, ...], what: str, key: str,
            table: str | None = None, index: int = 0) -> Any:
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise src.error(f"expected {what}, got {inputs.shown(value)}", key, table, index)
    return value


def length_mm(src: SetSource, value: Any, key: str, low: float, high: float) -> float:
    try:
        mm = parse_length(value)
    except ValueError as exc:
        raise src.error(str(exc), key) from None
    if not low <= mm <= high:
        raise src.error(f"{mm:g} mm is outside {low:g}-{high:g} mm", key)
    return mm


def colour_list(src: SetSource, data: dict[str, Any]) -> tuple[str, ...]:
    names = expect(src, data["colours"], list, "a list of colour names", "colours")
    if not names:
        raise src.error("needs at least one colour", "colours")
    for name in names:
        if not isinstance(name, str) or name not in PALETTE:
            raise src.error(f"unknown colour {inputs.shown(name)} (known: {', '.join(PALETTE)})", "colours")
    if len(set(names)) != len(names):
        raise src.error("a colour is listed twice", "colours")
    return tuple(names)


def part_list(src: SetSource, value: Any, allowed_colours: set[str], table: str, index: int) -> tuple[Part, ...]:
    items = expect(src, value, list, "a list of parts", "parts", table, index)
    if not items:
        raise src.error("a card needs at least one part", "parts", table, index)
    out: list[Part] = []
    used: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise src.error(f"expected a part string, got {inputs.shown(item)}", "parts", table, index)
        try:
            part = parse_part(item)
        except ValueError as exc:
            raise src.error(str(exc), "parts", table, index) from None
        if part.colour not in allowed_colours:
            raise src.error(f"unknown colour {inputs.shown(part.colour)} in part {inputs.shown(item)} "
                            f"(use one of: {', '.join(sorted(allowed_colours))})", "parts", table, index)
        for port in part.ports:
            if port in used:
                raise src.error(f"two parts use the {port} port", "parts", table, index)
            used.add(port)
        out.append(part)
    return tuple(out)


def whole_count(src: SetSource, value: Any, table: str, index: int, high: int = 99) -> int:
    n = expect(src, value, int, "a whole number", "count", table, index)
    if not 1 <= n <= high:
        raise src.error(f"count {n} is outside 1-{high}", "count", table, index)
    return int(n)


# --------------------------------------------------------------------------- rule parameters

RULES_TABLE = "rules"
"""The set-file table of a game's rule parameters (docs/set-files.md, "Rule parameters")."""

RuleValue = int | str | bool


@dataclass(frozen=True, slots=True)
class RuleParam:
    """One rule parameter a game's set file may set in its `[rules]` table: its `name` (the key,
    and `tune --vary NAME=...`), a `help` line, its `default` (the original's rule) and what it
    may be: a whole number `low`..`high`, one of `choices` (texts), or yes/no (a bool default)."""

    name: str
    help: str
    default: RuleValue
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """"bool", "choice" or "int"."""
        if isinstance(self.default, bool):
            return "bool"
        return "choice" if self.choices else "int"

    def domain(self) -> str:
        """What the parameter may be, for errors and docs: "2-10", "triangular, linear, square",
        "true or false"."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return ", ".join(self.choices)
        return f"{self.low}-{self.high}"

    def values(self) -> tuple[RuleValue, ...]:
        """Every value the parameter may take, in order."""
        if self.kind == "bool":
            return (False, True)
        if self.kind == "choice":
            return self.choices
        assert self.low is not None and self.high is not None
        return tuple(range(self.low, self.high + 1))

    def problem(self, value: object) -> str | None:
        """Why `value` is not a value of this parameter (None: it is)."""
        kind = self.kind
        if kind == "bool":
            return None if isinstance(value, bool) else f"expected true or false, got {inputs.shown(value)}"
        if kind == "choice":
            if value in self.choices:
                return None
            return f"expected one of {self.domain()}, got {inputs.shown(value)}"
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number, got {inputs.shown(value)}"
        assert self.low is not None and self.high is not None
        return None if self.low <= value <= self.high else f"{value} is outside {self.low}-{self.high}"


_RULE = "cardgen.rule"
"""The key of a rules dataclass field's metadata that makes it a rule parameter (`rule`)."""

V = TypeVar("V", bound=RuleValue)


def rule(default: V, help: str, low: int | None = None, high: int | None = None,
         choices: tuple[str, ...] = ()) -> V:
    """A field of a game's rules dataclass (frozen, its field names the parameters' names) that
    declares a rule parameter at once: the field's name and `default` are the parameter's, the
    rest is as for `RuleParam`. `rule_params` reads them back, so each is written once."""
    return field(default=default, metadata={_RULE: (help, low, high, choices)})


def rule_params(rules: type) -> tuple[RuleParam, ...]:
    """The rule parameters a rules dataclass declares with `rule`, in the order of its fields."""
    out = []
    for f in fields(rules):
        if _RULE in f.metadata:
            help_, low, high, choices = f.metadata[_RULE]
            out.append(RuleParam(f.name, help_, f.default, low, high, choices))  # type: ignore[arg-type]
    return tuple(out)


def parse_rules(src: SetSource, data: dict[str, Any], params: tuple[RuleParam, ...]) -> dict[str, RuleValue]:
    """The values of the set's `[rules]` table, every parameter of `params` with its default
    when the table does not set it (DataError naming file, line and key for an unknown key, a
    wrong type or a value out of bounds). The caller removes nothing: `data` keeps the table."""
    table = data.get(RULES_TABLE, {})
    where = f"[{RULES_TABLE}]"
    if not isinstance(table, dict):
        raise src.error(f"must be a table: {where}", RULES_TABLE)
    known = {p.name: p for p in params}
    for key, value in table.items():
        param = known.get(key)
        if param is None:
            allowed = ", ".join(sorted(known)) or "none: this game has no rule parameters"
            raise src.error(f"unknown rule parameter (allowed: {allowed})", key, where)
        problem = param.problem(value)
        if problem is not None:
            raise src.error(problem, key, where)
    return {p.name: table.get(p.name, p.default) for p in params}


def with_rules(text: str, params: tuple[RuleParam, ...], values: dict[str, RuleValue],
               keep: Collection[str] = ()) -> str:
    """Set-file `text` with its rules replaced by `values`: the text is parsed, its `[rules]`
    table (however it is written: `[ rules ]`, dotted keys, an inline table) and a rule's older
    top-level spelling (Schlangengrube's `double_markers` above the tiles) are dropped from the
    data, a `[rules]` table setting every value that differs from its parameter's default (and
    those named in `keep` even at their default), each with its help line as a comment, is put
    in, and the whole set is written out again (`cardgen.tomlout`; the text's comments do not
    survive). ValueError (tomllib's) for text that is no TOML."""
    data = tomllib.loads(text)
    data.pop(RULES_TABLE, None)
    for param in params:
        if param.name in data and not isinstance(data[param.name], dict):
            del data[param.name]  # the older spelling of the rule, at the top level
    rules = {p.name: values[p.name] for p in params
             if p.name in values and (values[p.name] != p.default or p.name in keep)}
    if rules:
        data[RULES_TABLE] = rules
    return tomlout.dumps(data, {(RULES_TABLE, p.name): p.help for p in params})


# --------------------------------------------------------------------------- entry points


@dataclass(frozen=True, slots=True)
class SetOption:
    """One option of a game's set-file generator (`cardgen variant GAME --NAME VALUE`): its
    `name`, the `help` line for this game, whether it takes a whole number (`low`..`high`,
    checked before any work) or a text (`low` None), the `metavar` shown in `--help` and what
    the set has when the option is not given (`default`, for the help). `tunable` says whether
    `cardgen tune --vary` may search it (False for an option that only repeats another)."""

    name: str
    help: str
    low: int | None = None
    high: int | None = None
    metavar: str | None = None
    default: str | None = None
    tunable: bool = True

    @property
    def counts(self) -> bool:
        """Whether the option takes a whole number."""
        return self.low is not None


@dataclass(frozen=True, slots=True)
class SetPart:
    """A component count `cardgen tune` searches in a set's own data (docs/tune.md): its `name`,
    the `help` line and its whole-number range `low`..`high`. A game's part says how to `read`
    it from a set file's data and `write` another value into a copy of the data, keeping what
    is not this part (a hand-made tile list included, unless the part is the tiles)."""

    name: str
    help: str
    low: int
    high: int

    def read(self, data: dict[str, Any]) -> int:
        """The part's value in the set file's `data`."""
        raise NotImplementedError

    def write(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        """A copy of `data` with the part at `value` (DataError when no set has it)."""
        raise NotImplementedError

    def restoring(self, data: dict[str, Any], original: dict[str, Any]) -> int:
        """The value that brings this part of the set file's `data` back to the original set's
        (its file's `original`), which `cardgen tune` tries among its first trials: by default
        the original's own value."""
        return self.read(original)


@dataclass(frozen=True, slots=True)
class TopLevelPart(SetPart):
    """A part that is one whole number at the top of the set file (Irrläufer's `rows`), `default`
    when the file leaves it out."""

    default: int = 0

    def read(self, data: dict[str, Any]) -> int:
        return int(data.get(self.name, self.default))

    def write(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        return {**data, self.name: value}


def template_path(game: str, name: str) -> Path:
    """The built-in file `name` of `game` (its default set, its booklet texts)."""
    return TEMPLATES / game / name


def default_set_path(game: str) -> Path:
    """Where the built-in default set of `game` lives."""
    return template_path(game, "standard.toml")


CHECK_TABLE = "check"
"""The set-file table of the playability verdict's thresholds (cardgen.check.verdict), which
every game's set may hold and no game's parser sees."""


def read_set(path: str | Path) -> tuple[object, dict[str, Any], SetSource, Any]:
    """Read the set file at `path` once: what its `game` key says (unchecked), its table without
    the `[check]` table, its source and the `[check]` table (None when it has none; unchecked)
    (DataError naming the file if it cannot be read)."""
    data, src = read_toml(Path(path))
    table = data.pop(CHECK_TABLE, None)
    return data.get("game"), data, src, table


def set_game(path: str | Path) -> tuple[object, dict[str, Any], SetSource]:
    """`read_set` without the `[check]` table."""
    name, data, src, _ = read_set(path)
    return name, data, src


def check_table(path: str | Path) -> tuple[dict[str, Any] | None, SetSource]:
    """The `[check]` table of the set file at `path` (None when it has none) and its source."""
    data, src = read_toml(Path(path))
    table = data.get(CHECK_TABLE)
    if table is not None and not isinstance(table, dict):
        raise src.error("must be a table: [check]", CHECK_TABLE)
    return table, src


def wrong_game(src: SetSource, name: object, game: str) -> DataError:
    """The error for a set file whose `game` key names `name` where a `game` set is wanted."""
    if not isinstance(name, str):
        return src.error(f"unknown game {inputs.shown(name)} (expected {game!r})", "game")
    return src.error(f"this is a {inputs.shown(name)} set, not a {game} set", "game")


def load_for(path: str | Path, game: str, parse: Callable[[SetSource, dict[str, Any]], S]) -> S:
    """Read the set file at `path`, check that it is a set of `game` and validate it with the
    game's `parse` (DataError naming file, line and key otherwise)."""
    name, data, src = set_game(path)
    if name != game:
        raise wrong_game(src, name, game)
    return parse(src, data)
