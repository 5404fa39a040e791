# Every target sets up .venv itself, so a fresh clone needs nothing but Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Test processes for `make unit` (pytest-xdist): auto = one per core; WORKERS=0 runs serially.
WORKERS ?= auto

.PHONY: run test lint types unit bench simulate docs playthroughs clean

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

unit: $(STAMP)
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

test: lint types unit

bench: $(STAMP)
	$(BIN)/python -m bench

docs: $(STAMP)
	$(BIN)/python scripts/make_docs_images.py

playthroughs: $(STAMP)
	$(BIN)/python scripts/make_playthroughs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
