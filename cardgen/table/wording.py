"""The booklet's own wording of a rule: the paragraph of the English rule booklet that carries
the rule id's `{rule:ID}` anchor, as plain text, for the page's refusals."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from cardgen.booklet.markup import list_names, parse
from cardgen.sets import template_path

_EMPHASIS = re.compile(r"\*\*?([^*]+)\*\*?")
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_.]*)\}")


def wordings(game: str, lang: str = "en", values: Mapping[str, object] | None = None) -> Mapping[str, str]:
    """Every rule id the booklet of `game` anchors, with its paragraph as plain text (a list
    item with the words that open its list, when a sentence runs on into it); placeholders
    filled from the booklet `values` of the set played (those it does not give kept as
    written)."""
    filled = tuple(sorted((k, str(v)) for k, v in (values or {}).items()))
    return _wordings(game, lang, filled)


@functools.lru_cache(maxsize=16)
def _wordings(game: str, lang: str, filled: tuple[tuple[str, str], ...]) -> Mapping[str, str]:
    try:
        text = template_path(game, f"rules-{lang}.txt").read_text(encoding="utf-8")
    except OSError:
        return {}
    kept: dict[str, object] = {name: "{" + name + "}" for name in _PLACEHOLDER.findall(text)}
    kept.update({k: v for k, v in filled if k in kept})
    kept.update({name: () for name in list_names(text)})  # the set's lists of parts anchor no rule
    doc = parse(text, kept, f"{game} rules-{lang}")
    out: dict[str, str] = {}
    lead = ""
    for block in doc.blocks:
        text = " ".join(_EMPHASIS.sub(r"\1", block.text).split())
        if block.kind == "bullet":
            text = f"{lead} {text}".strip()  # a list item continues the sentence that opens it
        elif block.kind == "para" and not text.endswith((".", "!", "?", ":")):
            lead = re.split(r"(?<=[.!?:])\s+", text)[-1]  # "… the other. Each new tile" opens the list
        else:
            lead = ""
        for rule in block.rules:
            out.setdefault(rule, text)
    return out


def wording(game: str, rule: str, values: Mapping[str, object] | None = None) -> str:
    """The booklet's paragraph on `rule` (placeholders filled from `values`), or "" when the
    booklet has none."""
    return wordings(game, "en", values).get(rule, "")
