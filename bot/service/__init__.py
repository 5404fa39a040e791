"""Game sessions for the cogs: lobby -> turn and version check -> engine.apply -> commit -> views.

Discord-free: cogs translate interactions into these calls and ServiceError messages into
ephemeral replies. Only bot.store speaks SQL; only bot.engine knows the rules.
"""

from bot.engine import View, ViewContext
from bot.service.catalogue import GameKind, game_kind, game_kinds
from bot.service.endings import RESIGNATION, resignation_outcome
from bot.service.errors import (
    AlreadyJoined,
    ChannelBusy,
    GameBroken,
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
from bot.service.model import Board, Choice, GameInfo, Hand, MoveResult, Player, Started, Turn
from bot.service.sessions import GameLookup

__all__ = [
    "RESIGNATION",
    "STALE",
    "AlreadyJoined",
    "Board",
    "ChannelBusy",
    "Choice",
    "GameBroken",
    "GameInfo",
    "GameKind",
    "GameLookup",
    "GameNotFound",
    "GameNotOver",
    "GameOver",
    "GameService",
    "Hand",
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
    "Started",
    "Turn",
    "UnknownGame",
    "View",
    "ViewContext",
    "game_kind",
    "game_kinds",
    "resignation_outcome",
    "seating",
]
