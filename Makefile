# Every target sets up .venv itself, so a fresh clone needs nothing but Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Test processes for `make unit` (pytest-xdist): one per core and one more, since the end-to-end
# tests spend part of their time waiting on processes of their own (the bot's workers, PostgreSQL,
# Chromium); on 2 cores 3 processes ran the suite in 127-137 s against 148-150 s for 2, and 144 s
# for 4. WORKERS=0 runs serially, WORKERS=auto one per core.
WORKERS ?= $(shell $(PYTHON) -c "import os; print(len(os.sched_getaffinity(0)) + 1)")

.PHONY: run test lint types unit bench simulate docs playthroughs clean postgres strength browser

# The tests start a throwaway PostgreSQL server of their own (tests/postgres_server.py) from the
# machine's server binaries: Debian's postgresql package, installed here when missing (as root;
# otherwise it says what to install). PG_BIN=<folder with initdb> points at others.
postgres:
	@test -n "$(PG_BIN)" || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing PostgreSQL's server (Debian package postgresql) for the tests."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else \
	    echo "The tests need PostgreSQL's server binaries: install the postgresql package (or set PG_BIN)."; exit 1; \
	  fi; }

# The web pages' tests (tests/e2e/test_web_browser.py) drive headless Chromium with Selenium:
# Debian's chromium and chromium-driver, installed here when missing (as root; otherwise it says
# what to install). CHROMIUM=<browser> and CHROMEDRIVER=<driver> point at others.
browser:
	@test -x "$${CHROMIUM:-/usr/bin/chromium}" && test -x "$${CHROMEDRIVER:-/usr/bin/chromedriver}" || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Chromium and its driver (Debian packages chromium, chromium-driver) for the browser tests."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else \
	    echo "The browser tests need Chromium and ChromeDriver: install the chromium and chromium-driver packages (or set CHROMIUM and CHROMEDRIVER)."; exit 1; \
	  fi; }

$(STAMP): pyproject.toml
	@echo "Setting up $(VENV): pip, then this project (editable) with its libraries and the dev tools (pytest, ruff, mypy); once, or again when pyproject.toml changes."
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(STAMP)
	$(BIN)/mypy

# Byte code is cached (__pycache__, ignored by git) even where PYTHONDONTWRITEBYTECODE is set:
# each test process, and each bot's worker process, would otherwise compile every module again.
unit: $(STAMP) postgres browser
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

test: lint types unit

bench: $(STAMP)
	$(BIN)/python -m bench

# The strength ladder (bot/ladder): every pair of computer players at every game and table size,
# in one process, then docs/strength.md. LADDER passes options, e.g. LADDER="--game ilium".
strength: $(STAMP)
	$(BIN)/python -m bot.arena ladder $(LADDER)

docs: $(STAMP) browser
	$(BIN)/python scripts/make_docs_images.py
	$(BIN)/python scripts/make_analysis_chart.py
	$(BIN)/python scripts/make_web_screenshots.py

playthroughs: $(STAMP)
	$(BIN)/python scripts/make_playthroughs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
