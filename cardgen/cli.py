"""The command line: the only module that imports click. CardgenError becomes one line, exit 1."""

from __future__ import annotations

import click


@click.group()
def main() -> None:
    """cardgen: print-and-play kits for Schlangennest, Schlangengrube and Irrläufer."""
