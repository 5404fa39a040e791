"""Where the data files live (data/ in a checkout, `symposion_data` when installed)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

DATA_PACKAGE = "symposion_data"  # pyproject.toml installs the repository's data/ under this name


def find_data_dir() -> Path:
    """The installed data package's folder (`pip install .`), else the checkout's data/."""
    spec = importlib.util.find_spec(DATA_PACKAGE)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if (Path(location) / "migrations").is_dir():
                return Path(location)
    return Path(__file__).resolve().parents[2] / "data"


DATA_DIR = find_data_dir()


def data_path(game_id: str) -> Path:
    """The path of `data/<game_id>.json` (token sets, card tables, [house] choices)."""
    return DATA_DIR / f"{game_id}.json"


def load_data(game_id: str) -> dict[str, Any]:
    """A game's data file, parsed; games read it once and cache what they build from it."""
    with data_path(game_id).open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data
