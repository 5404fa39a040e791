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
from bot.service.votes import CHOICE_WORDS, Ballot, Vote

__all__ = [
    "CHOICE_WORDS",
    "RESIGNATION",
    "STALE",
    "AlreadyJoined",
    "Ballot",
    "Board",
    "ChannelBusy",
    "Choice",
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
    "Vote",
    "game_kind",
    "game_kinds",
    "resignation_outcome",
    "seating",
]
