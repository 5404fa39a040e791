"""Ilium (Reiner Knizia): archaeologists claim pathways between dig sites."""

from bot.engine import register
from bot.games.ilium.game import GAME, IliumGame

register(GAME)

__all__ = ["GAME", "IliumGame"]
