"""The one parser of numbers a person or a page types: an option's value on the command line,
a player's budget (`mcts@200`), a query parameter (`/view?at=3`).

Python's `int()` and `float()` take more than anyone means: digits of other scripts (`int("٣")`
is 3, `"²".isdigit()` is true but `int("²")` fails), underscores (`1_000`), surrounding spaces,
and `float()` takes `nan` and `inf`, which pass every range check (`nan < 0` and `nan > 60` are
both false). Here a whole number is ASCII digits with an optional sign, a decimal one that and
an optional fraction and exponent, and both must lie in the range asked for: anything else is a
DataError naming the place and quoting the text.
"""

from __future__ import annotations

import math
import re

from cardgen.errors import DataError

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?")


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {low:,} to {high:,}"
    if low is not None:
        return f"{low:,} or more"
    return f"{high:,} or less" if high is not None else "of any size"


def whole(text: str, place: str, low: int | None = None, high: int | None = None) -> int:
    """`text` as a whole number in `low`..`high` (either end None: open); DataError otherwise."""
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        raise DataError(place, f"{_shown(str(text))}: expected a whole number {_range(low, high)}, "
                               "in the digits 0-9")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise DataError(place, f"{value}: expected a whole number {_range(low, high)}")
    return value


def decimal(text: str, place: str, low: float | None = None, high: float | None = None) -> float:
    """`text` as a finite decimal number in `low`..`high`; DataError otherwise (nan, inf, 1e999
    and digits other than 0-9 included)."""
    if not isinstance(text, str) or not _DECIMAL.fullmatch(text):
        raise DataError(place, f"{_shown(str(text))}: expected a number {_range(low, high)} "
                               "such as 0.5, in the digits 0-9")
    value = float(text)
    if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
        raise DataError(place, f"{text}: expected a finite number {_range(low, high)}")
    return value
