"""Imports point one way: the arrow only points from the Discord side to the rules.

The engine never imports the games (they register themselves); the pure half imports nothing of
Discord, the service, the store, cogs or renderers; the translations read no engine.
"""

from __future__ import annotations

import pytest

from tests.guard_rails.checks import (
    FORBIDDEN,
    ROOT,
    imported_modules,
    reaches,
)


def offenders(folder: str) -> list[str]:
    """`file: module` for every forbidden import under a folder of the project."""
    files = sorted((ROOT / folder).rglob("*.py"))
    assert len(files) >= 3, f"{folder} has only {len(files)} files: wrong folder?"
    return [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in imported_modules(path.read_text(encoding="utf-8"))
        if reaches(name, FORBIDDEN[folder])
    ]


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_imports_point_one_way(folder: str) -> None:
    assert offenders(folder) == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import get_game",
        "import bot.games.iliad",
        "from bot import engine",
        "from bot import games",
        "def f():\n    from bot.games import ilium\n",
        "if TYPE_CHECKING:\n    from bot.engine.view import View\n",
        "import importlib\nimportlib.import_module('bot.games')\n",
        "__import__('bot.engine')\n",
    ],
)
def test_the_check_catches_every_way_of_importing(source: str) -> None:
    assert any(reaches(name, FORBIDDEN["cogs"]) for name in imported_modules(source))


def test_the_service_is_allowed_from_a_cog() -> None:
    modules = imported_modules("from bot.service import Board\nimport discord")
    assert not any(reaches(name, FORBIDDEN["cogs"]) for name in modules)


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import data_path\n",
        "from bot.games.iliad import GAME\n",
        "def f():\n    import bot.service\n",
    ],
)
def test_the_check_catches_the_translations_reaching_into_the_engine(source: str) -> None:
    assert any(reaches(name, FORBIDDEN["bot/i18n"]) for name in imported_modules(source))
    assert not any(reaches(n, FORBIDDEN["bot/i18n"]) for n in imported_modules("import bot.paths"))


@pytest.mark.parametrize(
    "source",
    ["from bot.store import Store\n", "import discord\n", "from bot.service import errors\n"],
)
def test_the_check_catches_the_league_core_reaching_up(source: str) -> None:
    assert any(reaches(name, FORBIDDEN["bot/leagues"]) for name in imported_modules(source))
