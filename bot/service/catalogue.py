"""The games the bot hosts, as cogs see them: names, player counts, rules summaries, options.

Cogs build /play's choices and /rules from here, so they never import the engine or a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import AnyGame, IllegalAction, all_games, get_game
from bot.service.errors import UnknownGame

PLATFORM_PAIRS = ("hints=on", "hints=off")  # see bot.service.computers.PLATFORM_OPTIONS


@dataclass(frozen=True, slots=True)
class GameKind:
    """What /play and /rules need to know about a game before one exists."""

    id: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[str, ...]  # every name=value a lobby accepts, in the game's order


def _kind(game: AnyGame) -> GameKind:
    spec = game.spec
    pairs = tuple(f"{option.name}={value}" for option in spec.options for value in option.choices)
    pairs += PLATFORM_PAIRS  # every game accepts the platform's options (hints=off)
    return GameKind(spec.id, spec.title, spec.min_players, spec.max_players, spec.summary, pairs)


def game_kinds() -> list[GameKind]:
    """Every registered game, in registration order."""
    return [_kind(game) for game in all_games()]


def game_kind(game_type: str) -> GameKind:
    """One registered game by id; UnknownGame if there is none."""
    try:
        return _kind(get_game(game_type))
    except IllegalAction as error:
        raise UnknownGame(f"There is no game called {game_type[:30]!r}.") from error
