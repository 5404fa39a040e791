"""A renderer reads views and draws them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guard_rails.checks import (
    CROWDED,
    crowded_classes,
    game_packages,
    imported_modules,
    long_modules,
    methods,
    reaches,
    sources_under,
)

# -- rendering --
# A renderer reads views and draws them: of the project it imports the kit and the other shared
# rendering modules, the engine's view module (ViewContext, OutcomeView), bot.paths (the fonts)
# and, in a game's renderer package, that game's viewtypes; words come through ViewContext.
# rendering/leagues (the standings image) reads bot.leagues.view the same way, and nothing else
# of the leagues' core (which, by the layers' rail, imports nothing above it). A viewtypes module
# imports nothing of the project but bot.engine.view. Sizes as for the pure half (the games
# section's checks): no module past 400 lines, no class over 25 public methods.

RENDERER_MAY_IMPORT = ("bot.engine.view", "bot.paths")
NEVER_IN_A_RENDERER = ("bot.service", "bot.store", "bot.ai", "cogs", "discord")
PROJECT = ("bot", "cogs", "rendering", "tests", "bench", "scripts")
# Renderer packages that draw something other than a game, and the view module each reads.
NOT_GAME_VIEWS = {"leagues": "bot.leagues.view"}


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
        return game is not None and reaches(name, (_views_of(game),))
    if reaches(name, ("rendering",)):
        inner = name.split(".")[1]
        return inner == "kit" or inner == game or (game is None and inner.startswith("_"))
    return not reaches(name, NEVER_IN_A_RENDERER)


def _views_of(package: str) -> str:
    """The one view module a renderer package reads: its game's viewtypes, or the leagues'."""
    return NOT_GAME_VIEWS.get(package, f"bot.games.{package}.viewtypes")


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


def rendering_sources() -> dict[str, str]:
    """`path: source` of every module under rendering/."""
    sources = sources_under("rendering")
    assert len(sources) >= 20, f"rendering/ has only {len(sources)} modules: wrong folder?"
    return sources


def test_renderers_read_only_views() -> None:
    faults = [
        f for path, source in rendering_sources().items() for f in renderer_faults(path, source)
    ]
    assert faults == []


def test_viewtypes_import_only_the_engines_view_module() -> None:
    found = {
        package.name: viewtypes_faults((package / "viewtypes.py").read_text())
        for package in game_packages()
    }
    assert len(found) >= 4
    assert found == {name: [] for name in found}


def test_no_rendering_module_is_past_400_lines() -> None:
    assert long_modules(rendering_sources()) == []


def test_no_rendering_class_has_more_than_25_publicmethods() -> None:
    assert crowded_classes(rendering_sources()) == []


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
        ("rendering/leagues/standings.py", "from bot.leagues.scores import standings"),
        ("rendering/leagues/standings.py", "from bot.leagues import Standing"),
        ("rendering/leagues/standings.py", "from bot.service.league_values import standings_view"),
        ("rendering/leagues/words.py", "from bot.games.iliad.viewtypes import IliadView"),
        ("rendering/iliad/board.py", "from bot.leagues.view import StandingsView"),
        ("rendering/kit/parts.py", "from bot.leagues.view import StandingsView"),
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
    league = "from bot.leagues.view import StandingsView\nfrom rendering.leagues import words"
    assert renderer_faults("rendering/leagues/words.py", league) == []


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


def test_the_rendering_size_checks_catch_a_planted_long_module_and_crowded_class() -> None:
    planted = {
        "rendering/x/board.py": "x = 1\n" * 401,
        "rendering/kit/y.py": CROWDED + methods(26),
    }
    assert long_modules(planted) == ["rendering/x/board.py: 401 lines"]
    assert crowded_classes(planted) == ["rendering/kit/y.py: Crowded (26 public methods)"]
