"""Guard rails read from the source: imports point one way, and every game has the same shape.

The engine never imports the games (they register themselves); cogs talk to the service only;
every game package has the same skeleton and a data file the engine's helper finds.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.engine import all_games, data_path, load_data

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "bot" / "games"
# Which packages may not import what: the arrow only points from the Discord side to the rules.
FORBIDDEN = {
    "bot/engine": ("bot.games", "bot.service", "bot.store", "cogs", "rendering", "discord"),
    "bot/games": ("bot.service", "bot.store", "cogs", "rendering", "discord"),
    "cogs": ("bot.engine", "bot.games"),
}
# The files every game package has, each with one role (README, "Adding a game").
SKELETON = frozenset(
    {
        "__init__.py",  # registers the package's GAME
        "game.py",  # the Game class behind the engine contract
        "model.py",  # the frozen state
        "rules.py",  # what is legal and what a move does, rule ids in docstrings
        "views.py",  # builds the public and seat views
        "viewtypes.py",  # their typed shape, all a renderer may read of the game
        "hidden.py",  # resample_hidden: what a seat cannot tell apart
        "scoring.py",  # the end and the outcome
        "codes.py",  # action codes and their words
        "data.py",  # the game's data file, read once through bot.engine.data
    }
)


def imported_modules(source: str) -> list[str]:
    """Every module a source file imports: also inside functions, TYPE_CHECKING and importlib."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and _is_import_call(node.func):
            names += [a.value for a in node.args[:1] if isinstance(a, ast.Constant)]
    return [name for name in names if isinstance(name, str)]


def _is_import_call(func: ast.expr) -> bool:
    """`importlib.import_module(...)`, `import_module(...)` or `__import__(...)`."""
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in {"import_module", "__import__"}


def reaches(name: str, forbidden: tuple[str, ...]) -> bool:
    """Whether importing `name` reaches one of the forbidden packages."""
    return any(name == f or name.startswith(f + ".") for f in forbidden)


def offenders(folder: str) -> list[str]:
    """`file: module` for every forbidden import under a folder of the project."""
    files = sorted((ROOT / folder).rglob("*.py"))
    assert len(files) >= 5, f"{folder} has only {len(files)} files: wrong folder?"
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


def game_packages() -> list[Path]:
    """Every package folder under bot/games."""
    return sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def test_every_game_package_is_registered_and_vice_versa() -> None:
    packages = {path.name for path in game_packages()}
    assert len(packages) >= 4
    assert packages == {game.spec.id for game in all_games()}


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_package_has_the_skeleton(package: Path) -> None:
    missing = sorted(SKELETON - {path.name for path in package.glob("*.py")})
    assert missing == []


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_package_registers_its_game_itself(package: Path) -> None:
    calls = [
        node
        for node in ast.walk(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "register"
    ]
    assert len(calls) == 1


@pytest.mark.parametrize("game_id", [game.spec.id for game in all_games()])
def test_every_registered_game_has_a_data_file(game_id: str) -> None:
    assert data_path(game_id).is_file()
    assert load_data(game_id)


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_reads_its_data_through_the_engine_helper(package: Path) -> None:
    imported = imported_modules((package / "data.py").read_text(encoding="utf-8"))
    assert {"bot.engine.load_data", "bot.engine.data.load_data"} & set(imported)
