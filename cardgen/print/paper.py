"""Paper sizes by name, in millimetres (portrait: width < height)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import LayoutError


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size in portrait orientation, in mm."""

    name: str
    width: float
    height: float

    def oriented(self, landscape: bool) -> tuple[float, float]:
        """(width, height) of the sheet as printed, portrait or landscape."""
        return (self.height, self.width) if landscape else (self.width, self.height)

    def __str__(self) -> str:
        return f"{self.label} ({_fmt(self.width)} x {_fmt(self.height)} mm)"

    @property
    def label(self) -> str:
        """The name as people write it: "A4", "Letter"."""
        return self.name.upper() if self.name.startswith("a") else self.name.capitalize()


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
    "tabloid": Paper("tabloid", 279.4, 431.8),
}


def paper(name: str | Paper) -> Paper:
    """The paper called `name` (a4, letter, a3, tabloid; any case); a Paper passes through."""
    if isinstance(name, Paper):
        return name
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        known = "|".join(PAPERS)
        raise LayoutError("paper", f"unknown paper {name!r}; use {known}") from None


def _fmt(mm: float) -> str:
    """A length for messages: 210, 215.9."""
    return f"{mm:.1f}".rstrip("0").rstrip(".")
