"""Pillow renderers: each turns a game's view dict into a PNG; none sees engine state.

A game's renderer is the package `rendering.<game id>`, imported on first use. It exposes
`BOARD_SIZE`, `HAND_SIZE` (width, height), `render_board(view, context)` and
`render_hand(view, context)`: the game's typed view and the platform's ViewContext beside it
(players' names, status, a platform-made result), returning a PIL image; and the same in words,
`board_words`, `board_text` and `hand_words` (lines, most important first: the images' alt
text and the text board, cut to a limit here). A board whose height
follows the table also has `board_size(players)` (BOARD_SIZE is then its largest table's).
It reads only its game's `bot.games.<game id>.viewtypes` and the shared `kit`; other modules
here start with "_" or are `kit`, or draw something other than a game: `leagues` (a league's
standings, from `bot.leagues.view`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from PIL import Image

from bot.engine.view import ViewContext, public_part
from rendering._replay import REPLAY_BUDGET, Replay, animate
from rendering.kit import HAND_PNG_LEVEL, require_view, upload_png
from rendering.kit.describe import ALT_TEXT, fit

_GAME_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_NOT_GAMES = frozenset({"kit", "leagues"})
_INTERFACE = (
    "BOARD_SIZE",
    "HAND_SIZE",
    "render_board",
    "render_hand",
    "board_words",
    "board_text",
    "hand_words",
)


class GameRenderer(Protocol):
    """What every `rendering.<game id>` module provides."""

    BOARD_SIZE: tuple[int, int]
    HAND_SIZE: tuple[int, int]

    def render_board(self, view: Any, context: ViewContext) -> Image.Image:
        """The public board image."""
        ...

    def render_hand(self, view: Any, context: ViewContext) -> Image.Image:
        """One seat's private image."""
        ...

    def board_words(self, view: Any, context: ViewContext) -> list[str]:
        """The public board's alt text, line by line, most important first."""
        ...

    def board_text(self, view: Any, context: ViewContext) -> list[str]:
        """The public board as text (fuller than its alt text), line by line."""
        ...

    def hand_words(self, view: Any, context: ViewContext) -> list[str]:
        """One seat's private image's alt text, line by line (only its owner reads it)."""
        ...


def _module_name(game_id: str) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.match(game_id) or game_id in _NOT_GAMES:
        raise LookupError(f"No renderer for game {game_id!r}.")
    return f"{__name__}.{game_id}"


def has_renderer(game_id: str) -> bool:
    """Whether `rendering.<game_id>` exists and offers the whole renderer interface."""
    try:
        name = _module_name(game_id)
    except LookupError:
        return False
    if importlib.util.find_spec(name) is None:
        return False
    module = importlib.import_module(name)
    return all(hasattr(module, attribute) for attribute in _INTERFACE)


def renderer(game_id: str) -> GameRenderer:
    """The renderer module of a game; LookupError when it has none."""
    if not has_renderer(game_id):
        raise LookupError(f"No renderer for game {game_id!r}.")
    module: ModuleType = importlib.import_module(_module_name(game_id))
    return cast(GameRenderer, module)


def warm_up() -> int:
    """Import every game's renderer now: a drawing worker started with the bot pays that
    once, not during the first moves that need a second worker; how many it found."""
    names = [info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    return sum(has_renderer(name) for name in names)


def board_size(game_id: str, players: int) -> tuple[int, int]:
    """The board image's size at a table of `players`: the module's `board_size(players)`
    where its height follows the table, else its one BOARD_SIZE."""
    module = renderer(game_id)
    sized = getattr(module, "board_size", None)
    if not callable(sized):
        return module.BOARD_SIZE
    width, height = sized(players)
    return int(width), int(height)


def _checked(game_id: str, view: object) -> Mapping[str, Any]:
    checked = require_view(view)
    if checked.get("game") != game_id:
        raise ValueError(f"A {checked.get('game')!r} view cannot be drawn as {game_id!r}.")
    return checked


def render_board(
    game_id: str, view: Mapping[str, Any], context: ViewContext | None = None
) -> Image.Image:
    """The public board image of a game from its public view."""
    return renderer(game_id).render_board(_checked(game_id, view), context or ViewContext())


def render_hand(
    game_id: str, view: Mapping[str, Any], context: ViewContext | None = None
) -> Image.Image:
    """One seat's private image from that seat's own view."""
    return renderer(game_id).render_hand(_checked(game_id, view), context or ViewContext())


def board_png(game_id: str, view: Mapping[str, Any], context: ViewContext | None = None) -> bytes:
    """The public board image as PNG bytes, ready to upload."""
    return upload_png(render_board(game_id, view, context))


def hand_png(game_id: str, view: Mapping[str, Any], context: ViewContext | None = None) -> bytes:
    """One seat's private image as PNG bytes, ready to send by DM or ephemeral reply."""
    return upload_png(render_hand(game_id, view, context), HAND_PNG_LEVEL)


def replay_gif(
    game_id: str,
    views: Sequence[Mapping[str, Any]],
    contexts: Sequence[ViewContext],
    budget: int = REPLAY_BUDGET,
) -> Replay:
    """A game's public boards, one per view, as an animated GIF under `budget` bytes."""

    def draw(view: Mapping[str, Any], context: ViewContext) -> Image.Image:
        return render_board(game_id, view, context)

    return animate(draw, views, contexts, budget)


def board_words(game_id: str, view: Mapping[str, Any], context: ViewContext | None = None) -> str:
    """The public board's alt text, at most ALT_TEXT characters; a seat's secrets are left out
    even when a seat's view is handed in."""
    public = public_part(_checked(game_id, view))
    return fit(renderer(game_id).board_words(public, context or ViewContext()), ALT_TEXT)


def board_text(
    game_id: str, view: Mapping[str, Any], context: ViewContext | None = None, limit: int = 2000
) -> str:
    """The public board in words for reading instead of the image, at most `limit` characters."""
    public = public_part(_checked(game_id, view))
    return fit(renderer(game_id).board_text(public, context or ViewContext()), limit)


def hand_words(game_id: str, view: Mapping[str, Any], context: ViewContext | None = None) -> str:
    """One seat's private image's alt text from that seat's own view, at most ALT_TEXT."""
    return fit(renderer(game_id).hand_words(_checked(game_id, view), context or ViewContext()))
