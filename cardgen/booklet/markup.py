"""The booklet text format: a small markdown-like markup parsed into blocks (pure, no reportlab).

A text file (`templates/<game>/rules-<lang>.txt`) is a list of blocks separated by blank lines:

    # Title                       the booklet's title (first page)
    ^ subtitle line               centred under the title
    ## Heading                    a section heading; `### Sub` a smaller one
    A paragraph, over as many lines as wanted, with *italic* and **bold**.
    - a bullet item (each `- ` line starts a new item; indented lines continue it)
    1. a numbered item (likewise)
    > Ergänzung: ...              a note (our reconstruction of a gap in the original rules)
    {diagram:name}                a diagram drawn from an engine position (alone on its line)
    {list:name}                   one bullet item per entry of the game's value `name`, a
                                  list of texts (alone on its line): as many as the set needs
    {pagebreak}                   start a new page
    {rule:joins-snakes} text      the paragraph explains that engine rule id (anchor, shown small)
    @reason joins-snakes = text   a short reason, used in diagram captions (not printed itself)
    @caption setup = text [n]     a diagram caption; `[name]` is filled when the diagram is drawn
    % comment                     ignored

`{name}` anywhere in text is replaced by a value from the game (counts read from the set file);
an unknown name is an error, so a template cannot silently print a wrong number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

_RULE = re.compile(r"\{rule:([a-z0-9-]+)\}")
_VALUE = re.compile(r"\{([a-z][a-z0-9_.]*)\}")
_DIAGRAM = re.compile(r"^\{diagram:([a-z0-9-]+)\}$")
_LIST = re.compile(r"^\{list:([a-z][a-z0-9_.]*)\}$")


def list_names(text: str) -> list[str]:
    """The names of the `{list:name}` lines of a booklet text."""
    return [m.group(1) for line in text.splitlines() if (m := _LIST.match(line.strip()))]


@dataclass(frozen=True, slots=True)
class Block:
    """One block of a booklet: `kind` is title, subtitle, h2, h3, para, bullet, note, diagram or pagebreak.

    `text` is the block's text with placeholders filled (for a diagram: its name); `rules` the
    rule ids anchored in it.
    """

    kind: str
    text: str
    rules: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed booklet text: its blocks, and the short reasons and captions for the diagrams."""

    blocks: tuple[Block, ...]
    texts: Mapping[str, str] = field(default_factory=dict)

    def reason(self, rule: str) -> str:
        """The short reason the text gives for `rule` (the rule id itself if none is given)."""
        return self.texts.get(f"reason:{rule}", rule)

    def caption(self, name: str, **values: object) -> str:
        """The caption `name` with its `[key]` slots filled (MarkupError if missing)."""
        try:
            text = self.texts[f"caption:{name}"]
        except KeyError:
            raise MarkupError(f"no '@caption {name} = ...' line in the text") from None
        def fill(m: re.Match[str]) -> str:
            key = m.group(2)
            if key not in values:
                return m.group(0)
            value = str(values[key])
            # a slot may open a sentence with a lower-case word ("red to move", "… game. red's
            # snake"): a sentence starts with a capital
            if m.group(1) is not None:
                value = value[:1].upper() + value[1:]
            return value

        text = re.sub(r"((?:^|[.!?]\s+))?\[([a-z_]+)\]", lambda m: (m.group(1) or "") + fill(m), text)
        if re.search(r"\[[a-z_]+\]", text):
            raise MarkupError(f"caption {name!r}: unfilled slot in {text!r}")
        return text[:1].upper() + text[1:]

    @property
    def rule_ids(self) -> set[str]:
        """Every rule id anchored somewhere in the text."""
        return {r for b in self.blocks for r in b.rules}

    @property
    def diagrams(self) -> list[str]:
        """The diagram names in order of appearance."""
        return [b.text for b in self.blocks if b.kind == "diagram"]


class MarkupError(ValueError):
    """A booklet text is malformed (the message names the line)."""


def _fill(text: str, values: Mapping[str, object], where: str) -> str:
    def sub(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in values:
            raise MarkupError(f"{where}: unknown placeholder {{{key}}}")
        return str(values[key])

    return _VALUE.sub(sub, text)


def parse(text: str, values: Mapping[str, object] | None = None, name: str = "text") -> Document:
    """Parse a booklet text; `values` fill the `{name}` placeholders (MarkupError if one is unknown)."""
    values = values or {}
    blocks: list[Block] = []
    reasons: dict[str, str] = {}
    kind: str | None = None
    lines: list[str] = []
    label = ""
    start = 0

    def flush() -> None:
        nonlocal kind, lines, label
        if kind is None:
            return
        raw = " ".join(s.strip() for s in lines).strip()
        rules = tuple(_RULE.findall(raw))
        body = re.sub(r"\s+", " ", _RULE.sub("", raw)).strip()
        blocks.append(Block(kind, _fill(body, values, f"{name}:{start}"), rules, label))
        kind, lines, label = None, [], ""

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("%"):
            continue
        if stripped.startswith(("@reason ", "@caption ")):
            flush()
            what, _, rest = stripped[1:].partition(" ")
            key, sep, value = rest.partition("=")
            if not sep:
                raise MarkupError(f"{name}:{number}: '@{what} name = text' expected")
            reasons[f"{what}:{key.strip()}"] = _fill(value.strip(), values, f"{name}:{number}")
            continue
        listed = _LIST.match(stripped)
        if listed:
            flush()
            items = values.get(listed.group(1))
            if not isinstance(items, (list, tuple)):
                raise MarkupError(f"{name}:{number}: {{list:{listed.group(1)}}} needs a list of texts")
            blocks.extend(Block("bullet", re.sub(r"\s+", " ", str(item)).strip(), (), "•") for item in items)
            continue
        heading = re.match(r"^(#{1,3}) (.+)$", stripped)
        diagram = _DIAGRAM.match(stripped)
        if heading or diagram or stripped == "{pagebreak}":
            flush()
            if heading:
                level = len(heading.group(1))
                start, kind, lines = number, ("title", "h2", "h3")[level - 1], [heading.group(2)]
            elif diagram:
                blocks.append(Block("diagram", diagram.group(1)))
            else:
                blocks.append(Block("pagebreak", ""))
            flush()
            continue
        if stripped.startswith("^ "):
            flush()
            start, kind, lines = number, "subtitle", [stripped[2:]]
        elif stripped.startswith("- "):
            flush()
            start, kind, lines, label = number, "bullet", [stripped[2:]], "•"
        elif re.match(r"^\d+\. ", stripped):
            flush()
            head, _, rest = stripped.partition(" ")
            start, kind, lines, label = number, "bullet", [rest], head
        elif stripped.startswith("> "):
            if kind != "note":
                flush()
                start, kind, lines = number, "note", []
            lines.append(stripped[2:])
        elif kind is None:
            start, kind, lines = number, "para", [stripped]
        else:
            lines.append(stripped)
    flush()
    return Document(tuple(blocks), reasons)


NBSP = "\u00a0"


PROGRAM = "cardgen"
"""The program's name: a command (`cardgen build --calibration`) never breaks over two lines."""
_COMMAND = re.compile(rf"\b{PROGRAM}((?: [a-z]+)?(?: --[a-z][a-z-]*)*)")


def tie(text: str, names: Iterable[str] = ()) -> str:
    """`text` with the spaces that must not break made non-breaking: a number and its unit
    ("100 %", "45 mm", "2 × 2") stay on one line, so do a command with its subcommand and
    options and each name of several words among `names` ("Günter Cornett"), and the last two
    words of a paragraph are tied so that no line holds a single word on its own at the end of
    a paragraph."""
    text = re.sub(r"(\d) (%|mm|g/m²|×)", rf"\1{NBSP}\2", text)
    text = re.sub(r"(×) (\d)", rf"\1{NBSP}\2", text)
    text = _COMMAND.sub(lambda m: m.group(0).replace(" ", NBSP), text)
    for name in names:
        if " " in name:
            text = text.replace(name, name.replace(" ", NBSP))
    head, sep, last = text.rpartition(" ")
    if sep and len(last) < 16 and " " in head:
        text = head + NBSP + last
    return text


def inline(text: str, names: Iterable[str] = ()) -> str:
    """Escape `text` for a reportlab Paragraph, tie what must not break (`tie`, with the
    `names` of several words) and turn **bold** and *italic* into tags."""
    text = tie(text, names)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
