"""Counted nouns for messages: "1 page", "2 pages", never "1 pages"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and `noun`, in the plural unless `n` is 1 (`plural` for irregular nouns)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
