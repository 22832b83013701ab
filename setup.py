"""Package discovery, the one thing pyproject.toml cannot say: every package under cardgen/ is
found, and templates/ (outside it) is installed as `cardgen.templates` (see pyproject.toml)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["cardgen", "cardgen.*"]), "cardgen.templates"])
