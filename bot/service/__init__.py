"""Game sessions for the cogs: lobby -> turn and version check -> engine.apply -> commit -> views.

Discord-free: cogs translate interactions into these calls and ServiceError messages into
ephemeral replies. Only bot.store speaks SQL; only bot.engine knows the rules.
"""

from bot.engine import View, ViewContext
from bot.service.boards import Mend, Posting, plan_mend
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
from bot.service.game_service import GameService, seating
from bot.service.model import Board, Choice, GameInfo, Hand, MoveResult, Player, Started, Turn
from bot.service.sessions import GameLookup
from bot.service.submissions import STALE

__all__ = [
    "RESIGNATION",
    "STALE",
    "AlreadyJoined",
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
    "Mend",
    "MoveResult",
    "NotAPlayer",
    "NotEnoughPlayers",
    "NotHost",
    "NotInLobby",
    "NotStarted",
    "NotYourTurn",
    "Player",
    "Posting",
    "ServiceError",
    "StaleAction",
    "Started",
    "Turn",
    "UnknownGame",
    "View",
    "ViewContext",
    "game_kind",
    "game_kinds",
    "plan_mend",
    "resignation_outcome",
    "seating",
]
