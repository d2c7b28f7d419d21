# cutthroat: `make run` plays, `make test` checks everything. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXTRAS ?= dev
comma := ,
# One stamp per set of extras installed (.installed-web+tui), so that `make test` after
# `make run EXTRAS=web,tui` installs the test tools rather than finding a stamp.
STAMP = $(VENV)/.installed-$(subst $(comma),+,$(EXTRAS))
DEV := $(VENV)/.installed-dev

.PHONY: run test lint typecheck unit bench strength clean venv services help
.PRECIOUS: $(VENV)/.installed-%

## Set up .venv with the EXTRAS (default dev: every extra and the test tools).
venv: $(STAMP)

$(VENV)/.installed-%: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(subst +,$(comma),$*)]'
	touch $@

## The main job: the web game (SQLite by default), at http://localhost:8000/.
## HOST=0.0.0.0 lets friends on the network join; PORT and CUTTHROAT_DB change the rest.
HOST ?= 127.0.0.1
PORT ?= 8000
run: venv
	@$(BIN)/cutthroat serve --host $(HOST) --port $(PORT)

## Everything CI checks: lint, types, the whole test suite with branch coverage.
test: $(DEV) services lint typecheck unit

## What the tests drive besides Python, from Debian's packages (installed if missing):
## Chromium's headless shell for the browser tests, PostgreSQL for the optional database
## backend (the tests start a private server of their own; nothing is left running).
services:
	@missing=""; command -v chromium-headless-shell >/dev/null 2>&1 || \
		missing="$$missing chromium-headless-shell"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends $$missing; fi

## Ruff on the package, the tests, the benchmarks and the examples.
lint: $(DEV)
	$(BIN)/ruff check src tests bench examples

## Mypy (strict) on the package.
typecheck: $(DEV)
	$(BIN)/mypy

ENGINE_MODULES := cards rules actions deal scoring phases checks hand_queries before_play state views game record
empty :=
space := $(empty) $(empty)
ENGINE := $(subst $(space),$(comma),$(foreach m,$(ENGINE_MODULES),src/cutthroat/$(m).py))

## The test suite with branch coverage (at least 90%, the engine's 95%); the tests marked
## no_cover (bot-heavy, 3-10x slower under coverage tracing) run on their own, without
## it: see docs/architecture.md, Tests. The 15 slowest are listed, to keep CI's time in view.
## Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: the second run and the
## hundreds of `cutthroat` processes the tests start read the test modules as pytest
## rewrote them and the package compiled, instead of doing it again (15 s of collecting).
unit: export PYTHONDONTWRITEBYTECODE :=
unit: $(DEV)
	$(BIN)/python -m pytest -n auto -m "not slow and not no_cover" --cov=cutthroat \
		--cov-branch --cov-report=term --cov-fail-under=90 --durations=15 --doctest-modules \
		--doctest-glob='*.md' src tests README.md docs
	$(BIN)/python -m pytest -n auto -m "no_cover and not slow" tests
	@echo "Branch coverage of the engine (must be at least 95%):"
	$(BIN)/coverage report --include='$(ENGINE)' --fail-under=95

## Speed, measured against OpenSpiel's euchre in the same run.
bench:
	$(MAKE) venv EXTRAS=dev,bench
	$(BIN)/python bench/engine.py

## Long bot-strength runs (not in CI).
strength: $(DEV)
	-$(BIN)/python bench/strength.py --plot strength.png  # exits 1 on a missed target: go on
	$(BIN)/python -m pytest -m slow -q --timeout=0

## Remove .venv and the caches of the tools.
clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage htmlcov

## What each target does (the comments above them).
help:
	@awk '/^## /{d = d (d ? " " : "") substr($$0, 4)} \
		/^[a-z]+:/{if (d) { n = split(d, w, " "); line = sprintf("make %-10s", substr($$1, 1, length($$1) - 1)); \
			for (i = 1; i <= n; i++) { if (length(line) + length(w[i]) > 94) { print line; line = sprintf("%15s", "") } \
				line = line " " w[i] } print line } d = ""}' $(firstword $(MAKEFILE_LIST))
