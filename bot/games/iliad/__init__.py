"""Iliad (Reiner Knizia, 2024) for two players, behind the engine contract."""

from bot.engine import register
from bot.games.iliad.game import GAME, Iliad

register(GAME)

__all__ = ["GAME", "Iliad"]
