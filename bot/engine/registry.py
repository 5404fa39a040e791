"""The registry of games: each game package registers its GAME when imported.

The engine never imports the games (imports point one way); `import bot.games` fills it.
"""

from __future__ import annotations

from bot.engine.errors import IllegalAction
from bot.engine.game import AnyGame

_GAMES: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game under its spec id; registering the same id twice is a bug."""
    if game.spec.id in _GAMES and _GAMES[game.spec.id] is not game:
        raise RuntimeError(f"game id {game.spec.id!r} registered twice")
    _GAMES[game.spec.id] = game
    return game


def get_game(game_id: str) -> AnyGame:
    """The registered game with this id."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise IllegalAction(f"There is no game called {game_id!r}.") from None


def all_games() -> list[AnyGame]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())
