"""The booklet's own wording of a rule: the paragraph of the English rule booklet that carries
the rule id's `{rule:ID}` anchor, as plain text, for the page's refusals."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from cardgen.sets import template_path
from cardgen.booklet.markup import parse

_EMPHASIS = re.compile(r"\*\*?([^*]+)\*\*?")
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_.]*)\}")


@functools.lru_cache(maxsize=8)
def wordings(game: str, lang: str = "en") -> Mapping[str, str]:
    """Every rule id the booklet of `game` anchors, with its paragraph as plain text (a list
    item with the words that open its list, when a sentence runs on into it)."""
    try:
        text = template_path(game, f"rules-{lang}.txt").read_text(encoding="utf-8")
    except OSError:
        return {}
    # placeholders (`{tiles}`) are kept as written: the wording is for the page, not for print
    kept = {name: "{" + name + "}" for name in _PLACEHOLDER.findall(text)}
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


def wording(game: str, rule: str) -> str:
    """The booklet's paragraph on `rule`, or "" when the booklet has none."""
    return wordings(game).get(rule, "")
