"""The pure engine: the Game protocol and its base, results, errors, seeded chance, the registry."""

from bot.engine.adapter import GameAdapter
from bot.engine.data import data_path, load_data
from bot.engine.errors import IllegalAction
from bot.engine.game import AnyGame, Game, evolve
from bot.engine.log import LogEntry, private_log, visible_log
from bot.engine.registry import all_games, get_game, register
from bot.engine.rng import rng
from bot.engine.spec import GameSpec, OptionSpec, Outcome, ranking_from_keys
from bot.engine.view import OutcomeView, SeatView, View, ViewContext, is_seat_view, public_part
from bot.i18n import wordless

__all__ = [
    "AnyGame",
    "Game",
    "GameAdapter",
    "GameSpec",
    "IllegalAction",
    "LogEntry",
    "OptionSpec",
    "Outcome",
    "OutcomeView",
    "SeatView",
    "View",
    "ViewContext",
    "all_games",
    "data_path",
    "evolve",
    "get_game",
    "is_seat_view",
    "load_data",
    "private_log",
    "public_part",
    "ranking_from_keys",
    "register",
    "rng",
    "visible_log",
    "wordless",
]
