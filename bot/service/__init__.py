"""Game sessions for the cogs: lobby -> turn and version check -> engine.apply -> commit -> views.

Discord-free: cogs translate interactions into calls of `GameService`'s features and
ServiceError messages into ephemeral replies. Only bot.store speaks SQL; only bot.engine knows
the rules.
"""

import bot.games  # noqa: F401  (the service hosts every game: importing it registers them)
from bot.ai import LEVELS
from bot.engine import View, ViewContext
from bot.service.boards import Mend, Posting, plan_mend
from bot.service.catalogue import GameKind, game_kind, game_kinds
from bot.service.checks import STALE
from bot.service.computers import Hint, HintsOff, computer_name
from bot.service.endings import RESIGNATION, resignation_outcome
from bot.service.errors import (
    AlreadyJoined,
    ChannelBusy,
    DatabaseDown,
    GameBroken,
    GameNotFound,
    GameNotOver,
    GameOver,
    IllegalMove,
    InvalidOptions,
    LobbyFull,
    NoHands,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    NotInLobby,
    NotStarted,
    NotYourTurn,
    Restarting,
    ServiceError,
    StaleAction,
    UnknownGame,
)
from bot.service.loading import GameLookup
from bot.service.lobby import seating
from bot.service.model import (
    Board,
    Choice,
    GameInfo,
    Hand,
    MoveResult,
    Player,
    RematchPlace,
    Started,
    Turn,
)
from bot.service.pace import Clock, Pace, UnknownPace, default_pace, get_pace, paces, utc_clock
from bot.service.records import BAD_NUMBER, LARGEST_NUMBER, PastGame
from bot.service.reliability import PlayerReliability
from bot.service.seats import SeatAnswer, SeatAsk, SeatTaken, offered
from bot.service.service import GameService
from bot.service.timers import Alarm, Reminder, TimeUp
from bot.service.undo import AlreadyAnswered, CannotUndo, UndoAnswer, Undone, UndoRequest
from bot.service.votes import CHOICE_WORDS, Ballot, Vote

__all__ = [
    "BAD_NUMBER",
    "CHOICE_WORDS",
    "LARGEST_NUMBER",
    "LEVELS",
    "RESIGNATION",
    "STALE",
    "Alarm",
    "AlreadyAnswered",
    "AlreadyJoined",
    "Ballot",
    "Board",
    "CannotUndo",
    "ChannelBusy",
    "Choice",
    "Clock",
    "DatabaseDown",
    "GameBroken",
    "GameInfo",
    "GameKind",
    "GameLookup",
    "GameNotFound",
    "GameNotOver",
    "GameOver",
    "GameService",
    "Hand",
    "Hint",
    "HintsOff",
    "IllegalMove",
    "InvalidOptions",
    "LobbyFull",
    "Mend",
    "MoveResult",
    "NoHands",
    "NotAPlayer",
    "NotEnoughPlayers",
    "NotHost",
    "NotInLobby",
    "NotStarted",
    "NotYourTurn",
    "Pace",
    "PastGame",
    "Player",
    "PlayerReliability",
    "Posting",
    "RematchPlace",
    "Reminder",
    "Restarting",
    "SeatAnswer",
    "SeatAsk",
    "SeatTaken",
    "ServiceError",
    "StaleAction",
    "Started",
    "TimeUp",
    "Turn",
    "UndoAnswer",
    "UndoRequest",
    "Undone",
    "UnknownGame",
    "UnknownPace",
    "View",
    "ViewContext",
    "Vote",
    "computer_name",
    "default_pace",
    "game_kind",
    "game_kinds",
    "get_pace",
    "offered",
    "paces",
    "plan_mend",
    "resignation_outcome",
    "seating",
    "utc_clock",
]
