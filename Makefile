# `make` sets up a virtual environment, installs cardgen and builds the default kit into output/.
# `make test` does the same set-up and runs the tests; `make bench` prints the benchmarks.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: all kit test test-all bench lint clean

all: kit

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,cluster]'
	touch $(STAMP)

kit: $(STAMP)
	$(VENV)/bin/cardgen build

test: $(STAMP)
	$(PY) -m pytest -q -n 2

test-all: $(STAMP)
	$(PY) -m pytest -q -n 2 -m ''

bench: $(STAMP)
	$(PY) bench/run.py

lint: $(STAMP)
	$(PY) -m mypy cardgen

clean:
	rm -rf output/*/ $(VENV) build *.egg-info
