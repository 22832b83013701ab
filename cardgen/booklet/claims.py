"""What a booklet diagram claims, checked against the engine: a rule booklet must never show a
position its rules forbid unless it says so.

Every diagram (`pages.Figure`) names the engine positions it draws (`pages.Shown`): each must
pass the game's own invariants (`GameState.verify`); a move drawn on one is either legal there
(and leads to a position that passes them too) or a forbidden example, which the engine refuses
with exactly the rule id whose reason the caption gives. A figure of the kit's pieces draws no
position and says so (`catalogue`).
"""

from __future__ import annotations

from cardgen.booklet.markup import Document
from cardgen.booklet.pages import Figure, Shown
from cardgen.errors import IllegalMove


def problems(figure: Figure, doc: Document) -> list[str]:
    """What is wrong with `figure`'s claims (empty: nothing); `doc` gives the reasons of rules."""
    if not figure.shows:
        return [] if figure.catalogue else ["it names no engine position it draws"]
    out: list[str] = []
    for i, shown in enumerate(figure.shows, 1):
        out.extend(f"position {i}: {p}" for p in _shown(shown, figure.caption, doc))
    return out


def _verified(state: object) -> str | None:
    try:
        state.verify()  # type: ignore[attr-defined]
    except AssertionError as exc:
        return f"breaks an invariant of the game: {exc}"
    return None


def _shown(shown: Shown, caption: str, doc: Document) -> list[str]:
    broken = _verified(shown.state)
    if broken:
        return [broken]
    if shown.move is None:
        return [] if shown.rule is None else [f"names rule {shown.rule!r} but no move"]
    try:
        shown.state.check(shown.move)
    except IllegalMove as exc:
        if shown.rule is None:
            return [f"the move {shown.move} is drawn as legal, the engine refuses it: {exc}"]
        if exc.rule != shown.rule:
            return [f"the move {shown.move} is refused as {exc.rule!r}, not {shown.rule!r}"]
        if doc.reason(shown.rule) not in caption:
            return [f"the caption does not give the reason of {shown.rule!r} ({doc.reason(shown.rule)!r})"]
        return []
    if shown.rule is not None:
        return [f"the move {shown.move} is drawn as refused ({shown.rule}), the engine allows it"]
    after = shown.state.clone()
    after.apply(shown.move)
    broken = _verified(after)
    return [f"after the move: {broken}"] if broken else []
