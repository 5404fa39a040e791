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
        "views.py",  # the typed public and seat views
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


# -- store --
# A narrow store (issue 22 items 3 and 7): bot/store imports nothing above it (the rules, the
# games, the service, the computer players, cogs, renderers, discord); only the backends speak
# to a database driver (every other module sees the store's own errors); repositories are
# composed, so no class there has more than two bases; no class has more than 25 public methods
# and no module is past 400 lines. Each checker reads source text, and each rule is also run on
# a planted violation below and must report it.

STORE = ROOT / "bot" / "store"
STORE_MUST_NOT_IMPORT = (
    "bot.engine",
    "bot.games",
    "bot.service",
    "bot.ai",
    "cogs",
    "rendering",
    "discord",
)
DRIVERS = ("sqlite3", "aiosqlite", "asyncpg")
# The backends and their helpers: sqlite (its file faults), PostgreSQL (its shard locks).
DRIVER_MODULES = frozenset(
    {
        "bot/store/sqlite.py",
        "bot/store/faults.py",
        "bot/store/postgres.py",
        "bot/store/shard_locks.py",
    }
)
MOST_BASES = 2
MOST_PUBLIC_METHODS = 25
MOST_LINES = 400


def forbidden_imports(source: str, forbidden: tuple[str, ...]) -> list[str]:
    """Every module a source imports (any way, see imported_modules) that reaches `forbidden`."""
    return [name for name in imported_modules(source) if reaches(name, forbidden)]


def python_files(folder: Path) -> list[Path]:
    """Every Python file under a folder (a sanity floor catches a wrong folder)."""
    files = sorted(folder.rglob("*.py"))
    assert len(files) >= 5, f"{folder} has only {len(files)} files: wrong folder?"
    return files


def classes_past(source: str, most: int) -> list[str]:
    """`Class: n` for every class with more than `most` public methods (properties count:
    each is one more name a caller must know)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        public = [
            item.name
            for item in node.body
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            and not item.name.startswith("_")
        ]
        if len(public) > most:
            found.append(f"{node.name}: {len(public)}")
    return found


def lines_past(source: str, most: int) -> int | None:
    """The module's line count if it is past `most`, else None."""
    count = len(source.splitlines())
    return count if count > most else None


def bases_past(source: str, most: int) -> list[str]:
    """`Class: n` for every class with more than `most` base classes (a mixin chain)."""
    return [
        f"{node.name}: {len(node.bases)}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and len(node.bases) > most
    ]


def driver_imports(sources: dict[str, str]) -> list[str]:
    """`file: module` for every driver import outside the backends (sources by project path)."""
    return [
        f"{path}: {name}"
        for path, source in sorted(sources.items())
        if path not in DRIVER_MODULES
        for name in forbidden_imports(source, DRIVERS)
    ]


def _sources(*folders: str) -> dict[str, str]:
    """The project's Python sources under these folders, by path from the project root."""
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for folder in folders
        for path in python_files(ROOT / folder)
    }


def test_the_store_imports_nothing_above_it() -> None:
    found = [
        f"{path}: {name}"
        for path, source in _sources("bot/store").items()
        for name in forbidden_imports(source, STORE_MUST_NOT_IMPORT)
    ]
    assert found == []


def test_only_the_backends_import_a_database_driver() -> None:
    sources = _sources("bot", "cogs", "rendering")
    assert set(sources) >= DRIVER_MODULES  # a renamed backend must be named here too
    assert driver_imports(sources) == []


def test_no_class_in_the_store_has_more_than_two_bases() -> None:
    found = [
        f"{path}: {wide}"
        for path, source in _sources("bot/store").items()
        for wide in bases_past(source, MOST_BASES)
    ]
    assert found == []


def test_no_class_in_the_store_has_more_than_25_public_methods() -> None:
    found = [
        f"{path}: {big}"
        for path, source in _sources("bot/store").items()
        for big in classes_past(source, MOST_PUBLIC_METHODS)
    ]
    assert found == []


def test_no_module_in_the_store_is_past_400_lines() -> None:
    found = {
        path: count
        for path, source in _sources("bot/store").items()
        if (count := lines_past(source, MOST_LINES)) is not None
    }
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import get_game\n",
        "import bot.games.iliad\n",
        "from bot.service import GameService\n",
        "from bot.ai import LEVELS\n",
        "if TYPE_CHECKING:\n    from cogs.ui import table\n",
        "from rendering import board_png\n",
        "import discord\n",
        "importlib.import_module('bot.games.iliad')\n",
    ],
)
def test_the_store_import_check_catches_a_planted_import(source: str) -> None:
    assert forbidden_imports(source, STORE_MUST_NOT_IMPORT) != []


def test_the_store_import_check_lets_its_own_leaves_through() -> None:
    source = "from bot.paths import MIGRATIONS_DIR\nfrom bot.store.rows import GameRow\n"
    assert forbidden_imports(source, STORE_MUST_NOT_IMPORT) == []


@pytest.mark.parametrize(
    "source", ["import sqlite3\n", "import aiosqlite\n", "from asyncpg import Record\n"]
)
def test_the_driver_check_catches_a_planted_driver_import(source: str) -> None:
    assert driver_imports({"bot/store/games.py": source}) != []
    assert driver_imports({"bot/service/commit.py": source}) != []
    assert driver_imports({"bot/store/sqlite.py": source, "bot/store/postgres.py": source}) == []


def test_the_bases_check_catches_a_planted_mixin_chain() -> None:
    chain = "class Store(Connection, ShardClaims, TimerRows):\n    pass\n"
    assert bases_past(chain, MOST_BASES) == ["Store: 3"]
    nested = "def f():\n    class Inner(A, B, C, D, metaclass=M):\n        pass\n"
    assert bases_past(nested, MOST_BASES) == ["Inner: 4"]
    assert bases_past("class Two(Protocol, Generic[T]):\n    pass\n", MOST_BASES) == []


def test_the_store_class_check_catches_a_planted_class_of_26_public_methods() -> None:
    methods = "".join(f"    async def m{n}(self) -> None: ...\n" for n in range(25))
    planted = f"class Repository:\n{methods}    @property\n    def one_more(self) -> int: ...\n"
    assert classes_past(planted, MOST_PUBLIC_METHODS) == ["Repository: 26"]
    hidden = "".join(f"    def _h{n}(self) -> None: ...\n" for n in range(10))
    assert classes_past(f"class Repository:\n{methods}{hidden}", MOST_PUBLIC_METHODS) == []


def test_the_store_module_check_catches_a_planted_module_of_401_lines() -> None:
    assert lines_past("x = 1\n" * 401, MOST_LINES) == 401
    assert lines_past("x = 1\n" * 400, MOST_LINES) is None
