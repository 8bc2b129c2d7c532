# Two commands set everything up on a fresh machine:
#   make battle   creates .venv, installs strategium, runs the main job on the bundled demo
#   make test     installs the test extras, runs lint (ruff), types (mypy) and the tests (pytest)
# The interpreter .venv is made from. PYTHON=... on the command line chooses; else the operating system's own
# CPython (/usr/bin/python3) when it is 3.11 or newer and can make a virtual environment; else python3 from PATH.
# Why: Debian's CPython is built with profile-guided and link-time optimisation and plays a demo battle 10-25%
# faster than a CPython compiled without them, such as pyenv's default build (docs/benchmarks.md).
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' \
	>/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: battle test install install-test browser lint types pytest bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 || \
		{ echo "make: PYTHON=$(PYTHON) does not run as Python 3.11 or newer; give its full path" >&2; exit 2; }
	@echo "creating $(VENV) with $(PYTHON) ($$($(PYTHON) -c 'import platform; print(platform.python_version())'))"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

battle: install
	$(BIN)/strategium battle

lint: install-test
	$(BIN)/ruff check src tests benchmarks

types: install-test
	$(BIN)/mypy

# The HTML report test loads the report in a real headless browser (Debian's chromium). Installed only where
# it is missing, apt-get exists and we are root (CI); elsewhere that one test is skipped.
browser:
	@command -v chromium >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

pytest: install-test browser
	@$(BIN)/pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo 'pytest collected no tests' >&2; exit 1; fi; exit $$rc

test: lint types pytest

bench: install-test
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
