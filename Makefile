# Build / dev tasks for burgundy. Requires GNU make.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV    = .venv
BIN     = $(VENV)/bin

# Plugin pyproject files (re-install when any of them changes).
PLUGIN_PYPROJECTS := $(wildcard plugins/*/pyproject.toml)

.DEFAULT_GOAL := help

# Silence the Material-for-MkDocs end-of-life banner in build output.
export NO_MKDOCS_2_WARNING ?= 1

.PHONY: help .venv dev demo test lint typecheck unit docs serve-docs bench clean

help:
	@echo "Targets:"
	@echo "  make .venv       create $(VENV) and install burgundy (+ plugins) in editable mode"
	@echo "  make dev         as .venv, plus the [dev] extras (pytest, mypy, ruff, mkdocs, ...)"
	@echo "  make demo        watch a seeded 4-player game between bots (burgundy watch)"
	@echo "  make test        ruff + mypy --strict + pytest + strict docs build"
	@echo "  make docs        build the documentation site into site/"
	@echo "  make serve-docs  serve the documentation locally"
	@echo "  make bench       run benchmarks/bench.py"
	@echo "  make clean       remove $(VENV), caches and build output"

# --- environments -----------------------------------------------------------

$(VENV)/.installed: pyproject.toml $(PLUGIN_PYPROJECTS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e .
	for d in plugins/*/; do \
		if [ -f "$${d}pyproject.toml" ]; then \
			$(BIN)/python -m pip install -e "$$d" || exit 1; \
		fi; \
	done
	touch $@

$(VENV)/.dev-installed: $(VENV)/.installed
	$(BIN)/python -m pip install -e '.[dev]'
	touch $@

.venv: $(VENV)/.installed

dev: $(VENV)/.dev-installed

# --- running ----------------------------------------------------------------

demo: $(VENV)/.installed
	$(BIN)/burgundy watch --players 4 --seed 7 --bots greedy,mcts:60,greedy,random

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench.py

# --- checks -----------------------------------------------------------------

test: $(VENV)/.dev-installed lint typecheck unit
	$(BIN)/mkdocs build --strict --site-dir $(VENV)/site

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests plugins docs/examples tools

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy --strict src
	for d in plugins/*/; do \
		if [ -d "$${d}src" ]; then \
			$(BIN)/mypy --strict "$${d}src" || exit 1; \
		fi; \
	done
	$(BIN)/mypy --strict docs/examples/burgundy-tithe/src

unit: $(VENV)/.dev-installed
	$(BIN)/pytest

# --- docs -------------------------------------------------------------------

docs: $(VENV)/.dev-installed
	$(BIN)/mkdocs build --strict

serve-docs: $(VENV)/.dev-installed
	$(BIN)/mkdocs serve

# --- housekeeping -----------------------------------------------------------

clean:
	rm -rf $(VENV) site dist build .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +
