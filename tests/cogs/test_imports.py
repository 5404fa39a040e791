"""Cogs talk to the service only: no cog imports the engine or a game (imports point one way)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

COGS = Path(__file__).resolve().parents[2] / "cogs"
FORBIDDEN = ("bot.engine", "bot.games")


def imported_modules(source: str) -> list[str]:
    """Every module a source file imports, also inside functions and TYPE_CHECKING blocks."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            if node.module == "bot":
                names += [f"bot.{alias.name}" for alias in node.names]
    return names


def forbidden(name: str) -> bool:
    """Whether importing `name` reaches past the service into the engine or a game."""
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_no_cog_imports_the_engine_or_a_game() -> None:
    files = sorted(COGS.rglob("*.py"))
    assert len(files) >= 5
    offenders = [
        f"{path.name}: {name}"
        for path in files
        for name in imported_modules(path.read_text())
        if forbidden(name)
    ]
    assert offenders == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import get_game",
        "import bot.games.iliad",
        "from bot import engine",
        "def f():\n    from bot.games import ilium\n",
        "if TYPE_CHECKING:\n    from bot.engine.view import View\n",
    ],
)
def test_the_check_catches_every_way_of_importing(source: str) -> None:
    assert any(forbidden(name) for name in imported_modules(source))


def test_the_service_is_allowed() -> None:
    assert not any(forbidden(n) for n in imported_modules("from bot.service import Board"))
