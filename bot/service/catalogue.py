"""The games the bot hosts, as cogs see them: names, player counts, rules summaries, options.

Cogs build /play's choices and /rules from here, so they never import the engine or a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import AnyGame, IllegalAction, all_games, get_game
from bot.i18n import say
from bot.service.errors import UnknownGame

PLATFORM_PAIRS = ("hints=on", "hints=off")  # see bot.service.computers.PLATFORM_OPTIONS
# Titles with a published name in other languages (a game not listed keeps its own title).
TITLES = {
    "ilium": "service.title.ilium",
    "atlandice": "service.title.atlandice",
    "iliad": "service.title.iliad",
    "iliad_cards": "service.title.iliad_cards",
}


def title_of(game: AnyGame) -> str:
    """A game's title as a message, so each reader sees their edition's name."""
    key = TITLES.get(game.spec.id)
    return game.spec.title if key is None else say(key)


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
    title = title_of(game)
    return GameKind(spec.id, title, spec.min_players, spec.max_players, spec.summary, pairs)


def game_kinds() -> list[GameKind]:
    """Every registered game, in registration order."""
    return [_kind(game) for game in all_games()]


def game_kind(game_type: str) -> GameKind:
    """One registered game by id; UnknownGame if there is none."""
    try:
        return _kind(get_game(game_type))
    except IllegalAction as error:
        raise UnknownGame(say("service.unknown_game", name=game_type[:30])) from error
