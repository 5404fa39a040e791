"""Every refusal the service makes; each message is one clear sentence a player can read."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from bot.engine import IllegalAction
from bot.i18n import say
from bot.store import DatabaseUnavailable

DATABASE_DOWN = say("service.database_down")
SAVED_IN_RESTART = say("service.saved_in_restart")
# The answer to whatever arrives while the bot stops: nothing was done, try again soon.
RESTARTING = say("service.restarting")


class ServiceError(Exception):
    """A request the service refused; str(error) is safe to show the user who made it."""


class GameNotFound(ServiceError):
    """No game with that number exists (or none in this channel)."""


class GameBroken(ServiceError):
    """The game could not be loaded after a restart; it can only be abandoned."""


class UnknownGame(ServiceError, IllegalAction):
    """The requested game type is not one the bot hosts."""


class InvalidOptions(ServiceError, IllegalAction):
    """A lobby option name or value the game does not have."""


class ChannelBusy(ServiceError):
    """The channel or thread already has an ongoing game; `game_id` says which."""

    def __init__(self, message: str, game_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id


class NotInLobby(ServiceError):
    """A lobby action (join, leave, start, cancel) on a game that is no longer a lobby."""


class NotStarted(ServiceError):
    """A game action (move, resign, views) on a game still in its lobby."""


class GameOver(ServiceError):
    """An action on a game that has finished or was cancelled or abandoned."""


class GameNotOver(ServiceError):
    """A rematch of a game that is still going."""


class NotAPlayer(ServiceError):
    """The user has no seat in this game."""


class NotYourTurn(ServiceError):
    """A player acted while another seat is to move."""


class StaleAction(ServiceError):
    """The action was chosen on an older board: the game has moved on since."""


class DatabaseDown(ServiceError):
    """The database did not answer (a restart): the change was not made, or is said to be."""


class NotHost(ServiceError):
    """Only the host (or a moderator, where allowed) may do this."""


class LobbyFull(ServiceError):
    """The lobby already has the game's maximum number of players."""


class NotEnoughPlayers(ServiceError):
    """Start was asked with fewer players than the game needs."""


class AlreadyJoined(ServiceError):
    """The user is already in this lobby."""


class NoHands(ServiceError):
    """The game has no private information: everything is on the board."""


class IllegalMove(ServiceError, IllegalAction):
    """The engine refused the action; the engine's own message passes through unchanged."""


class Restarting(ServiceError):
    """The bot is stopping (to restart): nothing was done, and the player may try again soon."""

    def __init__(self) -> None:
        super().__init__(RESTARTING)


P = ParamSpec("P")
R = TypeVar("R")
Feature = TypeVar("Feature", bound=type)


def _told(method: Callable[P, Coroutine[Any, Any, R]]) -> Callable[P, Coroutine[Any, Any, R]]:
    @functools.wraps(method)
    async def telling(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(*args, **kwargs)
        except DatabaseUnavailable as error:  # a read while the database restarts: no change
            raise DatabaseDown(DATABASE_DOWN) from error

    return telling


def database_down_told(feature: Feature) -> Feature:
    """A feature whose public coroutines answer a database that did not answer with
    DatabaseDown (a refusal cogs show), so nothing above the service sees a store error."""
    for name, member in list(vars(feature).items()):
        if not name.startswith("_") and inspect.iscoroutinefunction(member):
            setattr(feature, name, _told(member))
    return feature
