# oanquan — two commands do everything on a fresh clone:
#   make serve   build the book and serve it on http://127.0.0.1:$(PORT)/
#   make test    lint, type-check, unit/property/doc tests, notebooks, browser tests
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
# Where `make serve` listens: this computer only, unless OANQUAN_HOST says otherwise
# (OANQUAN_HOST=0.0.0.0 make serve shows the book to the local network). The shell's HOST is
# not read: tcsh exports it as the machine's name, and `HOST ?=` took it (issue 47).
OANQUAN_HOST ?= 127.0.0.1

# Python keeps the bytecode it compiles (__pycache__/, ignored by git), whatever the shell says:
# with PYTHONDONTWRITEBYTECODE set, and the venv installed --no-compile, every process of a run
# (each test worker, kernel, book build and server) compiled every module it imported again,
# and collecting the tests alone took 8.5 s instead of 3 (issue 19).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: setup test lint unit bench bench-deps ladder book lite serve dist lab trust clean vendor book-pages notebooks browser-deps print-deps system-deps site-test lab-test play-assets catalogues translations

setup: $(STAMP)

# A venv with the pinned tool chain and the package itself (editable). requirements.lock pins
# every package of requirements.txt and of their dependencies with its hashes (issue 24). uv
# installs them (requirements-setup.lock pins it, hashed, and pip installs it first): on a new
# machine pip took 36 s of the set-up's 45, uv 10 with the venv made and uv installed (issue 45).
# Neither compiles bytecode here: each module is compiled once, as it is first imported.
UV = $(BIN)/uv pip install --quiet --python $(BIN)/python
$(STAMP): requirements.txt requirements.lock requirements-setup.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --progress-bar off --no-compile --require-hashes -r requirements-setup.lock
	$(UV) --require-hashes -r requirements.lock
	$(UV) --no-deps --no-build-isolation -e .
	touch $(STAMP)

# The engine's words in other languages (oanquan/i18n.py): Babel extracts every _(), N_() and
# ngettext() message of the package, the printables and the Sphinx extensions, every t() of the
# pages' scripts and every _() and {% trans %} of their Jinja2 templates (babel.cfg), into a template, merges it
# into each language's .po (the translations, edited by hand) and compiles the .mo that the
# package ships; then the puzzle collection's table (tools/build/puzzle_translations.py: titles kept,
# explanations computed in the language). All are committed, so a fresh clone needs nothing built; tests/test_i18n.py
# fails when a message is missing, untranslated or fuzzy, or when the .mo is older than the .po.
LOCALES := vi
CATALOGUES := oanquan/locale
# Where the engine's words are (tests/test_i18n.py reads this line too).
I18N_SOURCES := oanquan authoring tools/build/play.py tools/sphinx/printables.py tools/sphinx/live_boards.py tools/sphinx/accessible_pages.py tools/sphinx/lite_links.py tools/build/lite_cell.py book/_static_play book/_static_lite
catalogues: $(STAMP)
	@mkdir -p _build/i18n
	$(BIN)/pybabel -q extract -F babel.cfg -k t --add-location=file --sort-by-file -c TRANSLATORS: \
	  --project=oanquan --version=0.1.0 --msgid-bugs-address="the project's issues" \
	  -o _build/i18n/oanquan.pot $(I18N_SOURCES)
	for lang in $(LOCALES); do \
	  test -f $(CATALOGUES)/$$lang/LC_MESSAGES/oanquan.po || \
	    $(BIN)/pybabel -q init -i _build/i18n/oanquan.pot -d $(CATALOGUES) -D oanquan -l $$lang; \
	  $(BIN)/pybabel -q update -i _build/i18n/oanquan.pot -d $(CATALOGUES) -D oanquan -l $$lang \
	    --ignore-obsolete --init-missing --ignore-pot-creation-date; \
	done
	$(BIN)/pybabel compile -d $(CATALOGUES) -D oanquan --statistics
	$(BIN)/python -m tools.build.puzzle_translations

# The site's own JavaScript (book/_static_play/, book/_static_lite/) with ESLint from npm
# (eslint.config.mjs; package.json's devDependencies).
lint: $(STAMP) node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	node_modules/.bin/eslint .

# The pages' scripts under Node's own test runner (tests/js/), and beside them the unit, property
# and doc tests and the notebooks' stored outputs (nbval), on every core (pytest-xdist); a file's
# tests stay in one worker (--dist loadfile), so that nbval runs a notebook's cells in order in one
# kernel. The notebooks are in the same run as the unit tests (issue 45): a second run started its
# workers and collected again, and each run's last file kept one core waiting for the other.
# Each stage's time goes to _build/test-times.txt. The service worker's tests run Workbox (npm),
# hence node_modules.
# (tools/build/timed.py needs only the standard library: it also times the set-up, before the venv exists)
TIMED = $(PYTHON) -m tools.build.timed
# The Node tests take about 8 s, mostly waiting on their timers (2 CPU-seconds), so they run beside
# pytest (issue 45); their report goes to _build/js-tests.txt: its counts are printed after pytest's
# summary, the whole of it on a failure.
unit: $(STAMP) print-deps node_modules/.installed
	@mkdir -p _build
	@$(TIMED) js -- node --test tests/js/*.test.mjs > _build/js-tests.txt 2>&1 & js=$$!; \
	$(TIMED) unit -- $(BIN)/pytest -q -m "not browser" -n auto --dist loadfile tests oanquan authoring tools notebooks book; \
	unit=$$?; wait $$js; js=$$?; \
	if [ $$js = 0 ]; then grep -E '^# (tests|pass|fail) ' _build/js-tests.txt | tr '\n' ' '; echo "(Node: _build/js-tests.txt)"; \
	else cat _build/js-tests.txt; echo "The Node tests failed (above)"; fi; \
	test $$js = 0 && test $$unit = 0

# Everything, in order; _build/test-times.txt says afterwards where the minutes went (each stage's
# seconds and CPU-seconds, and the whole run's). On a new machine the set-up comes first, its three
# parts side by side (issue 45): they wait on the network and the disk, not on the cores, and one
# after the other they took about two minutes: the venv from the lock, npm ci, and one apt-get for
# every system package the tests need (Chromium, poppler, zbar, the fonts, gettext).
# Lint runs beside the book (issue 45): the book's build keeps 1.3 of the two cores busy (70-80 s),
# and lint, mostly one process at a time (mypy, ESLint), fits in the rest. The unit tests come
# first, as before, since they run Sphinx themselves (tests/test_edition.py) and keep both cores busy.
# The browser tests then use the book just built (BUILT=1: site-test would build it again).
test:
	@$(TIMED) --start
	@$(TIMED) setup -- $(MAKE) --no-print-directory -j3 $(STAMP) node_modules/.installed system-deps
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory lint & lint=$$!; $(MAKE) --no-print-directory book; built=$$?; wait $$lint && test $$built = 0
	@$(MAKE) --no-print-directory site-test BUILT=1
	@$(TIMED) --total

bench: $(STAMP) bench-deps
	$(BIN)/python -m benchmarks

# The match table between the computer levels (issue 4): slow, so not part of make test. Then level 5
# against level 5 as it was before issue 45, from even openings after three random moves, where the
# two can be told apart (benchmarks/ladder.py; docs/figures.md: 66-17-37 in 120 games, 59% over 240).
ladder: $(STAMP)
	$(BIN)/python -m benchmarks.ladder
	$(BIN)/python -m benchmarks.ladder --games 120 --levels 5@40000,5 --opening 3 --balanced 3

# The widget JavaScript, served by the site itself (docs/stack.md): npm packages pinned by
# package-lock.json, copied into _widget_js/ (not committed) by tools/build/vendor_js.py.
node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

vendor: $(STAMP) node_modules/.installed
	$(BIN)/python -m tools.build.vendor_js --check >/dev/null || $(BIN)/python -m tools.build.vendor_js

# The Play and Puzzles pages run the engine in the browser: Pyodide (npm), the oanquan
# package as a zip, the pages' scripts and markup, into _widget_js/ (not committed).
play-assets: $(STAMP) node_modules/.installed
	$(BIN)/python -m tools.build.play

# The site, both editions, in stages: tools/build/book.py says what each does.
# `make book VI=0` builds the English edition alone.
VI ?= 1
book: $(STAMP) vendor play-assets print-deps
	$(BIN)/python -m tools.build.book$(if $(filter 1,$(VI)),, --english-only)

# The pages' catalogues (tools/build/edition.py): after a change of a page's text, refresh them
# (Sphinx's gettext builder, the code cells' words, sphinx-intl update), translate what is new
# or fuzzy, and check them.
translations: $(STAMP) print-deps
	$(BIN)/python -m tools.build.edition extract
	$(BIN)/python -m tools.build.edition check

# Only the live notebooks, into the book built before (quicker while working on them).
lite: $(STAMP) node_modules/.installed
	$(BIN)/python -m tools.build.lite
	$(BIN)/python -m tools.build.favicon _build/html

# Re-execute the book's notebook pages in place, storing outputs and widget state.
book-pages: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False book/*.ipynb

# Re-execute the tutorial chapters in place (after a change to the engine's pictures or words),
# with their shared "how to use" cell and JupyterLab's hiding kept in step (tools/build/chapters.py).
notebooks: $(STAMP)
	$(BIN)/python -m tools.build.chapters --fix
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False notebooks/*.ipynb

# The printables (tools/sphinx/printables.py) need the DejaVu fonts; their tests render the PDFs with
# poppler (pdftoppm, pdftotext, pdfinfo) and read the QR codes back with zbar (zbarimg).
# msgfmt (gettext) reads the page catalogues back in tests/test_edition.py.
PRINT_TOOLS := pdftoppm pdftotext pdfinfo zbarimg msgfmt
PRINT_PACKAGES := poppler-utils zbar-tools fonts-dejavu-core gettext
# The Debian packages to install: all of the printables' when one of their tools or the fonts is
# missing; Chromium's headless shell, for the browser tests, when it is (the same engine as the
# whole browser, in 0.85x the CPU: issue 45); the whole Chromium, a reader's, for the benchmarks
# that time the pages. Nothing when nothing is missing.
missing_print = $(if $(shell for tool in $(PRINT_TOOLS); do command -v $$tool >/dev/null || echo $$tool; done; \
  test -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf || echo fonts),$(PRINT_PACKAGES))
# ($CHROMIUM and $READERS_CHROMIUM name other browsers, as tools/testing/localsite.py reads them.)
missing_browser = $(if $(wildcard $(or $(CHROMIUM),/usr/bin/chromium-headless-shell)),,chromium-headless-shell)
missing_readers_browser = $(if $(wildcard $(or $(READERS_CHROMIUM),/usr/bin/chromium)),,chromium)
apt_install = @if [ -n "$(strip $(1))" ]; then export DEBIAN_FRONTEND=noninteractive; apt-get update && apt-get install -y $(1); fi

print-deps:
	$(call apt_install,$(missing_print))

# Headless Chromium for the browser tests (CI runs as root on a fresh machine).
browser-deps:
	$(call apt_install,$(missing_browser))

bench-deps:
	$(call apt_install,$(missing_readers_browser))

# Both, in one apt-get (`make test` runs it beside the venv's and npm's installs: two apt-gets at
# once would wait on each other's lock, and each reads the package lists again).
system-deps:
	$(call apt_install,$(missing_print) $(missing_browser))

# Every browser test (marked `browser`) against the book built once, three modules at a time, the
# longest first (tests/conftest.py's order, which --no-loadscope-reorder keeps): docs/testing.md.
# Three on two cores (issue 45): a module keeps about 0.8 of a core busy (its page waits on the
# browser's one main thread, the engine's worker, the server), so two left a sixth of the cores idle;
# the same build's browser stage took 958 s with three against 1,050 s with two, the CPU no higher.
site-test: $(if $(BUILT),,book) browser-deps
	$(TIMED) browser -- $(BIN)/pytest -q -m browser -n 3 --dist loadfile --no-loadscope-reorder --durations=30 tests

# The chapters in a real JupyterLab (tests/test_lab.py, also run by site-test): a server of its
# own on 127.0.0.1 with temporary settings and signatures, each chapter opened untrusted (a fresh
# clone), trusted (as `make lab`), and run; screenshots in _build/screenshots/lab/. Alone, it
# needs no book build.
lab-test: $(STAMP) browser-deps
	$(BIN)/pytest -q -m browser tests/test_lab.py

# The offline copy for schools: the built site in _build/oanquan-site.zip, with a SERVE.txt
# saying how to serve it on the computer itself (tools/build/dist.py prints that line too).
dist: book
	$(BIN)/python -m tools.build.dist

serve: book
	@echo "Serving the book on $(OANQUAN_HOST), port $(PORT): http://$(OANQUAN_HOST):$(PORT)/  (Ctrl-C stops)"
	$(BIN)/python -m http.server --bind $(OANQUAN_HOST) --directory _build/html $(PORT)

# JupyterLab on the chapters, with only what reading them needs (issue 44): requirements-lab.lock
# (JupyterLab, Notebook 7, the kernel, the widgets, hashed), a fraction of the whole tool chain,
# unless `make setup` installed that already. `make lab LAB_APP=notebook` opens the chapters in
# Notebook 7 instead. As root (a school's shared machine, a container) Jupyter needs --allow-root.
# Lab shows a notebook's stored pictures and widgets only if the notebook is trusted (signed in
# your own ~/.local/share/jupyter/nbsignatures.db); a fresh clone's are not, so sign them first.
# Trust is per content: after `make notebooks` (or a `git pull` that changed them) they need
# signing again, which this target does every time. The root is the repository, so links from
# the chapters to ../book/ open too.
LAB_STAMP := $(VENV)/.lab-installed
LAB_APP ?= lab
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

$(LAB_STAMP): requirements-lab.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -f $(STAMP) || $(BIN)/python -m pip install -q --progress-bar off --no-compile --no-deps --require-hashes -r requirements-lab.lock
	$(BIN)/python -m pip install -q --progress-bar off --no-deps --no-build-isolation -e .
	touch $(LAB_STAMP)

lab: trust
	$(BIN)/jupyter $(LAB_APP) $(AS_ROOT) --ServerApp.root_dir=. notebooks/01_board.ipynb

trust: $(LAB_STAMP)
	$(BIN)/jupyter trust notebooks/*.ipynb book/*.ipynb

clean:
	rm -rf _build .jupyter_cache .pytest_cache .mypy_cache .ruff_cache .hypothesis
