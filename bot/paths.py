"""Where the data folder is (data/ in a checkout, `symposion_data` when installed): a leaf.

The engine, i18n, the store and the renderers all read files from there; this module imports
nothing of the project, so none of them has to reach into another for a path.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

DATA_PACKAGE = "symposion_data"  # pyproject.toml installs the repository's data/ under this name


def find_data_dir() -> Path:
    """The installed data package's folder (`pip install .`), else the checkout's data/."""
    spec = importlib.util.find_spec(DATA_PACKAGE)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if (Path(location) / "migrations").is_dir():
                return Path(location)
    return Path(__file__).resolve().parents[1] / "data"


DATA_DIR = find_data_dir()
LOCALES_DIR = DATA_DIR / "locales"
MIGRATIONS_DIR = DATA_DIR / "migrations"
FONTS_DIR = DATA_DIR / "fonts"
WEB_DIR = DATA_DIR / "web"
