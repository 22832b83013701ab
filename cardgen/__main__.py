"""`python -m cardgen` runs the command line."""

from cardgen.cli import run

run()
