"""A game's data file (`data/<game id>.json`), found through bot.paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.paths import DATA_DIR


def data_path(game_id: str) -> Path:
    """The path of `data/<game_id>.json` (token sets, card tables, [house] choices)."""
    return DATA_DIR / f"{game_id}.json"


def load_data(game_id: str) -> dict[str, Any]:
    """A game's data file, parsed; games read it once and cache what they build from it."""
    with data_path(game_id).open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data
