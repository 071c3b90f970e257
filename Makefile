# Build / dev tasks for burgundy. Requires GNU make.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV    = .venv
BIN     = $(VENV)/bin

# Plugin pyproject files (re-install when any of them changes) and the plugins' folders.
PLUGIN_PYPROJECTS := $(wildcard plugins/*/pyproject.toml)
PLUGIN_DIRS := $(patsubst %/pyproject.toml,%,$(PLUGIN_PYPROJECTS))

.DEFAULT_GOAL := help

# Silence the Material-for-MkDocs end-of-life banner in build output.
export NO_MKDOCS_2_WARNING ?= 1

# Python writes its bytecode caches in these commands even where the environment says not
# to: without them every pytest worker compiles the sources and rewrites the tests'
# asserts again, and every subprocess of the suite compiles the modules it imports. The
# big installs (the dev extras here, each nox session's) leave the compiling to the first
# import (pip --no-compile): most of what they install is never imported by a run.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help .venv dev compiled pure wheelhouse chromium demo test lint typecheck unit \
	unit-builds interpreters dist dist-check docs docs-check serve-docs serve bench ladder expert-weights \
	learn clean

help:
	@echo "Targets:"
	@echo "  make .venv       create $(VENV) and install burgundy (+ plugins) in editable mode"
	@echo "  make dev         as .venv, plus the [dev] extras (pytest, mypy, ruff, mkdocs, ...)"
	@echo "                   and the wheelhouse for offline test installs, and chromium"
	@echo "                   (Debian's, for the replay page's browser test) when missing"
	@echo "  make compiled    compile the rules with mypyc in place: $(VENV) runs the compiled"
	@echo "                   build (burgundy.COMPILED) until make pure removes it"
	@echo "  make pure        remove the compiled modules: $(VENV) runs pure Python again"
	@echo "  make demo        watch a seeded 4-player game between bots, paced, and write"
	@echo "                   its replay page ($(VENV)/demo.html)"
	@echo "  make test        ruff + mypy --strict + pytest (this Python's compiled build, every"
	@echo "                   other Python's pure one) + dist-check + docs"
	@echo "  make unit        pytest in $(VENV) (on the build in place: pure, or compiled)"
	@echo "  make interpreters  pytest on the other supported Pythons found here (nox)"
	@echo "  make dist        build wheel + sdist of the core and every plugin into dist/"
	@echo "  make dist-check  make dist, then twine check, contents and a wheel smoke test"
	@echo "  make docs        build the documentation site into site/"
	@echo "  make docs-check  the docs as make test builds them: strict, into $(VENV)/site"
	@echo "  make serve-docs  serve the documentation locally"
	@echo "  make serve       play in the browser: install the [web] extra and start"
	@echo "                   burgundy serve (http://127.0.0.1:8000/; SERVE_ARGS='--port 8080')"
	@echo "  make bench       run benchmarks/bench.py"
	@echo "  make ladder      play the bots' ladder (benchmarks/ladder.py; hours on 2 cores; resumes)"
	@echo "                   and write its table for docs/bots.md"
	@echo "  make expert-weights  self-play games, then fit the expert bot's valuation from them"
	@echo "                   (tools/fit_expert.py) into src/burgundy/data/expert-weights.json"
	@echo "  make learn       install the [learn] extra (torch, sb3-contrib) and train MaskablePPO"
	@echo "                   against the random bot (docs/examples/learn.py; minutes on a CPU);"
	@echo "                   the curve goes to $(VENV)/learning-curve.png"
	@echo "  make clean       remove $(VENV), caches and build output"

# --- environments -----------------------------------------------------------

# The build backend of every project here (their [build-system]: hatchling, and editables
# for editable installs) is installed once into $(VENV), and pip builds with it there
# (--no-build-isolation) instead of filling a fresh build environment for each of the
# eleven projects (10 s instead of 40). A dependency published only as a source archive
# (python-chess, in the dev extra) is then built with the venv's setuptools too: the one
# Python 3.11's venv brings (65) has no bdist_wheel, so a newer one comes along (an empty
# pip cache on a new machine needs it: nothing was built before).
BUILD_BACKEND = 'hatchling>=1.18' editables 'setuptools>=70.1'

$(VENV)/.installed: pyproject.toml $(PLUGIN_PYPROJECTS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip $(BUILD_BACKEND)
	$(BIN)/python -m pip install --no-build-isolation -e . $(foreach d,$(PLUGIN_DIRS),-e $(d))
	touch $@

$(VENV)/.dev-installed: $(VENV)/.installed
	$(BIN)/python -m pip install --no-compile --no-build-isolation -e '.[dev]'
	touch $@

.venv: $(VENV)/.installed

dev: $(VENV)/.dev-installed wheelhouse chromium

# The compiled build in place (hatch_build.py; docs/performance.md): mypyc compiles the
# modules of burgundy._build.COMPILED_MODULES beside their sources in src/, where the
# editable install imports them first. Rebuilt when a module of the core changed (the
# compiled code is typed against them); the test suite refuses a stale one.
COMPILED_STAMP = build/mypyc/.in-place
CORE_SOURCES := $(wildcard src/burgundy/*.py src/burgundy/rules/*.py src/burgundy/bots/*.py)

$(COMPILED_STAMP): $(CORE_SOURCES) hatch_build.py | $(VENV)/.dev-installed
	$(BIN)/python hatch_build.py
	touch $@

compiled: $(COMPILED_STAMP)

pure:
	test ! -x $(BIN)/python || $(BIN)/python hatch_build.py --clean
	rm -f $(COMPILED_STAMP)

# The replay page's test opens it in a real headless Chromium: install Debian's when none is
# on PATH (as root, or with sudo; tools/chromium.sh).
chromium:
	tools/chromium.sh

# Wheels of every third-party requirement, for each supported Python on this machine, in
# $(VENV)/wheelhouse: the test sessions and the smoke test install from it offline.
# Cheap when up to date (tools/wheelhouse.py).
wheelhouse: $(VENV)/.dev-installed
	$(BIN)/python tools/wheelhouse.py

# --- running ----------------------------------------------------------------

# Paced (a pause after each move on a terminal); the replay page to step through afterwards.
DEMO_DELAY ?= 0.1

demo: $(VENV)/.installed
	$(BIN)/burgundy watch --players 4 --seed 7 --bots greedy,mcts:60,greedy,random \
		--delay $(DEMO_DELAY) --html $(VENV)/demo.html

# The game server of the browser page (docs/web.md); its extra is installed on first use.
SERVE_ARGS ?=

$(VENV)/.web-installed: $(VENV)/.installed
	$(BIN)/python -m pip install -e '.[web]'
	touch $@

serve: $(VENV)/.web-installed
	$(BIN)/burgundy serve $(SERVE_ARGS)

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench.py

# Not part of `make test`: the bots' ladder (docs/bots.md), in benchmarks/ladder/.
LADDER_ARGS ?=
ladder: $(VENV)/.installed
	$(BIN)/python benchmarks/ladder.py $(LADDER_ARGS)

# Not part of `make test`: the expert bot's valuation, fitted from self-play (docs/bots.md);
# the games and the seed are these, so the weights come out the same.
EXPERT_SELFPLAY = $(VENV)/expert-selfplay
EXPERT_RIDGE ?= 1
expert-weights: $(VENV)/.installed
	$(BIN)/python -m pip install -e '.[rl]'
	$(BIN)/burgundy selfplay --players 2 --bot mcts:100 --games 60 --shard-games 5 \
		--seed 3500 --out $(EXPERT_SELFPLAY)
	$(BIN)/python tools/fit_expert.py $(EXPERT_SELFPLAY) --ridge $(EXPERT_RIDGE) \
		--out src/burgundy/data/expert-weights.json

# Not part of `make test`: the training example of docs/learning.md. It writes to $(VENV)/
# only; LEARN_ARGS='--picture docs/images/learning-curve.png' updates the page's picture.
LEARN_ARGS ?=
learn: $(VENV)/.installed
	$(BIN)/python -m pip install -e '.[learn]'
	$(BIN)/python docs/examples/learn.py $(LEARN_ARGS)

# --- checks -----------------------------------------------------------------

# make test: first the steps that use one core each (ruff and import-linter, mypy, the
# wheelhouse, the docs, the distributions with the compiled wheel), two at a time, each
# one's output in one piece; then the suites, each on every core, and the distributions'
# checks (the wheelhouse and dist/ are filled by then).
test: $(VENV)/.dev-installed chromium
	$(MAKE) -j2 --output-sync=target dist typecheck lint wheelhouse docs-check
	$(MAKE) -o wheelhouse -o dist unit-builds interpreters dist-check

# The docs as make test builds them: strict, into $(VENV)/site.
docs-check: $(VENV)/.dev-installed
	$(BIN)/mkdocs build --strict --site-dir $(VENV)/site

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests plugins docs/examples tools noxfile.py hatch_build.py conftest.py
	PYTHONPATH=docs/examples/burgundy-tithe/src:docs/examples/burgundy-sampler/src \
		$(BIN)/lint-imports --no-cache

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy --strict src
	for d in plugins/*/; do \
		if [ -d "$${d}src" ]; then \
			$(BIN)/mypy --strict "$${d}src" || exit 1; \
		fi; \
	done
	$(BIN)/mypy --strict docs/examples/burgundy-tithe/src
	$(BIN)/mypy --strict docs/examples/burgundy-sampler/src
	$(BIN)/mypy --strict tools noxfile.py hatch_build.py conftest.py

# On every core, the tests of one file in one worker (pytest-xdist); PYTEST_WORKERS=0 runs
# them in this process.
PYTEST_WORKERS ?= auto

unit: $(VENV)/.dev-installed
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile

# make test: the whole suite once on this Python's compiled build (which includes
# tests/test_compiled.py: 200 seeded games of every variant mix played by the compiled
# build and by the pure sources, compared byte for byte); `interpreters` runs it on the pure
# build of every other supported Python. Pure again afterwards. The 15 slowest tests are
# listed at the end (where make test's time goes). The compiled modules are those of the
# compiled wheel `dist` builds (and dist-check checks), put in place: the rules are
# compiled once a run, not twice.
unit-builds: dist
	$(BIN)/python hatch_build.py --from-wheel dist/compiled/*.whl
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile --durations=15 \
		|| { $(MAKE) pure; exit 1; }
	$(MAKE) pure

# pytest on every supported Python found on this machine (noxfile.py; a missing one is
# skipped with a note). The one of $(VENV) is left out, as `unit` (in make test,
# `unit-builds`) runs the same suite on it: `make interpreters NOX_SKIP=` runs it too.
NOX_SKIP ?= $(shell $(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)

interpreters: wheelhouse
	BURGUNDY_NOX_SKIP="$(NOX_SKIP)" PYTEST_WORKERS="$(PYTEST_WORKERS)" $(BIN)/nox --tags tests

# --- distributions ----------------------------------------------------------

# DIST_CHECK_ARGS: e.g. --expect-version 1.2.0 (the release workflow passes the tag's).
dist: $(VENV)/.dev-installed
	$(BIN)/python tools/dist.py build

dist-check: dist wheelhouse
	$(BIN)/python tools/dist.py check $(DIST_CHECK_ARGS)

# --- docs -------------------------------------------------------------------

docs: $(VENV)/.dev-installed
	$(BIN)/mkdocs build --strict

serve-docs: $(VENV)/.dev-installed
	$(BIN)/mkdocs serve

# --- housekeeping -----------------------------------------------------------

clean:
	test ! -x $(BIN)/python || $(BIN)/python hatch_build.py --clean
	rm -rf $(VENV) site dist build .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +
