# `make` sets up a virtual environment, installs cardgen and builds the default kit into output/.
# `make test` does the same set-up and runs the tests (`make test-quick`: a first look in under a
# minute); `make bench` prints the benchmarks; `make lint` runs ruff and mypy.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# First of all: a Python new enough, or one line saying what is wrong (`make clean` needs none).
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),all)),)
ifneq ($(shell $(PYTHON) -c 'import sys; print(int(sys.version_info >= (3, 11)))' 2>/dev/null),1)
$(error cardgen needs Python 3.11 or newer, and '$(PYTHON)' is missing or older (try: make PYTHON=python3.11))
endif
endif

.PHONY: all kit test test-quick test-pure test-slow test-repairs test-wheel test-all bench bench-irr-old bench-tune ladder baselines lint clean

all: kit

$(STAMP): pyproject.toml setup.py $(wildcard cardgen/games/*/_core.c)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,dev,cluster,play,tune,scan]'
	$(PY) -m compileall -q cardgen
	touch $(STAMP)

kit: $(STAMP)
	$(VENV)/bin/cardgen build
	@echo "Next: open output/<game>/HOW-TO-PRINT.txt (which file to print, how to cut and fold); try a game first: .venv/bin/cardgen play schlangengrube"

# The suites run on both cores, each worker taking the next test as it frees up (worksteal: no
# worker idles at the end behind a queue of long tests). pytest caches its rewritten test
# modules in __pycache__ even where PYTHONDONTWRITEBYTECODE is set (some shells and CI images
# set it), which spares each worker some 4 s of rewriting on every later run.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -q -n 2 --dist worksteal

test: $(STAMP)
	$(PYTEST)

# A first look: every command once, the set files, the example records and the toy game.
QUICK := tests/test_cli_conventions.py tests/test_examples.py tests/test_toy_game.py tests/test_sets.py \
	tests/test_docs_rules.py
test-quick: $(STAMP)
	$(PYTEST) $(QUICK)

# The default suite again on the pure-Python core (CARDGEN_PURE=1: the compiled core left
# unused), so both cores pass it.
test-pure: $(STAMP)
	CARDGEN_PURE=1 $(PYTEST)

# The long runs kept out of `make test` (the bench of bad sets, the default Irrläufer check, the
# differential tests over a thousand games, …), which CI runs too; all but the held-out sets'
# tune repairs, which take up to an hour each (`make test-repairs`, by hand).
test-slow: $(STAMP)
	$(PYTEST) -m 'slow and not repair'

test-repairs: $(STAMP)
	$(PYTEST) -m repair

# The wheel installed into a fresh virtual environment, run from an unrelated folder; and an
# install with the C compiler hidden, which runs the pure-Python core.
test-wheel: $(STAMP)
	$(PY) -m pytest -q -p no:xdist -m wheel tests/test_wheel.py tests/test_no_compiler.py

test-all: $(STAMP)
	$(PYTEST) -m ''

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check 'board-game-factory>=0.3'
	@# as an installed wheel is: cardgen's modules compiled, even where PYTHONDONTWRITEBYTECODE is set
	$(PY) -m compileall -q cardgen
	$(PY) bench/run.py

# Irrläufer's engine and search beside the engine as it was before issue 20 made it fast, which
# bench/irr_old.py builds from a pinned commit of this checkout's history (git, no network).
bench-irr-old: $(STAMP)
	$(PY) bench/bench_irr.py --old

# The search of docs/tune.md timed (a few minutes): `cardgen tune` as issue #26 names it, then
# the check of the set it wrote.
bench-tune: $(STAMP)
	$(PY) bench/bench_tune.py

# Every game's ladder, each rung against the one below with its 95% interval (about 3½ minutes on
# two quiet cores, most of it Irrläufer's search). LADDER_GAMES games per rung pair (docs/players.md).
LADDER_GAMES ?= 100
ladder: $(STAMP)
	@for game in $$($(VENV)/bin/python -c 'from cardgen.registry import GAMES; print(*GAMES.names)'); do \
		$(VENV)/bin/cardgen match $$game --ladder --games $(LADDER_GAMES) || exit $$?; done

# The length baselines of the check (turns per player of each default set, with the report
# player): run again whenever a game's report player changes (docs/check.md, "Length").
baselines: $(STAMP)
	$(VENV)/bin/cardgen check --write-baselines --quiet

# ruff (pyflakes, bugbear, pyupgrade: pyproject.toml) over the repository, mypy --strict over the package.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy cardgen

clean:
	rm -rf output/*/ $(VENV) build *.egg-info
