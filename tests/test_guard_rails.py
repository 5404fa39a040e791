"""Guard rails read from the source: imports point one way, and every game has the same shape.

The engine never imports the games (they register themselves); cogs talk to the service only;
every game package has the same skeleton and a data file the engine's helper finds;
renderers read only views (a game's viewtypes) and stay small.
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


# -- rendering --
# A renderer reads views and draws them: of the project it imports the kit and the other shared
# rendering modules, the engine's view module (ViewContext, OutcomeView), bot.paths (the fonts)
# and, in a game's renderer package, that game's viewtypes; words come through ViewContext.
# A viewtypes module imports nothing of the project but bot.engine.view.

RENDERER_MAY_IMPORT = ("bot.engine.view", "bot.paths")
NEVER_IN_A_RENDERER = ("bot.service", "bot.store", "bot.ai", "cogs", "discord")
PROJECT = ("bot", "cogs", "rendering", "tests", "bench", "scripts")
MOST_LINES = 400
MOST_PUBLIC_METHODS = 25


def _renderer_game(path: str) -> str | None:
    """The game whose renderer package holds `path` (rendering/<game>/...), else None."""
    parts = Path(path).parts
    if len(parts) >= 3 and parts[0] == "rendering" and parts[1] != "kit":
        return parts[1]
    return None


def _renderer_may_import(name: str, game: str | None) -> bool:
    """Whether a rendering module (of `game`'s package, or shared when None) may import `name`."""
    if name in ("bot", "rendering") or reaches(name, RENDERER_MAY_IMPORT):
        return True
    if reaches(name, ("bot",)):
        return game is not None and reaches(name, (f"bot.games.{game}.viewtypes",))
    if reaches(name, ("rendering",)):
        inner = name.split(".")[1]
        return inner == "kit" or inner == game or (game is None and inner.startswith("_"))
    return not reaches(name, NEVER_IN_A_RENDERER)


def renderer_faults(path: str, source: str) -> list[str]:
    """`path: module` for every import a module at `path` under rendering/ may not make."""
    game = _renderer_game(path)
    return [
        f"{path}: {name}"
        for name in imported_modules(source)
        if not _renderer_may_import(name, game)
    ]


def viewtypes_faults(source: str) -> list[str]:
    """The project modules a viewtypes module imports besides bot.engine.view."""
    return [
        name
        for name in imported_modules(source)
        if reaches(name, PROJECT) and not reaches(name, ("bot.engine.view",))
    ]


def past_most_lines(source: str, most: int = MOST_LINES) -> bool:
    """Whether a module is longer than `most` lines."""
    return len(source.splitlines()) > most


def crowded_classes(source: str, most: int = MOST_PUBLIC_METHODS) -> list[str]:
    """`Class: n` for every class defining more than `most` public methods."""
    crowded = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            methods = [
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                and not item.name.startswith("_")
            ]
            if len(methods) > most:
                crowded.append(f"{node.name}: {len(methods)}")
    return crowded


def rendering_sources() -> list[tuple[str, str]]:
    """(path relative to the project, source) of every module under rendering/."""
    files = sorted((ROOT / "rendering").rglob("*.py"))
    assert len(files) >= 20, f"rendering/ has only {len(files)} modules: wrong folder?"
    return [(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")) for path in files]


def test_renderers_read_only_views() -> None:
    assert [
        fault for path, source in rendering_sources() for fault in renderer_faults(path, source)
    ] == []


def test_viewtypes_import_only_the_engines_view_module() -> None:
    found = {
        package.name: viewtypes_faults((package / "viewtypes.py").read_text())
        for package in game_packages()
    }
    assert len(found) >= 4
    assert found == {name: [] for name in found}


def test_no_rendering_module_is_past_the_line_limit() -> None:
    assert [path for path, source in rendering_sources() if past_most_lines(source)] == []


def test_no_rendering_class_has_too_many_public_methods() -> None:
    assert [
        f"{path}: {c}" for path, source in rendering_sources() for c in crowded_classes(source)
    ] == []


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("rendering/iliad_cards/board.py", "from bot.games.iliad_cards.views import CampView"),
        ("rendering/iliad/board.py", "from bot.games.iliad.rules import to_move"),
        ("rendering/iliad/board.py", "from bot.games.ilium.viewtypes import IliumView"),
        ("rendering/iliad/board.py", "from bot.games import iliad"),
        ("rendering/iliad/board.py", "import bot.games.iliad"),
        ("rendering/iliad/board.py", "from rendering.ilium import board"),
        ("rendering/iliad/board.py", "def f():\n    from bot.games.iliad import scoring\n"),
        (
            "rendering/iliad/board.py",
            "import importlib\nimportlib.import_module('bot.games.iliad.model')",
        ),
        ("rendering/kit/parts.py", "from bot.games.iliad.viewtypes import IliadView"),
        ("rendering/kit/parts.py", "from rendering.iliad import pieces"),
        ("rendering/ilium/hand.py", "from bot.engine import ViewContext"),
        ("rendering/ilium/hand.py", "from bot.i18n import say"),
        ("rendering/ilium/hand.py", "from bot.service import Board"),
        ("rendering/ilium/hand.py", "from bot.store.database import Store"),
        ("rendering/ilium/hand.py", "from bot.ai import LEVELS"),
        ("rendering/ilium/hand.py", "from cogs import painter"),
        ("rendering/__init__.py", "import discord"),
    ],
)
def test_the_renderer_check_catches_a_planted_import(path: str, source: str) -> None:
    assert renderer_faults(path, source) != []


def test_the_renderer_check_lets_a_renderer_read_its_views_and_the_kit() -> None:
    source = (
        "from PIL import Image\nfrom bot.engine.view import OutcomeView, ViewContext\n"
        "from bot.games.iliad.viewtypes import IliadView\nfrom bot.paths import FONTS_DIR\n"
        "from rendering import kit\nfrom rendering.iliad.pieces import token\n"
    )
    assert renderer_faults("rendering/iliad/board.py", source) == []
    shared = "from rendering._replay import animate\nfrom rendering.kit import upload_png\n"
    assert renderer_faults("rendering/__init__.py", shared) == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import SeatView, View",
        "from bot.games.iliad.model import State",
        "import bot.i18n",
        "from rendering import kit",
    ],
)
def test_the_viewtypes_check_catches_a_planted_import(source: str) -> None:
    assert viewtypes_faults(source) != []
    assert viewtypes_faults("from typing import TypedDict\nfrom bot.engine.view import View") == []


def test_the_line_limit_catches_a_planted_long_module() -> None:
    assert past_most_lines("x = 1\n" * (MOST_LINES + 1))
    assert not past_most_lines("x = 1\n" * MOST_LINES)


def test_the_method_count_catches_a_planted_crowded_class() -> None:
    def planted(public: int) -> str:
        methods = "".join(f"    def m{k}(self) -> None: ...\n" for k in range(public))
        return f"class Crowded:\n{methods}    def _hidden(self) -> None: ...\n"

    assert crowded_classes(planted(MOST_PUBLIC_METHODS + 1)) == [
        f"Crowded: {MOST_PUBLIC_METHODS + 1}"
    ]
    assert crowded_classes(planted(MOST_PUBLIC_METHODS)) == []
