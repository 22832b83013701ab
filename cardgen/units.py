"""Lengths as users write them ("45mm", "1.5in", "12pt") parsed into millimetres.

Inside cardgen every length is a float in millimetres; points appear only in the PDF writer.
"""

from __future__ import annotations

import re

MM_PER_INCH = 25.4
MM_PER_POINT = MM_PER_INCH / 72.0

_FACTORS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_POINT}
_LENGTH = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)?\s*$")  # ASCII digits only


def parse_length(text: str | float | int, *, default_unit: str = "mm") -> float:
    """Return `text` ("45mm", "1.5in", 3) in millimetres; ValueError names what is wrong."""
    if isinstance(text, bool):
        raise ValueError(f"expected a length such as '45mm', got {text!r}")
    if isinstance(text, (int, float)):
        return float(text) * _FACTORS[default_unit]
    if not isinstance(text, str):
        raise ValueError(f"expected a length such as '45mm', got {text!r}")
    match = _LENGTH.match(text)
    if match is None:
        raise ValueError(f"expected a length such as '45mm' or '1.5in', got {text!r}")
    value, unit = match.groups()
    return float(value) * _FACTORS[unit or default_unit]


def mm_to_pt(mm: float) -> float:
    """Millimetres to PDF points (1/72 inch)."""
    return mm / MM_PER_POINT


def pt_to_mm(pt: float) -> float:
    """PDF points (1/72 inch) to millimetres."""
    return pt * MM_PER_POINT
