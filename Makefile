# oanquan — two commands do everything on a fresh clone:
#   make serve   build the book and serve it on http://127.0.0.1:$(PORT)/
#   make test    lint, type-check, unit/property/doc tests, notebooks, browser tests
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: setup test lint unit bench ladder book serve lab clean

setup: $(STAMP)

# A venv with the pinned tool chain and the package itself (editable).
$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --progress-bar off -r requirements.txt
	$(BIN)/python -m pip install -q --progress-bar off --no-deps -e .
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint unit

bench: $(STAMP)
	$(BIN)/python -m benchmarks

book: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going

serve: book
	@echo "Serving the book at http://$(HOST):$(PORT)/  (Ctrl-C stops)"
	$(BIN)/python -m http.server --bind $(HOST) --directory _build/html $(PORT)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

clean:
	rm -rf _build .jupyter_cache .pytest_cache .mypy_cache .ruff_cache .hypothesis
