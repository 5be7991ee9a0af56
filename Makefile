# Two entry points for a fresh machine (see README.md):
#   make demo   install the referee and run it on the bundled recording
#   make test   install the referee with test extras and run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/activate
	$(BIN)/pip install -q -e .

install-test: $(BIN)/activate
	$(BIN)/pip install -q -e '.[test]'

demo: install
	$(BIN)/referee demo

test: install-test
	$(BIN)/python -m pytest

.PHONY: install install-test demo test
