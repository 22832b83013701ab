"""Every booklet diagram of every game, language and set is a legal position or a forbidden
example the engine refuses with the rule its caption names (`cardgen.booklet.claims`): the
built-in sets, the variant sets of the golden records, and a set `cardgen variant` writes with
the game's defaults."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from plans import content as booklet_content, maybe_content

from cardgen.booklet.build import document
from cardgen.booklet.claims import problems
from cardgen.booklet.pages import Figure, Shown
from cardgen.options import LANGS
from cardgen.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def record_sets() -> list[Path]:
    """The set files the golden records name."""
    out: list[Path] = []
    for path in sorted((ROOT / "tests" / "records").glob("*.json")) + sorted((ROOT / "examples").glob("*.json")):
        name = json.loads(path.read_text(encoding="utf-8")).get("set")
        if name and (path.parent / name).resolve() not in out:
            out.append((path.parent / name).resolve())
    return out


def cases() -> list[Any]:
    out: list[Any] = []
    for game in GAMES:
        if maybe_content(game.name) is None:
            out.append(pytest.param(game.name, "", None, marks=pytest.mark.skip(reason=f"{game.name} has no booklet")))
            continue
        paths: list[str | None] = [None] + [str(p) for p in record_sets() if GAMES.game_of_set(p) is game]
        out += [(game.name, lang, path) for path in paths for lang in LANGS]
    return out


def variant_cases() -> list[Any]:
    out: list[Any] = []
    for game in GAMES:
        missing = "no booklet" if maybe_content(game.name) is None else "no variant sets" if not game.set_options else ""
        out += [pytest.param(game.name, lang, marks=pytest.mark.skip(reason=f"{game.name} has {missing}") if missing
                             else ()) for lang in LANGS]
    return out


def check_all(game: Any, lang: str, source: Any) -> list[str]:
    content = booklet_content(game.name)
    doc = document(content, lang, source)
    figures = content.figures(source, lang, doc)
    assert set(doc.diagrams) <= set(figures)
    found = []
    for name, make in figures.items():
        figure = make()
        found += [f"{name}: {p}" for p in problems(figure, doc)]
        # a slot filled mid-caption may open a sentence ("… game. Red's snake"): a capital
        found += [f"{name}: a sentence starts in lower case: {m.group(0)!r}"
                  for m in re.finditer(r"[.!?]\s+[a-zäöüß]\S*", figure.caption)]
    return found


@pytest.mark.parametrize(("name", "lang", "path"), cases(), ids=lambda v: Path(v).name if v else "standard")
def test_every_diagram_is_legal_or_a_refused_example(name: str, lang: str, path: str | None) -> None:
    game = GAMES.get(name)
    assert check_all(game, lang, game.load_set(path)) == []


@pytest.mark.parametrize(("name", "lang"), variant_cases())
def test_the_diagrams_of_a_variant_set_too(tmp_path: Path, name: str, lang: str) -> None:
    game = GAMES.get(name)
    path = tmp_path / "variant.toml"
    path.write_text(game.set_text({}), encoding="utf-8")
    assert check_all(game, lang, game.load_set(path)) == []


def test_a_slot_opening_a_sentence_gets_a_capital() -> None:
    from cardgen.booklet.markup import parse

    doc = parse("@caption c = [who] moves. [who]'s snake! [who] and [n] more")
    assert doc.caption("c", who="red", n="two") == "Red moves. Red's snake! Red and two more"
    assert parse("@caption c = with [who]: [who]").caption("c", who="red") == "With red: red"


def test_the_check_finds_an_illegal_diagram() -> None:
    from cardgen.games.irrlaeufer.components import Dir, Stick
    from cardgen.games.irrlaeufer.rules import IrrState
    from cardgen.games.schlangennest.moves import place
    from cardgen.games.schlangennest.rules import new_game

    game = GAMES.get("schlangennest")
    doc = document(booklet_content(game.name), "en", game.load_set())
    crossing = IrrState.custom(sticks=[Stick(Dir.H, 3, 4), Stick(Dir.V, 5, 2)])  # sticks in a "+"
    assert "shares a crossing" in " ".join(problems(Figure(None, "x", shows=(Shown(crossing),)), doc))
    state = new_game({"players": ["red", "blue"], "area": [5, 7]})
    state.apply(place("red", "straight", (0, 0), 0))
    legal, far = place("blue", "curve", (1, 1), 0), place("blue", "curve", (3, 3), 0)
    reason = doc.reason("not-touching")
    assert problems(Figure(None, f"because {reason}", shows=(Shown(state, legal), Shown(state, far, "not-touching"))),
                    doc) == []
    assert problems(Figure(None, "no reason given", shows=(Shown(state, far, "not-touching"),)), doc)
    assert problems(Figure(None, reason, shows=(Shown(state, far, "occupied"),)), doc)  # another rule
    assert problems(Figure(None, reason, shows=(Shown(state, legal, "not-touching"),)), doc)  # allowed
    assert problems(Figure(None, "", shows=(Shown(state, far),)), doc)  # drawn as legal
    assert problems(Figure(None, ""), doc) and not problems(Figure(None, "", catalogue=True), doc)
