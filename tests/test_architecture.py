"""The shape of the house, read from the source: no import circle and no arrow from a lower
layer to a higher one (counting every import: inside functions and those only for type
checking too), the layer order written below as data, no shared layer importing a game, and no
hook lookups by name in the engine."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from cardgen.registry import GAMES

PACKAGE = Path(__file__).resolve().parents[1] / "cardgen"
SHARED = ("cardgen", "cardgen.sets", "cardgen.kit", "cardgen.game", "cardgen.options", "cardgen.errors",
          "cardgen.units", "cardgen.geometry", "cardgen.colours", "cardgen.engine", "cardgen.art", "cardgen.print",
          "cardgen.booklet", "cardgen.check", "cardgen.table", "cardgen.engine.", "cardgen.art.", "cardgen.print.",
          "cardgen.booklet.", "cardgen.kit.", "cardgen.check.", "cardgen.table.")
"""The layers below the games: these modules, and every module in the packages ending in '.'."""


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.Module, name: str, is_package: bool, type_only: bool = True) -> set[str]:
    """Modules imported anywhere in `tree`; with `type_only` False, not those under
    `if TYPE_CHECKING:`."""
    skip: set[int] = set()
    if not type_only:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(n) for child in node.body for n in ast.walk(child))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def graph() -> dict[str, set[str]]:
    """Every module of the package -> the package's modules it imports (a copy for the caller)."""
    return {name: set(targets) for name, targets in _graph().items()}


@functools.cache
def _graph() -> dict[str, set[str]]:
    """The import graph, parsed once per test process (parsing the package takes a second)."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[name] = {m for m in _imports(tree, name, path.name == "__init__.py")
                       if m in modules and m != name}
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundations", ("cardgen", "cardgen.errors", "cardgen.units", "cardgen.words", "cardgen.geometry",
                     "cardgen.colours", "cardgen.inputs", "cardgen.options", "cardgen.workers", "cardgen.signals",
                     "cardgen.fonts", "cardgen.numbers", "cardgen.terminal", "cardgen.tomlout", "cardgen.native")),
    ("set files", ("cardgen.sets",)),
    ("art", ("cardgen.art",)),
    ("print", ("cardgen.print",)),
    ("booklet", ("cardgen.booklet",)),
    ("kit pipeline", ("cardgen.kit",)),
    ("engine", ("cardgen.engine",)),
    ("check", ("cardgen.check",)),
    ("browser table", ("cardgen.table",)),
    ("game base", ("cardgen.game",)),
    ("games", ("cardgen.games",)),
    ("commands", ("cardgen.commands",)),
    ("registry", ("cardgen.registry",)),
    ("command line", ("cardgen.cli", "cardgen.clickparts", "cardgen.__main__")),
)
"""The layers from the bottom up, one a folder (or a module of the package's top): a module
imports only from its own layer or those below. The engine is the rules runtime (the state
contract, players, searches, simulation); the check judges games it is handed through the
`Playable` protocol; the table is what a game draws its browser table with; the game base and
the games sit above those three; the commands (check, variant, tune, match, replay, saved games,
play) take a `Game`, so they sit above the games' contract, and only the registry and the command
line above them."""


def _layer(module: str) -> int | None:
    best: tuple[int, int] | None = None
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (best is None or len(name) > best[1]):
                best = (index, len(name))
    return None if best is None else best[0]


def test_every_module_has_a_layer() -> None:
    assert [m for m in graph() if _layer(m) is None] == []


def test_no_arrow_points_up() -> None:
    up = [f"{m} ({LAYERS[_layer(m) or 0][0]}) -> {t} ({LAYERS[_layer(t) or 0][0]})"
          for m, targets in graph().items() for t in sorted(targets) if (_layer(t) or 0) > (_layer(m) or 0)]
    assert up == []


def test_the_layer_check_sees_an_arrow_up() -> None:
    assert (_layer("cardgen.check.batch") or 0) < (_layer("cardgen.game") or 0) < (_layer("cardgen.commands.checkrun") or 0)


def test_no_import_circle() -> None:
    assert _cycles(graph()) == []


def test_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_shared_layers_never_import_a_game() -> None:
    edges = graph()
    shared = [m for m in edges if m in SHARED or m.startswith(tuple(s for s in SHARED if s.endswith(".")))]
    assert len(shared) > 30
    upward = {m: sorted(t for t in edges[m] if t.startswith(("cardgen.games", "cardgen.registry", "cardgen.cli")))
              for m in shared}
    assert {m: t for m, t in upward.items() if t} == {}


def test_only_the_cli_and_the_registry_know_every_game() -> None:
    edges = graph()
    games = {m.split(".")[2] for m in edges if m.startswith("cardgen.games.") and m.count(".") >= 2}
    assert games == {type(g).__module__.split(".")[2] for g in GAMES}
    for m, targets in edges.items():
        if m.startswith("cardgen.games."):
            own = m.split(".")[2]
            others = {t.split(".")[2] for t in targets if t.startswith("cardgen.games.") and t.count(".") >= 2}
            assert others <= {own}, f"{m} imports another game: {others - {own}}"
    users = {m for m, targets in edges.items() if any(t.startswith("cardgen.games.") for t in targets)
             and not m.startswith("cardgen.games.")}
    assert users == {"cardgen.registry"}


def test_engine_finds_no_hook_by_name() -> None:
    for path in [*(PACKAGE / "engine").rglob("*.py"), *(PACKAGE / "check").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        imported = _imports(tree, _module(path), False, type_only=False)
        assert not names & {"getattr", "hasattr"}, path.name
        assert "importlib" not in imported, path.name


def test_no_layer_imports_a_module_by_a_name_it_is_handed() -> None:
    """A module imported by name at run time is an arrow the graph above cannot see. Only two
    places may: `cardgen.native`, which loads a game's own compiled core (None when absent), and
    `cardgen.print`, which loads its own submodules when first used; and a game's native_core
    its own compiled module. A game's kit, table and booklet values come from methods the game
    overrides (`Game.kit`, `Game.table`, `Table.wording_values`), never from a module name."""
    by_name = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} | {
            n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        if calls & {"import_module", "__import__"}:
            by_name.add(_module(path))
    assert by_name == {"cardgen.native", "cardgen.print", "cardgen.games.irrlaeufer.native_core"}, sorted(by_name)


def _recipe_modules() -> list[str]:
    """The modules the recipe of `cardgen.games` names for every game (its table, less the optional)."""
    import cardgen.games

    rows = [line for line in (cardgen.games.__doc__ or "").splitlines() if line.startswith("| `")]
    return [line.split("`")[1] for line in rows if "(optional" not in line]


def test_every_game_and_the_toy_have_the_recipes_modules_and_rules_means_state_and_new_game() -> None:
    required = _recipe_modules()
    assert {"position.py", "rules.py", "game.py"} <= set(required)
    toy = PACKAGE.parent / "tests" / "toy_game"
    packages = [PACKAGE / "games" / type(g).__module__.split(".")[2] for g in GAMES] + [toy]
    for folder in packages:
        assert [m for m in required if not (folder / m).is_file()] == [], folder.name
        rules = ast.parse((folder / "rules.py").read_text(encoding="utf-8"))
        defined = {n.name for n in rules.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        states = [n for n in rules.body if isinstance(n, ast.ClassDef) and n.name.endswith("State")]
        assert "new_game" in defined and states, folder.name
