"""The registry of games, filled by `bot.games` on first use."""

from __future__ import annotations

import importlib

from bot.engine.errors import IllegalAction
from bot.engine.game import AnyGame

_GAMES: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game under its spec id; registering the same id twice is a bug."""
    if game.spec.id in _GAMES and _GAMES[game.spec.id] is not game:
        raise RuntimeError(f"game id {game.spec.id!r} registered twice")
    _GAMES[game.spec.id] = game
    return game


def _ensure_loaded() -> None:
    importlib.import_module("bot.games")


def get_game(game_id: str) -> AnyGame:
    """The registered game with this id."""
    _ensure_loaded()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise IllegalAction(f"There is no game called {game_id!r}.") from None


def all_games() -> list[AnyGame]:
    """Every registered game, in registration order."""
    _ensure_loaded()
    return list(_GAMES.values())
