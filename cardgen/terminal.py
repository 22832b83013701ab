"""Text on its way to a terminal: what came from a file is shown, never obeyed.

A set's name, a path or a value quoted from a record may hold characters a terminal acts on
instead of showing: C0 and C1 controls (`ESC ] 0 ; …` retitles the window, `ESC [ 2 J` clears
it), and format characters that reorder or hide text (a right-to-left override U+202E, a
zero-width joiner U+200D). `printable` shows every such character as its Python escape, so
the line means what it says. Every path from a file to the terminal goes through it: the
command line's output and error lines (`cardgen.cli`) and the check's text report.
"""

from __future__ import annotations

import contextlib


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str, keep: str = "") -> str:
    """`text` with every character that is not printable (str.isprintable: controls, format
    characters, separators other than the space, unassigned code points) written as its
    escape (`\\x1b`, `\\u202e`); characters in `keep` (say a line feed) stay as they are."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else _escaped(c) for c in text)


def short_path(path: str, width: int = 48) -> str:
    """`path` for a report line: relative to the current folder when inside it, else from the
    home folder as `~/...`; still longer than `width`, the folders before the last ones that fit
    are left out (`/.../nest/variants/mine.toml`; the file's own name is always kept whole)."""
    import os
    from pathlib import Path

    full = Path(path)
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        absolute = full.resolve()
        here, home = Path.cwd(), Path.home()
        if absolute.is_relative_to(here):
            full = absolute.relative_to(here)
        elif absolute.is_relative_to(home):
            full = Path("~") / absolute.relative_to(home)
    text, parts = str(full), full.parts
    if len(text) <= width or len(parts) < 3:
        return text
    head = [parts[0]] if parts[0] in ("/", "~") else []
    tail = [parts[-1]]
    for part in reversed(parts[len(head):-1]):
        if len(os.path.join(*head, "...", part, *tail)) > width:
            break
        tail.insert(0, part)
    return os.path.join(*head, "...", *tail)
