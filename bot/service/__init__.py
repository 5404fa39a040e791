"""Game sessions for the cogs: lobby -> turn and version check -> engine.apply -> commit -> views.

Discord-free: cogs translate interactions into these calls and ServiceError messages into
ephemeral replies. Only bot.store speaks SQL; only bot.engine knows the rules.
"""

from bot.service.endings import RESIGNATION, resignation_outcome
from bot.service.errors import (
    AlreadyJoined,
    ChannelBusy,
    GameNotFound,
    GameNotOver,
    GameOver,
    IllegalMove,
    InvalidOptions,
    LobbyFull,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    NotInLobby,
    NotStarted,
    NotYourTurn,
    ServiceError,
    StaleAction,
    UnknownGame,
)
from bot.service.game_service import STALE, GameService, seating
from bot.service.model import Choice, GameInfo, MoveResult, Player, Turn
from bot.service.sessions import GameLookup

__all__ = [
    "RESIGNATION",
    "STALE",
    "AlreadyJoined",
    "ChannelBusy",
    "Choice",
    "GameInfo",
    "GameLookup",
    "GameNotFound",
    "GameNotOver",
    "GameOver",
    "GameService",
    "IllegalMove",
    "InvalidOptions",
    "LobbyFull",
    "MoveResult",
    "NotAPlayer",
    "NotEnoughPlayers",
    "NotHost",
    "NotInLobby",
    "NotStarted",
    "NotYourTurn",
    "Player",
    "ServiceError",
    "StaleAction",
    "Turn",
    "UnknownGame",
    "resignation_outcome",
    "seating",
]
