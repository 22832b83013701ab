"""cardgen: print-and-play kits, rules engines and rule booklets for three German tabletop games."""

__version__ = "0.1.0"
"""The version, written only here: pyproject.toml reads it for the package metadata."""
