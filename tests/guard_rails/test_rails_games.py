"""Every game has the same shape, and the pure half (engine, games, computers) stays small."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.engine import all_games, data_path, load_data
from tests.guard_rails.checks import (
    CROWDED,
    FORBIDDEN,
    crowded_classes,
    game_packages,
    imported_modules,
    long_modules,
    methods,
    reaches,
    sources_under,
)

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


# -- games --
# The pure half (engine, games, computer players) stays small enough to read: no class with
# more than 25 public methods (its own and those it inherits from classes there), no module
# past 400 lines; and it imports nothing of Discord, the service, the store, cogs or renderers.
PURE = ("bot/engine", "bot/games", "bot/ai")
MOST_PUBLIC_METHODS = 25
MOST_LINES = 400


def test_no_pure_module_is_past_400_lines() -> None:
    sources = sources_under(*PURE)
    assert len(sources) >= 40
    assert long_modules(sources) == []


def test_no_pure_class_has_more_than_25_publicmethods() -> None:
    sources = sources_under(*PURE)
    assert crowded_classes(sources) == []


def test_the_length_check_catches_a_long_module() -> None:
    planted = {"bot/games/x/rules.py": "x = 1\n" * 401, "bot/ai/y.py": "y = 1\n" * 400}
    assert long_modules(planted) == ["bot/games/x/rules.py: 401 lines"]


DERIVED = "class Base:\n" + methods(20) + "class Crowded(Base):\n"
GENERIC = "class Base(Generic[S]):\n" + methods(20) + "class Crowded(mod.Base[S]):\n"


@pytest.mark.parametrize(
    "source",
    [
        CROWDED + methods(26),
        CROWDED + methods(25) + "    @property\n    def extra(self) -> int: ...\n",
        CROWDED + methods(25) + "    bound = staticmethod(len)\n",
        DERIVED + methods(6, "n"),
        GENERIC + methods(6, "n"),
    ],
)
def test_the_method_count_catches_a_crowded_class(source: str) -> None:
    assert crowded_classes({"bot/x.py": source}) == ["bot/x.py: Crowded (26 public methods)"]


def test_the_method_count_tells_apart_classes_of_one_name() -> None:
    planted = {"bot/a.py": CROWDED + methods(1), "bot/b.py": CROWDED + methods(26)}
    assert crowded_classes(planted) == ["bot/b.py: Crowded (26 public methods)"]


def test_the_method_count_leaves_private_overridden_and_25_methods_alone() -> None:
    source = (
        "class Base:\n" + methods(20) + "class Fine(Base):\n" + methods(5, "m")
        + methods(5, "n") + methods(9, "_p") + "    def __len__(self) -> int: ...\n"
    )  # fmt: skip
    assert crowded_classes({"bot/x.py": source}) == []


@pytest.mark.parametrize("folder", PURE)
@pytest.mark.parametrize("banned", ["discord", "bot.service", "bot.store", "cogs", "rendering"])
def test_the_import_check_catches_the_pure_half_reaching_up(folder: str, banned: str) -> None:
    for source in (f"import {banned}.x\n", f"def f():\n    from {banned} import y\n"):
        assert any(reaches(name, FORBIDDEN[folder]) for name in imported_modules(source))
